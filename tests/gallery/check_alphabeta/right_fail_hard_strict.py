# RIGHT: fail-hard under the strict rule α > β (issue 42: it reads more leaves than fail-soft, and is right).
OPTIONS = {"prune_on_equal": False}


def answer(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    if maximising:
        for child in node.children:
            v = answer(child, depth - 1, alpha, beta, False)
            if v > beta:
                return beta
            alpha = max(alpha, v)
        return alpha
    for child in node.children:
        v = answer(child, depth - 1, alpha, beta, True)
        if v < alpha:
            return alpha
        beta = min(beta, v)
    return beta
