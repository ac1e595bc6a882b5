# BUG neutral: the first child is tested with a null window too, like the later ones.
import math


def answer(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    best = -math.inf if maximising else math.inf
    for child in node.children:
        if maximising:
            v = answer(child, depth - 1, alpha, alpha + 1, False)
        else:
            v = answer(child, depth - 1, beta - 1, beta, True)
        if alpha < v < beta and depth > 1 and not child.is_leaf:
            v = answer(child, depth - 1, alpha, beta, not maximising)
        if maximising:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best
