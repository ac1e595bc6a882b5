"""An exact Connect Four solver in pure Python, after Pascal Pons' tutorial solver.

``solve(moves)`` is the score of the position after ``moves`` for the side to move,
with perfect play on both sides: a win is 22 minus the number of stones the winner
has played at the end (a win with your 4th stone is 18), a loss the negative, a
draw 0.

>>> solve("2252576253462244111563365343671351441")   # first line of Pons' Test_L3_R1
-1

It is negamax with alpha-beta on two ints (see the bitboard in
:mod:`adversarial.games.connectfour`), plus the techniques a solver needs. Each
can be switched off in :class:`Solver` to see what it buys. Mean nodes per
position over the first 100 positions of Pons' ``Test_L3_R1`` (end games: more
than 28 moves played, fewer than 14 left), measured by
``benchmarks/bench_connectfour.py``; each row adds one technique to the row above:

================================================  ==========
technique                                         mean nodes
================================================  ==========
plain negamax, no pruning, left to right          301,195
+ alpha-beta pruning                              3,335
+ centre-first move order                         728
+ immediate-win check (a win found before         184
  searching any child)
+ transposition table (upper bounds)              105
+ null-window search (yes/no questions)           137
+ never play a move that loses at once            88
+ order by threats created (all techniques)       65
================================================  ==========

Pruning buys by far the most (90×), then move order (4.6×) and the immediate-win
check (4×); the table nearly halves what is left. The null-window search does
*not* pay here: with every other technique on, switching it off gives 37 nodes
instead of 65 (and 226 instead of 292 on the first 10 positions of Test_L2_R1,
88,678 instead of 100,178 on Test_L2_R2): its repeated yes/no searches re-visit
positions whose stored upper bounds do not settle the new window. It stays on by
default because it is the technique the lesson teaches; ``Solver(null_window=False)``
is the faster choice. The last two techniques cut nodes but cost time per node. All
1,000 positions of Test_L3_R1 are solved correctly (about 67 nodes each).

**Limits: the opening.** End games take milliseconds, the start of the game does not.
Measured by ``benchmarks/bench_connectfour_openings.py`` on the team's shared 2-core
machine (20,000 to 80,000 positions a second, depending on the load): ``""``, ``"4"``,
``"444"``, ``"4444"``, ``"44444"`` and ``"444444"`` were not solved within 90 s each
(2.7 to 7.4 million positions searched), nor were the first 12 positions of Pons'
``Test_L1_R3`` (3 to 9 moves played, "hard") within 40 s each (0.75 to 1 million
positions); the first 20 of ``Test_L1_R1`` (4 to 14 moves played, mostly quick wins)
took at most 0.4 s (25,226 positions) each. Real solvers open with a book of
precomputed early positions; this one has none, since filling one would mean solving
exactly the positions above. Give :meth:`Solver.solve` (or
:func:`~adversarial.games.connectfour.solve`) a ``node_budget`` or ``time_budget`` to
get :class:`BudgetExceeded` instead of a long wait.
"""

from __future__ import annotations

import time

from .connectfour_rules import BOTTOM, FULL, H1, HEIGHT, WIDTH, ConnectFour, MoveError, column_mask, has_four

CELLS = WIDTH * HEIGHT
TIME_CHECK = 4096                                    # look at the clock once per this many nodes


class BudgetExceeded(RuntimeError):
    """The solver used up its node or time budget before it knew the score (the message says how far
    it got and what to do)."""
CENTRE_ORDER = (3, 2, 4, 1, 5, 0, 6)                 # 0-based columns, middle outwards
LEFT_ORDER = tuple(range(WIDTH))


def winning_cells(stones: int, mask: int) -> int:
    """The empty cells where ``stones`` would complete four in a row (a bitboard).

    For each direction, a cell wins when the three cells on one side, or two on one
    side and one on the other, already hold the player's stones.
    """
    r = (stones << 1) & (stones << 2) & (stones << 3)             # vertical: three below
    for s in (H1, HEIGHT, H1 + 1):                                 # horizontal and both diagonals
        p = (stones << s) & (stones << 2 * s)
        r |= p & (stones << 3 * s)
        r |= p & (stones >> s)
        p = (stones >> s) & (stones >> 2 * s)
        r |= p & (stones << s)
        r |= p & (stones >> 3 * s)
    return r & (FULL ^ mask)


