# RIGHT: the levels counted in a loop (MAX moves at even levels), numpy integers.
import numpy as np


def answer(b, d):
    max_levels = sum(1 for level in range(d) if level % 2 == 0)
    min_levels = d - max_levels
    return np.int64(b) ** min_levels, np.int64(b) ** max_levels
