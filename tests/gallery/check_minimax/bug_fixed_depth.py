# BUG fixed depth: written for complete depth-3 trees only.
def answer(node, maximising=True):
    if not isinstance(node, list):
        return node
    return max(min(max(leaves) for leaves in mid) for mid in node)
