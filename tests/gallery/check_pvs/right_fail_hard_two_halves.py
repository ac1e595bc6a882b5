# RIGHT: fail-hard (the value clamped into the window it was called with), MAX and MIN written out apart.
def answer(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    lo, hi = alpha, beta
    kids = node.children
    if maximising:
        best = answer(kids[0], depth - 1, alpha, beta, False)
        alpha = max(alpha, best)
        for child in kids[1:]:
            if alpha >= beta:
                break
            v = answer(child, depth - 1, alpha, alpha + 1, False)
            if alpha < v < beta and depth > 1 and not child.is_leaf:
                v = answer(child, depth - 1, alpha, beta, False)
            best = max(best, v)
            alpha = max(alpha, v)
    else:
        best = answer(kids[0], depth - 1, alpha, beta, True)
        beta = min(beta, best)
        for child in kids[1:]:
            if alpha >= beta:
                break
            v = answer(child, depth - 1, beta - 1, beta, True)
            if alpha < v < beta and depth > 1 and not child.is_leaf:
                v = answer(child, depth - 1, alpha, beta, True)
            best = min(best, v)
            beta = min(beta, v)
    return max(lo, min(best, hi))
