# RIGHT: the textbook recursion, max or min of the children's values.
def answer(node, maximising=True):
    if not isinstance(node, list):
        return node
    values = [answer(child, not maximising) for child in node]
    return max(values) if maximising else min(values)
