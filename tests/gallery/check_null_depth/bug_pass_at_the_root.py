# BUG pass at the root: the root may pass.
import math


def answer(depth, beta, at_root, passed_before, R, min_depth):
    if passed_before:
        return None
    if beta == math.inf or depth < min_depth:
        return None
    return depth - 1 - R
