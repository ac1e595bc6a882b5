"""Beyond alpha-beta, measured: nodes of PVS and MTD(f) against alpha-beta, MCTS's estimate
against the minimax value, and seeded MCTS-versus-alpha-beta matches on Connect Four.

    .venv/bin/python benchmarks/bench_beyond.py            # about two minutes
    .venv/bin/python benchmarks/bench_beyond.py negascout  # only NegaScout against PVS (about a minute)

Every number is a count (nodes entered, games won), so it is the same on every machine;
ratios are against alpha-beta run in the same process with the same move ordering.
"""

import statistics
import sys

from adversarial import alphabeta, minimax, mtdf, pvs
from adversarial.beyond.mcts import convergence
from adversarial.games import TicTacToe
from adversarial.games.connectfour import ConnectFour, centre_first
from adversarial.games.connectfour_eval import open_windows
from adversarial.lab.matches import alphabeta_player, match, mcts_player, random_openings

POSITIONS = ["", "4453", "44433", "4444"]   # the start, and three openings played through the centre
DEPTHS = [5, 6, 7]


def null_window_nodes():
    game = ConnectFour()
    print("Connect Four, depth-limited (open-windows evaluation, centre-first ordering)")
    print(f"{'position':>9} {'depth':>5} {'alpha-beta':>11} {'+table':>8} {'PVS':>8} {'MTD(f)':>8}"
          f" {'PVS/ab':>7} {'MTD/ab':>7} {'re-searches PVS, MTD':>22}")
    totals = {"ab": 0, "table": 0, "pvs": 0, "mtdf": 0}
    for moves in POSITIONS:
        p = game.play(moves)
        for depth in DEPTHS:
            options = dict(depth=depth, evaluate=open_windows, order=centre_first)
            ab = alphabeta(game, p, **options)
            tab = alphabeta(game, p, table=True, **options)
            pv = pvs(game, p, **options)
            guess = alphabeta(game, p, **{**options, "depth": depth - 1}).value   # iterative deepening's guess
            md = mtdf(game, p, guess=guess, **options)
            assert ab.value == tab.value == pv.value == md.value
            for key, r in zip(totals, (ab, tab, pv, md)):
                totals[key] += r.stats.nodes
            print(f"{moves or 'start':>9} {depth:5} {ab.stats.nodes:11,} {tab.stats.nodes:8,} "
                  f"{pv.stats.nodes:8,} {md.stats.nodes:8,} {pv.stats.nodes / ab.stats.nodes:7.2f} "
                  f"{md.stats.nodes / ab.stats.nodes:7.2f} {pv.stats.researches:>14}, {md.stats.researches}")
    print(f"{'total':>9} {'':5} {totals['ab']:11,} {totals['table']:8,} {totals['pvs']:8,} "
          f"{totals['mtdf']:8,} {totals['pvs'] / totals['ab']:7.2f} {totals['mtdf'] / totals['ab']:7.2f}")

    tictactoe = TicTacToe()
    order = lambda board, moves: sorted(moves, key=[4, 0, 2, 6, 8, 1, 3, 5, 7].index)   # noqa: E731
    ab, pv, md = (f(tictactoe, order=order) for f in (alphabeta, pvs, mtdf))
    print(f"\nTic-tac-toe solved (centre first): alpha-beta {ab.stats.nodes:,}, PVS {pv.stats.nodes:,} "
          f"({pv.stats.nodes / ab.stats.nodes:.2f}), MTD(f) {md.stats.nodes:,} ({md.stats.nodes / ab.stats.nodes:.2f})")


NEGASCOUT_SEEDS = range(10)     # notebook 8 uses seed 1


