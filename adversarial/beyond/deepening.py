"""Iterative deepening: search to depth 1, then 2, then 3, ... until a budget runs out.

Each finished iteration gives a best move and a principal variation, so the search
can be stopped at any moment and still answer: it is an *anytime* algorithm. The
answer is the last iteration that finished; an iteration cut off by the budget is
thrown away (its half-searched tree could mislead).

>>> from adversarial.games.connectfour import ConnectFour
>>> from adversarial.games.connectfour_eval import open_windows
>>> game = ConnectFour()
>>> r = iterative_deepening(game, game.play("4455"), evaluate=open_windows, max_depth=4)
>>> [(it.depth, it.move) for it in r.iterations]
[(1, 3), (2, 3), (3, 3), (4, 3)]
>>> r.move, r.completed_depth, r.stopped
(3, 4, None)

The **node budget** counts positions entered, over all iterations together; it is
deterministic, so the same call always stops at the same place (stored notebook
outputs stay stable). A **time budget** (seconds) is available too, for play, but its
results depend on the machine. Depth 1 always finishes, whatever the time budget, so
there is always a move to play (a node budget smaller than depth 1 needs stops the
search with no move: ``move`` is ``None``, ``completed_depth`` 0).

**Ordering hook.** ``order_from(previous)`` is called before each iteration with the
previous :class:`Iteration` (``None`` before the first) and returns a move order for
the search (a function ``order(state, moves)``, or ``None`` for the game's own order).
:func:`previous_best_first` is the classic choice: the last iteration's best move is
tried first, which makes alpha-beta cut more. A search without an ``order`` option
(:func:`~adversarial.beyond.chance.expectiminimax`) is run without one.
"""

from __future__ import annotations

import inspect
import math
import time
from dataclasses import dataclass, field
from typing import Callable

from ..formatting import Table, fmt
from ..search import SearchError, Stats, _number_repr, alphabeta
from ..tree import as_game

_SUMMED = ("leaves", "cutoffs", "table_hits", "researches", "first_cutoffs")


class BudgetExhausted(Exception):
    """Raised inside a search when the node or time budget runs out (caught here)."""


@dataclass(frozen=True)
class Iteration:
    """One finished iteration: its depth, value, best move, principal variation, nodes (as the
    search counts them: ``stats.nodes``) and the search's whole :class:`~adversarial.search.Stats`."""
    depth: int
    value: float
    move: object
    pv: tuple
    nodes: int
    stats: Stats | None = field(default=None, repr=False, compare=False)


@dataclass(frozen=True)
class DeepeningResult:
    """Every finished iteration, and the answer of the last one."""
    iterations: tuple = field(default_factory=tuple)
    nodes: int = 0                   # nodes of every iteration, the unfinished one included
    stopped: str | None = None       # None, 'nodes' or 'time': why the search stopped early
    algorithm: str = "iterative deepening (alphabeta)"

    @property
    def stats(self) -> Stats:
        """The cost of all iterations together, as one :class:`~adversarial.search.Stats` (so one table
        compares deepening with any search): ``nodes`` as :attr:`nodes`, the other counts summed over the
        finished iterations."""
        total = Stats(nodes=self.nodes)
        for it in self.iterations:
            for name in _SUMMED:
                setattr(total, name, getattr(total, name) + getattr(it.stats, name, 0))
        if self.iterations:
            total.order = getattr(self.iterations[-1].stats, "order", total.order)
        return total

    @property
    def last(self) -> Iteration | None:
        return self.iterations[-1] if self.iterations else None

    @property
    def move(self):
        return self.last.move if self.last else None

    @property
    def value(self):
        return self.last.value if self.last else None

    @property
    def pv(self) -> tuple:
        return self.last.pv if self.last else ()

    @property
    def completed_depth(self) -> int:
        return self.last.depth if self.last else 0

    def table(self) -> Table:
        """The iterations as a table (depth, best move, value, nodes, principal variation)."""
        note = (f"(stopped: {self.stopped} budget used up during depth {self.completed_depth + 1})"
                if self.stopped else "")
        return Table.from_lists(["depth", "move", "value", "nodes", "principal variation"],
                                [[it.depth, it.move, _signed(it.value), it.nodes, " ".join(map(str, it.pv))]
                                 for it in self.iterations], note=note)

    def __repr__(self) -> str:
        return (f"DeepeningResult(depth={self.completed_depth}, move={self.move!r}, value={_number_repr(self.value)}, "
                f"nodes={self.nodes}, stopped={self.stopped!r})")


