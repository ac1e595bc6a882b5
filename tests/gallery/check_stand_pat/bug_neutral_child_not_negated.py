# BUG neutral: the capture's value taken as the child returns it, not negated.
import chess

from adversarial.games.chess import Chess
from adversarial.games.chess.quiescence import captures

game = Chess()


def answer(state, alpha, beta, evaluate):
    stand_pat = evaluate(state) if state.board.turn == chess.WHITE else -evaluate(state)
    if stand_pat >= beta:
        return stand_pat
    best, alpha = stand_pat, max(alpha, stand_pat)
    for move in captures(state):
        v = answer(game.result(state, move), -beta, -alpha, evaluate)
        best = max(best, v)
        alpha = max(alpha, v)
        if alpha >= beta:
            break
    return best
