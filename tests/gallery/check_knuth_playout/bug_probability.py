# BUG probability: divides by the number of moves (the chance of this game).
def answer(game, pick):
    state, estimate = game.initial_state(), 1
    while not game.is_terminal(state):
        moves = game.actions(state)
        estimate /= len(moves)
        state = game.result(state, pick(moves))
    return estimate
