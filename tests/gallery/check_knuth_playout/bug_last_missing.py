# BUG last missing: the loop looks one move ahead and stops before the last position where a move is chosen.
def answer(game, pick):
    state, estimate = game.initial_state(), 1
    while not game.is_terminal(state):
        moves = game.actions(state)
        following = game.result(state, pick(moves))
        if game.is_terminal(following):
            break
        estimate *= len(moves)
        state = following
    return estimate
