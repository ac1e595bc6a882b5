# BUG exact entries only: bounds are stored with their kind, but only an exact entry is ever used.
import math


def answer(game, board, alpha=-math.inf, beta=math.inf, table=None):
    if table is None:
        table = {}
    entry = table.get(board)
    if entry is not None and entry[1] == "exact":
        return entry[0]
    if game.is_terminal(board):
        return game.utility(board)
    alpha0, beta0 = alpha, beta
    if game.to_move(board) == "MAX":
        best = -math.inf
        for move in game.actions(board):
            best = max(best, answer(game, game.result(board, move), alpha, beta, table))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
    else:
        best = math.inf
        for move in game.actions(board):
            best = min(best, answer(game, game.result(board, move), alpha, beta, table))
            beta = min(beta, best)
            if alpha >= beta:
                break
    if best <= alpha0:
        table[board] = (best, "upper")
    elif best >= beta0:
        table[board] = (best, "lower")
    else:
        table[board] = (best, "exact")
    return best
