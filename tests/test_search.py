"""The search core on the worked examples of the seed documents, and its options."""

import math

import pytest

from adversarial import MIN, SearchError, alphabeta, minimax, negamax, random_tree, tree
from adversarial.trace import Cutoff, Enter, Leaf

ALL = [minimax, alphabeta, negamax]


def leaf_values(result):
    """The values of the leaves a traced search scored, in order."""
    return [e.value for e in result.trace if isinstance(e, Leaf)]


def entered(result):
    return {e.path for e in result.trace if isinstance(e, Enter)}


@pytest.mark.parametrize("search", ALL)
def test_three_by_three_tree_is_worth_7_and_b_is_cut_after_its_first_leaf(search):
    t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    r = search(t, trace=True)
    assert (r.value, r.move, r.pv) == (7, 2, (2, 1))
    if search is minimax:
        assert leaf_values(r) == [3, 5, 6, 1, 2, 0, 9, 7, 8]
    else:
        assert leaf_values(r) == [3, 5, 6, 1, 9, 7, 8]          # never the 2 and the 0 under B
        assert (1, 1) not in entered(r) and (1, 2) not in entered(r)
        assert r.stats.cutoffs == 1


def test_a_b_c_example_picks_a_with_value_3():
    t = tree([[3, 5], [2], [9, 1]])
    for search in ALL:
        r = search(t)
        assert (r.value, r.move, t.label((r.move,))) == (3, 0, "A")


@pytest.mark.parametrize("search", ALL)
def test_nested_tree_is_worth_7_for_max_first_and_5_for_min_first(search):
    spec = [[[3, 4], [8, [-2, 10], 5]], 7]
    assert search(tree(spec)).value == 7
    assert search(tree(spec, root_player="MIN")).value == 5


def test_nested_tree_alphabeta_never_evaluates_minus_2_10_or_5():
    r = alphabeta(tree([[[3, 4], [8, [-2, 10], 5]], 7]), trace=True)
    assert leaf_values(r) == [3, 4, 8, 7]
    assert not {-2, 10, 5} & set(leaf_values(r))


def test_complete_binary_tree_is_worth_12_and_alphabeta_evaluates_exactly_7_leaves():
    t = tree([3, 5, 2, 9, 12, 5, 23, 2], branching=2)
    assert minimax(t).value == 12 and minimax(t).stats.leaves == 8
    r = alphabeta(t, trace=True)
    assert r.value == 12 and r.stats.leaves == 7
    assert leaf_values(r) == [3, 5, 2, 9, 12, 5, 23]           # the last 2 is never looked at


def test_textbook_tree_is_worth_3_with_4_and_6_pruned():
    r = alphabeta(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), trace=True)
    assert r.value == 3 and r.move == 0
    assert leaf_values(r) == [3, 12, 8, 2, 14, 5, 2]
    [cut] = [e for e in r.trace if isinstance(e, Cutoff)]
    assert cut.path == (1,) and cut.skipped == (1, 2)


def test_stats_count_every_node_entered_including_the_root():
    t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    assert minimax(t).stats.nodes == len(t) == 13
    assert alphabeta(t).stats.nodes == 11


def test_prune_on_equal_decides_whether_a_tie_cuts():
    t = tree([[3, 5], [3, 1]])                     # B's first leaf equals α = 3
    assert alphabeta(t).stats.leaves == 3          # α ≥ β: cut after the 3
    assert alphabeta(t, prune_on_equal=False).stats.leaves == 4
    assert alphabeta(t).value == alphabeta(t, prune_on_equal=False).value == 3


def test_ties_keep_the_first_best_move():
    assert alphabeta(tree([[4], [4], [4]])).move == 0
    assert minimax(tree([[1], [4], [4]])).move == 1


