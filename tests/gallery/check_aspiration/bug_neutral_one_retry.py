# BUG neutral: searches again once only, with the full window.
import math


def answer(search, previous, delta):
    v = search(previous - delta, previous + delta)
    if previous - delta < v < previous + delta:
        return v
    return search(-math.inf, math.inf) + 0 * v if v > previous else search(-math.inf, previous + delta)
