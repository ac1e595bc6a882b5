# RIGHT: fail-hard (returns α or β when a node fails), the textbook rule α ≥ β.
def answer(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    if maximising:
        for child in node.children:
            v = answer(child, depth - 1, alpha, beta, False)
            if v >= beta:
                return beta
            if v > alpha:
                alpha = v
        return alpha
    for child in node.children:
        v = answer(child, depth - 1, alpha, beta, True)
        if v <= alpha:
            return alpha
        if v < beta:
            beta = v
    return beta