def test_order_hook_changes_the_visit_order_not_the_value():
    t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    reverse = lambda state, moves: list(reversed(moves))
    r = alphabeta(t, order=reverse, trace=True)
    assert r.value == 7 and r.move == 2
    first_leaves = leaf_values(r)[:3]
    assert first_leaves == [8, 7, 9]


def test_depth_limit_uses_the_evaluation_function():
    t = tree([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
    r = alphabeta(t, depth=1, evaluate=lambda node: -len(node.path) * 10 + node.path[-1])
    assert r.stats.leaves == 2 and r.value == -9 and r.move == 1
    assert minimax(t, depth=0, evaluate=lambda node: 42).value == 42


def test_a_depth_limit_deeper_than_the_tree_needs_no_evaluation():
    assert alphabeta([[3, 5], [2]], depth=5).value == 3


def test_terminal_root_has_no_move():
    r = alphabeta(tree(5))
    assert (r.value, r.move, r.pv) == (5, None, ())


def test_infinite_leaves_still_give_a_move():
    r = alphabeta(tree([[-math.inf], [-math.inf]]))
    assert r.value == -math.inf and r.move == 0


def test_negamax_traces_in_max_view_like_alphabeta():
    t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    a = [e for e in alphabeta(t, trace=True).trace]
    n = [e for e in negamax(t, trace=True).trace]
    assert a == n


def test_result_repr_is_stable_and_readable():
    r = alphabeta(tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]]))
    assert repr(r) == ("SearchResult(alphabeta: value=7, move=2, pv=(2, 1), "
                       "nodes=11, leaves=7, cutoffs=1)")


def test_random_trees_are_reproducible():
    assert random_tree(3, 3, seed=4) == random_tree(3, 3, seed=4)
    assert random_tree(3, 3, seed=4) != random_tree(3, 3, seed=5)


# -- bad input ------------------------------------------------------------------

def test_negative_depth_is_rejected():
    with pytest.raises(ValueError, match="depth must be 0 or more"):
        alphabeta([[1]], depth=-1)


@pytest.mark.parametrize("depth", [1.5, "2", True])
def test_depth_must_be_a_whole_number(depth):
    with pytest.raises(TypeError, match="depth must be a whole number"):
        minimax([[1]], depth=depth)


def test_depth_limit_on_a_non_terminal_state_without_evaluate_says_what_to_do():
    with pytest.raises(SearchError, match=r"depth limit was reached at node A.*evaluate=") as info:
        alphabeta(tree([[[1, 2]], [3]]), depth=1)
    # The error is raised from the public function, not from deep inside the recursion.
    assert len(info.traceback) <= 3          # the test, alphabeta(), and the raise


def test_unknown_option_suggests_the_right_one():
    with pytest.raises(TypeError, match="no option 'prune_on_eq'; did you mean 'prune_on_equal'"):
        alphabeta([[1]], prune_on_eq=False)
    with pytest.raises(TypeError, match="minimax\\(\\) has no option 'prune_on_equal'"):
        minimax([[1]], prune_on_equal=False)


def test_order_must_return_the_same_moves():
    with pytest.raises(SearchError, match="order\\(\\) must return the same moves"):
        alphabeta([[1, 2], [3]], order=lambda state, moves: moves[:1])


def test_evaluate_must_return_a_number():
    with pytest.raises(SearchError, match="evaluate\\(\\) at node A is 'high'"):
        alphabeta(tree([[[1]], [2]]), depth=1, evaluate=lambda s: "high")


def test_not_a_game_is_explained():
    with pytest.raises(TypeError, match="expected a game or a nested list"):
        alphabeta({"a": 1})


class NoMovesGame:
    def initial_state(self): return 0
    def to_move(self, s): return MIN
    def actions(self, s): return []
    def result(self, s, m): return s
    def is_terminal(self, s): return False
    def utility(self, s): return 0


def test_a_game_with_no_moves_at_a_non_terminal_state_is_explained():
    with pytest.raises(SearchError, match="not terminal but has no legal moves"):
        alphabeta(NoMovesGame())
