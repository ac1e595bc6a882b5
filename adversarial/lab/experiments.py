"""Move-ordering experiments: leaves read under each order, against the theory.

Random trees with distinct leaves:

>>> t = UniformTree(3, 3, seed=0)
>>> leaves_read(t, "best"), knuth_moore(3, 3), leaves_read(t, "worst"), 3 ** 3
(11, 11, 27, 27)

A *ladder* of techniques on real positions (plain alpha-beta, then a static
order, a transposition table, iterative deepening, killers, history) is
measured by :func:`ladder`; :class:`Table` shows any rows of numbers.
"""

from __future__ import annotations

import math
import numbers
import random
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial

from ..beyond.deepening import iterative_deepening
from ..beyond.ordering import (
    HashMove,
    History,
    Killers,
    as_given,
    best_first,
    reversed_order,
    shuffled,
    worst_first,
)
from ..formatting import Table
from ..game import MAX, MIN, path_label
from ..search import alphabeta
from .ahead import remembered
from .progress import Progress

MAX_LEAVES = 1 << 22        # a uniform tree keeps its leaves in a list: at most ~4 million


class ExperimentError(ValueError):
    """An experiment was asked for something it cannot do: the message says what to change."""


# -- random trees with distinct leaves -----------------------------------------------

class UniformTree:
    """A complete tree, ``branching`` children per inner node, ``depth`` moves deep, MAX at the root,
    whose leaves hold the numbers 0 .. branching**depth - 1 in a seeded random order.

    Distinct leaves mean no ties, so alpha-beta's leaf count depends only on the
    order of the moves. A state is ``(level, index)``: the ``index``-th node of that
    level, counted left to right; its children are ``index * branching + move``.

    >>> t = UniformTree(2, 2, seed=1)
    >>> [t.utility((2, i)) for i in range(4)]
    [3, 0, 2, 1]
    >>> t.result(t.initial_state(), 1), t.to_move((1, 1))
    ((1, 1), 'MIN')
    """

    def __init__(self, branching: int, depth: int, seed: int = 0):
        for name, number, low in (("branching", branching, 1), ("depth", depth, 0),
                                  ("seed", seed, -math.inf)):
            if isinstance(number, bool) or not isinstance(number, int):
                raise ExperimentError(f"{name} must be a whole number, got {number!r}")
            if number < low:
                raise ExperimentError(f"{name} must be at least {low}, got {number}")
        if branching ** depth > MAX_LEAVES:
            raise ExperimentError(
                f"branching {branching} and depth {depth} give {branching ** depth:,} leaves, "
                f"more than {MAX_LEAVES:,}; lower the branching or the depth")
        self.branching, self.depth, self.seed = branching, depth, seed
        self.leaves = list(range(branching ** depth))
        random.Random(seed).shuffle(self.leaves)
        self.moves = tuple(range(branching))

    def __repr__(self) -> str:
        return f"UniformTree(branching={self.branching}, depth={self.depth}, seed={self.seed})"

    def initial_state(self):
        return (0, 0)

    def to_move(self, state):
        return MAX if state[0] % 2 == 0 else MIN

    def actions(self, state):
        return () if state[0] == self.depth else self.moves

    def result(self, state, move):
        level, index = state
        return (level + 1, index * self.branching + move)

    def is_terminal(self, state):
        return state[0] == self.depth

    def utility(self, state):
        return self.leaves[state[1]]

    def label(self, path):
        return path_label(path)

    def nested(self):
        """The tree as nested lists (for :func:`adversarial.tree` and drawing small trees)."""
        def build(state):
            if self.is_terminal(state):
                return self.utility(state)
            return [build(self.result(state, m)) for m in self.moves]
        return build(self.initial_state())


def reordered(game, order) -> list:
    """The game's whole tree as nested lists, each node's children in ``order``'s order.

    With ``order=best_first(game)`` a plain left-to-right search of the result is a
    search with the best order, and its drawing reads left to right.

    >>> from adversarial.beyond.ordering import best_first
    >>> t = UniformTree(2, 2, seed=1)
    >>> t.nested(), reordered(t, best_first(t))
    ([[3, 0], [2, 1]], [[1, 2], [0, 3]])
    """
    def build(state):
        if game.is_terminal(state):
            return game.utility(state)
        return [build(game.result(state, m)) for m in order(state, game.actions(state))]
    return build(game.initial_state())


