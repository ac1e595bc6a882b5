# BUG min_depth ignored: every late move is reduced, at any depth.
def answer(depth, rank, after, min_depth, reduction):
    return depth - 1 - reduction if rank >= after else depth - 1
