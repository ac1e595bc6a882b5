"""PVS and MTD(f) against minimax and alpha-beta: on random trees and on games with transpositions."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adversarial import SearchError, alphabeta, minimax, mtdf, negamax, pvs, tree
from adversarial.games import TicTacToe

from .dag_games import DagGame
from .test_properties import nested, roots, shuffled

seeds = st.integers(0, 2**32 - 1)


def dag_game(seed, floats=False):
    """A random game with transpositions (tests/dag_games.py); with ``floats``, its scores and
    guesses get random fractions, so the null-window tests meet non-integer values."""
    game = DagGame(seed)
    if floats:
        rng = random.Random(seed)
        game.scores = {state: v + rng.random() for state, v in game.scores.items()}
        game.guesses = {state: v + rng.random() for state, v in game.guesses.items()}
    return game
depths = st.one_of(st.none(), st.integers(0, 4))


def assert_best_move(game, state, result, depth=None):
    """The move played must reach a child worth the root's value (searched one ply less deep)."""
    if result.move is None:
        return
    child = game.result(state, result.move)
    rest = None if depth is None else depth - 1
    assert minimax(game, state=child, depth=rest).value == result.value


@given(nested, roots, seeds)
def test_pvs_and_negascout_equal_minimax_on_random_trees(spec, root, seed):
    t = tree(spec, root_player=root)
    want = minimax(t).value
    for research in ("full", "narrow"):
        r = pvs(t, order=shuffled(seed), research=research)
        assert r.value == want
        assert t.node(r.pv).is_leaf and t.node(r.pv).value == want      # the line really scores it


@given(nested, roots, st.integers(-6, 6))
def test_mtdf_equals_minimax_on_random_trees_from_any_guess(spec, root, guess):
    t = tree(spec, root_player=root)
    r = mtdf(t, guess=guess)
    assert r.value == minimax(t).value
    assert_best_move(t, t.root, r)


@settings(max_examples=300)
@given(seeds, depths, st.booleans())
def test_null_window_searches_equal_minimax_on_games_with_transpositions(seed, depth, floats):
    game = dag_game(seed, floats)
    want = minimax(game, depth=depth).value
    assert alphabeta(game, depth=depth).value == want
    for result in (pvs(game, depth=depth, order=shuffled(seed)),
                   mtdf(game, depth=depth, guess=random.Random(seed).randint(-5, 5))):
        assert result.value == want
        assert_best_move(game, (0, 0), result, depth)


def end_of_line(game, line, depth):
    """The score of the position a line ends on: its utility if the game ends there, else its evaluation."""
    state = (0, 0)
    for move in line:
        state = game.result(state, move)
    if game.is_terminal(state):
        return game.utility(state)
    assert len(line) == depth, (line, depth)          # a line stops early only where the game ends
    return game.evaluate(state)


@settings(max_examples=300)
@given(seeds, depths, st.booleans())
def test_negascout_equals_minimax_on_games_with_transpositions(seed, depth, floats):
    game = dag_game(seed, floats)
    want = minimax(game, depth=depth).value
    full = pvs(game, depth=depth, order=shuffled(seed))
    narrow = pvs(game, depth=depth, order=shuffled(seed), research="narrow")
    assert narrow.value == want
    assert_best_move(game, (0, 0), narrow, depth)
    for result in (full, narrow):
        assert end_of_line(game, result.pv, depth) == want


def test_negascout_re_searches_the_same_moves_with_a_narrower_window():
    # Notebook 1's tree: C's test proves "at least 7", so NegaScout searches C again with (7, +inf), not
    # (3, +inf). In C (a MIN node) the leaf 7 then meets the window's lower end: C stops without its leaf 8.
    t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    full, narrow = pvs(t), pvs(t, research="narrow")
    assert (narrow.value, narrow.pv, narrow.stats.researches) == (full.value, full.pv, full.stats.researches)
    assert narrow.stats.nodes < full.stats.nodes


@pytest.mark.parametrize("research", ["wide", "Narrow", "", None, True, ("narrow",)])
def test_an_unknown_research_is_named(research):
    with pytest.raises(ValueError, match=r"research must be 'full' .* or 'narrow' .*got"):
        pvs([[1, 2], [3, 4]], research=research)


@settings(max_examples=300)
@given(seeds, depths)
def test_negamax_equals_minimax_on_games_with_transpositions(seed, depth):
    game = dag_game(seed)
    assert negamax(game, depth=depth).value == minimax(game, depth=depth).value


def test_the_game_really_has_transpositions_at_different_depths():
    game = dag_game(1)
    assert game.result(game.result((0, 0), "a+1"), "a+1") == game.result((0, 0), "a+2")
    assert all(v != int(v) for v in dag_game(1, floats=True).scores.values())


def test_pvs_never_looks_at_more_leaves_than_minimax_on_tic_tac_toe():
    game = TicTacToe()
    position = game.board("X.O/.../...")
    p, m = pvs(game, state=position), minimax(game, state=position)
    assert p.value == m.value and p.stats.leaves < m.stats.leaves


def test_mtdf_with_the_right_guess_needs_two_tests_and_a_wrong_one_more():
    t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    assert mtdf(t, guess=7).stats.researches == 1          # "≥ 7?" yes, "> 7?" no: done
    assert mtdf(t, guess=-50).stats.researches > 1


def test_re_searches_are_counted():
    # The best move comes last, so its test says "better" and it is searched again.
    t = tree([[1, 1], [2, 2], [3, 3]])
    assert pvs(t).stats.researches == 2
    assert pvs(tree([[3, 3], [2, 2], [1, 1]])).stats.researches == 0


def test_mtdf_uses_its_table_on_tic_tac_toe():
    r = mtdf(TicTacToe())
    assert r.value == 0 and r.stats.table_hits > 0
    assert r.stats.nodes < alphabeta(TicTacToe()).stats.nodes


@pytest.mark.parametrize("search", [pvs, mtdf])
def test_bad_options_are_named(search):
    with pytest.raises(TypeError, match="no option 'dept'.*did you mean 'depth'"):
        search([[1, 2]], dept=2)
    with pytest.raises(TypeError, match="does not record a trace"):
        search([[1, 2]], trace=True)
    with pytest.raises(TypeError, match="depth must be"):
        search([[1, 2]], depth="2")
    with pytest.raises(SearchError, match="no evaluation function"):
        search(TicTacToe(), depth=1)


def test_a_guess_must_be_a_number():
    with pytest.raises(TypeError, match="guess is '3'"):
        mtdf([[1, 2]], guess="3")
    with pytest.raises(ValueError, match="guess is NaN"):
        mtdf([[1, 2]], guess=float("nan"))
