# BUG min_depth excluded: depth > min_depth.
def answer(depth, rank, after, min_depth, reduction):
    return depth - 1 - reduction if rank >= after and depth > min_depth else depth - 1
