# BUG rank ignored: every move is reduced where the depth allows.
def answer(depth, rank, after, min_depth, reduction):
    return depth - 1 - reduction if depth >= min_depth else depth - 1
