"""Move ordering at a larger scale than notebook 6 runs: nodes, and time as ratios.

    .venv/bin/python benchmarks/bench_ordering.py [--openings 20] [--depth 7] [--solve 100]
                                                  [--max-leaves 100000]

Prints
- the random-tree grid (b = 2..8, d = 1..8 up to ``--max-leaves`` leaves): best-first against the
  Knuth–Moore minimum, and each order's effective branching factor at the deepest d;
- the Connect Four ladder at ``--depth`` on ``--openings`` seeded openings, with each rung's
  time as a ratio to plain alpha-beta's in this same process (never absolute times);
- the solving ladder on the first ``--solve`` positions of Pascal Pons' Test_L3_R1 (from
  ../shared/data/connect4/resources; skipped, saying so, when that folder is absent), every
  value checked against the file's score.
"""

import argparse
import time
from pathlib import Path

from adversarial.beyond.ordering import connectfour_centre_first
from adversarial.games.connectfour import ConnectFour
from adversarial.games.connectfour_eval import open_windows
from adversarial.lab.experiments import effective_branching, ladder, leaf_counts, random_positions, rungs

PONS = Path(__file__).resolve().parents[2] / "shared" / "data" / "connect4" / "resources" / "Test_L3_R1"


def grid(max_leaves):
    table = leaf_counts(max_leaves=max_leaves)
    exact = all(row["best"] == row["Knuth–Moore"] for row in table)
    print(f"random trees: {len(table)} (b, d) pairs up to {max_leaves:,} leaves; "
          f"best-first equals Knuth–Moore on every one: {exact}")
    deepest = {}
    for row in table:
        deepest[row["b"]] = row
    print(" b  d   worst  random    best   (effective branching factor)")
    for b, row in sorted(deepest.items()):
        factors = [effective_branching(row[o], row["d"]) for o in ("worst", "random", "best")]
        print(f"{b:2} {row['d']:2}  " + "  ".join(f"{f:6.2f}" for f in factors))


def timed_ladder(game, positions, depth, title):
    """The ladder, one rung at a time, with each rung's time as a ratio to the first rung's."""
    rows, seconds = [], []
    for step in rungs(connectfour_centre_first):
        start = time.perf_counter()
        rows.append(ladder(game, positions, depth, connectfour_centre_first, evaluate=open_windows,
                           steps=[step]))
        seconds.append(time.perf_counter() - start)
    print(f"\n{title}")
    first_nodes, first_time = rows[0][0]["mean nodes"], seconds[0]
    print(f"{'technique':42} {'mean nodes':>11} {'× nodes':>8} {'× time':>7}")
    for table, took in zip(rows, seconds):
        row = table[0]
        print(f"{row['technique']:42} {row['mean nodes']:11,.1f} "
              f"{row['mean nodes'] / first_nodes:8.3f} {took / first_time:7.3f}")
    values = [table.values for table in rows]
    assert all(v == values[0] for v in values), "a rung changed a value"
    return values[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openings", type=int, default=20)
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--solve", type=int, default=100)
    parser.add_argument("--max-leaves", type=int, default=100_000)
    parser.add_argument("--pons", type=Path, default=PONS, help="the Test_L3_R1 file")
    args = parser.parse_args()

    grid(args.max_leaves)
    game = ConnectFour()
    openings = random_positions(game, args.openings, moves=8, seed=1)   # seed 1: as notebook 6
    timed_ladder(game, openings, args.depth,
                 f"Connect Four: {args.openings} openings of 8 random moves, depth {args.depth}")
    if not args.pons.exists():
        print(f"\nsolving ladder skipped: {args.pons} is absent (it is in the team's workspace, "
              "not in a clone; point --pons at it)")
        return
    words = args.pons.read_text().split()
    sample = list(zip(words[0::2], map(int, words[1::2])))[:args.solve]
    positions = [game.play(moves) for moves, _ in sample]
    values = timed_ladder(game, positions, None,
                          f"Connect Four: the first {len(sample)} Test_L3_R1 positions, solved")
    truth = [s if game.to_move(p) == "MAX" else -s for p, (_, s) in zip(positions, sample)]
    print(f"every value equals the file's score: {values == truth}")


if __name__ == "__main__":
    main()
