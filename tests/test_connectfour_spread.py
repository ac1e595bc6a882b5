"""Connect Four experiments over many seeds and positions (notebooks 5 and 6): the helpers, and the
direction of every claim the notebooks make, re-measured with seeds and positions they do not show.
They live in adversarial.games.connectfour_lab; adversarial.games.connectfour_spread re-exports them."""

import statistics

import pytest

from adversarial import alphabeta
from adversarial.beyond.deepening import iterative_deepening
from adversarial.games import ConnectFour, connectfour_lab, connectfour_spread
from adversarial.games.connectfour_eval import centre_control, no_evaluation, open_windows, with_threats
from adversarial.games.connectfour_solver import Solver
from adversarial.lab.connectfour_lab import (
    deepening_costs,
    match,
    matches_over_seeds,
    played_positions,
    solver_nodes,
    spread,
    standings_over_seeds,
)

GAME = ConnectFour()


# -- spread ------------------------------------------------------------------------------------

def test_spread_has_median_range_and_every_value():
    s = spread(x for x in [5, 1, 4, 2])
    assert (s.median, s.low, s.high, s.values) == (3, 1, 5, (5, 1, 4, 2))
    assert repr(s) == "median 3 (range 1 to 5, 4 values)"
    assert repr(spread([1.5e28, 2.1e29, 9e28])) == "median 9.0e+28 (range 1.5e+28 to 2.1e+29, 3 values)"
    assert repr(spread([0.25, 1.5])) == "median 0.875 (range 0.25 to 1.5, 2 values)"


@pytest.mark.parametrize("bad, message", [([], "at least one value"), ([1, "2"], "numbers"),
                                          ([True, 2], "numbers"), ([None], "numbers")])
def test_spread_rejects_what_is_not_a_list_of_numbers(bad, message):
    with pytest.raises((ValueError, TypeError), match=message):
        spread(bad)


# -- matches over seeds ------------------------------------------------------------------------

def test_matches_over_seeds_are_the_seeded_matches():
    got = matches_over_seeds(open_windows, no_evaluation, depth=1, openings=3, seeds=[4, 9])
    assert got == tuple(match(open_windows, no_evaluation, depth=1, openings=3, seed=s) for s in (4, 9))


def test_standings_over_seeds_show_each_seed_and_the_spread():
    table = standings_over_seeds([open_windows, centre_control, no_evaluation], depth=1, openings=3, seeds=[1, 2, 3])
    assert table.columns[:5] == ["evaluation", "against", "seed 1", "seed 2", "seed 3"]
    rows = [[r[c] for c in table.columns] for r in table.rows]
    assert [r[:2] for r in rows] == [["open_windows", "centre_control"], ["open_windows", "no_evaluation"],
                                          ["centre_control", "no_evaluation"]]
    for row, (a, b) in zip(rows, [(open_windows, centre_control), (open_windows, no_evaluation),
                                        (centre_control, no_evaluation)]):
        ms = [match(a, b, depth=1, openings=3, seed=s) for s in (1, 2, 3)]
        assert row[2:5] == [f"{m.wins}-{m.draws}-{m.losses}" for m in ms]
        net = [m.wins - m.losses for m in ms]
        ahead, even = sum(n > 0 for n in net), sum(n == 0 for n in net)
        assert row[5] == f"{ahead}/{even}/{3 - ahead - even}"
        assert row[6].startswith(f"{statistics.median(net):g} (")
    assert "ahead/even/behind" in repr(table) and "<table" in table._repr_html_()


def test_no_seeds_is_a_clear_error():
    with pytest.raises(ValueError, match="at least one seed"):
        matches_over_seeds(open_windows, no_evaluation, seeds=[])


# -- positions met in engine games -------------------------------------------------------------

def test_played_positions_are_distinct_unfinished_and_reproducible():
    found = played_positions(10, stones=20, seed=3)
    assert found == played_positions(10, stones=20, seed=3)
    assert len(set(found)) == 10 and all(len(m) == 20 for m in found)
    assert not any(GAME.is_terminal(GAME.play(m)) for m in found)
    assert found != played_positions(10, stones=20, seed=4)


@pytest.mark.parametrize("kwargs, message", [(dict(count=0, stones=10), "count"), (dict(count=2, stones=1), "stones"),
                                             (dict(count=2, stones=42), "stones"),
                                             (dict(count=True, stones=10), "count"),
                                             (dict(count=99, stones=40), "ask for fewer")])
