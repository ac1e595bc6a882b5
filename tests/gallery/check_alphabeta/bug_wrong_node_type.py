# BUG wrong node type: the MAX node tests MIN's cutoff and the other way round.
import math


def answer(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    value = -math.inf if maximising else math.inf
    for child in node.children:
        v = answer(child, depth - 1, alpha, beta, not maximising)
        if maximising:
            value = max(value, v)
            if value <= alpha:
                break
            alpha = max(alpha, value)
        else:
            value = min(value, v)
            if value >= beta:
                break
            beta = min(beta, value)
    return value
