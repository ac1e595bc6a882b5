"""Connect Four on the game protocol: 7 columns × 6 rows; X (MAX) moves first.

Moves are column numbers 1 to 7 from the left, and a game is written as the string
of its moves, e.g. ``"4453"`` (the notation of Pascal Pons' test positions):

>>> game = ConnectFour()
>>> p = game.play("4453")
>>> p
Position('4453')
>>> game.to_move(p), game.actions(p)
('MAX', (1, 2, 3, 4, 5, 6, 7))
>>> p.rows()[-2:]                            # the bottom two rows (the top row comes first)
['...O...', '..OXX..']
>>> game.utility(game.play("1212121"))     # X won with its 4th stone: 22 - 4
18

**Utility** (MAX's point of view, Pons' scoring): a win scores 22 minus the number
of stones the winner played, so faster wins score more (between 1 and 18); a loss
scores the negative; a draw 0. :func:`solve` gives the same score from the side to
move (see :mod:`adversarial.games.connectfour_solver`).

**The bitboard.** A position keeps two Python ints, ``x`` and ``o``: bit
``7 * c + r`` is set when the player has a disc in column ``c`` (0 = left) and row
``r`` (0 = bottom). Each column uses 7 bits, one more than its 6 rows, so the top bit
of a column is always empty and separates it from the next column. Then four in a
row is four set bits spaced by 1 (vertical), 7 (horizontal), 6 (diagonal ↘) or
8 (diagonal ↗), and the win test is a constant number of shifts and ands:
``m = b & (b >> s)`` marks pairs, ``m & (m >> 2 * s)`` marks fours (:func:`has_four`).
Dropping a disc is one addition: ``mask + bottom of column c`` carries into the
lowest empty cell of that column.

The rules and the bitboard are in :mod:`adversarial.games.connectfour_rules` (the layer the
solver stands on); this module re-exports them and adds :func:`solve`, so it stands above both.
"""

from __future__ import annotations

from .connectfour_rules import (  # noqa: F401 (re-exported: this is the module the lessons import)
    BOTTOM,
    CENTRE_FIRST,
    COLUMNS,
    FULL,
    H1,
    HEIGHT,
    WIDTH,
    ConnectFour,
    MoveError,
    Position,
    bit,
    bottom,
    centre_first,
    column_mask,
    has_four,
    shorten,
    svg,
    top,
)
from .connectfour_solver import solve  # noqa: F401 (re-exported)

__all__ = ["ConnectFour", "Position", "MoveError", "solve", "has_four", "centre_first", "svg"]
