# BUG neutral: the minimal tree's leaf count (both proofs together, the shared leaf once) given for each proof.
def answer(b, d):
    total = b ** (d // 2) + b ** ((d + 1) // 2) - 1
    return total, total
