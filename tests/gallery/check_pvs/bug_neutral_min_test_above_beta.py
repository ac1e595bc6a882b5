# BUG neutral: the null window at a MIN node placed above β, (β, β + 1), instead of just below it.
import math


def answer(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    best = -math.inf if maximising else math.inf
    for i, child in enumerate(node.children):
        if i == 0:
            v = answer(child, depth - 1, alpha, beta, not maximising)
        else:
            test = (alpha, alpha + 1) if maximising else (beta, beta + 1)
            v = answer(child, depth - 1, *test, not maximising)
            if alpha < v < beta and depth > 1 and not child.is_leaf:
                v = answer(child, depth - 1, alpha, beta, not maximising)
        best = max(best, v) if maximising else min(best, v)
        if maximising:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best
