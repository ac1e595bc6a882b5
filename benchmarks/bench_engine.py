"""The engine techniques on Connect Four: the ladder at a fixed depth and a fixed node budget, the right
move against the exact solver, fail-soft against fail-hard under a table, Zobrist collisions, and
seeded matches at equal node budgets with a confidence interval.

    .venv/bin/python benchmarks/bench_engine.py            # --help for the options

Positions: the package's fixed sample (``adversarial/games/connectfour_sample.py``: 20 positions
each from Pons' Test_L2_R1 and Test_L2_R2, every 50th line, with the moves the exact solver calls
best). Every rung keeps the techniques of the rungs above it (``adversarial/lab/engine_lab.py``).
Times are ratios between rungs measured in this process, the rungs taking turns on each position
(``--rounds`` times, median per position), so the machine's speed and its slow moments cancel out.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # run from anywhere

from adversarial import engine_lab  # noqa: E402
from adversarial.beyond.techniques import TranspositionTable, aspiration_deepening  # noqa: E402
from adversarial.beyond.zobrist import ConnectFourZobrist, collisions  # noqa: E402
from adversarial.games.connectfour import centre_first  # noqa: E402
from adversarial.games.connectfour_eval import open_windows  # noqa: E402
from adversarial.lab.engine_lab import GAME, RUNGS, SAMPLE, ladder, ladder_table, play_match, quartiles  # noqa: E402
from benchmarks.results import write_section  # noqa: E402


def fail_soft_vs_hard(positions, depth):
    """Aspiration deepening with a shared table, fail-soft against fail-hard: nodes, re-searches, table hits."""
    lines = ["| bounds | nodes median [IQR] | re-searches (total) | table hits median | same moves |",
             "|---|---|---|---|---|"]
    moves = {}
    for fail in ("soft", "hard"):
        nodes, research, hits, moves[fail] = [], 0, [], []
        for p in positions:
            table = TranspositionTable(ConnectFourZobrist(seed=0))
            r, asp = aspiration_deepening(GAME, GAME.play(p.moves), evaluate=open_windows, max_depth=depth,
                                          delta=engine_lab.DELTA, order=centre_first, table=table, pvs=True,
                                          fail=fail)
            nodes.append(r.nodes)
            research += asp.fail_lows + asp.fail_highs
            hits.append(asp.table_hits)
            moves[fail].append(r.move)
        lo, mid, hi = quartiles(nodes)
        lines.append(f"| fail-{fail} | {mid:,.0f} [{lo:,.0f}–{hi:,.0f}] | {research} | "
                     f"{quartiles(hits)[1]:,.0f} | "
                     f"{sum(a == b for a, b in zip(moves['soft'], moves[fail]))}/{len(positions)} |")
    return "\n".join(lines)


def zobrist_collisions(plies):
    states, frontier = set(), [GAME.initial_state()]
    for _ in range(plies):
        frontier = list({GAME.result(p, c) for p in frontier if not GAME.is_terminal(p) for c in GAME.actions(p)})
        states.update(frontier)
    z = ConnectFourZobrist(seed=0)
    lines = ["| key bits | positions | distinct keys | colliding pairs | expected (n²/2^(b+1)) |",
             "|---|---|---|---|---|"]
    for bits in (16, 24, 32, 64):
        c = collisions(states, z, bits)
        lines.append(f"| {bits} | {c['positions']:,} | {c['keys']:,} | {c['colliding pairs']:,} | "
                     f"{c['expected pairs']:,.3g} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=len(SAMPLE), help="how many sample positions")
    parser.add_argument("--depth", type=int, default=6, help="the fixed depth of the first ladder")
    parser.add_argument("--rounds", type=int, default=3, help="alternating timed rounds of the fixed-depth ladder")
    parser.add_argument("--budget", type=int, default=20_000, help="the node budget of the second ladder")
    parser.add_argument("--openings", type=int, default=24, help="openings per match (each played twice)")
    parser.add_argument("--match-budget", type=int, default=1500, help="nodes per move in the matches")
    parser.add_argument("--collision-plies", type=int, default=7, help="enumerate positions this many plies deep")
    args = parser.parse_args(argv)
    positions = SAMPLE[:args.positions]
    started = time.perf_counter()
    parts = []

    fixed = ladder(positions, depth=args.depth, rounds=args.rounds)
    parts.append(f"### The ladder at depth {args.depth} ({len(positions)} positions)\n\n"
                 + ladder_table(fixed, ratio_fields=("nodes", "seconds")).markdown())
    print(parts[-1], flush=True)
    budget = ladder(positions, node_budget=args.budget)
    parts.append(f"### The ladder at {args.budget:,} nodes per position\n\n"
                 + ladder_table(budget, fields=("depth",), ratio_fields=("depth",)).markdown())
    print(parts[-1], flush=True)
    hurts = [f"{row['rung']} (median nodes ratio {ratio[1]:.2f})" for row, ratio in
             zip(fixed[1:], engine_lab.ratios(fixed)[1:]) if ratio[1] > 1]
    parts.append("Rungs that cost nodes at the fixed depth (median ratio above 1): "
                 + (", ".join(hurts) if hurts else "none") + ".")

    parts.append(f"### Fail-soft against fail-hard (aspiration deepening to depth {args.depth}, PVS, one table)\n\n"
                 + fail_soft_vs_hard(positions, args.depth))
    print(parts[-1], flush=True)
    parts.append(f"### Zobrist collisions (every position within {args.collision_plies} plies of the start)\n\n"
                 + zobrist_collisions(args.collision_plies))
    print(parts[-1], flush=True)

    pairs = [(1, 0), (len(RUNGS) - 1, 0), (4, 2), (5, 4), (6, 5)]
    lines = [f"| first | second | {args.openings} openings × 2 colours |", "|---|---|---|"]
    shown = []
    for a, b in pairs:
        m = play_match(a, b, openings=args.openings, node_budget=args.match_budget, seed=1)
        lines.append(f"| {RUNGS[a][0]} | {RUNGS[b][0]} | {m} |")
        print(lines[-1], flush=True)
        if m.low > 0.5 or m.high < 0.5:
            shown.append(f"{RUNGS[a][0]} {'stronger' if m.low > 0.5 else 'weaker'} than {RUNGS[b][0]}")
    lines.append("\nMatches whose interval excludes ½: " + ("; ".join(shown) if shown else
                 "none — at this budget and number of games no rung is shown stronger or weaker.") + "")
    parts.append(f"### Matches at {args.match_budget:,} nodes per move (seed 1, 4 random opening moves)\n\n"
                 "Score: points per game for the first (win 1, draw ½); interval: 95% bootstrap over openings.\n\n"
                 + "\n".join(lines))
    parts.append(f"Total run time {time.perf_counter() - started:.0f} s.")
    write_section("bench_engine", "Connect Four: engine techniques, rung by rung", "\n\n".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
