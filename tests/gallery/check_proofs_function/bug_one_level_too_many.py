# BUG one level too many: both proofs at d // 2 + 1 levels.
def answer(b, d):
    return b ** (d // 2 + 1), b ** (d // 2 + 1)
