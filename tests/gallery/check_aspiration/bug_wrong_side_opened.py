# BUG wrong side opened: a fail-low opens beta.
import math


def answer(search, previous, delta):
    alpha, beta = previous - delta, previous + delta
    while True:
        v = search(alpha, beta)
        if v <= alpha:
            beta = math.inf
        elif v >= beta:
            alpha = -math.inf
        else:
            return v
