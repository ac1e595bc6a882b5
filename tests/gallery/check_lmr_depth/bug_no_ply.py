# BUG no ply: children are searched at the parent's depth.
def answer(depth, rank, after, min_depth, reduction):
    return depth - reduction if rank >= after and depth >= min_depth else depth
