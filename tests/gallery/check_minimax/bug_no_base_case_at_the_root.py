# BUG no base case at the root: leaves are handled inside the loop, so a leaf root breaks it.
def answer(node, maximising=True):
    values = [c if not isinstance(c, list) else answer(c, not maximising) for c in node]
    return max(values) if maximising else min(values)
