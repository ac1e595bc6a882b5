# BUG full window: reopens both sides after any failure (issue 42: accepted before).
import math


def answer(search, previous, delta):
    alpha, beta = previous - delta, previous + delta
    while True:
        v = search(alpha, beta)
        if v <= alpha or v >= beta:
            alpha, beta = -math.inf, math.inf
        else:
            return v
