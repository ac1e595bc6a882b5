# BUG neutral: forgets to return at MIN nodes (returns None there).
def answer(node, maximising=True):
    if not isinstance(node, list):
        return node
    values = [answer(c, not maximising) for c in node]
    if maximising:
        return max(v for v in values if v is not None) if any(v is not None for v in values) else None
