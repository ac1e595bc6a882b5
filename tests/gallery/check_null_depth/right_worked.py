# RIGHT: the notebook's worked answer: two early returns of None.
import math


def answer(depth, beta, at_root, passed_before, R, min_depth):
    if at_root or passed_before:
        return None
    if beta == math.inf or depth < min_depth:
        return None
    return depth - 1 - R
