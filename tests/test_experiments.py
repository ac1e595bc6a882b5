"""Move-ordering experiments: the Knuth–Moore minimum, worst order, the ladder, tables, plots."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adversarial import alphabeta, minimax
from adversarial.beyond.ordering import tictactoe_centre_first
from adversarial.games import TicTacToe
from adversarial.lab.experiments import (
    ExperimentError,
    Table,
    UniformTree,
    effective_branching,
    knuth_moore,
    ladder,
    leaf_counts,
    leaves_read,
    make_order,
    random_positions,
    spread,
)

# Every (b, d) of the grid with at most this many leaves (the oracle reads them all).
GRID = [(b, d) for b in range(2, 9) for d in range(1, 9) if b ** d <= 20_000]


def minimal_tree_leaves(b, d, kind="pv"):
    """Leaves of the minimal tree, counted from its definition (Knuth and Moore's node types):
    a PV node's first child is a PV node and the others CUT nodes; a CUT node needs one
    child, an ALL node; an ALL node needs all its children, each a CUT node."""
    if d == 0:
        return 1
    if kind == "pv":
        return minimal_tree_leaves(b, d - 1, "pv") + (b - 1) * minimal_tree_leaves(b, d - 1, "cut")
    if kind == "cut":
        return minimal_tree_leaves(b, d - 1, "all")
    return b * minimal_tree_leaves(b, d - 1, "cut")


def test_the_formula_is_the_size_of_the_minimal_tree():
    for b in range(1, 10):
        for d in range(12):
            assert knuth_moore(b, d) == minimal_tree_leaves(b, d)


@pytest.mark.parametrize("b, d", GRID)
def test_best_first_reads_exactly_the_knuth_moore_minimum(b, d):
    # With distinct leaves every comparison against a bound is strict, so both prune
    # rules cut at exactly the same places.
    for seed in range(5):
        t = UniformTree(b, d, seed)
        for rule in (True, False):
            assert leaves_read(t, "best", prune_on_equal=rule) == knuth_moore(b, d)


@pytest.mark.parametrize("b, d", [(b, d) for b, d in GRID if d <= 3])
def test_worst_first_reads_every_leaf_down_to_depth_three(b, d):
    for seed in range(5):
        for rule in (True, False):
            assert leaves_read(UniformTree(b, d, seed), "worst", prune_on_equal=rule) == b ** d


def test_from_depth_four_even_worst_first_cannot_stop_every_cutoff():
    """Deep down, a MIN node whose value is already below the root's α is refuted by
    the first child at or below α, whatever the order: sorting by value cannot help."""
    short = [seed for seed in range(20) if leaves_read(UniformTree(2, 4, seed), "worst") < 16]
    assert short                                   # it happens on some trees...
    for seed in range(20):                         # ...and never below the other orders
        t = UniformTree(2, 4, seed)
        assert leaves_read(t, "worst") >= max(leaves_read(t, o, seed) for o in ("best", "as given"))


@given(st.integers(2, 5), st.integers(1, 5), st.integers(0, 10**6),
       st.sampled_from(["worst", "reversed", "as given", "random", "best"]))
def test_every_order_reads_between_the_minimum_and_every_leaf(b, d, seed, order):
    t = UniformTree(b, d, seed)
    assert knuth_moore(b, d) <= leaves_read(t, order, seed) <= b ** d


def test_uniform_trees_have_distinct_leaves_and_are_reproducible():
    t = UniformTree(3, 4, seed=7)
    assert sorted(t.leaves) == list(range(81))
    assert t.leaves == UniformTree(3, 4, seed=7).leaves != UniformTree(3, 4, seed=8).leaves
    assert minimax(t).stats.leaves == 81
    assert alphabeta(t).value == minimax(t).value


def test_leaf_counts_table_holds_the_theory_beside_the_measurements():
    table = leaf_counts([2, 3], range(1, 4), seeds=(0, 1), max_leaves=30)
    assert [(r["b"], r["d"]) for r in table] == [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)]
    for row in table:
        assert row["best"] == row["Knuth–Moore"] and row["worst"] == row["b^d"]
        assert row["b^(3d/4)"] == round(row["b"] ** (0.75 * row["d"]), 1)


def test_effective_branching_undoes_the_power():
    assert math.isclose(effective_branching(3 ** 5, 5), 3)
    assert effective_branching(1, 0) == 1.0


def test_the_tictactoe_ladder_keeps_every_value_and_reports_ratios():
    game = TicTacToe()
    positions = [game.play(4), game.play(0, 4)]
    table = ladder(game, positions, 4, tictactoe_centre_first, evaluate=lambda s: 0)
    names = table.column("technique")
    assert names[0] == "alpha-beta" and len(names) == 6
    means = table.column("mean nodes")
    ratios = table.column("ratio to previous")
    assert ratios[0] == ""
    for before, now, ratio in zip(means, means[1:], ratios[1:]):
        assert ratio == round(now / before, 3)
    plain = [alphabeta(game, p, depth=4, evaluate=lambda s: 0) for p in positions]
    assert means[0] == sum(r.stats.nodes for r in plain) / 2
    assert table.values == [r.value for r in plain]


def test_a_solving_ladder_finds_the_exact_values():
    game = TicTacToe()
    positions = [game.play(0), game.play(4, 1), game.play(0, 4, 8)]
    table = ladder(game, positions, None, tictactoe_centre_first, evaluate=lambda s: 0)
    assert table.values == [minimax(game, p).value for p in positions]
    assert table.title == "3 positions, solved to the end"


def test_a_rung_that_changes_an_answer_is_reported_as_a_bug():
    def wrong(game, state, depth, evaluate):
        return 99, 1
    def right(game, state, depth, evaluate):
        r = alphabeta(game, state, depth=depth, evaluate=evaluate)
        return r.value, r.stats.nodes
    with pytest.raises(ExperimentError, match="'broken'.*bug"):
        ladder(TicTacToe(), [TicTacToe().play(4)], 2, tictactoe_centre_first,
               evaluate=lambda s: 0, steps=[("plain", right), ("broken", wrong)])


def test_table_shows_as_text_and_html():
    t = Table([{"name": "a", "n": 1234, "x": 0.5}], title="t")
    assert repr(t) == "name      n    x\na     1,234  0.5"
    assert repr(Table([{"r": 0.4567}], formats={"r": ".2f"})) == "   r\n0.46"
    assert "<caption>t</caption>" in t._repr_html_() and "1,234" in t._repr_html_()
    with pytest.raises(KeyError, match="columns"):
        t.column("nope")


def test_bad_experiments_are_explained():
    with pytest.raises(ExperimentError, match="branching"):
        UniformTree(0, 3)
    with pytest.raises(ExperimentError, match="depth must be a whole number"):
        UniformTree(2, 2.5)
    with pytest.raises(ExperimentError, match="lower the branching"):
        UniformTree(8, 8)
    with pytest.raises(ExperimentError, match="unknown order 'best-first'"):
        make_order(UniformTree(2, 2), "best-first")
    with pytest.raises(ExperimentError, match="seeds is empty"):
        leaf_counts(seeds=())
    with pytest.raises(ExperimentError, match="no positions"):
        ladder(TicTacToe(), [], 3, tictactoe_centre_first)


def test_random_positions_are_unfinished_distinct_and_reproducible():
    game = TicTacToe()
    found = random_positions(game, 5, 4, seed=2)
    assert found == random_positions(game, 5, 4, seed=2)
    assert len(set(found)) == 5 and not any(game.is_terminal(p) for p in found)
    assert all(9 - len(p.empty) == 4 for p in found)
    with pytest.raises(ExperimentError, match="fewer moves"):
        random_positions(game, 3, 9, seed=0)       # after 9 moves tic-tac-toe is always over


def test_the_connect_four_solving_ladder_agrees_with_pons_test_positions():
    from adversarial.beyond.ordering import connectfour_centre_first
    from adversarial.games.connectfour import ConnectFour
    from adversarial.games.connectfour_eval import open_windows

    from .conftest import shared_path
    path = shared_path("data", "connect4", "resources", "Test_L3_R1")
    words = path.read_text().split()
    sample = list(zip(words[0:40:2], map(int, words[1:40:2])))     # the first 20 positions
    game = ConnectFour()
    positions = [game.play(moves) for moves, _ in sample]
    table = ladder(game, positions, None, connectfour_centre_first, evaluate=open_windows)
    # Pons scores the side to move; our values are MAX's (X's).
    assert table.values == [score if game.to_move(p) == "MAX" else -score
                            for p, (_, score) in zip(positions, sample)]


def test_the_explorer_shows_its_plot_and_sentence_without_a_kernel():
    from adversarial.lab.plots import OrderingExplorer
    e = OrderingExplorer(b=2, d=3, order="best")
    page = e._repr_mimebundle_()["text/html"]
    assert e.plot.value in page and e.caption.value in page
    assert repr(e) == "OrderingExplorer(b=2, d=3, order='best')"
    with pytest.raises(ExperimentError, match="unknown order 'perfect'"):
        OrderingExplorer(order="perfect")


# -- the spread of a measurement -----------------------------------------------------------

def test_spread_gives_the_median_quartiles_and_range():
    fields = ("n", "min", "q1", "median", "q3", "max")
    assert tuple(getattr(spread([5, 1, 3]), f) for f in fields) == (3, 1, 2.0, 3, 4.0, 5)
    assert tuple(getattr(spread([7]), f) for f in fields) == (1, 7, 7, 7, 7, 7)
    s = spread(range(1, 9))
    assert (s.min, s.median, s.max) == (1, 4.5, 8) and s.q1 < s.median < s.q3
    with pytest.raises(ExperimentError, match="at least one"):
        spread([])


def test_leaf_counts_keep_every_trees_count():
    table = leaf_counts([3], [3, 4], seeds=(0, 1, 2))
    assert table.seeds == (0, 1, 2)
    for row in table:
        counts = table.counts[(3, row["d"], "random")]
        assert counts == [leaves_read(UniformTree(3, row["d"], s), "random", s) for s in (0, 1, 2)]
        assert row["random"] == round(sum(counts) / 3, 1)


def test_the_ladder_reports_each_rungs_spread_and_where_it_is_worse():
    game = TicTacToe()
    positions = [game.play(4), game.play(0), game.play(1, 4)]
    table = ladder(game, positions, None, tictactoe_centre_first, evaluate=lambda s: 0)
    names = table.column("technique")
    assert table.columns[:5] == ["technique", "mean nodes", "median", "min", "max"]
    assert table.column("worse on")[0] == ""
    for before, now, row in zip(names, names[1:], table.rows[1:]):
        a, b = table.nodes[before], table.nodes[now]
        assert row["worse on"] == sum(y > x for x, y in zip(a, b))
        assert (row["median"], row["min"], row["max"]) == (spread(b).median, min(b), max(b))
    plain = [alphabeta(game, p).stats.nodes for p in positions]
    assert table.nodes["alpha-beta"] == plain


def test_spread_plots_need_the_tables_that_keep_the_measurements():
    from adversarial.lab.plots import plot_ladder_spread, plot_leaves
    grid = leaf_counts([3], range(1, 4), seeds=(0, 1))
    fig = plot_leaves(grid, 3, spread=True)
    assert any("median, range" in text.get_text() for text in fig.axes[0].get_legend().get_texts())
    bare = Table([dict(row) for row in grid])
    with pytest.raises(ExperimentError, match="leaf_counts"):
        plot_leaves(bare, 3, spread=True)
    game = TicTacToe()
    table = ladder(game, [game.play(4), game.play(0)], None, tictactoe_centre_first, evaluate=lambda s: 0)
    fig = plot_ladder_spread(table)
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == table.column("technique")
    with pytest.raises(ExperimentError, match="ladder"):
        plot_ladder_spread(Table(table.rows))


def test_spread_takes_numpy_numbers_and_refuses_nan():
    """Issue 30: spread(np.array([1, 2, 3])) said "needs numbers, got np.int64(1)"."""
    np = pytest.importorskip("numpy")
    from adversarial.lab.experiments import spread
    s = spread(np.array([1, 2, 3]))
    assert (s.median, s.min, s.max) == (2, 1, 3) and type(s.min) is int and repr(s).startswith("median 2")
    assert spread(np.array([0.5, 1.5])).median == 1.0
    with pytest.raises(ValueError, match="got NaN"):
        spread([1, float("nan")])
    with pytest.raises(TypeError, match="needs numbers.*'3'"):
        spread([1, "3"])


def test_the_ladder_solves_with_depth_none_without_an_evaluation():
    """Issue 30: depth=None is documented to solve, but the deepening rungs demanded evaluate=."""
    game = TicTacToe()
    positions = [game.play(4, 0), game.play(0, 4, 8)]
    table = ladder(game, positions, None, tictactoe_centre_first)
    assert table.values == [alphabeta(game, p).value for p in positions]
    assert len(table) == 6


@pytest.mark.parametrize("b, d", [(0, 3), (2, -1), (2.5, 2), (3, 1.5), (True, 2)])
def test_knuth_moore_refuses_what_is_not_a_tree_shape(b, d):
    """knuth_moore(0, 3) said -1 leaves and knuth_moore(2, -1) said 0.5 (found with issue 30)."""
    with pytest.raises(ExperimentError, match="knuth_moore needs . \\(the (branching|depth)\\) as a whole number"):
        knuth_moore(b, d)


def test_knuth_moore_takes_numpy_ints():
    np = pytest.importorskip("numpy")
    assert knuth_moore(np.int64(3), np.int64(3)) == 11 and type(knuth_moore(np.int64(3), 3)) is int
