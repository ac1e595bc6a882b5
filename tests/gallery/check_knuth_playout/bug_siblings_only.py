# BUG siblings only: the move followed left out of the count.
def answer(game, pick):
    state, estimate = game.initial_state(), 1
    while not game.is_terminal(state):
        moves = game.actions(state)
        estimate *= len(moves) - 1
        state = game.result(state, pick(moves))
    return estimate
