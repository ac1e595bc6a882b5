# RIGHT: negamax form, one max with signs flipped at each level.
def answer(node, maximising=True):
    def nega(n, sign):
        if not isinstance(n, list):
            return sign * n
        return max(-nega(c, -sign) for c in n)
    sign = 1 if maximising else -1
    return sign * nega(node, sign)