class _Budgeted:
    """The game, seen through a counter: every position entered counts against the budget."""

    def __init__(self, game, node_budget, deadline):
        self._game, self._budget, self._deadline = game, node_budget, deadline
        self.nodes = 0
        self.clock = True                     # False while depth 1 runs: it always finishes

    def is_terminal(self, state):
        self.nodes += 1                       # every search calls this once per position entered
        if self._budget is not None and self.nodes > self._budget:
            raise BudgetExhausted("nodes")
        if self.clock and self._deadline is not None and time.perf_counter() > self._deadline:
            raise BudgetExhausted("time")
        return self._game.is_terminal(state)

    def __getattr__(self, name):
        return getattr(self._game, name)


def previous_best_first(previous: Iteration | None, root=None):
    """An order that tries the previous iteration's best move first (``None`` before the first).

    Use it as ``iterative_deepening(..., order_from=previous_best_first)``. Called that
    way (no ``root``), it promotes that move **at every node** where it is legal, not only
    at the root: in games such as Connect Four, where a move is a column, the same column
    is often good deeper down too. Pass ``root=`` (the state searched from) to promote it
    at that state only: ``order_from=lambda it: previous_best_first(it, root=state)``.
    """
    if previous is None or previous.move is None:
        return None
    best = previous.move

    def order(state, moves):
        if best in moves and (root is None or state == root):
            return (best,) + tuple(m for m in moves if m != best)
        return moves
    return order


