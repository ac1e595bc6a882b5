"""Transposition tables: right under both prune rules, with depth limits, and with symmetry."""

import pytest

from adversarial import alphabeta, minimax
from adversarial.games import TicTacToe

from .dag_games import DagGame


def plays_to_the_end(game, line, state=None):
    board = game.initial_state() if state is None else state
    for move in line:
        board = game.result(board, move)
    return game.is_terminal(board), board


@pytest.mark.parametrize("key", ["canonical", True])
@pytest.mark.parametrize("prune_on_equal", [True, False])
def test_depth_aware_tictactoe_with_a_table_keeps_the_minimax_value(key, prune_on_equal):
    """The strict rule once took a stored bound equal to α or β as settling the window."""
    g = TicTacToe(depth_aware=True)
    table = g.canonical if key == "canonical" else key
    r = alphabeta(g, table=table, prune_on_equal=prune_on_equal)
    assert r.value == minimax(g).value == 0
    ended, board = plays_to_the_end(g, r.pv)
    assert ended and g.utility(board) == r.value


def test_a_symmetry_keyed_table_returns_the_whole_principal_variation():
    g = TicTacToe()
    for start in [g.initial_state(), g.play(4), g.play(0, 4, 8)]:
        r = alphabeta(g, start, table=g.canonical)
        ended, board = plays_to_the_end(g, r.pv, start)
        assert ended and g.utility(board) == r.value == minimax(g, start).value


def test_canonical_says_which_symmetry_maps_moves_back():
    g = TicTacToe()
    board = g.play(8, 7)
    key = g.canonical(board)
    # cell i of the canonical board is cell key.symmetry[i] of the original board
    assert all(key.cells[i] == board.cells[key.symmetry[i]] for i in range(9))
    assert key == g.canonical(g.play(0, 1))


@pytest.mark.parametrize("prune_on_equal", [True, False])
@pytest.mark.parametrize("seed", range(40))   # 40 fixed seeds: enough games for transpositions at many depths
def test_depth_limited_search_with_a_table_equals_depth_limited_minimax(seed, prune_on_equal):
    """The table reuses an entry only when it was searched with the same number of moves to go."""
    game = DagGame(seed, size=7)
    for depth in range(1, 6):
        truth = minimax(game, depth=depth)
        r = alphabeta(game, depth=depth, table=True, prune_on_equal=prune_on_equal)
        assert r.value == truth.value, (seed, depth)



def test_depth_limited_searches_do_use_the_table():
    hits = sum(alphabeta(DagGame(seed, size=7), depth=4, table=True).stats.table_hits
               for seed in range(10))
    assert hits > 0
