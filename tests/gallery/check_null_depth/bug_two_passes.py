# BUG two passes: a second pass on one line.
import math


def answer(depth, beta, at_root, passed_before, R, min_depth):
    if at_root:
        return None
    if beta == math.inf or depth < min_depth:
        return None
    return depth - 1 - R
