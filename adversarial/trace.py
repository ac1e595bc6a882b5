"""What a search did, event by event, and the α/β table built from it.

A search called with ``trace=True`` records, in order:

- :class:`Enter`  -- it entered a node, with the α and β it was given;
- :class:`Leaf`   -- it scored a terminal node (or a node at the depth limit),
  which is also the value that node returns;
- :class:`Bound`  -- a node raised α (MAX) or lowered β (MIN);
- :class:`Cutoff` -- α met β, so the node's remaining moves were skipped;
- :class:`Return` -- the node handed its value back to its parent.

Every event names its node by its *path*: the tuple of moves from the root.
α, β and values are always from MAX's point of view.
"""

from __future__ import annotations

import gc
import math
from dataclasses import dataclass, field
from typing import Any, Sequence

from .drawing.themes import theme_style
from .formatting import fmt, html_table, text_table
from .game import MAX, MIN, path_label


@dataclass(slots=True, unsafe_hash=True)   # not frozen: a frozen dataclass is 3x slower to make
class Enter:
    path: tuple
    player: str
    alpha: float | None = None    # None for plain minimax, which has no bounds
    beta: float | None = None
    state: Any = field(default=None, repr=False, compare=False)


@dataclass(slots=True, unsafe_hash=True)
class Leaf:
    path: tuple
    value: float
    terminal: bool = True         # False: the depth limit was hit and evaluate() scored it


@dataclass(slots=True, unsafe_hash=True)
class Bound:
    path: tuple
    name: str                     # "alpha" or "beta"
    old: float
    new: float


@dataclass(slots=True, unsafe_hash=True)
class Cutoff:
    path: tuple
    player: str
    value: float                  # the node's best value so far
    alpha: float
    beta: float
    skipped: tuple                # the moves never tried


@dataclass(slots=True, unsafe_hash=True)
class Return:
    path: tuple
    value: float
    bound: str = "exact"          # "exact", "upper" (true value <= value) or "lower" (>=)


Event = Enter | Leaf | Bound | Cutoff | Return


def fmt_value(value, bound: str) -> str:
    """A returned value, written as a bound when it is not exact (``≤ 1``, ``≥ 23``)."""
    return {"upper": "≤ ", "lower": "≥ "}.get(bound, "") + fmt(value)


@dataclass
class Row:
    """One node of the trace table (see :meth:`Trace.rows`)."""
    order: int                 # 1 for the first node entered, 2 for the next, ...
    path: tuple
    label: str
    player: str                # MAX, MIN, or "leaf"
    alpha: float | None
    beta: float | None
    explored: list = field(default_factory=list)   # moves tried, in order
    value: float | None = None
    bound: str = "exact"
    skipped: tuple = ()        # moves pruned at this node


class Trace(Sequence):
    """The ordered events of one search. Shows as an α/β table in Jupyter and as text."""

    def __init__(self, events: Sequence[Event] | Recorder, game=None, algorithm: str = "alphabeta",
                 prune_on_equal: bool = True, prefix: tuple = ()):
        # A search hands over its Recorder: the events are built from it when first needed.
        self._recorder: Any = events if isinstance(events, Recorder) else None
        self._events: tuple | None = None if isinstance(events, Recorder) else tuple(events)
        self.game = game
        self.algorithm = algorithm
        self.prune_on_equal = prune_on_equal
        self.prefix = prefix     # the path from the game's root to the searched node (for names)

    @property
    def events(self) -> tuple:
        if self._events is None:
            self._events, self._recorder = self._recorder.replay(), None
        return self._events

    def __getitem__(self, index):
        return self.events[index]

    def __len__(self) -> int:
        return len(self._recorder.records) if self._events is None else len(self._events)

    # -- names -------------------------------------------------------------
    def label(self, path: tuple) -> str:
        """The readable name of a node, as the game names it."""
        namer = getattr(self.game, "label", None)
        return namer(self.prefix + path) if namer else path_label(path)

    def describe(self, path: tuple) -> str:
        """How a sentence mentions a node (a tree's leaves by their values)."""
        describer = getattr(self.game, "describe", None)
        return describer(self.prefix + path) if describer else self.label(path)

    # -- the table ---------------------------------------------------------
    def rows(self, leaves: bool = False) -> list[Row]:
        """One row per node entered, in visit order; leaves only if ``leaves=True``.

        A search from a finished position (the root is itself a leaf) still gets its one row.
        """
        rows: dict[tuple, Row] = {}
        for event in self.events:
            if isinstance(event, Enter):
                rows[event.path] = Row(len(rows) + 1, event.path, self.label(event.path),
                                       event.player, event.alpha, event.beta)
                if event.path:
                    rows[event.path[:-1]].explored.append(event.path[-1])
            elif isinstance(event, Leaf):
                rows[event.path].player = "leaf"
                rows[event.path].value = event.value
            elif isinstance(event, Cutoff):
                rows[event.path].skipped = event.skipped
            elif isinstance(event, Return):
                rows[event.path].value = event.value
                rows[event.path].bound = event.bound
        return [row for row in rows.values() if leaves or row.player != "leaf" or not row.path]

    def table(self, leaves: bool = False) -> "TraceTable":
        """The α/β table: node, MAX/MIN, α and β on entry, children explored, value, pruned?"""
        return TraceTable(self, leaves)

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()

    def __repr__(self) -> str:
        return str(self.table())

    # -- sentences ---------------------------------------------------------
    def explain(self, index: int) -> str:
        """Event ``index`` told in one plain sentence."""
        event = self.events[index]
        following = self.events[index + 1] if index + 1 < len(self.events) else None
        if isinstance(event, Enter) and isinstance(following, Leaf) and following.path == event.path:
            window = "" if event.alpha is None else f" with α = {fmt(event.alpha)}, β = {fmt(event.beta)}"
            return f"Reach leaf {self.label(event.path)}{window}."
        return explain(self, event)


