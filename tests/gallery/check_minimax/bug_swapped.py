# BUG swapped: min where MAX moves, max where MIN moves.
def answer(node, maximising=True):
    if not isinstance(node, list):
        return node
    values = [answer(c, not maximising) for c in node]
    return min(values) if maximising else max(values)
