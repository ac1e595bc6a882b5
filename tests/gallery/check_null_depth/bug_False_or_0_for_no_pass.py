# BUG False or 0 for no pass: returns False where it does not pass.
import math


def answer(depth, beta, at_root, passed_before, R, min_depth):
    if at_root or passed_before:
        return False
    if beta == math.inf or depth < min_depth:
        return False
    return depth - 1 - R
