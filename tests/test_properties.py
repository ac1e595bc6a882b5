"""Property tests over thousands of random trees: pruning never changes the answer.

Each test sees ``max_examples`` random trees (see conftest.py): ragged trees of
mixed depth with small integer leaves, so that ties (where ≥ and > differ) are
common.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from adversarial import alphabeta, minimax, negamax, tree

from .dag_games import DagGame

leaf = st.integers(min_value=-5, max_value=5)
nested = st.recursive(leaf, lambda children: st.lists(children, min_size=1, max_size=4),
                      max_leaves=40)
roots = st.sampled_from(["MAX", "MIN"])


def shuffled(seed):
    """A move ordering that shuffles each node's moves (reproducibly for a given seed)."""
    rng = random.Random(seed)
    def order(state, moves):
        moves = list(moves)
        rng.shuffle(moves)
        return moves
    return order


@given(nested, roots, st.booleans())
def test_alphabeta_value_equals_minimax_value(spec, root, prune_on_equal):
    t = tree(spec, root_player=root)
    assert alphabeta(t, prune_on_equal=prune_on_equal).value == minimax(t).value


@given(nested, roots, st.booleans(), st.integers(0, 2**32 - 1))
def test_any_move_order_gives_the_same_value(spec, root, prune_on_equal, seed):
    t = tree(spec, root_player=root)
    assert (alphabeta(t, prune_on_equal=prune_on_equal, order=shuffled(seed)).value
            == minimax(t).value)


@given(nested, roots, st.booleans(), st.integers(0, 2**32 - 1))
def test_pruning_never_evaluates_more_leaves_than_minimax(spec, root, prune_on_equal, seed):
    t = tree(spec, root_player=root)
    full = minimax(t).stats
    pruned = alphabeta(t, prune_on_equal=prune_on_equal, order=shuffled(seed)).stats
    assert pruned.leaves <= full.leaves == len(t.leaves())
    assert pruned.nodes <= full.nodes == len(t)


@given(nested, roots)
def test_the_textbook_rule_never_evaluates_more_leaves_than_the_strict_rule(spec, root):
    t = tree(spec, root_player=root)
    assert alphabeta(t).stats.leaves <= alphabeta(t, prune_on_equal=False).stats.leaves


@given(nested, roots, st.booleans())
def test_negamax_agrees_with_alphabeta_exactly(spec, root, prune_on_equal):
    t = tree(spec, root_player=root)
    a = alphabeta(t, prune_on_equal=prune_on_equal, trace=True)
    n = negamax(t, prune_on_equal=prune_on_equal, trace=True)
    assert (n.value, n.move, n.pv, n.stats) == (a.value, a.move, a.pv, a.stats)
    assert list(n.trace) == list(a.trace)


@given(nested, roots)
def test_the_principal_variation_leads_to_a_leaf_worth_the_root_value(spec, root):
    t = tree(spec, root_player=root)
    r = alphabeta(t)
    assert t.node(r.pv).is_leaf and t.node(r.pv).value == r.value


@given(nested, roots, st.booleans())
def test_bounds_in_the_trace_hold_for_the_true_values(spec, root, prune_on_equal):
    """Every value a node returns is exact, or a correct bound on its minimax value; and a bound only where
    something below the node was pruned (the drawing's rule, which the table follows)."""
    t = tree(spec, root_player=root)
    trace = alphabeta(t, prune_on_equal=prune_on_equal, trace=True).trace
    cut = [row.path for row in trace.rows() if row.skipped]
    for row in trace.rows(leaves=True):
        if row.bound != "exact":
            assert any(c[:len(row.path)] == row.path for c in cut), row
        true = minimax(t, state=t.node(row.path)).value
        if row.bound == "exact":
            assert row.value == true
        elif row.bound == "upper":
            assert true <= row.value
        else:
            assert true >= row.value


# -- games with transpositions -----------------------------------------------------------
# Trees never reach a position twice. These games do (see tests/dag_games.py): the same
# state by different paths and after different numbers of moves, which is where a
# transposition table can go wrong.

games = st.builds(DagGame, seed=st.integers(0, 2**32 - 1), size=st.integers(2, 6))
depths = st.one_of(st.none(), st.integers(0, 5))
tables = st.sampled_from([False, True, "function"])


def plays_out(game, line, depth):
    """Play ``line``; it must stop at the end of the game or at the depth limit. Its score there."""
    state = game.initial_state()
    for move in line:
        assert not game.is_terminal(state)
        state = game.result(state, move)
    if game.is_terminal(state):
        return game.utility(state)
    assert len(line) == depth
    return game.evaluate(state)


@settings(max_examples=600)
@given(games, depths, st.booleans(), tables, st.integers(0, 2**32 - 1))
def test_alphabeta_equals_minimax_on_games_with_transpositions(game, depth, prune_on_equal, table, seed):
    truth = minimax(game, depth=depth)
    key = (lambda state: state) if table == "function" else table
    r = alphabeta(game, depth=depth, prune_on_equal=prune_on_equal, table=key)
    assert r.value == truth.value
    assert plays_out(game, r.pv, depth) == r.value
    shuffled_r = alphabeta(game, depth=depth, prune_on_equal=prune_on_equal, table=key, order=shuffled(seed))
    assert shuffled_r.value == truth.value


@settings(max_examples=600)
@given(games, depths, st.booleans())
def test_negamax_and_minimax_agree_on_games_with_transpositions(game, depth, prune_on_equal):
    truth = minimax(game, depth=depth)
    n = negamax(game, depth=depth, prune_on_equal=prune_on_equal)
    a = alphabeta(game, depth=depth, prune_on_equal=prune_on_equal)
    assert n.value == a.value == truth.value and n.pv == a.pv
    assert plays_out(game, truth.pv, depth) == truth.value
