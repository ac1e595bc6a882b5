# BUG neutral: the low edge counted as exact, the high edge right.
import math


def answer(search, previous, delta):
    alpha, beta = previous - delta, previous + delta
    while True:
        v = search(alpha, beta)
        if v < alpha:
            alpha = -math.inf
        elif v >= beta:
            beta = math.inf
        else:
            return v
