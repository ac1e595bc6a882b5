# BUG re-search leaves: leaves and depth-0 children are searched again after their test.
import math


def answer(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    best = -math.inf if maximising else math.inf
    for i, child in enumerate(node.children):
        if i == 0:
            v = answer(child, depth - 1, alpha, beta, not maximising)
        else:
            test = (alpha, alpha + 1) if maximising else (beta - 1, beta)
            v = answer(child, depth - 1, *test, not maximising)
            if alpha < v < beta:
                v = answer(child, depth - 1, alpha, beta, not maximising)
        best = max(best, v) if maximising else min(best, v)
        if maximising:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best
