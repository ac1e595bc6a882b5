"""Tic-tac-toe: the rules, bad boards, symmetry, and the numbers of its game tree."""

import pytest

from adversarial import alphabeta, minimax, negamax
from adversarial.games import TicTacToe
from adversarial.games.tictactoe import count_games, optimal_moves, reachable_positions

game = TicTacToe()


def test_full_minimax_enters_the_whole_tree_and_finds_a_draw():
    r = minimax(game)
    assert r.value == 0 and r.stats.nodes == 549_946 and r.stats.leaves == 255_168


def test_alphabeta_node_counts_depend_on_the_prune_rule():
    assert alphabeta(game).stats.nodes == 18_297
    assert alphabeta(game, prune_on_equal=False).stats.nodes == 146_120
    assert negamax(game).value == alphabeta(game).value == 0


def test_counting_games_and_positions():
    assert count_games(game) == {"X": 131_184, "O": 77_904, "draw": 46_080}
    positions = reachable_positions(game)
    assert len(positions) == 5_478
    assert len({game.canonical(b) for b in positions}) == 765


def test_text_in_and_out_and_immutability():
    b = game.board("X.O/.X./O..")
    assert str(b) == "X.O/.X./O.." and game.board("X.O.X.O..") == b
    after = game.result(b, 8)
    assert after.winner == "X" and str(b) == "X.O/.X./O.." and game.is_terminal(after)
    assert game.utility(after) == 1 and TicTacToe(depth_aware=True).utility(after) == 5
    assert hash(game.board("X........")) == hash(game.play(0))


@pytest.mark.parametrize("text, message", [
    ("XX.......", "X has 2, O has 0"),
    ("OO.X.....", "X has 1, O has 2"),
    ("XXXOOO...", "both X and O"),
    ("XXX.OO.O.", "X has won, but then"),
    ("XO", "is not a board"),
    ("XQ.......", "is not a board"),
])
def test_impossible_boards_are_explained(text, message):
    with pytest.raises(ValueError, match=message):
        game.board(text)


def test_illegal_moves_are_explained():
    b = game.play(4)
    with pytest.raises(ValueError, match="cell 4 is already taken"):
        game.result(b, 4)
    with pytest.raises(ValueError, match="numbered 0 to 8"):
        game.result(b, 9)
    with pytest.raises(ValueError, match="game is over"):
        game.result(game.board("XXX/OO./..."), 5)


def test_symmetries_and_canonical_form():
    corner = game.play(0)
    images = {str(b) for b in game.symmetries(corner)}
    assert len(images) == 4 and game.canonical(game.play(8)) == game.canonical(corner)
    assert len(game.symmetries(game.play(4))) == 8 and len({b.cells for b in game.symmetries(game.play(4))}) == 1


def test_optimal_moves_of_a_position():
    b = game.board("X.O/.X./O..")
    assert optimal_moves(game, b)["best"] == [1, 3, 5, 7, 8]
    assert optimal_moves(game, game.initial_state())["best"] == list(range(9))


def test_depth_aware_scores_prefer_faster_wins():
    fast = TicTacToe(depth_aware=True)
    b = fast.board("XX./OO./...")          # X can win at once with 2, or later
    r = alphabeta(fast, b)
    assert r.move == 2 and r.value == 10 - 5


def test_transposition_tables_save_nodes_and_keep_the_value():
    plain = alphabeta(game)
    table = alphabeta(game, table=True)
    symmetric = alphabeta(game, table=game.canonical)
    assert plain.value == table.value == symmetric.value == 0
    assert symmetric.stats.nodes < table.stats.nodes < plain.stats.nodes
    assert table.stats.table_hits > 0 and table.pv == plain.pv


def test_transposition_tables_agree_with_minimax_on_many_positions():
    import random
    rng = random.Random(7)          # a fixed sample of positions, the same on every run
    positions = sorted((b for b in reachable_positions(game) if len(b.empty) <= 6 and not game.is_terminal(b)),
                       key=lambda b: b.cells)
    for board in rng.sample(positions, 150):
        truth = minimax(game, board).value
        for rule in (True, False):
            assert alphabeta(game, board, table=True, prune_on_equal=rule).value == truth
            assert alphabeta(game, board, table=game.canonical, prune_on_equal=rule).value == truth
