# RIGHT: recursive with numpy bounds, a helper that says which side failed.
import numpy as np


def failed(v, alpha, beta):
    return "low" if v <= alpha else "high" if v >= beta else None


def answer(search, previous, delta, alpha=None, beta=None):
    if alpha is None:
        alpha, beta = np.int64(previous - delta), np.int64(previous + delta)
    v = search(alpha, beta)
    side = failed(v, alpha, beta)
    if side == "low":
        return answer(search, previous, delta, -np.inf, beta)
    if side == "high":
        return answer(search, previous, delta, alpha, np.inf)
    return v
