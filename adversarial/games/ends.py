"""Take from either end: a row of numbers; the players take turns removing the
number at the left or the right end and keeping it. The score is MAX's total
minus MIN's total (MAX moves first unless said otherwise).

>>> game = Ends([3, 9, 1, 2])
>>> minimax(game).value, solve([3, 9, 1, 2]).value
(7, 7)

As a game, a state is ``(i, j, margin)``: the numbers ``row[i:j]`` are left and
MAX leads by ``margin`` so far. Plain minimax explores about 2^n move
sequences. But what is *left to play* depends only on ``(i, j)``: from there,
whoever moves can secure the same margin over the other, whatever was taken
before. Remembering that margin for each ``(i, j)`` (**memoisation**) leaves
n(n+1)/2 subproblems: the **dynamic-programming table** of :func:`table`.

With an even number of numbers the first player never loses: colour the
positions alternately; the first player can take every even-position number
(or every odd one), whichever colour sums more (:func:`parity_strategy`).
"""

from __future__ import annotations

import html
import numbers
import sys
from contextlib import contextmanager
from dataclasses import dataclass

from ..game import MAX, MIN, check_player
from ..search import minimax  # noqa: F401 (used in the module's example)

MOVES = ("L", "R")            # take the left end, take the right end


def check_row(row) -> tuple:
    """``row`` as a tuple of numbers, or a clear error saying what is wrong."""
    if isinstance(row, (str, bytes)) or not hasattr(row, "__iter__"):
        raise TypeError(f"row must be a list of numbers such as [3, 9, 1, 2], got {row!r}")
    row = tuple(row)
    for k, x in enumerate(row):
        if isinstance(x, bool) or not isinstance(x, numbers.Real):
            raise TypeError(f"row[{k}] is {x!r}; every entry of the row must be a number")
        if x != x:                           # NaN (math.isnan would overflow on 10**400)
            raise ValueError(f"row[{k}] is NaN; every entry of the row must be a real number")
    return tuple(_plain(x) for x in row)


def _plain(x):
    """numpy's numbers as Python's (so that results print as 7, not np.int64(7))."""
    if type(x) in (int, float):
        return x
    if isinstance(x, numbers.Integral):
        return int(x)
    return float(x) if isinstance(x, float) else x


class Ends:
    """The take-from-either-end game on the game protocol (moves ``'L'`` and ``'R'``)."""

    def __init__(self, row, first: str = MAX):
        self.row = check_row(row)
        self.first = check_player(first)

    def __repr__(self) -> str:
        return f"Ends({list(self.row)!r})"

    def initial_state(self):
        return (0, len(self.row), 0)

    def to_move(self, state):
        i, j, _ = state
        taken = i + len(self.row) - j
        second = MIN if self.first == MAX else MAX
        return self.first if taken % 2 == 0 else second

    def actions(self, state):
        i, j, _ = state
        return MOVES if j - i > 1 else ("L",)        # one number left: one move

    def result(self, state, move):
        i, j, margin = state
        sign = 1 if self.to_move(state) == MAX else -1
        if move == "L" and i < j:
            return (i + 1, j, margin + sign * self.row[i])
        if move == "R" and i < j:
            return (i, j - 1, margin + sign * self.row[j - 1])
        raise ValueError(f"{move!r} is not a move here; the moves are {list(self.actions(state))}")

    def is_terminal(self, state):
        return state[0] >= state[1]

    def utility(self, state):
        return state[2]

    def label(self, path):
        return "".join(path) or "root"


@dataclass(frozen=True)
class Solution:
    """The solved game: MAX's winning margin, best play for both, and the work done."""
    value: float          # MAX's total minus MIN's, with best play by both
    line: tuple           # the moves 'L'/'R' of best play, first move first
    taken: tuple          # the numbers taken, in order
    subproblems: int      # distinct (i, j) solved: n(n+1)/2 for a row of n
    calls: int            # calls of the memoised function while solving (each is O(1) work)


def solve(row, first: str = MAX) -> Solution:
    """Minimax with memoisation: each (i, j) is solved once.

    ``best(i, j)`` is the margin the player to move can secure over the other
    from ``row[i:j]``; taking an end gains that number and hands the rest, and
    the same question, to the opponent:

        best(i, j) = max(row[i] − best(i+1, j),  row[j−1] − best(i, j−1)),   best(i, i) = 0

    >>> s = solve([3, 9, 1, 2])
    >>> s.value, s.line, s.taken, s.subproblems
    (7, ('R', 'L', 'L', 'L'), (2, 3, 9, 1), 10)

    The recursion goes about ``n`` calls deep, so Python's recursion limit is raised to
    fit while it runs. Time and memory grow as n²: on the team's shared machine a row of
    999 numbers took 1 s and one of 3,000 took 47 s (:func:`table` fills the same cells
    without recursion, about 5 times faster).
    """
    row, first = check_row(row), check_player(first)
    with _recursion_room(len(row)):
        return _solve(row, first)


