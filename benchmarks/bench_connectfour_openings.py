"""How long the exact Connect Four solver takes on positions early in the game.

    .venv/bin/python benchmarks/bench_connectfour_openings.py [--seconds 120]

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

# From deep to shallow: the first ones finish, the last ones show where the budget runs out.
POSITIONS = ("4444443", "444444", "44444", "4444", "444", "44", "4", "")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120.0, help="time budget per position")
    parser.add_argument("positions", nargs="*", default=POSITIONS)
    args = parser.parse_args(argv)
    print(f"{'moves':>10}  {'played':>6}  {'positions':>12}  {'seconds':>8}  score")
    for moves in args.positions:
        solver = Solver(time_budget=args.seconds)
        start = time.perf_counter()
        try:
            score = solver.solve(moves)
        except BudgetExceeded:
            score = f"not solved within {args.seconds:g} s"
        seconds = time.perf_counter() - start
        print(f"{moves or '(empty)':>10}  {len(moves):>6}  {solver.nodes:>12,}  {seconds:>8.1f}  {score}",
              flush=True)


if __name__ == "__main__":
    main()