class Solver:
    """Negamax with alpha-beta for exact scores; each technique can be switched off to measure it.

    Args:
        pruning: alpha-beta cut-offs (off: plain negamax, every node visited).
        order: ``"left"`` (columns 1 to 7), ``"centre"`` (middle outwards) or
            ``"threats"`` (moves creating the most winning cells first, centre breaking ties).
        win_check: before searching a node's children, look for a move that wins at once.
        table: a transposition table of upper bounds, keyed by the position.
        null_window: find the score by a series of yes/no searches with windows (v, v+1)
            instead of one search with the whole range of scores.
        avoid_losing: never try a move that lets the opponent win at once (and answer a
            single threat by blocking it).
        node_budget: the most positions one :meth:`solve` may search (``None``: no limit).
        time_budget: the most seconds one :meth:`solve` may take (``None``: no limit).
            When either runs out, :meth:`solve` raises :class:`BudgetExceeded`.

    ``nodes`` counts the positions searched since the solver was made.

    >>> s = Solver(table=False)
    >>> s.solve("2252576253462244111563365343671351441"), s.nodes > 0
    (-1, True)
    """

    def __init__(self, *, pruning=True, order="threats", win_check=True, table=True, null_window=True,
                 avoid_losing=True, node_budget=None, time_budget=None):
        if order not in ("left", "centre", "threats"):
            raise ValueError(f"order must be 'left', 'centre' or 'threats', got {order!r}")
        if (avoid_losing or order == "threats") and not win_check:
            raise ValueError("avoid_losing and order='threats' rely on win_check=True")
        self.pruning, self.order, self.win_check = pruning, order, win_check
        self.use_table, self.null_window, self.avoid_losing = table, null_window, avoid_losing
        self.node_budget = _check_budget(node_budget, "node_budget", "positions", int)
        self.time_budget = _check_budget(time_budget, "time_budget", "seconds", (int, float))
        self.nodes = 0
        self.table: dict[int, int] = {}
        self._limit = self._deadline = None

    def solve(self, moves: str) -> int:
        """The score of the position after ``moves``, for the side to move (see the module docstring).

        Raises :class:`BudgetExceeded` when the node or time budget runs out first.
        """
        p = ConnectFour().play(moves)
        if p.winner or p.count == CELLS:
            raise MoveError(f"the game {moves!r} is already over ({p.winner or 'nobody'} won): "
                            "there is no move left to score")
        start_nodes, start_time = self.nodes, time.perf_counter()
        self._limit = None if self.node_budget is None else self.nodes + self.node_budget
        self._deadline = None if self.time_budget is None else start_time + self.time_budget
        try:
            return self._solve(p)
        except BudgetExceeded as out:
            raise BudgetExceeded(
                f"solve({moves!r}) gave up: {out} ({self.nodes - start_nodes:,} positions in "
                f"{time.perf_counter() - start_time:.1f} s) before the score was known. Positions "
                "with few moves played take this pure-Python solver minutes to hours (see the "
                "module docstring); raise the budget, or solve a position further into the game"
            ) from None
        finally:
            self._limit = self._deadline = None

    def _solve(self, p) -> int:
        current = p.x if p.count % 2 == 0 else p.o
        mask, n = p.mask, p.count
        self.table = {}                   # one table per position, so node counts do not depend on order
        if self.win_check and winning_cells(current, mask) & (mask + BOTTOM) & FULL:
            self.nodes += 1
            return (CELLS + 1 - n) // 2
        lo, hi = -((CELLS - n) // 2), (CELLS + 1 - n) // 2
        if not self.null_window:
            return self._negamax(current, mask, n, lo, hi)
        while lo < hi:                    # narrow [lo, hi] with yes/no questions "is the score > med?"
            med = lo + (hi - lo) // 2
            if med <= 0 and int(lo / 2) < med:
                med = int(lo / 2)
            elif med >= 0 and int(hi / 2) > med:
                med = int(hi / 2)
            r = self._negamax(current, mask, n, med, med + 1)
            if r <= med:
                hi = r
            else:
                lo = r
        return lo

    # -- the search ---------------------------------------------------------------------
    def _negamax(self, current, mask, n, alpha, beta):
        """The score for the side to move, whose stones are ``current``; ``n`` stones on the board.

        The result is exact inside (α, β); at or below α it is an upper bound, at or above β a lower bound.
        """
        self.nodes += 1
        if self._limit is not None or self._deadline is not None:
            self._spend()
        if n == CELLS:
            return 0
        columns = LEFT_ORDER if self.order == "left" else CENTRE_ORDER
        if self.win_check:                                  # a playable cell that completes four?
            if winning_cells(current, mask) & (mask + BOTTOM) & FULL:
                return (CELLS + 1 - n) // 2
            best_possible = (CELLS - 1 - n) // 2           # no win now: at best with our next stone
        else:
            best_possible = (CELLS + 1 - n) // 2
        if self.use_table:
            bound = self.table.get(current + mask)
            if bound is not None and bound < best_possible:
                best_possible = bound
        if self.pruning and beta > best_possible:
            beta = best_possible
            if alpha >= beta:
                return beta
        moves = self._moves(current, mask, n, columns)
        if moves is None:                                   # every move loses at once
            return -((CELLS - n) // 2)
        best = -CELLS
        for col, new_mask in moves:
            mine = current | (new_mask ^ mask)
            if not self.win_check and has_four(mine):
                score = (CELLS + 1 - n) // 2
            else:
                score = -self._negamax(mine ^ new_mask, new_mask, n + 1, -beta, -alpha)
            if score > best:
                best = score
            if self.pruning:
                if score >= beta:
                    return score
                if score > alpha:
                    alpha = score
        if not self.pruning:
            return best
        if self.use_table:
            self.table[current + mask] = alpha
        return alpha

    def _spend(self):
        if self._limit is not None and self.nodes > self._limit:
            raise BudgetExceeded(f"the node budget ({self.node_budget:,} positions) ran out")
        if (self._deadline is not None and self.nodes % TIME_CHECK == 0
                and time.perf_counter() > self._deadline):
            raise BudgetExceeded(f"the time budget ({self.time_budget:g} s) ran out")

    def _moves(self, current, mask, n, columns):
        """The moves to try as (column, new mask) pairs, or ``None`` when every move loses at once."""
        playable = (mask + BOTTOM) & FULL                   # the lowest empty cell of each column
        if self.avoid_losing:
            opponent_wins = winning_cells(current ^ mask, mask)
            forced = playable & opponent_wins
            if forced:
                if forced & (forced - 1):                   # two threats: one cannot block both
                    return None
                playable = forced                           # block the single threat
            playable &= ~(opponent_wins >> 1)               # never play just below their winning cell
            if not playable:
                return None
        moves = []
        for col in columns:
            cell = playable & column_mask(col)
            if cell:
                moves.append((col, mask | cell))
        if self.order == "threats":
            moves.sort(key=lambda m: -winning_cells(current | (m[1] ^ mask), m[1]).bit_count())
        return moves


def _check_budget(value, name, unit, kinds):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, kinds) or not value > 0:
        raise ValueError(f"{name} must be a positive number of {unit} (or None for no limit), got {value!r}")
    return value


def solve(moves: str, *, node_budget: int | None = None, time_budget: float | None = None) -> int:
    """The exact score of the position after ``moves`` for the side to move (Pons' scoring).

    A win is 22 minus the stones the winner has played at the end, a loss the negative,
    a draw 0. The solver and what each of its techniques buys are in
    :mod:`adversarial.games.connectfour_solver`.

    End games take milliseconds; the opening does not: this pure-Python solver has no
    opening book, and a position with few moves played can take it minutes or hours (the
    measured times are in :mod:`adversarial.games.connectfour_solver`). ``node_budget``
    (positions) and ``time_budget`` (seconds) stop it with
    :class:`~adversarial.games.connectfour_solver.BudgetExceeded` instead of a long wait.

    >>> solve("7422341735647741166133573473242566")
    1
    """
    return Solver(node_budget=node_budget, time_budget=time_budget).solve(moves)
