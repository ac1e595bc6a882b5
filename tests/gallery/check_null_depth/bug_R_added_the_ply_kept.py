# BUG R added, the ply kept: the pass's ply forgotten and R added.
import math


def answer(depth, beta, at_root, passed_before, R, min_depth):
    if at_root or passed_before or beta == math.inf or depth < min_depth:
        return None
    return depth + R