# -- theory -----------------------------------------------------------------------------

def knuth_moore(b: int, d: int) -> int:
    """The fewest leaves alpha-beta can read in a uniform tree: b^⌈d/2⌉ + b^⌊d/2⌋ − 1.

    >>> knuth_moore(3, 3), knuth_moore(2, 4), knuth_moore(10, 1)
    (11, 7, 10)
    """
    for name, x, low in (("b (the branching)", b, 1), ("d (the depth)", d, 0)):
        if isinstance(x, bool) or not isinstance(x, numbers.Integral) or x < low:
            raise ExperimentError(f"knuth_moore needs {name} as a whole number, {low} or more, got {x!r}")
    b, d = int(b), int(d)
    return b ** math.ceil(d / 2) + b ** (d // 2) - 1


def random_estimate(b: int, d: int) -> float:
    """The usual estimate of alpha-beta's leaves under a random order: b^(3d/4)."""
    return b ** (0.75 * d)


def effective_branching(leaves: float, d: int) -> float:
    """The branching factor a full tree of depth ``d`` with this many leaves would have.

    >>> round(effective_branching(81, 4), 3), round(effective_branching(17, 4), 3)
    (3.0, 2.031)
    """
    return leaves ** (1 / d) if d else 1.0


# -- the spread of a measurement ---------------------------------------------------------

@dataclass(frozen=True)
class Spread:
    """Every value of a repeated measurement, with its median, quartiles and range.

    The one spread of the package: the Connect Four experiments
    (:mod:`adversarial.lab.connectfour_lab`) and the technique ladder
    (:mod:`adversarial.lab.engine_lab`) use it too.

    >>> s = spread([4, 1, 3, 2, 5])
    >>> s
    median 3 (range 1 to 5, 5 values)
    >>> s.n, s.min, s.q1, s.median, s.q3, s.max
    (5, 1, 2.0, 3, 4.0, 5)
    """

    values: tuple

    @property
    def n(self) -> int:
        return len(self.values)

    @property
    def median(self):
        return statistics.median(self.values)

    @property
    def min(self):
        return min(self.values)

    @property
    def max(self):
        return max(self.values)

    low, high = min, max

    @property
    def quartiles(self) -> tuple:
        """(lower quartile, median, upper quartile), by the inclusive method: the median of each half
        for an odd count, interpolated otherwise."""
        if len(self.values) == 1:
            return (self.values[0],) * 3
        return tuple(statistics.quantiles(sorted(self.values), n=4, method="inclusive"))

    @property
    def q1(self):
        return self.quartiles[0]

    @property
    def q3(self):
        return self.quartiles[2]

    def __repr__(self) -> str:
        return (f"median {_number(self.median)} (range {_number(self.low)} to {_number(self.high)}, "
                f"{len(self.values)} values)")


def _number(x) -> str:
    if isinstance(x, int) or (isinstance(x, float) and x.is_integer() and abs(x) < 1e6):
        return f"{int(x)}"
    if abs(x) >= 1e6:
        return f"{x:.1e}"
    return f"{x:.3g}"


def spread(values: Iterable[float]) -> Spread:
    """The :class:`Spread` of ``values`` (any iterable of numbers): every value, median, quartiles, range."""
    values = tuple(values)
    if not values:
        raise ExperimentError("spread needs at least one value, got none: give at least one measurement")
    return Spread(tuple(_measured(v) for v in values))


def _measured(v):
    """``v`` as an int or a float (numpy's numbers too), or a clear error."""
    if type(v) is int or type(v) is float and v == v:
        return v
    if not isinstance(v, bool) and isinstance(v, numbers.Real):
        v = int(v) if isinstance(v, numbers.Integral) else float(v)
        if v == v:
            return v
        raise ValueError("spread needs real numbers, got NaN: leave out the measurements that failed")
    raise TypeError(f"spread needs numbers (int or float), got {v!r}")


# -- leaves read by order ----------------------------------------------------------------

ORDERS = ("worst", "random", "best")


def make_order(game, name: str, seed: int = 0):
    """The order policy called ``name`` for ``game``: worst, reversed, as given, random, best."""
    makers = {"worst": lambda: worst_first(game), "reversed": lambda: reversed_order,
              "as given": lambda: as_given, "random": lambda: shuffled(seed),
              "best": lambda: best_first(game)}
    if name not in makers:
        raise ExperimentError(f"unknown order {name!r}; choose from {', '.join(makers)}")
    return makers[name]()


def leaves_read(game, order: str, seed: int = 0, **options) -> int:
    """How many leaves alpha-beta reads on ``game`` under the named order."""
    return alphabeta(game, order=make_order(game, order, seed), **options).stats.leaves


def leaf_counts(branchings: Iterable[int] = range(2, 9), depths: Iterable[int] = range(1, 9),
                orders: Sequence[str] = ORDERS, seeds: Iterable[int] = (0, 1, 2),
                max_leaves: int = 5000) -> Table:
    """Mean leaves read for every (b, d) with b^d ≤ ``max_leaves``, one column per order,
    beside b^d, b^(3d/4) and the Knuth–Moore minimum. Raise ``max_leaves`` for a larger run.

    The table keeps every measurement, not only the mean: ``table.counts[(b, d, order)]`` is the
    list of leaves read on each seeded tree (``spread(...)`` of it gives the median and range).
    """
    seeds = tuple(seeds)
    if not seeds:
        raise ExperimentError("seeds is empty: give at least one seed, e.g. seeds=(0,)")
    rows, samples = [], {}
    branchings, depths = list(branchings), list(depths)
    with Progress(sum(b ** d for b in branchings for d in depths if b ** d <= max_leaves) * len(orders)
                  * len(seeds), "leaves of the trees") as meter:         # shown while it takes long
        for b in branchings:
            for d in depths:
                if b ** d > max_leaves:
                    continue
                row = {"b": b, "d": d, "b^d": b ** d, "b^(3d/4)": round(random_estimate(b, d), 1),
                       "Knuth–Moore": knuth_moore(b, d)}
                for order in orders:
                    counts = [leaves_read(UniformTree(b, d, seed), order, seed) for seed in seeds]
                    row[order] = round(sum(counts) / len(counts), 1)
                    samples[(b, d, order)] = counts
                    meter.advance(b ** d * len(seeds))
                rows.append(row)
    table = Table(rows, title=f"mean leaves read over {len(seeds)} seeded trees")
    table.counts, table.seeds = samples, seeds  # type: ignore[attr-defined]
    return table


# -- the ladder of techniques on real positions ------------------------------------------

def random_positions(game, n: int, moves: int, seed: int = 0, *, lines: bool = False) -> list:
    """``n`` different unfinished positions, each reached by ``moves`` random legal moves
    from the start (the same ones for the same ``seed``); with ``lines=True``, the moves that
    reach them (tuples), for openings of a match (:func:`adversarial.lab.matches.random_openings`).

    The package's one random-position sampler: positions are different as positions (two lines
    that transpose into the same position count once).

    >>> from adversarial.games import TicTacToe
    >>> random_positions(TicTacToe(), 2, 3, seed=1)
    [Board('.OX/.X./...'), Board('.X./.../.XO')]
    >>> random_positions(TicTacToe(), 2, 3, seed=1, lines=True)
    [(2, 1, 4), (1, 8, 7)]
    """
    found: dict
    rng, found, tries = random.Random(seed), {}, 0
    while len(found) < n:
        tries += 1
        if tries > 100 * n + 1000:
            raise ExperimentError(f"found only {len(found)} unfinished positions after {moves} moves; "
                                  "ask for fewer moves or fewer positions")
        line: tuple
        state, line = game.initial_state(), ()
        for _ in range(moves):
            if game.is_terminal(state):
                break
            move = rng.choice(list(game.actions(state)))
            state, line = game.result(state, move), line + (move,)
        if not game.is_terminal(state) and state not in found:
            found[state] = line
    return list(found.values()) if lines else list(found)


def rungs(static_order, table_key=True):
    """The ladder: each rung adds one technique to the rung before. The deepening rungs run
    :func:`adversarial.beyond.deepening.iterative_deepening` (until the value is exact when ``depth`` is None).

    Each entry is ``(name, search)`` where ``search(game, state, depth, evaluate)``
    returns ``(value, nodes)``.
    """
    def plain(game, state, depth, evaluate, order=None, table=False):
        r = alphabeta(game, state, depth=depth, evaluate=evaluate, order=order, table=table)
        return r.value, r.stats.nodes

    def deepening(make_order):
        def search(game, state, depth, evaluate):
            order = make_order()            # a HashMove: it learns each iteration's principal variation
            if depth is None and evaluate is None and getattr(game, "evaluate", None) is None:
                evaluate = _no_guess        # solving: shallow iterations only order the deeper ones

            def order_from(previous):
                if previous is not None:
                    order.remember(game, state, previous.pv)
                return order
            r = iterative_deepening(game, state, evaluate=evaluate, max_depth=depth, stop_when_exact=True,
                                    order_from=order_from, search=partial(alphabeta, table=table_key))
            return r.value, r.nodes
        return search

    return [
        ("alpha-beta", plain),
        (f"+ static order ({static_order.name})",
         lambda g, s, d, e: plain(g, s, d, e, order=static_order)),
        ("+ transposition table",
         lambda g, s, d, e: plain(g, s, d, e, order=static_order, table=table_key)),
        ("+ iterative deepening, best move first", deepening(lambda: HashMove(static_order))),
        ("+ killer moves", deepening(lambda: HashMove(Killers(static_order)))),
        ("+ history heuristic", deepening(lambda: HashMove(Killers(History(static_order))))),
    ]


def _no_guess(state) -> int:
    """The evaluation of deepening until exact when none is given: every unfinished position scores 0.
    The shallow iterations' values are thrown away; only the last, exact one is kept."""
    return 0


@remembered
def ladder(game, positions: Sequence, depth: int | None, static_order, *, evaluate=None,
           table_key=True, steps: Sequence | None = None) -> Table:
    """Nodes per position for each rung of the ladder: mean, median and range over the
    positions, the ratio of the means to the rung before, and on how many positions the rung
    searched *more* nodes than the rung before ("worse on").

    ``depth=None`` solves each position (searches to the end of the game). Every
    measurement is kept: ``table.nodes[technique]`` lists the nodes of each position.

    Every rung must find the same value for every position (checked: a technique
    that changed an answer would be a bug, not a speed-up).
    """
    positions = list(positions)
    if not positions:
        raise ExperimentError("no positions to search: give at least one")
    steps = rungs(static_order, table_key) if steps is None else steps
    rows, previous, reference, nodes, before = [], None, None, {}, None
    with Progress(len(steps) * len(positions), "searches") as meter:    # shown while it takes long
        for name, search in steps:
            found = []
            for p in positions:
                found.append(search(game, p, depth, evaluate))
                meter.advance()
            values = [v for v, _ in found]
            if reference is None:
                reference = values
            elif values != reference:
                bad = next(i for i, (a, b) in enumerate(zip(values, reference)) if a != b)
                raise ExperimentError(f"rung {name!r} found {values[bad]} at position {bad}, "
                                      f"plain alpha-beta {reference[bad]}: that rung has a bug")
            counts = [n for _, n in found]
            mean, s = sum(counts) / len(counts), spread(counts)
            rows.append({"technique": name, "mean nodes": round(mean, 1), "median": s.median,
                         "min": s.min, "max": s.max,
                         "ratio to previous": "" if previous is None else round(mean / previous, 3),
                         "worse on": "" if before is None else sum(now > then for now, then
                                                                   in zip(counts, before))})
            previous, before, nodes[name] = mean, counts, counts
    where = "solved to the end" if depth is None else f"depth {depth}"
    table = Table(rows, title=f"{len(positions)} positions, {where}",
                  formats={"ratio to previous": ".2f"})
    table.values = reference  # type: ignore[attr-defined]      # the value of each position, the same on every rung
    table.nodes = nodes  # type: ignore[attr-defined]           # technique -> the nodes searched at each position
    return table


__all__ = [
    "ORDERS",
    "ExperimentError",
    "Spread",
    "Table",
    "UniformTree",
    "effective_branching",
    "knuth_moore",
    "ladder",
    "leaf_counts",
    "leaves_read",
    "make_order",
    "random_estimate",
    "random_positions",
    "reordered",
    "rungs",
    "spread",
]

