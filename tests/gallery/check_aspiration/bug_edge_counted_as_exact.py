# BUG edge counted as exact: < and > where <= and >= are needed.
import math


def answer(search, previous, delta):
    alpha, beta = previous - delta, previous + delta
    while True:
        v = search(alpha, beta)
        if v < alpha:
            alpha = -math.inf
        elif v > beta:
            beta = math.inf
        else:
            return v
