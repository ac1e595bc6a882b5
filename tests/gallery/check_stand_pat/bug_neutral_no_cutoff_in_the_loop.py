# BUG neutral: every capture tried, even after one reached β.
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
        v = -answer(game.result(state, move), -beta, -alpha, evaluate)
        best = max(best, v)
        alpha = max(alpha, v)
    return best
