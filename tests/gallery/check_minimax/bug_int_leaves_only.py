# BUG int leaves only: a leaf is recognised by isinstance(node, int), so float leaves break it.
def answer(node, maximising=True):
    if isinstance(node, int):
        return node
    values = [answer(c, not maximising) for c in node]
    return max(values) if maximising else min(values)
