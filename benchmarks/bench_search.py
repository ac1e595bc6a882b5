"""How fast is the package's search against a bare Python loop, in the same process?

    .venv/bin/python benchmarks/bench_search.py          (or: make bench)

Prints one table of ratios (never absolute times to compare across machines) and
writes ``benchmarks/RESULTS.md`` with the machine and the date:

- full minimax on tic-tac-toe: ``minimax(TicTacToe())`` against a bare
  make–recurse–undo minimax on a list of 9 ints (both enter all 549,946 nodes);
- alpha-beta: ``alphabeta(TicTacToe(), prune_on_equal=False)`` against the same
  bare loop with α/β (both enter the same 146,120 nodes, checked);
- tracing: the same alpha-beta with ``trace=True`` against ``trace=False``; a trace
  keeps cheap records and builds its event objects when first read, so a second
  row also counts building all of them.

Each pair is timed alternately (package, reference, package, ...) so both sides
share the machine's noise, in CPU time of this process, and the ratio of the
medians is reported.
Goals: minimax and alpha-beta at most 2×, tracing at most 3×.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # run from anywhere

from adversarial import alphabeta, minimax  # noqa: E402
from adversarial.games import TicTacToe  # noqa: E402
from benchmarks.results import write_section  # noqa: E402

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def bare_minimax(board, player, counter):
    """One mutable board (1 = X, -1 = O, 0 = empty): make a move, recurse, undo."""
    counter[0] += 1
    for a, b, c in LINES:
        s = board[a] + board[b] + board[c]
        if s == 3 or s == -3:
            return s // 3
    if all(board):
        return 0
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
    for a, b, c in LINES:
        s = board[a] + board[b] + board[c]
        if s == 3 or s == -3:
            return s // 3
    if all(board):
        return 0
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
    """Median time of ``package`` over median time of ``reference``, timed alternately.

    Times are the CPU time of this process, not the wall clock: on a shared machine
    other people's jobs then delay both sides without being counted in either.
    """
    times = {package: [], reference: []}
    for _ in range(runs):
        for function in (package, reference):
            start = time.process_time()
            function()
            times[function].append(time.process_time() - start)
    return statistics.median(times[package]) / statistics.median(times[reference])


def check_same_work(game):
    """The two sides of each ratio enter exactly the same nodes."""
    counter = [0]
    assert bare_minimax([0] * 9, 1, counter) == minimax(game).value == 0
    assert counter[0] == minimax(game).stats.nodes == 549_946
    counter = [0]
    assert bare_alphabeta([0] * 9, 1, -2, 2, counter) == 0
    assert counter[0] == alphabeta(game, prune_on_equal=False).stats.nodes == 146_120


def main(runs: int = 9) -> list[tuple[str, float, float]]:
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
        ("alpha-beta traced, all 354,072 events built / untraced",
         ratio(lambda: alphabeta(game, prune_on_equal=False, trace=True).trace.events,
               lambda: alphabeta(game, prune_on_equal=False), runs), None),
    ]
    table = ["| what | ratio | goal |", "|---|---|---|"]
    table += [f"| {what} | {r:.2f}× | {goal_text(r, goal)} |" for what, r, goal in rows]
    print("\n".join(table))
    write_results(table, runs)
    return rows


def goal_text(ratio, goal):
    if goal is None:
        return "(for information)"
    return f"≤ {goal:.0f}× {'✓' if ratio <= goal else '✗'}"


def write_results(table, runs):
    write_section("bench_search", "Search engine against a bare loop (tic-tac-toe)",
                  f"Medians of {runs} alternating runs of CPU time; goals: minimax and alpha-beta ≤ 2×, "
                  "tracing ≤ 3×. The package's tic-tac-toe builds each of its 5,478 positions once "
                  "and shares it afterwards; the bare loops change one list in place. A trace keeps "
                  "plain records and builds its event objects when first read (last row).\n\n"
                  + "\n".join(table))


if __name__ == "__main__":
    main()
