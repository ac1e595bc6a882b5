# BUG R added: R added to the depth instead of taken off (a deeper search after the pass).
import math


def answer(depth, beta, at_root, passed_before, R, min_depth):
    if at_root or passed_before or beta == math.inf or depth < min_depth:
        return None
    return depth - 1 + R
