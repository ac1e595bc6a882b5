"""Bad input to the engine: every case gets a clear error that says what is wrong and what to do."""

import sys

import numpy as np
import pytest

from adversarial import MAX, MIN, SearchError, alphabeta, minimax, negamax, random_tree, tree
from adversarial.games import TicTacToe

ALL = [minimax, alphabeta, negamax]


class Counter:
    """A tiny game: MAX and MIN take turns adding 1 or 2 until the total reaches 4."""

    def __init__(self, names=(MAX, MIN)):
        self.names = names

    def initial_state(self): return 0
    def to_move(self, s): return self.names[s % 2]
    def actions(self, s): return (1, 2)
    def result(self, s, m): return s + m
    def is_terminal(self, s): return s >= 4
    def utility(self, s): return s


@pytest.mark.parametrize("names", [("max", "min"), ("X", "O"), (1, -1), (None, None), ("MAX", "Min")])
@pytest.mark.parametrize("search", ALL)
def test_to_move_must_say_max_or_min(search, names):
    with pytest.raises(SearchError, match=r"to_move\(\) must return MAX or MIN.*got"):
        search(Counter(names))


def test_to_move_giving_max_and_min_works():
    assert minimax(Counter()).value == negamax(Counter()).value == alphabeta(Counter()).value


@pytest.mark.parametrize("search", ALL)
def test_order_returning_none_says_order_must_return_the_moves(search):
    with pytest.raises(SearchError, match=r"order\(\) must return the moves.*returned None"):
        search([[1, 2], [3]], order=lambda state, moves: None)


@pytest.mark.parametrize("state, message", [
    ("X.O/.X./O..", r"write game\.board\('X\.O/\.X\./O\.\.'\)"),
    (0, r"state= must be a position of this game.*Board.*got 0"),
    ((1, 2), r"state= must be a position of this game.*Board"),
])
def test_state_that_is_not_a_board_is_explained(state, message):
    with pytest.raises(TypeError, match=message):
        alphabeta(TicTacToe(), state)


@pytest.mark.parametrize("state, message", [
    ((1,), r"t\.node\(\(1,\)\)"),
    (0, r"a node of this tree.*got 0"),
])
def test_state_of_a_tree_must_be_one_of_its_nodes(state, message):
    with pytest.raises(TypeError, match=message):
        minimax(tree([[3, 5], [2, 9]]), state)


def test_a_node_of_another_tree_is_refused():
    other = tree([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="belongs to another tree"):
        alphabeta(tree([[3, 5], [2, 9]]), other.node((1,)))


def test_passing_the_class_instead_of_a_game_says_to_create_one():
    with pytest.raises(TypeError, match=r"the class TicTacToe.*TicTacToe\(\)"):
        alphabeta(TicTacToe)


def test_depth_may_be_any_whole_number_type():
    t = tree([[[1, 2]], [3]])
    assert alphabeta(t, depth=np.int64(3)).value == minimax(t, depth=3).value == 3


@pytest.mark.parametrize("depth", [1.0, np.float64(1), True, "1"])
def test_depth_rejects_floats_bools_and_text(depth):
    with pytest.raises(TypeError, match="depth must be a whole number"):
        alphabeta([[1]], depth=depth)


@pytest.mark.parametrize("move", [4.0, True, "4", None])
def test_tictactoe_moves_are_whole_cell_numbers(move):
    game = TicTacToe()
    with pytest.raises(ValueError, match="cells are numbered 0 to 8"):
        game.result(game.initial_state(), move)


def test_tictactoe_accepts_numpy_cell_numbers():
    game = TicTacToe()
    assert game.result(game.initial_state(), np.int64(4)).cells == "....X...."


@pytest.mark.parametrize("low, high", [(0.5, 3), (0, "9"), (False, 3)])
def test_random_tree_bounds_must_be_whole_numbers(low, high):
    with pytest.raises(TypeError, match="low and high must be whole numbers"):
        random_tree(2, 2, low=low, high=high)


def test_unknown_option_message_has_a_separator():
    with pytest.raises(TypeError, match=r"has no option 'x'\. Its options are: "):
        alphabeta([[1]], x=1)
    with pytest.raises(TypeError, match=r"did you mean 'table'\? Its options are"):
        alphabeta([[1]], tabel=True)


@pytest.mark.parametrize("flag", ["no", "yes", 1, None, {}])
def test_tictactoe_depth_aware_must_be_a_bool(flag):
    with pytest.raises(TypeError, match="depth_aware must be True or False"):
        TicTacToe(depth_aware=flag)


@pytest.mark.parametrize("table", ["yes", {}, 1, []])
def test_table_must_be_a_bool_or_a_key_function(table):
    with pytest.raises(TypeError, match="table must be True, False or a function"):
        alphabeta([[1, 2], [3]], table=table)


@pytest.mark.parametrize("flag", ["no", 0, None])
@pytest.mark.parametrize("name", ["prune_on_equal", "trace"])
def test_flags_must_be_bools(name, flag):
    with pytest.raises(TypeError, match=f"{name} must be True or False"):
        alphabeta([[1, 2], [3]], **{name: flag})


@pytest.mark.parametrize("max_nodes", ["x", 2.5, True, 0])
def test_draw_max_nodes_must_be_a_whole_number(max_nodes):
    from adversarial import draw
    with pytest.raises(TypeError, match="max_nodes must be a whole number"):
        draw(tree([[1, 2], [3]]), max_nodes=max_nodes)


# -- deep games ---------------------------------------------------------------

def chain(levels):
    spec = 1
    for _ in range(levels):
        spec = [spec, 0]
    return spec


def test_a_very_deep_tree_builds_and_shows():
    t = tree(chain(1500))
    assert t.depth == 1500 and len(t) == 3001
    assert repr(t).startswith("<Tree: 3001 nodes")
    assert t == tree(chain(1500)) == tree(t.to_list()) != tree(chain(1499))


class Line:
    """A game of ``length`` forced moves: each state is the number of moves played."""

    def __init__(self, length):
        self.length = length

    def initial_state(self): return 0
    def to_move(self, s): return MAX if s % 2 == 0 else MIN
    def actions(self, s): return (1,)
    def result(self, s, m): return s + 1
    def is_terminal(self, s): return s >= self.length
    def utility(self, s): return 1


@pytest.mark.parametrize("search", ALL)
@pytest.mark.parametrize("make", [lambda: Line(5000), lambda: tree(chain(1500))], ids=["line", "tree"])
def test_a_game_deeper_than_the_recursion_limit_gets_a_clear_error(search, make):
    game = make()
    with pytest.raises(SearchError, match=r"recursion limit.*depth=") as info:
        search(game, trace=True)
    assert len(info.traceback) <= 3              # raised from the public function, short
    assert sys.getrecursionlimit() < 1500        # the test needs games deeper than the limit


@pytest.mark.parametrize("search", ALL)
def test_a_long_game_within_the_limit_still_works_with_a_depth_limit(search):
    assert search(Line(5000), depth=50, evaluate=lambda s: 0).value == 0


@pytest.mark.parametrize("search", ALL)
@pytest.mark.parametrize("returned", [np.array, lambda moves: [np.int64(m) for m in reversed(moves)]])
def test_an_order_giving_numpy_ints_still_gives_the_games_own_moves(search, returned):
    """Issue 30: an order returning a numpy array put np.int64(2) into the result's move, pv and repr."""
    r = search(tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]]), order=lambda state, moves: returned(moves))
    assert r.value == 7 and type(r.move) is int and all(type(m) is int for m in r.pv)
    assert "np." not in repr(r)
