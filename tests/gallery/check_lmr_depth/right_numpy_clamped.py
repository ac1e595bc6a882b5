# RIGHT: numpy arithmetic, clamped at 0 (no case needs a depth below 0, so clamping changes nothing).
import numpy as np


def answer(depth, rank, after, min_depth, reduction):
    late = np.int64(rank) + 1 > after
    deep = not depth < min_depth
    return max(np.int64(0), np.int64(depth) - 1 - np.int64(reduction) * int(late and deep))
