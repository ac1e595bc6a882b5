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
(:func:`~adversarial.chance.expectiminimax`) is run without one.
"""

from __future__ import annotations

import inspect
import math
import time
from dataclasses import dataclass, field
from typing import Callable

from .formatting import Table, fmt
from .game import as_game
from .search import SearchError, alphabeta


class BudgetExhausted(Exception):
    """Raised inside a search when the node or time budget runs out (caught here)."""


@dataclass(frozen=True)
class Iteration:
    """One finished iteration: its depth, value, best move, principal variation and nodes."""
    depth: int
    value: float
    move: object
    pv: tuple
    nodes: int


@dataclass(frozen=True)
class DeepeningResult:
    """Every finished iteration, and the answer of the last one."""
    iterations: tuple = field(default_factory=tuple)
    nodes: int = 0                   # positions entered, the unfinished iteration included
    stopped: str | None = None       # None, 'nodes' or 'time': why the search stopped early

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
                                [[it.depth, str(it.move), _signed(it.value), it.nodes, " ".join(map(str, it.pv))]
                                 for it in self.iterations], note=note)

    def __repr__(self) -> str:
        return (f"DeepeningResult(depth={self.completed_depth}, move={self.move!r}, value={self.value!r}, "
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


def iterative_deepening(game, state=None, *, evaluate=None, max_depth: int = 20,
                        node_budget: int | None = None, time_budget: float | None = None,
                        order_from: Callable | None = None, search=alphabeta) -> DeepeningResult:
    """Search depth 1, 2, ... ``max_depth``; stop early when the budget is used up.

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

    Returns:
        A :class:`DeepeningResult` with every finished iteration; its ``move``, ``value`` and
        ``pv`` are those of the deepest finished one.
    """
    if isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 1:
        raise ValueError(f"max_depth must be a whole number of moves, 1 or more, got {max_depth!r}")
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
    ordered = _takes_order(search)
    if order_from is not None and not ordered:
        raise TypeError(f"{getattr(search, '__name__', search)}() has no order option, so order_from "
                        "cannot reorder its moves; leave order_from out, or search with alphabeta")
    game = as_game(game)
    deadline = None if time_budget is None else time.perf_counter() + time_budget
    counted = _Budgeted(game, node_budget, deadline)
    root = game.initial_state() if state is None else state
    iterations, stopped = [], None
    for depth in range(1, max_depth + 1):
        previous = iterations[-1] if iterations else None
        options = dict(depth=depth, evaluate=evaluate)
        if ordered:
            options["order"] = order_from(previous) if order_from else None
        before = counted.nodes
        counted.clock = depth > 1
        try:
            r = search(counted, root, **options)
        except BudgetExhausted as why:
            stopped = str(why)
            break
        except SearchError as error:
            raise error.with_traceback(None) from None
        iterations.append(Iteration(depth, r.value, r.move, r.pv, counted.nodes - before))
    return DeepeningResult(tuple(iterations), counted.nodes, stopped)


def _takes_order(search) -> bool:
    """Does ``search`` accept ``order=`` (alphabeta, pvs and mtdf do; expectiminimax does not)?"""
    try:
        parameters = inspect.signature(search).parameters
    except (TypeError, ValueError):
        return True
    return "order" in parameters


def _signed(value) -> str:
    """A value for the table: floats with 3 decimals (when not huge), other numbers as they are."""
    if isinstance(value, float) and not abs(value) >= 1e15 or value in (math.inf, -math.inf):
        return f"{value:+.3f}"
    text = fmt(value)
    return text if text[0] in "+-−" else "+" + text


__all__ = ["iterative_deepening", "previous_best_first", "DeepeningResult", "Iteration", "BudgetExhausted"]
