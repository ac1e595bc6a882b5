"""Connect Four: the exact solver on Pons' Test_L3_R1, what each technique buys, and a fixed-depth
search by the package against easyAI's Negamax, in the same process.

    .venv/bin/pip install -r benchmarks/requirements.txt     # easyAI, for the comparison only
    .venv/bin/python benchmarks/bench_connectfour.py          # --help for the options

1. ``solve`` on all 1,000 positions of Test_L3_R1 (end games): every score must match Pons' (the
   script exits with status 1 otherwise); prints positions per second and mean nodes per position.
2. ``--ablation N``: mean nodes on the first N positions as the solver's techniques are added one by
   one (the table in adversarial/games/connectfour_solver.py comes from this). Plain negamax without
   pruning is run on the first N // 5 positions only (it is slow), and said so.
3. The same positions searched to a fixed depth with the evaluation ``open_windows``, by the package's
   ``alphabeta`` and by easyAI's ``Negamax`` (alpha-beta in negamax form) on an adapter over the same
   positions, moves and evaluation, so the ratio of their times measures the search code alone.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # run from anywhere

from adversarial import alphabeta  # noqa: E402
from adversarial.games.connectfour import ConnectFour  # noqa: E402
from adversarial.games.connectfour_eval import open_windows  # noqa: E402
from adversarial.games.connectfour_solver import Solver  # noqa: E402
from benchmarks.results import write_section  # noqa: E402

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "connect4" / "resources" / "Test_L3_R1"
GAME = ConnectFour()
ROUNDS = 3

# The solver's techniques, added one at a time (each row keeps the ones above it).
ABLATION = [
    ("plain negamax, no pruning, left to right",
     dict(pruning=False, order="left", win_check=False, table=False, null_window=False, avoid_losing=False)),
    ("+ alpha-beta pruning", dict(order="left", win_check=False, table=False, null_window=False, avoid_losing=False)),
    ("+ centre-first move order", dict(order="centre", win_check=False, table=False, null_window=False,
                                       avoid_losing=False)),
    ("+ immediate-win check", dict(order="centre", table=False, null_window=False, avoid_losing=False)),
    ("+ transposition table", dict(order="centre", null_window=False, avoid_losing=False)),
    ("+ null-window search", dict(order="centre", avoid_losing=False)),
    ("+ never play a move that loses at once", dict(order="centre")),
    ("+ order by threats created (all techniques)", {}),
]


def load(path: Path) -> list[tuple[str, int]]:
    return [(m, int(s)) for m, s in (line.split() for line in path.read_text().splitlines())]


def solve_all(lines):
    solver = Solver()
    start = time.perf_counter()
    wrong = [(m, s, got) for m, s in lines if (got := solver.solve(m)) != s]
    seconds = time.perf_counter() - start
    row = (f"| `solve` on all {len(lines)} positions | {len(lines) - len(wrong)} of {len(lines)} scores right | "
           f"{len(lines) / seconds:,.0f} positions/s ({1000 * seconds / len(lines):.2f} ms each) | "
           f"mean nodes {solver.nodes / len(lines):,.1f} |")
    print(row)
    for m, s, got in wrong[:10]:
        print(f"  WRONG {m}: expected {s}, got {got}")
    return not wrong, row


def ablation(lines, n):
    rows = [f"What each technique buys (first {n} positions; each row adds one to the row above):", "",
            "| technique | mean nodes | ms per position |", "|---|---|---|"]
    print(rows[0])
    for name, options in ABLATION:
        sample = lines[:n]
        solver = Solver(**options)
        start = time.perf_counter()
        assert all(solver.solve(m) == s for m, s in sample)
        seconds = time.perf_counter() - start
        rows.append(f"| {name} | {solver.nodes / len(sample):,.0f} | {1000 * seconds / len(sample):.2f} |")
        print(rows[-1])
    return rows


class EasyAIConnectFour:
    """An easyAI TwoPlayerGame over the package's positions: the same moves and evaluation."""

    def __init__(self, position):
        from easyAI import Human_Player
        self.players = [Human_Player(), Human_Player()]
        self.position = position
        self.current_player = 1 if position.player == "X" else 2

    def possible_moves(self):
        return list(GAME.actions(self.position))

    def make_move(self, move):
        self.position = GAME.result(self.position, move)

    def switch_player(self):
        self.current_player = 3 - self.current_player

    def copy(self):
        twin = object.__new__(EasyAIConnectFour)
        twin.players, twin.position, twin.current_player = self.players, self.position, self.current_player
        return twin

    def is_over(self):
        return GAME.is_terminal(self.position)

    def scoring(self):
        """From the side to move's point of view, as negamax wants."""
        value = open_windows(self.position)
        return value if self.position.player == "X" else -value


def fixed_depth(lines, depth, n):
    try:
        from easyAI import Negamax
    except ImportError:
        print("easyAI is not installed: pip install -r benchmarks/requirements.txt for the comparison")
        return []
    positions = [GAME.play(m) for m, _ in lines[:n]]
    ai = Negamax(depth)
    package_times, easy_times = [], []
    for _ in range(ROUNDS):               # alternate the two; compare medians (less noise)
        start = time.perf_counter()
        ours = [alphabeta(GAME, p, depth=depth, evaluate=open_windows) for p in positions]
        package_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        theirs = [ai(EasyAIConnectFour(p)) for p in positions]
        easy_times.append(time.perf_counter() - start)
    package, easy = statistics.median(package_times), statistics.median(easy_times)
    nodes = sum(r.stats.nodes for r in ours)
    same = sum(r.move == m for r, m in zip(ours, theirs))
    from importlib.metadata import version
    rows = [f"Depth {depth} on {n} positions with `open_windows`, the package's `alphabeta` against easyAI "
            f"{version('easyAI')} `Negamax` on the same positions, moves and evaluation (medians of {ROUNDS} "
            "alternating runs):", "",
            "| what | value |", "|---|---|",
            f"| nodes per position (package) | {nodes / n:,.0f} |",
            f"| same first move as easyAI | {same} of {n} |",
            f"| time ratio package / easyAI | {package / easy:.2f}× |"]
    print("\n".join(rows))
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ablation", type=int, default=100, metavar="N", help="positions for the ablation (0: skip)")
    parser.add_argument("--depth", type=int, default=4, help="the fixed depth of the comparison with easyAI")
    parser.add_argument("--depth-positions", type=int, default=1000, metavar="M",
                        help="positions searched to the fixed depth (default: all 1000)")
    parser.add_argument("--data", type=Path, default=DATA, help=f"the positions file (default: {DATA})")
    args = parser.parse_args(argv)
    if not args.data.exists():
        print(f"{args.data} is absent: this benchmark reads Pons' test positions from ../shared (or --data)")
        return 0
    lines = load(args.data)
    ok, row = solve_all(lines)
    body = ["| what | correct | speed | nodes |", "|---|---|---|---|", row, ""]
    if args.ablation:
        body += ablation(lines, args.ablation) + [""]
    if args.depth_positions:
        body += fixed_depth(lines, args.depth, min(args.depth_positions, len(lines)))
    write_section("bench_connectfour", f"Connect Four: the exact solver on {args.data.name}, and easyAI",
                  "\n".join(body))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
