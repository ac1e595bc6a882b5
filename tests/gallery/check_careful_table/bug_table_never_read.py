# BUG table never read: the entries are stored with the right kind, but the search never looks them up.
import math


def answer(game, board, alpha=-math.inf, beta=math.inf, table=None):
    table = {} if table is None else table
    if game.is_terminal(board):
        return game.utility(board)
    lo, hi = alpha, beta
    maximising = game.to_move(board) == "MAX"
    value = -math.inf if maximising else math.inf
    for move in game.actions(board):
        v = answer(game, game.result(board, move), alpha, beta, table)
        value = max(value, v) if maximising else min(value, v)
        if maximising:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    table[board] = (value, "upper" if value <= lo else "lower" if value >= hi else "exact")
    return value
