# BUG full window: every child searched with (α, β), no test and no re-search: alpha-beta, not PVS.
import math


def answer(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    best = -math.inf if maximising else math.inf
    for child in node.children:
        v = answer(child, depth - 1, alpha, beta, not maximising)
        best = max(best, v) if maximising else min(best, v)
        if maximising:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best
