# RIGHT: early returns, the trusted moves first.
def answer(depth, rank, after, min_depth, reduction):
    if rank < after:
        return depth - 1
    if depth < min_depth:
        return depth - 1
    return depth - 1 - reduction
