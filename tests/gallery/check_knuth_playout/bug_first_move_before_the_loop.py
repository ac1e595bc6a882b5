# BUG first move before the loop: the first move is played before the loop, and its count left out.
def answer(game, pick):
    state, estimate = game.initial_state(), 1
    state = game.result(state, pick(game.actions(state)))
    while not game.is_terminal(state):
        moves = game.actions(state)
        estimate *= len(moves)
        state = game.result(state, pick(moves))
    return estimate
