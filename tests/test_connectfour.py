"""Connect Four: the game protocol, move strings in and out, the bitboard, drawing, bad input."""

import random

import pytest

from adversarial import alphabeta, minimax
from adversarial.games import ConnectFour, Position
from adversarial.games.connectfour import MoveError, centre_first, has_four

game = ConnectFour()


def naive_four(p: Position, mark: str) -> bool:
    """Four in a row, checked cell by cell on the picture (the slow, obvious way)."""
    rows = p.rows()
    for r in range(6):
        for c in range(7):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= rr < 6 and 0 <= cc < 7 and rows[rr][cc] == mark for rr, cc in cells):
                    return True
    return False


def random_game(seed):
    """A random complete game (seeded: each seed is one reproducible game)."""
    rng, p = random.Random(seed), game.initial_state()
    while not game.is_terminal(p):
        p = game.result(p, rng.choice(game.actions(p)))
    return p


def test_moves_fill_columns_from_the_bottom_and_alternate():
    p = game.play("4453")
    assert p.rows()[-2:] == ["...O...", "..OXX.."]
    assert p.history == "4453" and game.moves(p) == "4453" and repr(p) == "Position('4453')"
    assert game.to_move(p) == "MAX" and game.to_move(game.result(p, 1)) == "MIN"
    assert game.actions(game.initial_state()) == (1, 2, 3, 4, 5, 6, 7)


def test_positions_are_immutable_and_equal_whatever_the_move_order():
    a, b = game.play("1234"), game.play("3214")        # the same discs by another path
    assert a == b and hash(a) == hash(b) and a.history != b.history
    before = game.play("44")
    game.result(before, 4)
    assert before == game.play("44") and before.count == 2


def test_a_full_column_leaves_the_actions():
    p = game.play("444444")
    assert 4 not in game.actions(p) and len(game.actions(p)) == 6


@pytest.mark.parametrize("moves, winner, utility", [
    ("1212121", "X", 18),                # vertical, X's 4th stone
    ("1122334", "X", 18),                # horizontal
    ("13434442352", "X", 16),            # diagonal ↗ with X's 6th stone
    ("4256323127111", "X", 15),          # diagonal ↘ with X's 7th stone
    ("71212121", "O", -18),              # O wins vertically with its 4th stone
])
def test_every_direction_of_four_is_a_win_scored_by_stones(moves, winner, utility):
    p = game.play(moves)
    assert p.winner == winner and game.is_terminal(p) and game.actions(p) == ()
    assert game.utility(p) == utility


@pytest.mark.parametrize("seed", range(200))
def test_the_bitboard_win_test_agrees_with_a_cell_by_cell_check(seed):
    p = random_game(seed)
    assert has_four(p.x) == naive_four(p, "X") and has_four(p.o) == naive_four(p, "O")
    assert (p.winner is not None) == (has_four(p.x) or has_four(p.o))


def test_a_board_picture_round_trips_and_knows_the_side_to_move():
    p = game.play("4453")
    q = game.board("/".join(p.rows()))
    assert q == p and q.history is None and q.player == "X"
    assert repr(q).startswith("Position(board=")


def test_a_full_board_without_four_is_a_draw():
    p = game.play("441365675334466335442232661515577771217122")   # a random game that ended drawn
    assert p.count == 42 and p.winner is None and game.is_terminal(p) and game.utility(p) == 0
    assert game.actions(p) == () and not has_four(p.x) and not has_four(p.o)
    with pytest.raises(MoveError, match="the board is full"):
        game.result(p, 1)


@pytest.mark.parametrize("moves, message", [
    ("4444444", "column 4 is full"),
    ("48", "'8' is not a column"),
    ("40", "'0' is not a column"),
    ("1212121" + "3", "the game is over"),
    ("44a5", "'a' is not a column"),
    ("4-5", "'-' is not a column"),
])
def test_bad_move_strings_name_the_move_and_why(moves, message):
    with pytest.raises(MoveError, match=message) as caught:
        game.play(moves)
    assert moves in str(caught.value)


@pytest.mark.parametrize("column, message", [
    (0, "columns are numbered 1 to 7"), (8, "columns are numbered 1 to 7"),
    ("4", "columns are numbered 1 to 7"), (True, "columns are numbered 1 to 7"),
])
def test_bad_single_moves_are_explained(column, message):
    with pytest.raises(MoveError, match=message):
        game.result(game.initial_state(), column)


def test_a_move_string_must_be_text():
    with pytest.raises(TypeError, match="string of column digits"):
        game.play([4, 4])


@pytest.mark.parametrize("picture, message", [
    ("......./......./......./......./...X...", "6 rows of 7"),
    ("......./......./......./......./...X.../.......", "floats"),
    ("......./......./......./......./......./XX.....", "as many discs"),
    ("......./......./......./......./OOOO.../XXXXOXX", "both X and O"),
    ("......./......./......./......./......./..Z....", "6 rows of 7"),
])
def test_impossible_pictures_are_explained(picture, message):
    with pytest.raises(ValueError, match=message):
        game.board(picture)


def test_the_svg_marks_discs_by_shape_as_well_as_colour():
    svg = game.play("43")._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<path") == 1          # X: a cross
    assert svg.count("fill='none'") == 1                                 # O: a ring
    assert "<TABLE" in game.picture(game.play("43"))


def test_alphabeta_searches_connect_four_through_the_public_api():
    p = game.play("4455")                          # X plays 3 for an open three: a forced win
    r = alphabeta(game, p, depth=3, evaluate=lambda s: 0)
    assert r.move == 3 and r.value == 18 and len(r.pv) == 3
    assert alphabeta(game, p, depth=3, evaluate=lambda s: 0, order=centre_first).value == 18
    assert minimax(game, p, depth=3, evaluate=lambda s: 0).value == 18


def test_centre_first_keeps_the_same_moves():
    assert centre_first(None, (1, 2, 7)) == (2, 1, 7)
