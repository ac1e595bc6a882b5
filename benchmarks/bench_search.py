"""How fast is the package's search against a bare Python loop, in the same process?

    .venv/bin/python benchmarks/bench_search.py          (or: make bench)

Prints one table of ratios (never absolute times to compare across machines) and
writes ``benchmarks/RESULTS.md`` with the machine and the date:

- full minimax on tic-tac-toe: ``minimax(TicTacToe())`` against a bare
  make–recurse–undo minimax on a list of 9 ints (both enter all 549,946 nodes);
- alpha-beta: ``alphabeta(TicTacToe(), prune_on_equal=False)`` against the same
  bare loop with α/β (both enter the same 146,120 nodes, checked);
- tracing: the same alpha-beta with ``trace=True`` against ``trace=False``.

Each pair is timed alternately (package, reference, package, ...) so both sides
share the machine's noise, and the ratio of the medians is reported.
Goals: minimax and alpha-beta at most 2×, tracing at most 3×.
"""

from __future__ import annotations

import datetime
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # run from anywhere

from adversarial import alphabeta, minimax  # noqa: E402
from adversarial.games import TicTacToe  # noqa: E402

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


def winner(board):
    for a, b, c in LINES:
        s = board[a] + board[b] + board[c]
        if s == 3 or s == -3:
            return s // 3
    return 0


def bare_minimax(board, player, counter):
    """One mutable board (1 = X, -1 = O, 0 = empty): make a move, recurse, undo."""
    counter[0] += 1
    w = winner(board)
    if w or all(board):
        return w
    best = -2 if player == 1 else 2
    for i in range(9):
        if board[i] == 0:
            board[i] = player
            v = bare_minimax(board, -player, counter)
            board[i] = 0
            best = max(best, v) if player == 1 else min(best, v)
    return best


def bare_alphabeta(board, player, alpha, beta, counter):
    """The same loop with α/β, cutting only when α > β (the package's strict rule)."""
    counter[0] += 1
    w = winner(board)
    if w or all(board):
        return w
    if player == 1:
        best = -2
        for i in range(9):
            if board[i] == 0:
                board[i] = 1
                v = bare_alphabeta(board, -1, alpha, beta, counter)
                board[i] = 0
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
                if alpha > beta:
                    break
    else:
        best = 2
        for i in range(9):
            if board[i] == 0:
                board[i] = -1
                v = bare_alphabeta(board, 1, alpha, beta, counter)
                board[i] = 0
                if v < best:
                    best = v
                if best < beta:
                    beta = best
                if alpha > beta:
                    break
    return best


def ratio(package, reference, runs):
    """Median time of ``package`` over median time of ``reference``, timed alternately."""
    times = {package: [], reference: []}
    for _ in range(runs):
        for function in (package, reference):
            start = time.perf_counter()
            function()
            times[function].append(time.perf_counter() - start)
    return statistics.median(times[package]) / statistics.median(times[reference])


def check_same_work(game):
    """The two sides of each ratio enter exactly the same nodes."""
    counter = [0]
    assert bare_minimax([0] * 9, 1, counter) == minimax(game).value == 0
    assert counter[0] == minimax(game).stats.nodes == 549_946
    counter = [0]
    assert bare_alphabeta([0] * 9, 1, -2, 2, counter) == 0
    assert counter[0] == alphabeta(game, prune_on_equal=False).stats.nodes == 146_120


def main(runs: int = 7) -> list[tuple[str, float, float]]:
    game = TicTacToe()
    check_same_work(game)
    rows = [
        ("full minimax / bare make–recurse–undo loop (549,946 nodes)",
         ratio(lambda: minimax(game), lambda: bare_minimax([0] * 9, 1, [0]), runs), 2.0),
        ("alpha-beta / bare alpha-beta loop (146,120 nodes, strict rule)",
         ratio(lambda: alphabeta(game, prune_on_equal=False),
               lambda: bare_alphabeta([0] * 9, 1, -2, 2, [0]), runs), 2.0),
        ("alpha-beta traced / untraced (146,120 nodes)",
         ratio(lambda: alphabeta(game, prune_on_equal=False, trace=True),
               lambda: alphabeta(game, prune_on_equal=False), runs), 3.0),
    ]
    table = ["| what | ratio | goal |", "|---|---|---|"]
    table += [f"| {what} | {r:.2f}× | ≤ {goal:.0f}× {'✓' if r <= goal else '✗'} |" for what, r, goal in rows]
    print("\n".join(table))
    write_results(table, runs)
    return rows


def write_results(table, runs):
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    machine = (f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
               f"Python {platform.python_version()}")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    RESULTS.write_text(
        "# Search benchmark results\n\n"
        f"Written by `benchmarks/bench_search.py` on {now}.\n\n"
        f"Machine: {machine}; load average {load} when the run started.\n\n"
        f"Ratios of median times over {runs} alternating runs, in one process "
        "(smaller is better; the machine's speed cancels out).\n\n"
        + "\n".join(table) + "\n"
    )


if __name__ == "__main__":
    main()
