# BUG min_depth ignored: passes at any depth, even where the reduced search would go below zero plies.
import math


def answer(depth, beta, at_root, passed_before, R, min_depth):
    if at_root or passed_before:
        return None
    if math.isinf(beta):
        return None
    return depth - 1 - R
