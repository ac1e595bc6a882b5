# BUG neutral: adds the children's values (no catalogued mistake; the neutral hint).
def answer(node, maximising=True):
    if not isinstance(node, list):
        return node
    return sum(answer(c, not maximising) for c in node)