def iterative_deepening(game, state=None, *, evaluate=None, max_depth: int | None = 20,
                        node_budget: int | None = None, time_budget: float | None = None,
                        order_from: Callable | None = None, search=alphabeta,
                        stop_when_exact: bool = False) -> DeepeningResult:
    """Search depth 1, 2, ... ``max_depth``; stop early when the budget is used up.

    The package's one iterative deepening: the ladders of :mod:`adversarial.lab.experiments` and
    :mod:`adversarial.lab.engine_lab` and :func:`adversarial.beyond.techniques.deepening` all run it.

    Args:
        game: a game (see :mod:`adversarial.game`).
        state: where to search from (default: the initial state).
        evaluate: the evaluation function used at the depth limit.
        max_depth: the deepest iteration to run.
        node_budget: the most positions to enter, over all iterations (deterministic).
        time_budget: the most seconds to spend (machine-dependent; for play, not for stored outputs).
        order_from: the ordering hook, ``order_from(previous_iteration) -> order or None``
            (see the module docstring and :func:`previous_best_first`).
        search: the depth-limited search to repeat (default :func:`~adversarial.search.alphabeta`).
        stop_when_exact: stop after an iteration that called no evaluation (it saw the end of
            every line, so its value is exact and deeper iterations change nothing) and used no
            value that rests on one (a table hit from an evaluation of an earlier iteration, a
            null-move cut).
            ``max_depth=None`` goes on until that happens (or a budget runs out).

    Nodes are counted as the search counts them (its ``stats.nodes``); the node budget counts
    every position entered, re-searches included, and is checked as the search goes.

    Returns:
        A :class:`DeepeningResult` with every finished iteration; its ``move``, ``value`` and
        ``pv`` are those of the deepest finished one.
    """
    if max_depth is not None and (isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 1):
        raise ValueError(f"max_depth must be a whole number of moves, 1 or more (or None: until the value "
                         f"is exact), got {max_depth!r}")
    if node_budget is not None and (isinstance(node_budget, bool) or not isinstance(node_budget, int)
                                    or node_budget < 1):
        raise ValueError(f"node_budget must be a whole number of positions, 1 or more, got {node_budget!r}")
    if time_budget is not None and (isinstance(time_budget, bool) or not isinstance(time_budget, (int, float))
                                    or not time_budget > 0):
        raise ValueError(f"time_budget must be a positive number of seconds, got {time_budget!r}")
    if order_from is not None and not callable(order_from):
        raise TypeError(f"order_from must be a function of the previous iteration, got {order_from!r}")
    if not callable(search):
        raise TypeError(f"search must be a search function such as alphabeta, got {search!r}")
    if not _takes(search, "depth"):
        raise TypeError(f"search must be a depth-limited search that takes depth= and evaluate= (alphabeta, pvs, "
                        f"mtdf, expectiminimax); {_name(search)}() has no depth option, so it cannot be deepened "
                        "(Monte Carlo tree search is anytime already: give mcts() more iterations instead)")
    ordered = _takes_order(search)
    if order_from is not None and not ordered:
        raise TypeError(f"{getattr(search, '__name__', search)}() has no order option, so order_from "
                        "cannot reorder its moves; leave order_from out, or search with alphabeta")
    game = as_game(game)
    stop_when_exact = stop_when_exact or max_depth is None
    guesses = 0
    if stop_when_exact:
        scorer = evaluate if evaluate is not None else getattr(game, "evaluate", None)
        if scorer is None:
            raise ValueError("stopping when the value is exact needs evaluate=... (a score for the positions "
                             "where a shallow iteration stops)")

        def evaluate(s, scorer=scorer):
            nonlocal guesses
            guesses += 1
            return scorer(s)
    deadline = None if time_budget is None else time.perf_counter() + time_budget
    counted = _Budgeted(game, node_budget, deadline)
    root = game.initial_state() if state is None else state
    iterations: list
    iterations, stopped, nodes = [], None, 0
    depth = 0
    while max_depth is None or depth < max_depth:
        depth += 1
        previous = iterations[-1] if iterations else None
        options = dict(depth=depth, evaluate=evaluate)
        if ordered:
            options["order"] = order_from(previous) if order_from else None
        before, guesses = counted.nodes, 0
        counted.clock = depth > 1
        try:
            r = search(counted, root, **options)
        except BudgetExhausted as why:
            stopped = str(why)
            nodes += counted.nodes - before
            break
        except SearchError as error:
            raise error.with_traceback(None) from None
        stats = getattr(r, "stats", None)
        done = stats.nodes if stats is not None else counted.nodes - before
        nodes += done
        iterations.append(Iteration(depth, r.value, r.move, r.pv, done, stats))
        if stop_when_exact and guesses == 0 and not _guessed(stats):
            break
    return DeepeningResult(tuple(iterations), nodes, stopped, f"iterative deepening ({_name(search)})")


def _guessed(stats) -> int:
    """Values this iteration took from guesses made elsewhere: a table shared between iterations
    (:func:`~adversarial.beyond.techniques.deepening` with ``table=``) answers from evaluations
    made at other depths, and a null-move cut assumes passing is no better than moving."""
    return getattr(stats, "guessed_hits", 0) + getattr(stats, "null_cutoffs", 0)


def _takes_order(search) -> bool:
    """Does ``search`` accept ``order=`` (alphabeta, pvs and mtdf do; expectiminimax does not)?"""
    try:
        parameters = inspect.signature(search).parameters
    except (TypeError, ValueError):
        return True
    return "order" in parameters


def _takes(search, option) -> bool:
    """Can ``search`` be called with ``option=`` (by name, or through ``**options``)?"""
    try:
        parameters = inspect.signature(search).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(p.name == option and p.kind != p.POSITIONAL_ONLY or p.kind == p.VAR_KEYWORD for p in parameters)


def _name(search) -> str:
    return (getattr(search, "__name__", None) or getattr(getattr(search, "func", None), "__name__", None)
            or type(search).__name__)


def _signed(value) -> str:
    """A value for the table: floats with 3 decimals (when not huge), other numbers as they are."""
    if isinstance(value, float) and not abs(value) >= 1e15 or value in (math.inf, -math.inf):
        return f"{value:+.3f}"
    text = fmt(value)
    return text if text[0] in "+-−" else "+" + text


__all__ = ["iterative_deepening", "previous_best_first", "DeepeningResult", "Iteration", "BudgetExhausted"]
