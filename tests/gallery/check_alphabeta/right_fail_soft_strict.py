# RIGHT: fail-soft under the strict rule α > β, player read from node.player, helpers for each side.
import math

OPTIONS = {"prune_on_equal": False}


def max_node(node, depth, alpha, beta):
    best = -math.inf
    for child in node.children:
        best = max(best, answer(child, depth - 1, alpha, beta, False))
        alpha = max(alpha, best)
        if alpha > beta:
            break
    return best


def min_node(node, depth, alpha, beta):
    best = math.inf
    for child in node.children:
        best = min(best, answer(child, depth - 1, alpha, beta, True))
        beta = min(beta, best)
        if alpha > beta:
            break
    return best


def answer(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    return max_node(node, depth, alpha, beta) if node.player == "MAX" else min_node(node, depth, alpha, beta)
