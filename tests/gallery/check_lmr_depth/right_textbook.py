# RIGHT: the condition in one variable, then one subtraction.
def answer(depth, rank, after, min_depth, reduction):
    reduced = rank >= after and depth >= min_depth
    return depth - 1 - (reduction if reduced else 0)
