# BUG always 0: the loop multiplies in the finished position's 0 moves too.
def answer(game, pick):
    state, estimate = game.initial_state(), 1
    while True:
        moves = game.actions(state)
        estimate *= len(moves)
        if game.is_terminal(state):
            return estimate
        state = game.result(state, pick(moves))
