# BUG sentinel: starts MAX's best at -10 and MIN's at 10 instead of infinity.
def answer(node, maximising=True):
    if not isinstance(node, list):
        return node
    best = -10 if maximising else 10
    for child in node:
        v = answer(child, not maximising)
        if maximising and v > best:
            best = v
        if not maximising and v < best:
            best = v
    return best
