# BUG infinite beta: passes with an infinite β too.


def answer(depth, beta, at_root, passed_before, R, min_depth):
    if at_root or passed_before:
        return None
    if depth < min_depth:
        return None
    return depth - 1 - R
