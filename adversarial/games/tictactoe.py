"""Tic-tac-toe on the game protocol. X is MAX and moves first; cells are numbered 0..8:

    0 | 1 | 2
    3 | 4 | 5
    6 | 7 | 8

>>> game = TicTacToe()
>>> b = game.board("X.O/.X./O..")
>>> b
Board('X.O/.X./O..')
>>> game.to_move(b), game.actions(b)
('MAX', (1, 3, 5, 7, 8))
>>> game.result(b, 8).winner
'X'

States are immutable :class:`Board` values: ``result`` returns a new board and
never changes the old one (no undo needed). Each position is built once and
shared afterwards, so reaching it again costs only a dictionary lookup.
"""

from __future__ import annotations

import html
import numbers

from ..game import MAX, MIN

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
LINES_THROUGH = tuple(tuple(line for line in LINES if cell in line) for cell in range(9))
# For each cell, the pairs of cells that complete a line with it: a new mark wins when both hold it.
PARTNERS = tuple(tuple(tuple(c for c in line if c != cell) for line in LINES_THROUGH[cell]) for cell in range(9))

# The 8 symmetries of the square, each as "new cell i takes old cell SYMMETRIES[k][i]".
_ROTATE = (6, 3, 0, 7, 4, 1, 8, 5, 2)
_MIRROR = (2, 1, 0, 5, 4, 3, 8, 7, 6)


def _compose(a, b):
    return tuple(a[b[i]] for i in range(9))


def _symmetries():
    found, r = [], tuple(range(9))
    for _ in range(4):
        found += [r, _compose(r, _MIRROR)]
        r = _compose(r, _ROTATE)
    return tuple(found)


SYMMETRIES = _symmetries()

# Boards are immutable, so result() builds each position once and then hands out the same
# Board again (the full game tree has 549,946 nodes but only 5,478 positions). This is what
# keeps a search on Boards within 2x of a bare make-recurse-undo loop on a list of ints.
_POSITIONS: dict[str, Board] = {}


class Board:
    """An immutable tic-tac-toe position: 9 cells ('X', 'O' or '.'), whose turn, and the winner."""

    __slots__ = ("cells", "player", "winner", "empty", "symmetry")

    def __init__(self, cells: str, player: str, winner: str | None, empty: tuple,
                 symmetry: tuple | None = None):
        self.cells = cells        # a 9-character string, row by row
        self.player = player      # 'X' or 'O': who moves next
        self.winner = winner      # 'X', 'O' or None
        self.empty = empty        # the empty cells, in order
        self.symmetry = symmetry  # set by TicTacToe.canonical: cell i here is cell symmetry[i] there

    def __eq__(self, other):
        return isinstance(other, Board) and self.cells == other.cells

    def __hash__(self):
        return hash(self.cells)

    def __str__(self) -> str:
        return "/".join(self.cells[i:i + 3] for i in (0, 3, 6))

    def __repr__(self) -> str:
        return f"Board('{self}')"

    def words(self) -> str:
        """The board in words, row by row (what a screen reader says for its picture).

        >>> print(TicTacToe().result(TicTacToe().initial_state(), 4).words())
        Tic-tac-toe board, O to move: top row empty, empty, empty; middle row empty, X, empty; bottom row...
        """
        if self.winner:
            turn = f"{self.winner} has won"
        elif not self.empty:
            turn = "a draw, the board is full"
        else:
            turn = f"{self.player} to move"
        rows = [f"{name} row " + ", ".join("empty" if c == "." else c for c in self.cells[start:start + 3])
                for name, start in (("top", 0), ("middle", 3), ("bottom", 6))]
        return f"Tic-tac-toe board, {turn}: " + "; ".join(rows) + "."

    def _repr_html_(self) -> str:
        rows = "".join(
            "<tr>" + "".join(
                f"<td style='width:1.6em;height:1.6em;border:1px solid #444;text-align:center;"
                f"font:bold 1.2em monospace'>{'' if c == '.' else c}</td>"
                for c in self.cells[r:r + 3]) + "</tr>"
            for r in (0, 3, 6))
        from ..drawing.themes import theme_style  # lecture_mode(): the board in the theme's size
        size = f";font-size:{theme_style()['text']}" if theme_style()["heavy"] else ""
        return (f"<table style='border-collapse:collapse{size}' aria-label='{html.escape(self.words(), quote=True)}'>"
                f"{rows}</table>")


