# RIGHT: fail-hard (the value clamped into the window), a helper for the stored entry's use.
import math


def _settles(entry, alpha, beta):
    value, kind = entry
    return kind == "exact" or (kind == "lower" and value >= beta) or (kind == "upper" and value <= alpha)


def answer(game, board, alpha=-math.inf, beta=math.inf, table=None):
    if table is None:
        table = {}
    entry = table.get(board)
    if entry is not None and _settles(entry, alpha, beta):
        return max(alpha, min(entry[0], beta))
    if game.is_terminal(board):
        return max(alpha, min(game.utility(board), beta))
    a, b = alpha, beta
    if game.to_move(board) == "MAX":
        for move in game.actions(board):
            a = max(a, answer(game, game.result(board, move), a, b, table))
            if a >= b:
                break
        value = a
    else:
        for move in game.actions(board):
            b = min(b, answer(game, game.result(board, move), a, b, table))
            if a >= b:
                break
        value = b
    if value <= alpha:
        table[board] = (value, "upper")
    elif value >= beta:
        table[board] = (value, "lower")
    else:
        table[board] = (value, "exact")
    return value
