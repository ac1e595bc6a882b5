# BUG length plus one: counts the moves of the game (from 1).
def answer(game, pick):
    state, estimate = game.initial_state(), 1
    while not game.is_terminal(state):
        moves = game.actions(state)
        estimate += 1
        state = game.result(state, pick(moves))
    return estimate