class TicTacToe:
    """The game. ``depth_aware=True`` scores a win by X as 10 - moves played (faster wins
    score higher, slower losses lose less); otherwise +1 / 0 / -1."""

    def __init__(self, depth_aware: bool = False):
        if not isinstance(depth_aware, bool):
            raise TypeError(f"depth_aware must be True or False, got {depth_aware!r}")
        self.depth_aware = depth_aware

    def __repr__(self) -> str:
        return "TicTacToe(depth_aware=True)" if self.depth_aware else "TicTacToe()"

    # -- building boards ----------------------------------------------------------
    def board(self, text: str = ".........") -> Board:
        """A board from text: 9 characters of X, O and '.', optionally in rows split by '/'."""
        if not isinstance(text, str):
            raise TypeError(f"a board is written as text like 'X.O/.X./O..', got {text!r}")
        cells = text.replace("/", "").replace(" ", "").upper().replace("-", ".").replace("_", ".")
        if len(cells) != 9 or set(cells) - set("XO."):
            raise ValueError(f"{text!r} is not a board: write 9 cells of X, O or '.', "
                             "e.g. 'X.O/.X./O..'")
        x, o = cells.count("X"), cells.count("O")
        if not 0 <= x - o <= 1:
            raise ValueError(f"{text!r} is impossible: X moves first, so X has as many marks as O "
                             f"or one more (here X has {x}, O has {o})")
        winners = {cells[a] for a, b, c in LINES if cells[a] != "." and cells[a] == cells[b] == cells[c]}
        if len(winners) > 1:
            raise ValueError(f"{text!r} is impossible: both X and O have three in a row")
        winner = winners.pop() if winners else None
        if winner == "X" and x == o or winner == "O" and x > o:
            raise ValueError(f"{text!r} is impossible: {winner} has won, but then the game "
                             f"would have stopped before the last {'O' if winner == 'X' else 'X'} move")
        empty = tuple(i for i, c in enumerate(cells) if c == ".")
        return Board(cells, "X" if x == o else "O", winner, empty)

    def play(self, *moves: int, start: Board | str | None = None) -> Board:
        """The board after the given moves (checked), from the empty board or ``start``."""
        board = self.initial_state() if start is None else self._as_board(start)
        for move in moves:
            board = self.result(board, move)
        return board

    def _as_board(self, board) -> Board:
        return board if isinstance(board, Board) else self.board(board)

    # -- the game protocol --------------------------------------------------------------
    def initial_state(self) -> Board:
        return Board("." * 9, "X", None, tuple(range(9)))

    def to_move(self, board: Board) -> str:
        return MAX if board.player == "X" else MIN

    def actions(self, board: Board) -> tuple:
        return () if board.winner else board.empty

    def result(self, board: Board, move: int) -> Board:
        empty = board.empty
        if move.__class__ is not int or board.winner or move not in empty:
            move = self._check_move(board, move)
        mark = board.player
        cells = board.cells[:move] + mark + board.cells[move + 1:]
        known = _POSITIONS.get(cells)         # each position is built once and then shared
        if known is not None:
            return known
        winner = None
        for a, b in PARTNERS[move]:            # only lines through the new mark can be new wins
            if cells[a] == mark == cells[b]:
                winner = mark
                break
        i = empty.index(move)
        board = _POSITIONS[cells] = Board(cells, "O" if mark == "X" else "X", winner, empty[:i] + empty[i + 1:])
        return board

    @staticmethod
    def _check_move(board: Board, move) -> int:
        """``move`` as an int if it is a legal move at ``board``, else a clear error."""
        if board.winner or not board.empty:
            raise ValueError(f"the game is over on {board}: no more moves")
        if isinstance(move, bool) or not isinstance(move, numbers.Integral) or not 0 <= int(move) <= 8:
            raise ValueError(f"cells are numbered 0 to 8 (whole numbers), got {move!r}")
        if move not in board.empty:
            raise ValueError(f"cell {move} is already taken on {board}")
        return int(move)

    def is_terminal(self, board: Board) -> bool:
        return board.winner is not None or not board.empty

    def utility(self, board: Board):
        if board.winner is None:
            return 0
        sign = 1 if board.winner == "X" else -1
        if self.depth_aware:
            return sign * (10 - (9 - len(board.empty)))
        return sign

    # -- drawing ---------------------------------------------------------------------
    def label(self, path) -> str:
        return "root" if not path else "→".join(map(str, path))

    def picture(self, board: Board) -> str:
        """The board as a Graphviz HTML-like table, for drawing it inside a tree node."""
        rows = "".join(
            "<TR>" + "".join(f"<TD WIDTH='14' HEIGHT='14'>{'' if c == '.' else c}</TD>"
                             for c in board.cells[r:r + 3]) + "</TR>"
            for r in (0, 3, 6))
        return f"<TABLE BORDER='0' CELLBORDER='1' CELLSPACING='0' CELLPADDING='1'>{rows}</TABLE>"

    # -- symmetry ------------------------------------------------------------------------
    def symmetries(self, board: Board) -> list[Board]:
        """The 8 boards that are rotations and mirror images of ``board`` (with repeats)."""
        return [self.board("".join(board.cells[i] for i in s)) for s in SYMMETRIES]

    def canonical(self, board: Board) -> Board:
        """One representative of the board's symmetry class: the smallest of its 8 images.

        The result remembers which symmetry made it: cell ``i`` of the canonical
        board is cell ``symmetry[i]`` of ``board``, so a move ``i`` found on the
        canonical board is the move ``symmetry[i]`` on ``board`` (a transposition
        table keyed by ``canonical`` uses this to give back whole lines).

        >>> game = TicTacToe()
        >>> key = game.canonical(game.play(0))
        >>> key, key.symmetry[8]
        (Board('.../.../..X'), 0)
        """
        cells, symmetry = min(("".join([board.cells[i] for i in s]), s) for s in SYMMETRIES)
        empty = tuple(i for i, c in enumerate(cells) if c == ".")
        return Board(cells, board.player, board.winner, empty, symmetry)


