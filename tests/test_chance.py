"""Expectiminimax and Star1 on trees with chance nodes, checked against a direct expectation."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adversarial import CHANCE, MAX, MIN, draw, expectiminimax, minimax
from adversarial.beyond.chance import ChanceError, chance, chance_tree, star1

from .test_properties import nested

leaf = st.integers(-5, 5)


@st.composite
def chance_nodes(draw_, children):
    kids = draw_(st.lists(children, min_size=1, max_size=3))
    weights = draw_(st.lists(st.integers(0, 4), min_size=len(kids), max_size=len(kids)))
    if sum(weights) == 0:
        weights[0] = 1
    return chance(*[(w / sum(weights), kid) for w, kid in zip(weights, kids)])


specs = st.recursive(leaf, lambda c: st.one_of(st.lists(c, min_size=1, max_size=3),
                                               chance_nodes(c)), max_leaves=25)
roots = st.sampled_from(["MAX", "MIN"])


def expected_value(spec, player="MAX"):
    """Straight from the definition, on the specification itself (no game, no search)."""
    if isinstance(spec, (int, float)):
        return spec
    if isinstance(spec, list):
        other = "MIN" if player == "MAX" else "MAX"
        values = [expected_value(child, other) for child in spec]
        return max(values) if player == "MAX" else min(values)
    return sum(p * expected_value(child, player) for p, child in spec.branches)


@given(specs, roots)
def test_expectiminimax_is_the_expectation_of_the_definition(spec, root):
    t = chance_tree(spec, root_player=root)
    assert math.isclose(expectiminimax(t).value, expected_value(spec, root), abs_tol=1e-9)


@given(nested, roots)
def test_without_chance_nodes_it_is_minimax(spec, root):
    t = chance_tree(spec, root_player=root)
    r, m = expectiminimax(t), minimax(t)
    assert (r.value, r.move, r.pv) == (m.value, m.move, m.pv)


@given(specs, roots, st.integers(0, 3))
def test_star1_gives_the_same_value_and_never_more_leaves(spec, root, slack):
    t = chance_tree(spec, root_player=root)
    full = expectiminimax(t)
    pruned = star1(t, low=-5 - slack, high=5 + slack)
    assert math.isclose(pruned.value, full.value, abs_tol=1e-9)
    assert pruned.stats.leaves <= full.stats.leaves


def test_the_best_move_avoids_the_risky_average():
    # A sure 3 against a coin flip between 0 and 5: MAX takes the sure 3.
    t = chance_tree([3, chance((0.5, 0), (0.5, 5))])
    r = expectiminimax(t)
    assert (r.value, r.move) == (3, 0)
    # A tighter gamble flips the choice: 0.5·2 + 0.5·5 = 3.5 > 3.
    assert expectiminimax(chance_tree([3, chance((0.5, 2), (0.5, 5))])).move == 1


def test_players_alternate_across_chance_nodes():
    t = chance_tree([chance((1.0, [[1, 2]]),)])
    assert [t.node(p).player for p in [(), (0,), (0, 0), (0, 0, 0)]] == [MAX, CHANCE, MIN, MAX]


def test_star1_prunes_when_bounds_allow_it():
    t = chance_tree([chance((0.5, 9), (0.5, 7)), chance((0.5, 0), (0.5, 9))])
    tight, loose = star1(t, low=0, high=10), star1(t, low=-100, high=100)
    assert tight.value == loose.value == 8
    assert tight.stats.leaves == 3 < loose.stats.leaves == 4


def test_a_chance_root_has_no_best_move_and_a_depth_limit_uses_evaluate():
    t = chance_tree(chance((0.25, [4, 8]), (0.75, [0, 1])))
    assert expectiminimax(t).value == 0.25 * 8 + 0.75 * 1
    assert expectiminimax(t).move is None

    class Coin:          # a one-flip game whose evaluation says 10 before the flip is seen
        def initial_state(self): return "start"
        def to_move(self, s): return CHANCE if s == "start" else MAX
        def actions(self, s): return ("heads", "tails")
        def chances(self, s): return (("heads", 0.5), ("tails", 0.5))
        def result(self, s, m): return m
        def is_terminal(self, s): return s != "start"
        def utility(self, s): return 4 if s == "heads" else -2
        def evaluate(self, s): return 10
    assert expectiminimax(Coin()).value == 1
    assert expectiminimax(Coin(), depth=0).value == 10
    # A game (not a hand-made tree) is drawn from its trace: the chance root is a circle too.
    assert "shape=circle" in draw(Coin(), expectiminimax(Coin(), trace=True)).source


def test_chance_nodes_are_drawn_as_circles_with_probabilities():
    t = chance_tree([chance((0.25, 1), (0.75, 3)), 2])
    source = draw(t, expectiminimax(t, trace=True)).source
    assert "shape=circle" in source and 'label=" 0.25"' in source and 'label=" 0.75"' in source
    assert "shape=circle" not in draw([[1, 2], [3]]).source


@pytest.mark.parametrize("branches, message", [
    (((-0.5, 1), (1.5, 2)), "negative probability -0.5"),
    (((0.5, 1), (0.6, 2)), "sum to 1.1, not 1"),
    (((0.5, 1), ("0.5", 2)), "probability '0.5'"),
    (((True, 1),), "probability True"),
    (((float("nan"), 1), (1.0, 2)), "probability nan"),
    ((), "no outcomes"),
])
def test_bad_probabilities_are_refused(branches, message):
    with pytest.raises(ChanceError, match=message):
        chance_tree([chance(*branches), 3])


def test_other_bad_inputs():
    with pytest.raises(ChanceError, match=r"\(probability, subtree\) pair"):
        chance(0.5, [1, 2])
    with pytest.raises(TypeError, match="leaf at path"):
        chance_tree([chance((1.0, "7"),)])
    with pytest.raises(ValueError, match="low .* must not be above high"):
        star1(chance_tree([1, 2]), low=3, high=1)
    with pytest.raises(ValueError, match="outside the bounds"):
        star1(chance_tree([1, 20]), low=0, high=10)
    with pytest.raises(TypeError, match="no option 'dept'"):
        expectiminimax([[1]], dept=1)

    class NoChances:
        def initial_state(self): return 0
        def to_move(self, s): return CHANCE
        def actions(self, s): return (1,)
        def result(self, s, m): return 1
        def is_terminal(self, s): return s == 1
        def utility(self, s): return 0
    with pytest.raises(ChanceError, match="no chances"):
        expectiminimax(NoChances())

    class Unpaired(NoChances):
        def chances(self, s): return (0.5, 0.5)
    with pytest.raises(ChanceError, match=r"\(outcome, probability\) pairs"):
        expectiminimax(Unpaired())
