# BUG strict: stops only when α > β, checked under the rule α ≥ β.
import math


def answer(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    value = -math.inf if maximising else math.inf
    for child in node.children:
        v = answer(child, depth - 1, alpha, beta, not maximising)
        if maximising:
            value = max(value, v)
            alpha = max(alpha, value)
        else:
            value = min(value, v)
            beta = min(beta, value)
        if alpha > beta:
            break
    return value
