# RIGHT: numpy for the sign and the running best (numpy floats are numbers too).
import numpy as np

from adversarial.games.chess import Chess
from adversarial.games.chess.quiescence import captures

game = Chess()


def answer(state, alpha, beta, evaluate):
    sign = np.float64(1.0 if state.board.turn else -1.0)       # chess.WHITE is True
    best = sign * np.float64(evaluate(state))
    if best >= beta:
        return best
    alpha = np.maximum(alpha, best)
    for move in captures(state):
        v = -answer(game.result(state, move), -beta, -alpha, evaluate)
        best = np.maximum(best, v)
        alpha = np.maximum(alpha, v)
        if alpha >= beta:
            break
    return best