def test_played_positions_bad_requests_say_what_to_change(kwargs, message):
    with pytest.raises(ValueError, match=message):
        played_positions(seed=1, **kwargs)


# -- iterative deepening against one search ----------------------------------------------------

def test_deepening_costs_are_the_searches_node_counts():
    positions = played_positions(3, stones=8, seed=2)
    for cost, moves in zip(deepening_costs(positions, depth=3, evaluate=open_windows), positions):
        p = GAME.play(moves)
        assert cost.moves == moves and cost.depth == 3
        assert cost.single == alphabeta(GAME, p, depth=3, evaluate=open_windows).stats.nodes
        assert cost.deepening == iterative_deepening(GAME, p, evaluate=open_windows, max_depth=3).nodes
        # plain deepening's last iteration is the single search itself, so it always costs more
        assert cost.deepening > cost.single


def test_notebook_6_claim_deepening_rarely_pays_for_itself_on_other_positions():
    """Notebook 6: best-move-first deepening to depth 5 beats one search on only a few positions."""
    costs = deepening_costs(played_positions(12, stones=10, seed=2), depth=5, evaluate=open_windows)
    assert all(c.deepening > c.single for c in costs)
    ratios = [c.ordered / c.single for c in costs]
    assert statistics.median(ratios) > 1 and sum(r < 1 for r in ratios) <= 4


# -- the solver, technique by technique --------------------------------------------------------

def test_solver_nodes_are_per_position_and_do_not_depend_on_the_order():
    ends = played_positions(6, stones=28, seed=1)
    nodes = solver_nodes(ends)
    s = Solver()
    for m in ends:
        s.solve(m)
    assert sum(nodes) == s.nodes and all(n >= 1 for n in nodes)
    assert solver_nodes(ends[::-1]) == nodes[::-1]
    assert solver_nodes(ends, table=False) != nodes or solver_nodes(ends, null_window=False) != nodes


def test_notebook_6_claims_about_the_solvers_techniques_hold_on_other_end_games():
    ends = played_positions(24, stones=26, seed=2)
    full = spread(solver_nodes(ends))
    bare = spread(solver_nodes(ends, order="left", avoid_losing=False, win_check=False, table=False,
                               null_window=False))
    no_null = spread(solver_nodes(ends, null_window=False))
    assert bare.median > 3 * full.median and bare.high > 10 * full.high
    assert no_null.median < full.median


# -- notebook 5's claims, on seeds the notebook does not show ----------------------------------

def test_notebook_5_claim_open_windows_wins_at_depth_2_on_other_seeds():
    for m in matches_over_seeds(open_windows, centre_control, depth=2, openings=10, seeds=range(9, 15)):
        assert m.wins > m.losses, m
    for m in matches_over_seeds(open_windows, no_evaluation, depth=2, openings=10, seeds=range(9, 15)):
        assert m.wins > m.losses, m


def test_notebook_5_claim_centre_control_is_about_even_with_no_evaluation_at_depth_2():
    net = [m.wins - m.losses for m in
           matches_over_seeds(centre_control, no_evaluation, depth=2, openings=10, seeds=range(9, 15))]
    assert min(net) < 0 < max(net) or abs(statistics.median(net)) <= 2, net


def test_notebook_5_claim_centre_control_is_better_at_depth_4_on_other_seeds():
    seeds = range(9, 13)
    versus_none = matches_over_seeds(centre_control, no_evaluation, depth=4, openings=10, seeds=seeds)
    assert all(m.wins > m.losses for m in versus_none), versus_none
    versus_open = matches_over_seeds(centre_control, open_windows, depth=4, openings=10, seeds=seeds)
    assert sum(m.wins > m.losses for m in versus_open) > len(seeds) / 2, versus_open


def test_notebook_5_claim_the_threat_extension_wins_on_other_seeds():
    for m in matches_over_seeds(with_threats(open_windows), open_windows, depth=3, openings=10, seeds=range(9, 13)):
        assert m.wins > m.losses, m


def test_the_old_module_path_re_exports_the_lab():
    for name in connectfour_spread.__all__:
        assert getattr(connectfour_spread, name) is getattr(connectfour_lab, name)
