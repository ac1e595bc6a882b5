# BUG only stand-pat: returns the evaluation for the side to move, no capture tried.
import chess


def answer(state, alpha, beta, evaluate):
    return evaluate(state) if state.board.turn == chess.WHITE else -evaluate(state)
