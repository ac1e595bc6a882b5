"""The technique ladder on Connect Four: each rung adds one technique of :mod:`adversarial.beyond.techniques`.

Used by notebook 9 (small runs) and ``benchmarks/bench_engine.py`` (the full ones). Every
rung searches by iterative deepening (so a node budget gives a depth reached) with the
evaluation ``open_windows`` and centre-first move order; a rung keeps every technique of
the rungs above it:

>>> [name for name, _ in RUNGS][:3]
['alpha-beta', '+ table (Zobrist)', '+ PVS']
>>> r = search(SAMPLE[0].moves, len(RUNGS) - 1, depth=3)
>>> r.depth, r.move in SAMPLE[0].right          # the last rung, depth 3, on the first position
(3, True)
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from ..beyond.techniques import (
    LMR,
    NullMove,
    Quiescence,
    TranspositionTable,
    aspiration_deepening,
    connectfour_noisy,
    connectfour_pass,
    deepening,
)
from ..beyond.zobrist import ConnectFourZobrist
from ..formatting import Table
from ..games.connectfour import ConnectFour, centre_first
from ..games.connectfour_eval import open_windows
from ..games.connectfour_sample import SAMPLE
from .experiments import spread
from .matches import Match, match, random_openings
from .progress import progress

GAME = ConnectFour()
DELTA = 0.02          # aspiration half-width: open_windows scores lie in (-1, 1), moves change them by ~0.01

# (name, what the rung adds to the options of the rung above)
RUNGS: list[tuple[str, dict]] = [
    ("alpha-beta", {}),
    ("+ table (Zobrist)", {"table": True}),
    ("+ PVS", {"pvs": True}),
    ("+ aspiration", {"aspiration": True}),
    ("+ LMR", {"lmr": LMR()}),
    ("+ null-move (verified)", {"null_move": NullMove(R=2, verify=True, pass_turn=connectfour_pass)}),
    ("+ quiescence", {"quiescence": Quiescence(connectfour_noisy, cap=2)}),
]


def options(rung: int) -> dict:
    """The options of rung ``rung`` (0-based): its own and those of every rung above it."""
    if isinstance(rung, bool) or not isinstance(rung, int) or not 0 <= rung < len(RUNGS):
        raise ValueError(f"rung must be a whole number from 0 to {len(RUNGS) - 1}, got {rung!r}")
    merged: dict = {}
    for _, extra in RUNGS[:rung + 1]:
        merged.update(extra)
    return merged


@dataclass(frozen=True)
class Run:
    """One position searched by one rung."""
    nodes: int          # positions entered, every iteration and re-search included
    depth: int          # the deepest iteration finished
    move: int
    seconds: float
    researches: int     # aspiration fail-lows + fail-highs


def search(moves: str, rung: int, *, depth: int | None = None, node_budget: int | None = None,
           evaluate=open_windows) -> Run:
    """Search the position after ``moves`` with rung ``rung`` to ``depth`` or within ``node_budget``."""
    if (depth is None) == (node_budget is None):
        raise ValueError("give exactly one of depth= (a fixed depth) or node_budget= (a fixed number of nodes)")
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 1):
        raise ValueError(f"depth must be a whole number of moves, 1 or more, got {depth!r}")
    opts = options(rung)
    aspiration = opts.pop("aspiration", False)
    if opts.pop("table", False):
        opts["table"] = TranspositionTable(ConnectFourZobrist(seed=0))
    state = GAME.play(moves)
    max_depth = depth or 42 - state.count
    start = time.perf_counter()
    if aspiration:
        r, asp = aspiration_deepening(GAME, state, evaluate=evaluate, max_depth=max_depth, node_budget=node_budget,
                                      delta=DELTA, order=centre_first, **opts)
        researches = asp.fail_lows + asp.fail_highs
    else:
        r = deepening(GAME, state, evaluate=evaluate, max_depth=max_depth, node_budget=node_budget,
                      order=centre_first, **opts)
        researches = 0
    return Run(r.nodes, r.completed_depth, r.move, time.perf_counter() - start, researches)


def quartiles(values) -> tuple:
    """(lower quartile, median, upper quartile) of ``values``: :attr:`adversarial.lab.experiments.Spread.quartiles`."""
    return spread(values).quartiles


def paired(new, old) -> str:
    """Position by position, ``new[i] / old[i]``: the median ratio with its quartiles, and on how many
    positions ``new`` is cheaper (ratio below 1) and dearer (above 1).

    >>> paired([90, 120, 100, 50], [100, 100, 100, 100])
    'median 0.95 (quartiles 0.80–1.05); cheaper on 2, dearer on 1 of 4'
    """
    ratios = [a / b for a, b in zip(new, old, strict=True)]
    lo, mid, hi = quartiles(ratios)
    return (f"median {mid:.2f} (quartiles {lo:.2f}–{hi:.2f}); cheaper on {sum(r < 1 for r in ratios)}, "
            f"dearer on {sum(r > 1 for r in ratios)} of {len(ratios)}")


def ladder(positions=None, *, depth=None, node_budget=None, rungs=None, rounds: int = 1) -> list[dict]:
    """Every rung on every position: one row per rung with the runs, and the right-move count.

    The rungs take turns on each position, ``rounds`` times; a run's ``seconds`` is the median of its
    rounds (the searches are deterministic, so everything else is the same every round).
    """
    positions = SAMPLE if positions is None else positions
    rungs = list(range(len(RUNGS)) if rungs is None else rungs)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"rounds must be a whole number, 1 or more, got {rounds!r}")
    runs: dict[int, list] = {rung: [] for rung in rungs}
    for p in progress(positions, "positions"):                   # shown while it takes long
        tries: dict[int, list] = {rung: [] for rung in rungs}
        for _ in range(rounds):
            for rung in rungs:              # alternating, so a slow moment of the machine hits every rung
                tries[rung].append(search(p.moves, rung, depth=depth, node_budget=node_budget))
        for rung in rungs:
            first = tries[rung][0]
            runs[rung].append(Run(first.nodes, first.depth, first.move,
                                  statistics.median(t.seconds for t in tries[rung]), first.researches))
    rows = []
    for rung in rungs:
        right = sum(run.move in p.right for run, p in zip(runs[rung], positions))
        rows.append({"rung": RUNGS[rung][0], "runs": runs[rung], "right": right, "positions": len(positions)})
    return rows


def ratios(rows, field: str = "nodes") -> list:
    """Per rung, the quartiles of the per-position ratio of ``field`` to the rung below (None for the first)."""
    out: list = [None]
    for below, above in zip(rows, rows[1:]):
        out.append(quartiles([getattr(a, field) / max(getattr(b, field), 1e-12)
                              for a, b in zip(above["runs"], below["runs"])]))
    return out


def ladder_table(rows, *, fields=("nodes", "depth"), ratio_fields=("nodes",)) -> Table:
    """The ladder as a :class:`~adversarial.formatting.Table` (an HTML table in Jupyter, aligned text
    elsewhere, ``.markdown()`` for a report): median [quartiles] of each of ``fields``, the median
    [quartiles] of each rung's ratio to the rung above for each of ``ratio_fields`` ("nodes", "seconds",
    "depth"), and how many positions got a right move."""
    head = ["rung"] + [f"{f} median [IQR]" for f in fields]
    head += [f"{'time' if f == 'seconds' else f} ÷ rung above, median [IQR]" for f in ratio_fields]
    head += ["right move"]
    all_ratios = [ratios(rows, f) for f in ratio_fields]
    lines = []
    for i, row in enumerate(rows):
        cells = [row["rung"]]
        for f in fields:
            lo, mid, hi = quartiles([getattr(r, f) for r in row["runs"]])
            cells.append(f"{mid:,.0f} [{lo:,.0f}–{hi:,.0f}]" if f != "depth" else f"{mid:g} [{lo:g}–{hi:g}]")
        for rs in all_ratios:
            cells.append("—" if rs[i] is None else f"{rs[i][1]:.2f} [{rs[i][0]:.2f}–{rs[i][2]:.2f}]")
        cells.append(f"{row['right']}/{row['positions']}")
        lines.append(cells)
    return Table.from_lists(head, lines)


# -- matches ------------------------------------------------------------------------------------

def player(rung: int, node_budget: int, name: str | None = None):
    """A Connect Four player that moves by rung ``rung`` within ``node_budget`` nodes per move."""
    def play(game, state):
        moves = game.moves(state)
        return search(moves, rung, node_budget=node_budget).move
    play.__name__ = name or RUNGS[rung][0]
    return play


MatchResult = Match      # the old name of a ladder match's result: it is adversarial.lab.matches.Match


def play_match(rung_a: int, rung_b: int, *, openings: int, node_budget: int, seed: int = 0,
               opening_moves: int = 4, resamples: int = 2000) -> Match:
    """Rung ``rung_a`` against rung ``rung_b`` at equal node budgets, each opening played with both colours:
    :func:`adversarial.lab.matches.match` from ``openings`` seeded random openings; ``str()`` of the result
    gives the score and its 95% bootstrap interval over the openings."""
    lines = random_openings(GAME, openings, opening_moves, seed)
    return match(GAME, player(rung_a, node_budget), player(rung_b, node_budget), openings=lines,
                 seed=seed, resamples=resamples)


__all__ = ["RUNGS", "SAMPLE", "options", "search", "ladder", "ladder_table", "ratios", "quartiles", "paired", "player",
           "play_match", "MatchResult", "Run"]
