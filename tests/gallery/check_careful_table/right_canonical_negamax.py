# RIGHT: negamax form, keyed by game.canonical(board) (symmetric positions share an entry); the kind is stored
# from MAX's point of view.
import math


def _search(game, board, alpha, beta, table, sign):
    key = game.canonical(board)
    if key in table:
        value, kind = table[key]
        if kind == "exact" or (kind == "lower" and value >= beta) or (kind == "upper" and value <= alpha):
            return value
    if game.is_terminal(board):
        return game.utility(board)
    a, b = alpha, beta
    best = -math.inf
    for move in game.actions(board):
        v = sign * _search(game, game.result(board, move), a, b, table, -sign)
        best = max(best, v)
        if sign == 1:
            a = max(a, v)
        else:
            b = min(b, -v)
        if a >= b:
            break
    value = sign * best
    table[key] = (value, "upper" if value <= alpha else "lower" if value >= beta else "exact")
    return value


def answer(game, board, alpha=-math.inf, beta=math.inf, table=None):
    sign = 1 if game.to_move(board) == "MAX" else -1
    return _search(game, board, alpha, beta, {} if table is None else table, sign)
