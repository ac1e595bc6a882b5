"""The game protocol: what a game must tell the search.

A *game* is any object with these methods (the textbook's formulation, plus
"whose move"):

===================  =========================================================
``initial_state()``  the state the game starts in
``to_move(s)``       ``MAX`` or ``MIN``: who chooses at state ``s`` (defined for
                     every state, terminal ones included)
``actions(s)``       the legal moves at ``s``, in the order the search tries them
``result(s, m)``     the state after playing move ``m`` at ``s`` (never changes ``s``)
``is_terminal(s)``   has the game ended at ``s``?
``utility(s)``       the score of a terminal state, from MAX's point of view
===================  =========================================================

Optional extras the package uses when present:

- ``evaluate(s)``: a heuristic score (MAX's point of view) for a non-terminal state,
  used when a depth-limited search stops early;
- ``label(path)``: a short readable name for the node reached by ``path`` (a
  tuple of moves from the root), used by traces and drawings;
- ``describe(path)``: how to mention that node in a sentence (for a tree, a leaf
  is mentioned by its value).

An explicit :class:`~adversarial.tree.Tree` and tic-tac-toe both follow this
protocol, so one search implementation serves both. This module imports nothing of the
package: :func:`adversarial.tree.as_game`, which turns a nested list into a tree, lives
with the trees.
"""

from __future__ import annotations

import decimal
import math
import numbers
from typing import Any, Iterable, Protocol, runtime_checkable

MAX = "MAX"
MIN = "MIN"
CHANCE = "CHANCE"   # a node where chance, not a player, picks the move (see adversarial.beyond.chance)
PLAYERS = (MAX, MIN)

State = Any
Move = Any          # any hashable value: a child index, a column, an action


@runtime_checkable
class Game(Protocol):
    """What the search functions need from a game (see the module docstring)."""

    def initial_state(self) -> State: ...
    def to_move(self, state: State) -> str: ...
    def actions(self, state: State) -> Iterable[Move]: ...
    def result(self, state: State, move: Move) -> State: ...
    def is_terminal(self, state: State) -> bool: ...
    def utility(self, state: State) -> float: ...


REQUIRED = ("initial_state", "to_move", "actions", "result", "is_terminal", "utility")


def check_player(player: Any) -> str:
    """Return ``player`` if it is ``MAX`` or ``MIN``, else raise a clear error."""
    if isinstance(player, str) and player.upper() in PLAYERS:
        return player.upper()
    raise ValueError(f"a player must be 'MAX' or 'MIN', got {player!r}")


def check_number(value: Any, where: str) -> int | float | numbers.Real | decimal.Decimal:
    """Return ``value`` as a score, or explain why it is not one.

    Whole numbers (numpy's too) become ``int`` and floats ``float``; other exact
    numbers such as ``Fraction`` and ``Decimal`` stay as they are, so that two
    different scores never become equal by rounding.
    """
    if type(value) is int:
        return value
    if isinstance(value, bool):
        raise TypeError(
            f"{where} is {value!r}, a bool; scores must be numbers (write 1 or 0 instead)"
        )
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, float):
        if math.isnan(value):
            raise ValueError(f"{where} is NaN; every score must be a real number")
        return float(value)
    if isinstance(value, (numbers.Real, decimal.Decimal)):
        if value != value:
            raise ValueError(f"{where} is {value!r}; every score must be a real number")
        return value
    raise TypeError(
        f"{where} is {value!r} ({type(value).__name__}); scores must be numbers "
        "(int, float, Fraction or Decimal)"
    )


def path_label(path: tuple) -> str:
    """The default readable name of a node: the moves that reach it, or ``root``."""
    return "→".join(map(str, path)) if path else "root"


def node_id(path: tuple) -> str:
    """A name for the node at ``path`` that no other path shares (for Graphviz and tables).

    Paths of ints read ``n2_1``; any other path is written by its ``repr``, so
    moves that print alike stay apart: ``("a_b",)`` and ``("a", "b")``, or
    ``(-1.0,)`` and ``(-1, -0.0)``, get different ids.

    >>> node_id(()), node_id((2, 1)), node_id(("a_b",)), node_id(("a", "b"))
    ('n', 'n2_1', "n('a_b',)", "n('a', 'b')")
    """
    path = tuple(path)
    try:
        if all(type(move) is int for move in path):
            return "n" + "_".join(map(str, path))
        return "n" + repr(path)
    except ValueError:                  # an int too long to print: name it by its hash
        return "n" + repr(tuple(f"int#{hash(m)}" if isinstance(m, int) else m for m in path))
