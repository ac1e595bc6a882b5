"""What a result knows: exact numbers, where it came from, names relative to the searched node."""

from decimal import Decimal
from fractions import Fraction

import pytest

from adversarial import alphabeta, draw, minimax, negamax, tree
from adversarial.game import node_id
from adversarial.games import TicTacToe
from adversarial.trace import fmt

ALL = [minimax, alphabeta, negamax]


@pytest.mark.parametrize("search", ALL)
def test_fractions_are_searched_exactly(search):
    """As floats 1/3 + 10**-18 and 1/3 are equal: the second child would tie and lose."""
    small, large = Fraction(1, 3), Fraction(1, 3) + Fraction(1, 10**18)
    assert float(small) == float(large)
    r = search(tree([[small], [large]]))
    assert r.value == large and type(r.value) is Fraction and r.move == 1


@pytest.mark.parametrize("search", ALL)
def test_decimals_are_searched_exactly(search):
    small, large = Decimal("0.33333333333333333"), Decimal("0.333333333333333331")
    r = search(tree([[small], [large]]), trace=True)
    assert r.value == large and r.move == 1


def test_huge_integer_leaves_show_in_repr_tables_and_drawings():
    huge = 10**5000
    t = tree([[huge, 10**5001], [2, 3]])
    r = alphabeta(t, trace=True)
    assert r.value == huge
    assert "e+5000" in repr(r) and "e+5000" in str(r.trace.table())
    assert repr(t).startswith("<Tree: 7 nodes")
    assert "e+5000" in draw(t, r).source
    assert fmt(-3 * 10**5000) == "-3.000e+5000" and fmt(12345) == "12345"


@pytest.mark.parametrize("search", ALL)
def test_a_result_knows_its_game_and_where_the_search_started(search):
    t = tree([[3, 5], [2, 9]])
    r = search(t, t.node((1,)))
    assert r.game is t and r.root is t.node((1,)) and r.value == 2
    g = TicTacToe()
    r = search(g)
    assert r.game is g and r.root == g.initial_state()


@pytest.mark.parametrize("search", ALL)
def test_searching_from_a_node_names_nodes_as_the_tree_does(search):
    t = tree([[3, 5], [2, 9]])                  # root, A, B, then C D under A and E F under B
    trace = search(t, t.node((1,)), trace=True).trace
    first = trace.explain(0)
    assert "B" in first and "root" not in first
    assert [row.label for row in trace.rows(leaves=True)] == ["B", "E", "F"]


def test_drawing_a_search_from_a_node_paints_values_at_that_node():
    t = tree([[3, 5], [2, 9]])
    r = alphabeta(t, t.node((1,)), trace=True)
    drawing = draw(t, r)
    assert "root value 2" in repr(drawing)
    assert repr(drawing).startswith("<Drawing: 3 nodes")
    # names are drawn in each node's note (inner nodes) or under its box (leaves)
    assert ">B #1<" in drawing.source and ">E<" in drawing.source and ">A" not in drawing.source


def test_drawing_a_result_of_another_tree_is_refused():
    a, b = tree([[3, 5], [2, 9]]), tree([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="another"):
        draw(a, alphabeta(b, trace=True))
    assert repr(draw([[3, 5], [2, 9]], alphabeta([[3, 5], [2, 9]], trace=True)))   # an equal tree is fine


@pytest.mark.parametrize("paths", [
    [("a_b",), ("a", "b")],
    [(-1.0,), (-2.0,), (-1.0, -2.0), (-1.0, 2.0)],
    [("a", "b_c"), ("a_b", "c")],
    [(1, 2), (12,), ("1", "2"), ("1_2",)],
    [("'",), ('"',), ("\\",)],
])
def test_node_ids_never_collide(paths):
    assert len({node_id(p) for p in paths}) == len(paths)


def test_node_ids_are_the_same_for_equal_paths():
    assert node_id((1, 2)) == node_id((1, 2)) and node_id(()) != node_id(("",))


class StringGame:
    """Moves are strings that join alike: 'a_b' at the root, and 'a' then 'b'."""

    def initial_state(self): return ""
    def to_move(self, s): return "MAX" if s.count("|") % 2 == 0 else "MIN"
    def actions(self, s): return ("a_b", "a") if s == "" else ("b",)
    def result(self, s, m): return s + "|" + m
    def is_terminal(self, s): return s.count("|") >= 2 or s == "|a_b"
    def utility(self, s): return len(s)


def test_drawing_a_game_with_moves_that_join_alike_keeps_every_node():
    r = alphabeta(StringGame(), trace=True)
    drawing = draw(StringGame(), r)
    assert repr(drawing).startswith("<Drawing: 4 nodes")
    edges = [line for line in drawing.source.splitlines() if "->" in line and "invis" not in line]
    assert len(edges) == 3 and len(drawing.status) == 4       # (each inner node also links to its note)
    assert sorted(line.split("label=")[1].split()[0] for line in edges) == ["a", "a_b", "b"]   # moves on edges
