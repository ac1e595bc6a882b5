# BUG no reduction: the pass searched at the usual depth - 1, R forgotten.
import math


def answer(depth, beta, at_root, passed_before, R, min_depth):
    if at_root or passed_before or beta == math.inf or depth < min_depth:
        return None
    return depth - 1
