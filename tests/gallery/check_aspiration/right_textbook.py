# RIGHT: the textbook loop, one side opened to infinity.
import math


def answer(search, previous, delta):
    alpha, beta = previous - delta, previous + delta
    while True:
        v = search(alpha, beta)
        if v <= alpha:
            alpha = -math.inf
        elif v >= beta:
            beta = math.inf
        else:
            return v
