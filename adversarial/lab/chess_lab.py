"""Move ordering measured on chess: the Bratko–Kopec positions, one ordering idea added per rung.

Used by notebook 12 (depth 3 on every third position; depth 4 on one) and ``benchmarks/bench_chess.py``
(depths 3 and 4 on all 24, written into ``benchmarks/RESULTS.md``). Every rung searches with
:func:`~adversarial.beyond.techniques.engine` (alpha-beta in negamax form) and the evaluation
:func:`~adversarial.games.chess.evaluation.material_and_squares`, so the rungs differ only in the
order they try moves, and every rung finds the same value (the tests check it). A rung keeps the
ideas of the rungs above it:

>>> len(RUNGS), RUNGS[0][0], RUNGS[-1][0]
(7, 'natural order', '+ iterative deepening')
>>> row = run(SUITE[7].fen, 2)            # BK.08, depth 2: every rung
>>> len(set(r.value for r in row)) == 1, row[0].nodes >= row[1].nodes
(True, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..beyond.techniques import TranspositionTable, deepening, engine
from ..formatting import Table
from ..games.chess import Chess
from ..games.chess.evaluation import material_and_squares
from ..games.chess.ordering import EngineOrder, mvv_lva
from ..games.chess.suite import bratko_kopec
from .ahead import remembered
from .engine_lab import paired, quartiles
from .progress import progress

GAME = Chess()
SUITE = bratko_kopec()

# (name, the engine() options of the rung: an order, a table, deepening)
RUNGS: list[tuple[str, dict]] = [
    ("natural order", {}),
    ("+ captures by MVV-LVA", {"order": "mvv"}),
    ("+ promotions and checks", {"order": "tactics"}),
    ("+ killer moves", {"order": "killers"}),
    ("+ history", {"order": "history"}),
    ("+ table's best move", {"order": "history", "table": True}),
    ("+ iterative deepening", {"order": "history", "table": True, "deepening": True}),
]


@dataclass(frozen=True)
class Run:
    """One rung's search of one position: nodes and leaves entered, value, the move chosen (SAN), and
    the moves chosen by each iteration (iterative deepening only)."""
    nodes: int
    leaves: int
    value: float
    move: str
    moves_by_depth: tuple = ()


def _order(name, checks):
    if name is None:
        return None
    if name == "mvv":
        return mvv_lva
    return EngineOrder(tactics=True, killers=name in ("killers", "history"), history=name == "history",
                       checks=checks)


def search(fen: str, depth: int, rung: int, *, checks: dict | None = None, memo: dict | None = None) -> Run:
    """Rung ``rung`` (0-based) of :data:`RUNGS` searching ``fen`` to ``depth``. ``checks``: a dict shared by
    the rungs searching the same position, where their orders remember which moves give check
    (:class:`~adversarial.games.chess.ordering.EngineOrder`); ``memo``: a dict they share where each
    position's moves, ending, evaluation and move groups are worked out once (``Chess.position(memo=)``).
    The counts are the same without them."""
    if isinstance(rung, bool) or not isinstance(rung, int) or not 0 <= rung < len(RUNGS):
        raise ValueError(f"rung must be a whole number from 0 to {len(RUNGS) - 1}, got {rung!r}")
    options = dict(RUNGS[rung][1])
    state = GAME.position(fen, memo=memo)
    order = _order(options.pop("order", None), checks)
    table = TranspositionTable() if options.pop("table", False) else None
    if options.pop("deepening", False):
        r = deepening(GAME, state, max_depth=depth, evaluate=material_and_squares, order=order, table=table)
        leaves = sum(it.stats.leaves for it in r.iterations)
        moves = tuple(GAME.san(state, it.move) for it in r.iterations)
        return Run(r.nodes, leaves, r.value, GAME.san(state, r.move), moves)
    r = engine(GAME, state, depth=depth, evaluate=material_and_squares, order=order, table=table)
    return Run(r.stats.nodes, r.stats.leaves, r.value, GAME.san(state, r.move))


def run(fen: str, depth: int, rungs=None) -> list[Run]:
    """Every rung (or those listed) on one position; the rungs share which moves give check there and below,
    and each position's moves, ending, evaluation and move groups (the counts are the same)."""
    checks: dict = {}
    memo: dict = {}
    return [search(fen, depth, rung, checks=checks, memo=memo)
            for rung in (range(len(RUNGS)) if rungs is None else rungs)]


@remembered
def ladder(depth: int, ids=None) -> dict:
    """Every rung on the suite's positions (``ids``: their names, default all 24) at ``depth``:
    ``{position id: [Run per rung]}``."""
    chosen = [t for t in SUITE if ids is None or t.id in ids]
    return {t.id: run(t.fen, depth) for t in progress(chosen, "positions")}


def ladder_table(results: dict) -> Table:
    """One row per rung: nodes (median and range over the positions), and against the rung above, position
    by position, the median ratio with its quartiles and on how many positions it is cheaper / dearer."""
    ids = list(results)
    lines = []
    for i, (name, _) in enumerate(RUNGS):
        nodes = [results[p][i].nodes for p in ids]
        lo, mid, hi = quartiles(nodes)
        versus = "—"
        if i:
            versus = paired(nodes, [results[p][i - 1].nodes for p in ids])
        against_natural = quartiles([n / results[p][0].nodes for n, p in zip(nodes, ids)])[1]
        lines.append([name, f"{mid:,.0f}", f"{lo:,.0f}–{hi:,.0f}", f"{min(nodes):,}–{max(nodes):,}",
                      f"{against_natural:.2f}", versus])
    return Table.from_lists(["rung", "nodes, median", "quartiles", "range", "÷ natural order, median",
                             "÷ rung above, position by position"], lines)


def knuth_moore(b: float, d: int) -> float:
    """The fewest leaves alpha-beta can look at in a uniform tree of branching ``b`` and depth ``d``
    (Knuth and Moore, 1975): b^⌈d/2⌉ + b^⌊d/2⌋ − 1."""
    return b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1


def branching(fen: str) -> int:
    """The number of legal moves in a position (its branching factor at the root)."""
    state = GAME.position(fen)
    return len(GAME.actions(state))


def minimum_table(results: dict, depth: int, rung: int = 4) -> Table:
    """Per position: its branching factor b (legal moves at the root), the Knuth–Moore minimum for b at
    ``depth``, and the leaves rung ``rung`` looked at (default: '+ history', the best order without a table:
    a table also saves leaves by transpositions, which the minimum does not count), and their ratio."""
    lines = []
    for p, runs in results.items():
        b = branching(next(t.fen for t in SUITE if t.id == p))
        least = knuth_moore(b, depth)
        lines.append([p, b, f"{least:,.0f}", f"{runs[rung].leaves:,}", f"{runs[rung].leaves / least:.1f}"])
    return Table.from_lists(["position", "b", "Knuth–Moore minimum", f"leaves ({RUNGS[rung][0]})",
                             "÷ minimum"], lines)


def agreement(results: dict, rung: int = 0) -> tuple[int, int]:
    """(positions where rung ``rung``'s move is one the suite judges best, positions)."""
    best = {t.id: t.best for t in SUITE}
    hits = sum(runs[rung].move in best[p] for p, runs in results.items())
    return hits, len(results)
