# BUG swapped labels: the labels swapped: a fail-low value stored as a lower bound.
import math


def answer(game, board, alpha=-math.inf, beta=math.inf, table=None):
    table = {} if table is None else table
    if board in table:
        value, kind = table[board]
        if kind == "exact" or (kind == "lower" and value >= beta) or (kind == "upper" and value <= alpha):
            return value
    if game.is_terminal(board):
        return game.utility(board)
    called_with = alpha, beta
    maximising = game.to_move(board) == "MAX"
    value = -math.inf if maximising else math.inf
    for move in game.actions(board):
        v = answer(game, game.result(board, move), alpha, beta, table)
        if maximising:
            value, alpha = max(value, v), max(alpha, v)
        else:
            value, beta = min(value, v), min(beta, v)
        if alpha >= beta:
            break
    kind = "lower" if value <= called_with[0] else "upper" if value >= called_with[1] else "exact"
    table[board] = (value, kind)
    return value
