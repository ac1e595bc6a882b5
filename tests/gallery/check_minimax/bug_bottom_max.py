# BUG bottom MAX: the level just above the leaves always takes the largest leaf.
def answer(node, maximising=True):
    if not isinstance(node, list):
        return node
    if all(not isinstance(c, list) for c in node):
        return max(node)
    values = [answer(c, not maximising) for c in node]
    return max(values) if maximising else min(values)
