# RIGHT: one condition for passing, numpy's isinf for β (no `return None` written out for the other case).
import numpy as np


def answer(depth, beta, at_root, passed_before, R, min_depth):
    passes = not at_root and not passed_before and not np.isinf(beta) and depth >= min_depth
    if passes:
        return depth - (R + 1)
