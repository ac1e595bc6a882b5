# BUG neutral: one added at every level (a mix of the games and the positions).
def answer(game, pick):
    state, estimate = game.initial_state(), 1
    while not game.is_terminal(state):
        moves = game.actions(state)
        estimate = estimate * len(moves) + 1
        state = game.result(state, pick(moves))
    return estimate
