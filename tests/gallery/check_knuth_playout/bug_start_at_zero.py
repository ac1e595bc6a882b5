# BUG always 0: the product starts at 0.
def answer(game, pick):
    state, estimate = game.initial_state(), 0
    while not game.is_terminal(state):
        moves = game.actions(state)
        estimate *= len(moves)
        state = game.result(state, pick(moves))
    return estimate
