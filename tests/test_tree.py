"""Building explicit trees, naming their nodes, and rejecting bad input clearly."""

import math

import pytest

from adversarial import MAX, MIN, random_tree, tree


def test_nested_lists_of_any_depth_and_raggedness():
    t = tree([[[3, 4], [8, [-2, 10], 5]], 7])
    assert t.depth == 4 and len(t) == 12
    assert [leaf.value for leaf in t.leaves()] == [3, 4, 8, -2, 10, 5, 7]
    assert t.to_list() == [[[3, 4], [8, [-2, 10], 5]], 7]


def test_players_alternate_from_the_root():
    t = tree([[3, [1, 2]]], root_player="MIN")
    assert [t.node(p).player for p in [(), (0,), (0, 1), (0, 1, 0)]] == [MIN, MAX, MIN, MAX]


def test_default_labels_are_root_then_letters_breadth_first():
    t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    assert [n.label for n in t.nodes()] == ["root"] + list("ABCDEFGHIJKL")
    assert t.describe((1, 1)) == "2" and t.describe((1,)) == "B"


def test_labels_past_z_continue_like_spreadsheet_columns():
    t = random_tree(3, 3, seed=0)
    labels = [n.label for n in t.nodes()]
    assert labels[26:29] == ["Z", "AA", "AB"] and len(set(labels)) == len(labels)


def test_given_labels_in_breadth_first_order_or_by_path():
    t = tree([[3, 5], [2]], labels=["R", "L", "M", "a", "b", "c"])
    assert t.label((1,)) == "M" and t.label((0, 1)) == "b"
    t = tree([[3, 5], [2]], labels={(0,): "left"})
    assert t.label((0,)) == "left" and t.label((1,)) == "B"


def test_complete_tree_from_its_leaves():
    t = tree([3, 5, 2, 9, 12, 5, 23, 2], branching=2)
    assert t.to_list() == [[[3, 5], [2, 9]], [[12, 5], [23, 2]]]
    assert tree(list(range(9)), branching=3).to_list() == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]


def test_repr_round_trips_small_trees_and_summarises_big_ones():
    t = tree([[3, 5], [2]], root_player="MIN")
    assert repr(t) == "Tree([[3, 5], [2]], root_player='MIN')"
    assert repr(random_tree(3, 4, seed=1)) == "<Tree: 121 nodes, 81 leaves, depth 4, MAX at the root>"


def test_numpy_style_numbers_become_plain_numbers():
    from fractions import Fraction
    t = tree([[Fraction(1, 2), 3.0]])
    assert t.to_list() == [[0.5, 3.0]]


@pytest.mark.parametrize("spec, message", [
    ([[3, 5], []], r"node at path \(1,\) is an empty list"),
    ([], "node at the root is an empty list"),
    ([[3, "5"]], r"leaf at path \(0, 1\) is '5' \(str\)"),
    ([[3, None]], r"leaf at path \(0, 1\) is None"),
    ([[3, math.nan]], r"leaf at path \(0, 1\) is NaN"),
    ([[True, 2]], r"leaf at path \(0, 0\) is True, a bool"),
])
def test_bad_trees_are_rejected_with_the_place_named(spec, message):
    with pytest.raises((TypeError, ValueError), match=message):
        tree(spec)


def test_leaf_list_length_must_be_a_power_of_the_branching():
    with pytest.raises(ValueError, match="6 is not one of these"):
        tree([1, 2, 3, 4, 5, 6], branching=2)
    with pytest.raises(ValueError, match="branching must be at least 2"):
        tree([1, 2], branching=1)
    with pytest.raises(TypeError, match="flat list of leaf values"):
        tree([[1, 2], [3, 4]], branching=2)


def test_unknown_root_player_is_rejected():
    with pytest.raises(ValueError, match="'MAX' or 'MIN'"):
        tree([[1]], root_player="X")


def test_random_tree_arguments_are_checked():
    with pytest.raises(ValueError, match="more than 1,000,000"):
        random_tree(10, 7)
    with pytest.raises(ValueError, match="depth must be 0 or more"):
        random_tree(2, -1)
    with pytest.raises(ValueError, match="low"):
        random_tree(2, 2, low=5, high=1)


def test_bad_move_on_a_tree_is_explained():
    t = tree([[1, 2]])
    with pytest.raises(ValueError, match=r"node A has moves \[0, 1\]; 5 is not one of them"):
        t.result(t.node((0,)), 5)
