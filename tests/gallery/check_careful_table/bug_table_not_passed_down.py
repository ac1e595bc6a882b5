# BUG table not passed down: the recursive call leaves the table out, so each call starts a table of its own.
import math


def answer(game, board, alpha=-math.inf, beta=math.inf, table=None):
    table = {} if table is None else table
    if board in table:
        value, kind = table[board]
        if kind == "exact" or (kind == "lower" and value >= beta) or (kind == "upper" and value <= alpha):
            return value
    if game.is_terminal(board):
        return game.utility(board)
    window = alpha, beta
    maximising = game.to_move(board) == "MAX"
    value = -math.inf if maximising else math.inf
    for move in game.actions(board):
        v = answer(game, game.result(board, move), alpha, beta)
        if maximising:
            value = max(value, v)
            alpha = max(alpha, value)
        else:
            value = min(value, v)
            beta = min(beta, value)
        if alpha >= beta:
            break
    kind = "upper" if value <= window[0] else "lower" if value >= window[1] else "exact"
    table[board] = (value, kind)
    return value
