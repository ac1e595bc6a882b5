# RIGHT: helper functions and numpy (np.max / np.min return numpy numbers), a loop with ±inf starts.
import math

import numpy as np


def is_leaf(node):
    return not isinstance(node, list)


def best_of(values, maximising):
    return np.max(np.array(values, dtype=float)) if maximising else np.min(np.array(values, dtype=float))


def answer(node, maximising=True):
    if is_leaf(node):
        return np.float64(node)
    best = -math.inf if maximising else math.inf
    scores = [best]
    for child in node:
        scores.append(answer(child, not maximising))
    return best_of(scores, maximising)
