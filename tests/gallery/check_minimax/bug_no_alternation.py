# BUG no alternation: the children are called with the same player.
def answer(node, maximising=True):
    if not isinstance(node, list):
        return node
    values = [answer(c, maximising) for c in node]
    return max(values) if maximising else min(values)
