# BUG rank from 1: the move of rank `after` is still trusted.
def answer(depth, rank, after, min_depth, reduction):
    return depth - 1 - reduction if rank > after and depth >= min_depth else depth - 1
