# BUG neutral: every leaf for both proofs.
def answer(b, d):
    return b ** d, b ** d
