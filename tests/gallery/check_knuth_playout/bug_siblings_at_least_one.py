# BUG siblings only, at least one: the move followed left out, a forced move counted as 1 so the product never hits 0.
def answer(game, pick):
    state, estimate = game.initial_state(), 1
    while not game.is_terminal(state):
        moves = game.actions(state)
        estimate *= max(len(moves) - 1, 1)
        state = game.result(state, pick(moves))
    return estimate
