"""Notebook 8 cites benchmarks/bench_beyond.py: "NegaScout was cheaper than PVS on 11 of 11 positions at every
seed and depth" (depths 5 to 7, seeds 0-9). The notebook runs NegaScout only to depth 6, so this re-checks the
depth-7 direction, cheaply, on three openings drawn with seed 11 (there are only 49 two-move openings, so they may
also be in the benchmark's samples: a guard on the direction, not a new sample)."""

from adversarial import pvs
from adversarial.games.connectfour import ConnectFour, centre_first
from adversarial.games.connectfour_eval import open_windows
from adversarial.lab.matches import random_openings


def test_negascout_enters_fewer_nodes_than_pvs_at_depth_7():
    game = ConnectFour()
    options = dict(depth=7, evaluate=open_windows, order=centre_first)
    for line in random_openings(game, 3, 2, seed=11):
        p = game.play("".join(map(str, line)))
        full, narrow = pvs(game, p, **options), pvs(game, p, research="narrow", **options)
        assert narrow.value == full.value, line
        assert narrow.stats.nodes < full.stats.nodes, (line, narrow.stats.nodes, full.stats.nodes)
