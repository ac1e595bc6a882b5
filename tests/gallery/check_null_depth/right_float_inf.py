# RIGHT: β compared with float("inf"), the depth worked out first.
def answer(depth, beta, at_root, passed_before, R, min_depth):
    after_pass = depth - 1 - R
    if at_root or passed_before or beta == float("inf"):
        return None
    return after_pass if depth >= min_depth else None