@contextmanager
def _recursion_room(n):
    """``best`` recurses about n calls deep; let Python go that deep while it solves."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 2 * n + 200))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def _solve(row, first) -> Solution:
    calls, memo = 0, {}

    def best(i, j):
        nonlocal calls
        calls += 1
        if i == j:
            return 0
        if (i, j) not in memo:                # solved once, then looked up
            memo[i, j] = max(row[i] - best(i + 1, j), row[j - 1] - best(i, j - 1))
        return memo[i, j]

    margin = best(0, len(row))
    solving_calls = calls              # the replay below only looks answers up
    line, taken, i, j = [], [], 0, len(row)
    while i < j:                       # replay: take the end that achieves best(i, j)
        if row[i] - best(i + 1, j) >= row[j - 1] - best(i, j - 1):
            line.append("L"); taken.append(row[i])
            i += 1
        else:
            line.append("R"); taken.append(row[j - 1])
            j -= 1
    subproblems = len(memo)
    value = margin if first == MAX else -margin
    return Solution(value, tuple(line), tuple(taken), subproblems, solving_calls)


class Table:
    """The dynamic-programming table: cell (i, j) is the margin the player to move secures
    from the numbers ``row[i..j]`` (inclusive). Shows as HTML in Jupyter."""

    def __init__(self, row, cells):
        self.row, self.cells = row, cells

    def __getitem__(self, ij):
        return self.cells[ij[0]][ij[1]]

    def _text_cells(self):
        n = len(self.row)
        return [[_num(self.cells[i][j]) if j >= i else "" for j in range(n)] for i in range(n)]

    def __repr__(self) -> str:
        n = len(self.row)
        rows = [["i\\j"] + [str(j) for j in range(n)]]
        rows += [[str(i)] + cells for i, cells in enumerate(self._text_cells())]
        width = max(len(c) for r in rows for c in r)
        return "\n".join(" ".join(c.rjust(width) for c in r).rstrip() for r in rows)

    def _repr_html_(self) -> str:
        head = "<th>i \\ j</th>" + "".join(f"<th>{j}<br>({_num(x)})</th>" for j, x in enumerate(self.row))
        body = "".join(
            f"<tr><th>{i} ({_num(self.row[i])})</th>"
            + "".join(f"<td style='text-align:right'>{html.escape(c)}</td>" for c in cells) + "</tr>"
            for i, cells in enumerate(self._text_cells()))
        return f"<table class='adversarial-dp'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def table(row) -> Table:
    """Fill the table bottom-up, shortest stretches first: the diagonal is one number,
    each longer stretch uses the two one shorter than it.

    >>> t = table([3, 9, 1, 2])
    >>> t[0, 3]
    7
    >>> t
    i\\j   0   1   2   3
      0   3   6  -5   7
      1       9   8   8
      2           1   1
      3               2
    """
    row = check_row(row)
    n = len(row)
    cells = [[None] * n for _ in range(n)]
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            if length == 1:
                cells[i][j] = row[i]
            else:
                cells[i][j] = max(row[i] - cells[i + 1][j], row[j] - cells[i][j - 1])
    return Table(row, cells)


def parity_strategy(row):
    """The even-length argument: the first player can take all numbers at even positions
    (0, 2, 4, ...) or all at odd positions, so secures at least the difference of the two sums.

    Returns ``(colour, guaranteed, move)``: ``'even'`` or ``'odd'``, the margin that
    colour guarantees (never negative), and ``move(i, j)``, the end to take with
    ``row[i:j]`` left on the first player's turn.

    >>> colour, guaranteed, move = parity_strategy([3, 9, 1, 2])
    >>> colour, guaranteed, move(0, 4)
    ('odd', 7, 'R')
    """
    row = check_row(row)
    if len(row) % 2:
        raise ValueError(f"the parity argument needs an even number of numbers; this row has "
                         f"{len(row)} (with an odd count the first player can lose: try [1, 5, 1])")
    even, odd = sum(row[0::2]), sum(row[1::2])
    parity = 0 if even >= odd else 1

    def move(i, j):
        # With an even count left, the two ends have different colours: take ours.
        return "L" if i % 2 == parity else "R"

    return ("even" if parity == 0 else "odd"), abs(even - odd), move


def _num(x) -> str:
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e16:
        return str(int(x))
    return f"{x:g}" if isinstance(x, float) else str(x)
