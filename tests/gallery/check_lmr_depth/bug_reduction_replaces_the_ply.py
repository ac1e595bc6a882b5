# BUG reduction replaces the ply: a reduced move loses `reduction` plies only.
def answer(depth, rank, after, min_depth, reduction):
    if rank >= after and depth >= min_depth:
        return depth - reduction
    return depth - 1
