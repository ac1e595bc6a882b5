# RIGHT: bisection over np.arange, asking with numpy integers (issue 42: refused before).
import numpy as np


def answer(is_above, low, high):
    scores = np.arange(low, high + 1)
    lo, hi = 0, len(scores) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if is_above(scores[mid]):
            lo = mid + 1
        else:
            hi = mid
    return scores[lo]
