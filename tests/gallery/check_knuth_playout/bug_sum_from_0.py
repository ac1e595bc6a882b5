# BUG sum: the numbers of moves added up from 0 (a total of moves seen, not a count of games).
def answer(game, pick):
    state, seen = game.initial_state(), 0
    while not game.is_terminal(state):
        moves = game.actions(state)
        seen = seen + len(moves)
        state = game.result(state, pick(moves))
    return seen
