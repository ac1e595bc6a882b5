# BUG rank from after - 1: one trusted move too few.
def answer(depth, rank, after, min_depth, reduction):
    return depth - 1 - reduction if rank >= after - 1 and depth >= min_depth else depth - 1
