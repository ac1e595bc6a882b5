# BUG no stand-pat: every capture searched, the evaluation read only where no capture is left.
import math

import chess

from adversarial.games.chess import Chess
from adversarial.games.chess.quiescence import captures

game = Chess()


def answer(state, alpha, beta, evaluate):
    best = -math.inf
    for move in captures(state):
        v = -answer(game.result(state, move), -beta, -alpha, evaluate)
        best = max(best, v)
        alpha = max(alpha, v)
        if alpha >= beta:
            break
    if best == -math.inf:
        return evaluate(state) if state.board.turn == chess.WHITE else -evaluate(state)
    return best