def negascout_paired():
    """NegaScout (``pvs(research="narrow")``) against PVS and alpha-beta at depths 5 to 7, paired per position:
    for each seed, the start and ten random two-move openings, chosen as notebook 8 chooses them with seed 1;
    then every position at most two moves in, once each (the start and all 49 two-move openings). The seeds'
    samples overlap (each holds 10 of the 49 openings), so their rows are not independent."""
    game = ConnectFour()
    every = [()] + [(a, b) for a in range(1, 8) for b in range(1, 8)]
    samples = [(f"seed {seed}", [()] + random_openings(game, 10, 2, seed=seed)) for seed in NEGASCOUT_SEEDS]
    samples.append(("all 50", every))
    nodes = {}                      # (position, depth) -> nodes of alpha-beta, PVS, NegaScout
    print("\nNegaScout against PVS and alpha-beta, Connect Four (open windows, centre first, no table); "
          "paired per position: median ratio, range, cheaper on k of n")
    for depth in (5, 6, 7):
        options = dict(depth=depth, evaluate=open_windows, order=centre_first)
        for k, moves in enumerate(every):
            p = game.play("".join(str(m) for m in moves))
            ab, pv, ns = alphabeta(game, p, **options), pvs(game, p, **options), pvs(game, p, research="narrow",
                                                                                    **options)
            assert ab.value == pv.value == ns.value
            nodes[moves, depth] = ab.stats.nodes, pv.stats.nodes, ns.stats.nodes
            if k % 10 == 9:
                print(f"  depth {depth}: {k + 1} of {len(every)} positions searched", flush=True)

    def summary(ratios):
        return (f"{statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f}), "
                f"{sum(r < 1 for r in ratios)} of {len(ratios)}")

    print("| depth | sample | PVS / alpha-beta | NegaScout / PVS | NegaScout / alpha-beta |")
    print("|--:|---|---|---|---|")
    for depth in (5, 6, 7):
        for label, positions in samples:
            rows = [nodes[moves, depth] for moves in positions]
            print(f"| {depth} | {label} | {summary([pv / ab for ab, pv, _ in rows])} | "
                  f"{summary([ns / pv for _, pv, ns in rows])} | {summary([ns / ab for ab, _, ns in rows])} |")
    for depth in (5, 6, 7):
        for name, k in (("PVS", 1), ("alpha-beta", 0)):
            per_seed = sorted(sum(nodes[m, depth][2] < nodes[m, depth][k] for m in positions)
                              for _, positions in samples[:-1])
            print(f"depth {depth}: NegaScout cheaper than {name} on {per_seed[0]}–{per_seed[-1]} of 11 positions "
                  f"per seed ({len(per_seed)} seeds)")


def mcts_convergence():
    game = TicTacToe()
    checkpoints = [100, 1000, 10000, 30000]
    print(f"\nMCTS estimate on tic-tac-toe (seed 1) after {checkpoints} iterations")
    for cells in ["X../.O./...", "XO./.../...", "XO./X../...", "........."]:
        board = game.board(cells)
        true = minimax(game, board).value
        values = [r.value for r in convergence(game, board, checkpoints=checkpoints, seed=1)]
        print(f"  {cells}  minimax {true:2}  estimates " + "  ".join(f"{v:+.2f}" for v in values))


def matches():
    game = ConnectFour()
    openings = random_openings(game, 8, 2, seed=1)     # seed 1: eight different two-move openings
    print(f"\nConnect Four matches, MCTS against alpha-beta (open windows, centre first), "
          f"{len(openings)} openings × 2 colours; counted for MCTS")
    for iterations in (200, 1000):
        for depth in (2, 4):
            result = match(game, mcts_player(iterations, seed=2),
                           alphabeta_player(depth, open_windows, centre_first), openings=openings)
            print(f"  MCTS {iterations:5} iterations vs alpha-beta depth {depth}: "
                  f"{result.wins} W / {result.draws} D / {result.losses} L")


if __name__ == "__main__":
    if sys.argv[1:] == ["negascout"]:
        negascout_paired()
        sys.exit()
    null_window_nodes()
    negascout_paired()
    mcts_convergence()
    matches()
