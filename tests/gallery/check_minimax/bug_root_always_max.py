# BUG root always MAX: ignores the maximising argument at the root.
def answer(node, maximising=True):
    def value(n, m):
        if not isinstance(n, list):
            return n
        vs = [value(c, not m) for c in n]
        return max(vs) if m else min(vs)
    return value(node, True)
