# BUG always max: takes the largest value at every level, MIN's too.
def answer(node, maximising=True):
    if not isinstance(node, list):
        return node
    return max(answer(child, not maximising) for child in node)
