"""A tic-tac-toe in aima-python's ``Game`` shape, for testing ``adversarial.adapters.from_aima`` where the
real aima-python is not installed (its PyPI packaging, ``aima3``, pins networkx 1.11 and the whole
``jupyter`` meta-package, so it is not part of the test environment).

It follows the interface of aima-python's ``games.py`` (and ``games4e.py``): an ``initial`` attribute holding
a ``GameState(to_move, utility, board, moves)`` namedtuple whose board is a dict from (row, column) to
'X'/'O', ``actions(state)`` returning the empty squares, ``result(state, move)``, ``utility(state, player)``
(+1 for a win of ``player``), ``terminal_test(state)`` and ``to_move(state)``. Written here, not copied.
"""

from collections import namedtuple

GameState = namedtuple("GameState", "to_move, utility, board, moves")
LINES = [[(r, c) for c in range(1, 4)] for r in range(1, 4)] + [[(r, c) for r in range(1, 4)] for c in range(1, 4)] \
    + [[(i, i) for i in range(1, 4)], [(i, 4 - i) for i in range(1, 4)]]


class AimaStyleTicTacToe:
    def __init__(self):
        squares = [(r, c) for r in range(1, 4) for c in range(1, 4)]
        self.initial = GameState(to_move="X", utility=0, board={}, moves=squares)

    def actions(self, state):
        return state.moves

    def result(self, state, move):
        if move not in state.moves:
            return state
        board = dict(state.board)
        board[move] = state.to_move
        won = any(all(board.get(sq) == state.to_move for sq in line) for line in LINES if move in line)
        score = (1 if state.to_move == "X" else -1) if won else 0
        return GameState(to_move="O" if state.to_move == "X" else "X", utility=score, board=board,
                         moves=[m for m in state.moves if m != move])

    def utility(self, state, player):
        return state.utility if player == "X" else -state.utility

    def terminal_test(self, state):
        return state.utility != 0 or not state.moves

    def to_move(self, state):
        return state.to_move
