"""Chess: the package's alpha-beta against a bare python-chess alpha-beta loop, and the move-ordering ladder
on the 24 Bratko–Kopec positions (notebook 12 runs depth 3 on 8 of them live).

    .venv/bin/python benchmarks/bench_chess.py --sharing --ladder 3 4 --jobs 1    # all; --help for the options

1. Ratio: on the first N suite positions (default 6) at depth 3, the package's ``alphabeta`` over
   :class:`adversarial.games.chess.Chess` (states linked to one shared board, walked by push/pop) and a
   bare negamax alpha-beta over one ``chess.Board`` with ``push``/``pop``, the same evaluation
   (material and Michniewski's piece-square tables), the same move order (python-chess's), the same ends
   of the game: both must enter the same number of nodes and find the same value (the script exits
   with status 1 otherwise). Median CPU time of alternating rounds, so the machine's speed cancels out.
2. ``--sharing``: the ladder's rungs at depth 3 on the first N positions, each rung on its own and the rungs
   of a position sharing which moves give check and a memo of each position's moves, ending, evaluation and
   move groups (what :func:`adversarial.lab.chess_lab.run` does, and so notebook 12): the same counts
   (checked), the CPU time of both, alternating rounds.
3. ``--ladder [DEPTH ...]``: every rung of :mod:`adversarial.lab.chess_lab` on all 24 positions at each depth
   given (default 4; depth 4 takes minutes),
   with each rung's spread and its paired counts against the rung above, the Knuth–Moore comparison and
   how often the chosen move is the suite's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # run from anywhere

import chess  # noqa: E402

from adversarial import alphabeta  # noqa: E402
from adversarial.games.chess import Chess, mate_score  # noqa: E402
from adversarial.games.chess.evaluation import SCALE, centipawn_sum, material_and_squares  # noqa: E402
from adversarial.lab import chess_lab  # noqa: E402
from benchmarks.results import write_section  # noqa: E402

GAME = Chess()


def bare(board: chess.Board, depth: int, alpha: float, beta: float, counter: list) -> float:
    """Negamax alpha-beta on one board with push/pop: the value for the side to move."""
    counter[0] += 1
    sign = 1 if board.turn == chess.WHITE else -1
    moves = list(board.legal_moves) if depth > 0 else None
    if not (moves if depth > 0 else any(board.generate_legal_moves())):      # no legal move: the game is over
        return -mate_score(board.ply()) if board.is_check() else 0
    if board.is_insufficient_material() or board.halfmove_clock >= 100 or board.is_repetition(3):
        return 0
    if depth == 0:
        return sign * centipawn_sum(board) / SCALE
    best = -float("inf")
    for move in moves or ():
        board.push(move)
        v = -bare(board, depth - 1, -beta, -alpha, counter)
        board.pop()
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


def ratio(n: int, depth: int, rounds: int) -> str:
    fens = [t.fen for t in chess_lab.SUITE[:n]]
    package_times, bare_times = [], []
    nodes = None
    for _ in range(rounds):
        start = time.process_time()
        ours = [alphabeta(GAME, GAME.position(f), depth=depth, evaluate=material_and_squares) for f in fens]
        package_times.append(time.process_time() - start)
        counter = [0]
        start = time.process_time()
        theirs = []
        for f in fens:
            board = chess.Board(f)
            sign = 1 if board.turn == chess.WHITE else -1
            theirs.append(sign * bare(board, depth, -float("inf"), float("inf"), counter))
        bare_times.append(time.process_time() - start)
        nodes = sum(r.stats.nodes for r in ours)
        if nodes != counter[0] or [r.value for r in ours] != theirs:
            print(f"MISMATCH: package {nodes} nodes, bare {counter[0]}; values {[r.value for r in ours]} "
                  f"vs {theirs}")
            sys.exit(1)
    p, b = statistics.median(package_times), statistics.median(bare_times)
    line = (f"| alpha-beta / bare python-chess alpha-beta loop (first {n} positions, depth {depth}, "
            f"{nodes:,} nodes each) | {p / b:.2f}× | {nodes / p:,.0f} vs {nodes / b:,.0f} nodes/s of CPU |")
    print(line)
    return line


def sharing(n: int, depth: int, rounds: int) -> str:
    fens = [t.fen for t in chess_lab.SUITE[:n]]
    rungs = range(len(chess_lab.RUNGS))
    alone_times, shared_times = [], []
    for _ in range(rounds):
        start = time.process_time()
        alone = [[chess_lab.search(f, depth, r) for r in rungs] for f in fens]
        alone_times.append(time.process_time() - start)
        start = time.process_time()
        shared = [chess_lab.run(f, depth) for f in fens]
        shared_times.append(time.process_time() - start)
        if alone != shared:
            print("MISMATCH: the rungs sharing their checks counted differently from the rungs on their own")
            sys.exit(1)
    a, s = statistics.median(alone_times), statistics.median(shared_times)
    line = (f"| ladder, rungs sharing which moves give check and a memo of each position's facts / each rung "
            f"on its own (first {n} positions, "
            f"depth {depth}, all {len(rungs)} rungs) | {s / a:.2f}× | {s:.1f} s vs {a:.1f} s of CPU |")
    print(line)
    return line


def _one(args):
    depth, position = args
    start = time.process_time()
    return chess_lab.ladder.__wrapped__(depth, ids=(position,)), time.process_time() - start


def ladder(depth: int, jobs: int = 1) -> str:
    work = [(depth, t.id) for t in chess_lab.SUITE]
    if jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            parts = pool.map(_one, work, chunksize=1)
    else:
        parts = [_one(w) for w in work]
    results = {k: v for part, _ in parts for k, v in part.items()}
    seconds = sum(s for _, s in parts)
    parts = [f"All 24 positions, depth {depth}, evaluation material + piece-square tables "
             f"({seconds / 60:.1f} min of CPU). Each rung keeps the ideas of the rungs above it; every rung "
             "finds the same value on every position.", "", chess_lab.ladder_table(results).markdown(), ""]
    table = chess_lab.minimum_table(results, depth)
    ratios = [float(row["÷ minimum"]) for row in table.rows]
    parts.append(f"Against the Knuth–Moore minimum for each position's root branching factor (leaves of "
                 f"'+ history', the best order without a table): median {statistics.median(ratios):.1f}× the "
                 f"minimum, range {min(ratios):.1f}–{max(ratios):.1f}×.")
    hits = [chess_lab.agreement(results, rung)[0] for rung in (0, len(chess_lab.RUNGS) - 1)]
    deep = [r[-1].moves_by_depth for r in results.values()]
    best = [t.best for t in chess_lab.SUITE]
    by_depth = [sum(m[d] in b for m, b in zip(deep, best)) for d in range(depth)]
    parts += ["", f"The suite's best move chosen: natural order {hits[0]}/24, iterative deepening {hits[1]}/24; "
                  "by iteration (depth 1, 2, ...): " + ", ".join(f"{h}/24" for h in by_depth) + "."]
    body = "\n".join(parts)
    print(body)
    return body


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=6, help="suite positions for the ratio (default 6)")
    ap.add_argument("--depth", type=int, default=3, help="depth for the ratio (default 3)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--sharing", action="store_true",
                    help="also time the ladder's rungs sharing their checks against each on its own")
    ap.add_argument("--ladder", type=int, nargs="*", default=None, metavar="DEPTH",
                    help="also run the ordering ladder on all 24 positions at these depths (default 4)")
    ap.add_argument("--jobs", type=int, default=1, help="processes for the ladder (default 1)")
    ap.add_argument("--no-ratio", action="store_true")
    ap.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = ap.parse_args()
    body, rows = [], []
    if not args.no_ratio:
        rows.append(ratio(args.positions, args.depth, args.rounds))
    if args.sharing:
        rows.append(sharing(args.positions, args.depth, args.rounds))
    if rows:
        body += ["Median CPU time of alternating rounds; both sides of each ratio enter the same nodes and find "
                 "the same values (checked). The package's states share one board walked by push/pop; the bare "
                 "loop pushes and pops on one board itself.", "", "| what | ratio | speed |", "|---|---|---|",
                 *rows]
    for depth in ([4] if args.ladder == [] else args.ladder or []):
        body += ["", f"### Move ordering on the Bratko–Kopec positions, depth {depth}", "",
                 ladder(depth, args.jobs)]
    if not args.no_write and body:
        write_section("bench_chess", "Chess: alpha-beta against a bare python-chess loop, and move ordering",
                      "\n".join(body))


if __name__ == "__main__":
    main()
