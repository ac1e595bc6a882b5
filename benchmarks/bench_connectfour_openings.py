"""How long the exact Connect Four solver takes on positions early in the game.

    .venv/bin/python benchmarks/bench_connectfour_openings.py [--seconds 120] [moves ...]
    .venv/bin/python benchmarks/bench_connectfour_openings.py --pons Test_L1_R1 --count 20 --seconds 30

End games (Pons' Test_L3_R1) take milliseconds; early positions are another matter. This script
solves a list of positions, fewest moves played last, each with a time budget, and prints the
positions searched, the seconds taken and the score, or how far it got when the budget ran out.
The times depend on the machine; the node counts do not.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # run from anywhere

from adversarial.games.connectfour_solver import BudgetExceeded, Solver  # noqa: E402

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "connect4" / "resources"

# From deep to shallow: the first ones finish, the last ones show where the budget runs out.
POSITIONS = ("4444443", "444444", "44444", "4444", "444", "44", "4", "")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120.0, help="time budget per position")
    parser.add_argument("--pons", help="solve the first --count positions of this file of Pons' "
                        "(e.g. Test_L1_R1: 4 to 14 moves played) and check the scores")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("positions", nargs="*", default=POSITIONS)
    args = parser.parse_args(argv)
    expected = {}
    if args.pons:
        path = Path(args.pons) if Path(args.pons).is_file() else DATA / args.pons
        lines = path.read_text().split("\n")[:args.count]
        expected = dict(line.split() for line in lines if line.strip())
        args.positions = list(expected)
    print(f"{'moves':>16}  {'played':>6}  {'positions':>12}  {'seconds':>8}  score")
    for moves in args.positions:
        solver = Solver(time_budget=args.seconds)
        start = time.perf_counter()
        try:
            score = solver.solve(moves)
            if moves in expected and score != int(expected[moves]):
                raise SystemExit(f"WRONG: {moves} scored {score}, Pons says {expected[moves]}")
        except BudgetExceeded:
            score = f"not solved within {args.seconds:g} s"
        seconds = time.perf_counter() - start
        print(f"{moves or '(empty)':>16}  {len(moves):>6}  {solver.nodes:>12,}  {seconds:>8.1f}  {score}",
              flush=True)


if __name__ == "__main__":
    main()
