# BUG every position: counts the positions along the game: 1 for the root, plus the running product at each level.
def answer(game, pick):
    state = game.initial_state()
    level, total = 1, 1
    while not game.is_terminal(state):
        moves = game.actions(state)
        level *= len(moves)
        total += level
        state = game.result(state, pick(moves))
    return total
