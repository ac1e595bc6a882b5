# RIGHT: written as negamax inside, fail-soft, rule α ≥ β.
import math


def answer(node, depth, alpha, beta, maximising):
    def nega(n, d, a, b, sign):
        if d == 0 or n.is_leaf:
            return sign * n.value
        best = -math.inf
        for c in n.children:
            best = max(best, -nega(c, d - 1, -b, -a, -sign))
            a = max(a, best)
            if a >= b:
                break
        return best
    sign = 1 if maximising else -1
    return sign * nega(node, depth, *((alpha, beta) if maximising else (-beta, -alpha)), sign)