def reachable_positions(game: TicTacToe, start: Board | str | None = None) -> set[Board]:
    """Every board reachable from the empty board (or ``start``, included) by legal play (terminal ones
    included)."""
    seen, todo = set(), [game.initial_state() if start is None else game._as_board(start)]
    while todo:
        board = todo.pop()
        if board in seen:
            continue
        seen.add(board)
        todo.extend(game.result(board, m) for m in game.actions(board))
    return seen


def count_games(game: TicTacToe, board: Board | None = None) -> dict:
    """How many complete games follow ``board``, by result: {'X': wins, 'O': wins, 'draw': n}."""
    board = game.initial_state() if board is None else board
    if game.is_terminal(board):
        return {"X": int(board.winner == "X"), "O": int(board.winner == "O"),
                "draw": int(board.winner is None)}
    total = {"X": 0, "O": 0, "draw": 0}
    for move in game.actions(board):
        for key, n in count_games(game, game.result(board, move)).items():
            total[key] += n
    return total


def optimal_moves(game: TicTacToe, board: Board, search=None) -> dict:
    """The minimax value of every legal move at ``board``, and which moves are optimal."""
    from ..search import alphabeta
    search = search or alphabeta
    values = {m: search(game, game.result(board, m)).value for m in game.actions(board)}
    best = (max if game.to_move(board) == MAX else min)(values.values()) if values else None
    return {"values": values, "best": [m for m, v in values.items() if v == best]}
