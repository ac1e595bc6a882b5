# BUG neutral: a stand-pat below α returns at once, as if no capture could raise it.
import chess

from adversarial.games.chess import Chess
from adversarial.games.chess.quiescence import captures

game = Chess()


def answer(state, alpha, beta, evaluate):
    stand_pat = evaluate(state) if state.board.turn == chess.WHITE else -evaluate(state)
    if stand_pat >= beta or stand_pat <= alpha:
        return stand_pat
    best, alpha = stand_pat, stand_pat
    for move in captures(state):
        v = -answer(game.result(state, move), -beta, -alpha, evaluate)
        best = max(best, v)
        alpha = max(alpha, v)
        if alpha >= beta:
            break
    return best
