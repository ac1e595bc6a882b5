# BUG neutral: halves the depth of late moves.
def answer(depth, rank, after, min_depth, reduction):
    return (depth - 1) // 2 if rank >= after and depth >= min_depth else depth - 1
