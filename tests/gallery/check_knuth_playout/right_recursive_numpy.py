# RIGHT: recursive, with numpy integers.
import numpy as np


def _estimate(game, state, pick):
    if game.is_terminal(state):
        return np.int64(1)
    moves = game.actions(state)
    return np.int64(len(moves)) * _estimate(game, game.result(state, pick(moves)), pick)


def answer(game, pick):
    return _estimate(game, game.initial_state(), pick)
