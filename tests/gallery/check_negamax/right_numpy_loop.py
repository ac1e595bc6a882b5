# RIGHT: a loop with a running best, numpy arithmetic for the leaves.
import numpy as np


def answer(spec, sign):
    if isinstance(spec, list):
        best = None
        for child in spec:
            v = -answer(child, -sign)
            if best is None or v > best:
                best = v
        return best
    return np.float64(sign) * np.float64(spec)