class TraceTable:
    """The trace as a table: HTML in Jupyter, aligned text elsewhere."""

    HEADER = ("#", "node", "player", "α", "β", "children explored", "value", "pruned?")

    def __init__(self, trace: Trace, leaves: bool = False):
        self.trace = trace
        self.rows = trace.rows(leaves)

    def cells(self) -> list[tuple[str, ...]]:
        cells: list[tuple[str, ...]] = []
        for row in self.rows:
            explored = ", ".join(self.trace.describe(row.path + (m,)) for m in row.explored)
            pruned = "no"
            if row.skipped:
                pruned = "yes: " + ", ".join(self.trace.describe(row.path + (m,)) for m in row.skipped)
            cells.append((str(row.order), row.label, row.player, fmt(row.alpha), fmt(row.beta),
                          explored or "—", fmt_value(row.value, row.bound), pruned))
        return cells

    def __str__(self) -> str:
        return text_table(self.HEADER, self.cells(), rule=True)

    __repr__ = __str__

    # Each cell carries its own padding: a page's style sheet (the site's) may set none, and then
    # neighbouring columns run together ("3 +∞1").
    PAD = "padding:0.15em 0.8em"

    def _repr_html_(self) -> str:
        cells = self.cells()
        pruned = len(self.HEADER) - 1

        def style(row, column):
            if row >= 0 and column == pruned and cells[row][-1] != "no":
                return f"{self.PAD};color:#b00;font-weight:bold"
            return self.PAD
        # lecture_mode() enlarges the table for a projector
        return html_table(self.HEADER, cells, cell_style=style,
                          attributes=f'class="adversarial-trace" style="font-size:{theme_style()["text"]}"')


# -- sentences ---------------------------------------------------------------

def _plural(items: list[str], one: str, many: str) -> str:
    if len(items) == 1:
        return f"{one} {items[0]}"
    return f"{many} {', '.join(items[:-1])} and {items[-1]}"


def explain(trace: Trace, event: Event) -> str:
    """One plain sentence for one event."""
    name = trace.label(event.path)
    at_root = not event.path and not trace.prefix
    if isinstance(event, Enter):
        where = f"the root ({event.player})" if at_root else f"{event.player} node {name}"
        if event.alpha is None:
            return f"Enter {where}."
        return f"Enter {where} with α = {fmt(event.alpha)}, β = {fmt(event.beta)}."
    if isinstance(event, Leaf):
        if event.terminal:
            return f"Leaf {name} is worth {fmt(event.value)}."
        return f"Depth limit at {name}: the evaluation function scores it {fmt(event.value)}."
    if isinstance(event, Bound):
        player, verb = (MAX, "raises α") if event.name == "alpha" else (MIN, "lowers β")
        return f"{player} node {name} {verb} from {fmt(event.old)} to {fmt(event.new)}."
    if isinstance(event, Cutoff):
        skipped = [trace.label(event.path + (m,)) for m in event.skipped]     # the names the picture shows
        children = _plural(skipped, "child", "children")
        strict = not trace.prune_on_equal
        if event.player == MIN:
            sign = "<" if strict else "≤"
            reason = f"MIN node {name}: value {fmt(event.value)} {sign} α = {fmt(event.alpha)}"
        else:
            sign = ">" if strict else "≥"
            reason = f"MAX node {name}: value {fmt(event.value)} {sign} β = {fmt(event.beta)}"
        return f"{reason}, so {name}'s remaining {children} {'is' if len(skipped) == 1 else 'are'} pruned."
    if isinstance(event, Return):
        value = fmt(event.value)
        if event.bound == "upper":
            return (f"{name} returns {value}, only an upper bound: its true value is {value} or less, "
                    "which is already too low to matter.")
        if event.bound == "lower":
            return (f"{name} returns {value}, only a lower bound: its true value is {value} or more, "
                    "which is already too high to matter.")
        if at_root:
            return f"The root's value is {value}."
        return f"{name} returns {value}."
    raise TypeError(f"not a trace event: {event!r}")


