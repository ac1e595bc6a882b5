# RIGHT: the re-search narrowed to (v, β) at MAX and (α, v) at MIN, with a helper for "only read".
import math


def _only_read(child, depth):
    return depth == 1 or child.is_leaf


def answer(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    best = -math.inf if maximising else math.inf
    first = True
    for child in node.children:
        if first:
            v = answer(child, depth - 1, alpha, beta, not maximising)
            first = False
        elif maximising:
            v = answer(child, depth - 1, alpha, alpha + 1, False)
            if alpha < v < beta and not _only_read(child, depth):
                v = answer(child, depth - 1, v, beta, False)
        else:
            v = answer(child, depth - 1, beta - 1, beta, True)
            if alpha < v < beta and not _only_read(child, depth):
                v = answer(child, depth - 1, alpha, v, True)
        if maximising:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best
