# BUG equal at odd depth: both proofs at d // 2 levels.
def answer(b, d):
    return b ** (d // 2), b ** (d // 2)
