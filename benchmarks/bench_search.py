"""How fast is the package's search, against a bare Python loop, in the same process?

    .venv/bin/python benchmarks/bench_search.py

Prints ratios (never absolute times to compare across machines): the package's
minimax on TicTacToe against a bare make–recurse–undo minimax on a list of 9
ints (both enter all 549,946 nodes), and what tracing costs when on.
The target: the package within 2× of the bare loop.
"""

import time

from adversarial import alphabeta, minimax
from adversarial.games import TicTacToe

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def bare_minimax(board, player, counter):
    """The seed tutorial's style: one mutable board, make a move, recurse, undo."""
    counter[0] += 1
    for a, b, c in LINES:
        s = board[a] + board[b] + board[c]
        if s == 3:
            return 1
        if s == -3:
            return -1
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


def best_of(runs, function):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main(runs=3):
    counter = [0]
    assert bare_minimax([0] * 9, 1, counter) == 0 and counter[0] == 549_946
    game = TicTacToe()
    assert minimax(game).stats.nodes == 549_946
    bare = best_of(runs, lambda: bare_minimax([0] * 9, 1, [0]))
    package = best_of(runs, lambda: minimax(game))
    print(f"minimax, full tic-tac-toe tree (549,946 nodes): package / bare loop = {package / bare:.2f}"
          f"  (target: at most 2)")
    off = best_of(runs, lambda: alphabeta(game, prune_on_equal=False))
    on = best_of(runs, lambda: alphabeta(game, prune_on_equal=False, trace=True))
    print(f"alpha-beta (146,120 nodes): trace on / trace off = {on / off:.2f}")
    print(f"alpha-beta trace off / minimax per node = "
          f"{(off / 146_120) / (package / 549_946):.2f}  (the bounds and cut test cost this much)")


if __name__ == "__main__":
    main()
