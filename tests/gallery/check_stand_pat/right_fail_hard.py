# RIGHT: fail-hard: α raised and returned, β returned on a cutoff.
import chess

from adversarial.games.chess import Chess
from adversarial.games.chess.quiescence import captures

game = Chess()


def answer(state, alpha, beta, evaluate):
    sign = 1 if state.board.turn == chess.WHITE else -1
    stand_pat = sign * evaluate(state)
    if stand_pat >= beta:
        return beta
    alpha = max(alpha, stand_pat)
    for move in captures(state):
        score = -answer(game.result(state, move), -beta, -alpha, evaluate)
        if score >= beta:
            return beta
        alpha = max(alpha, score)
    return alpha