class Recorder:
    """Collects events while a search runs (the search calls it only when tracing).

    It keeps plain tuples, which are cheap to make; :meth:`replay` turns them into
    events when the trace is first looked at.
    """

    def __init__(self, prune_on_equal: bool = True):
        self.records: list[tuple] = []
        self.prune_on_equal = prune_on_equal

    @property
    def events(self) -> tuple:
        """The events recorded so far (built anew at each call)."""
        return self.replay()

    def enter(self, path, player, alpha, beta, state) -> None:
        self.records.append((Enter, path, player, alpha, beta, state))

    def leaf(self, path, value, terminal: bool) -> None:
        """A leaf is scored; its score is also what it returns (no Return event)."""
        self.records.append((Leaf, path, value, terminal))

    def bound(self, path, name, old, new) -> None:
        self.records.append((Bound, path, name, old, new))

    def cutoff(self, path, player, value, alpha, beta, skipped) -> None:
        self.records.append((Cutoff, path, player, value, alpha, beta, tuple(skipped)))

    def leave(self, path, value) -> None:
        """The node returns ``value`` (whether that is exact is worked out in :meth:`replay`)."""
        self.records.append((Return, path, value))

    def replay(self) -> tuple:
        """The events, in order.

        Alpha-beta's value v of a node entered with window (α, β) is exact when
        α < v < β; when v ≤ α the true value is at most v, when v ≥ β at least v.
        (With the strict rule, which prunes only when α > β, the window is closed:
        v = α or v = β is exact too.) Outside its window, v is still exact when nothing
        below the node was pruned or answered by a table: every child was searched, so
        v is the node's minimax value. So a value is a bound only where the drawing marks
        something cut below it, and the table, the sentences and the picture agree.
        """
        events: list = []
        windows: dict = {}
        collecting = gc.isenabled()
        gc.disable()            # hundreds of thousands of new objects, no cycles (see search.py)
        try:
            self._replay(events, windows)
        finally:
            if collecting:
                gc.enable()
        return tuple(events)

    def _replay(self, events, windows):
        add = events.append
        searched: set = set()       # nodes with a child entered, or leaves scored
        incomplete: set = set()     # nodes with something below them pruned, or answered by a table
        for record in self.records:
            kind = record[0]
            if kind is Return:
                _, path, value = record
                alpha, beta = windows.pop(path)
                if path not in searched:
                    incomplete.add(path)            # no child searched: a table answered
                searched.discard(path)
                bound = "exact"
                if path in incomplete:
                    incomplete.discard(path)
                    if path:
                        incomplete.add(path[:-1])
                    if alpha is not None:
                        bound = bound_of(value, alpha, beta, self.prune_on_equal)
                add(Return(path, value, bound))
            else:
                if kind is Enter:
                    windows[record[1]] = record[3], record[4]
                    if record[1]:
                        searched.add(record[1][:-1])
                elif kind is Leaf:
                    searched.add(record[1])
                elif kind is Cutoff:
                    incomplete.add(record[1])
                add(kind(*record[1:]))


def bound_of(value, alpha, beta, prune_on_equal=True) -> str:
    """Is alpha-beta's ``value`` for a node searched with window (α, β) exact, or a bound?

    'upper' means the true value is at most ``value``, 'lower' at least ``value``.
    """
    if alpha == -math.inf and beta == math.inf:
        return "exact"
    if value < alpha or (prune_on_equal and value == alpha):
        return "upper"
    if value > beta or (prune_on_equal and value == beta):
        return "lower"
    return "exact"
