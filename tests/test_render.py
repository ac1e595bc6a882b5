"""Drawings: which nodes are pruned, bounds, stable layout across steps, themes, limits."""

import re

import pytest

from adversarial import alphabeta, minimax, tree
from adversarial.render import draw, lecture_mode, set_theme


def pruned(drawing):
    return {path for path, status in drawing.status.items() if status == "pruned"}


def test_three_by_three_prunes_the_2_and_the_0_under_b():
    t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    d = draw(t, alphabeta(t, trace=True))
    assert pruned(d) == {(1, 1), (1, 2)}
    assert repr(d) == "<Drawing: 13 nodes, 2 pruned leaves, root value 7>"
    assert "<B>≤ 1</B>" in d.source and d.source.count('taillabel="//"') == 2


def test_nodes_under_a_pruned_branch_are_pruned_too():
    t = tree([[[3, 4], [8, [-2, 10], 5]], 7])
    d = draw(t, alphabeta(t, trace=True))
    assert pruned(d) == {(0, 1, 1), (0, 1, 1, 0), (0, 1, 1, 1), (0, 1, 2)}


def test_eight_leaf_tree_prunes_only_the_last_leaf_and_shows_lower_bounds():
    t = tree([3, 5, 2, 9, 12, 5, 23, 2], branching=2)
    d = draw(t, alphabeta(t, trace=True))
    assert pruned(d) == {(1, 1, 1)}
    assert "<B>≥ 23</B>" in d.source and "<B>≥ 9</B>" in d.source


def test_minimax_prunes_nothing_and_a_plain_tree_shows_its_leaves():
    t = tree([[3, 5], [2]])
    assert pruned(draw(t, minimax(t, trace=True))) == set()
    plain = draw(t)
    assert set(plain.status.values()) == {"plain"} and "<B>5</B>" in plain.source


def positions(drawing):
    svg = drawing.svg()
    return re.findall(r'<title>(n[\d_]*)</title>\s*<(?:polygon|ellipse)[^>]*points="([^"]+)"', svg)


def test_layout_is_identical_at_every_step():
    t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    r = alphabeta(t, trace=True)
    first = positions(draw(t, r, step=0))
    assert len(first) == len(t)
    for k in range(1, len(r.trace) + 1):
        assert positions(draw(t, r, step=k)) == first, f"layout moved at step {k}"


def test_stepping_marks_the_current_node_and_the_not_yet_visited():
    t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    r = alphabeta(t, trace=True)
    d = draw(t, r, step=2)
    assert d.status[(0,)] == "current" and d.status[(2, 2)] == "unvisited"
    assert repr(d).endswith("step 2>")
    with pytest.raises(ValueError, match="step must be a whole number from 0 to"):
        draw(t, r, step=999)


def test_projector_theme_is_bigger_and_lecture_mode_switches_the_default():
    t = tree([[3, 5], [2]])
    r = alphabeta(t, trace=True)
    assert "fontsize=24" in draw(t, r, theme="projector").source
    try:
        lecture_mode()
        assert "fontsize=24" in draw(t, r).source
    finally:
        set_theme("notebook")
    assert "fontsize=14" in draw(t, r).source
    with pytest.raises(ValueError, match="unknown theme"):
        draw(t, r, theme="dark")


def test_too_large_a_tree_is_refused_with_advice():
    from adversarial import random_tree
    with pytest.raises(ValueError, match="more than max_nodes=300.*depth limit"):
        draw(random_tree(3, 6))


def test_a_result_without_trace_is_explained():
    t = tree([[3, 5], [2]])
    with pytest.raises(ValueError, match="trace=True"):
        draw(t, alphabeta(t))


def test_mimebundle_has_svg_and_the_summary():
    t = tree([[3, 5], [2]])
    bundle = draw(t, alphabeta(t, trace=True))._repr_mimebundle_()
    assert bundle["image/svg+xml"].lstrip().startswith("<?xml")
    assert bundle["text/plain"] == "<Drawing: 6 nodes, 0 pruned leaves, root value 3>"


def test_a_real_game_is_drawn_from_its_trace_with_boards_in_the_nodes():
    from adversarial.games import TicTacToe
    game = TicTacToe()
    board = game.board("XO./XO./...")           # X to move: 6 wins at once
    r = alphabeta(game, board, trace=True)
    d = draw(game, r)
    entered = {e.path for e in r.trace if e.__class__.__name__ == "Enter"}
    assert set(d.status) >= entered and "<TABLE" in d.source
    assert repr(d).endswith("root value 1>")
    with pytest.raises(ValueError, match="pass a traced search result"):
        draw(game)


def test_lecture_mode_also_enlarges_widget_text_the_board_and_the_table():
    from adversarial.play import PlayBoard
    from adversarial.widgets import Stepper

    t = tree([[3, 5], [2]])
    plain = (Stepper(t), PlayBoard(), alphabeta(t, trace=True).trace._repr_html_())
    try:
        lecture_mode()
        big = (Stepper(t), PlayBoard(), alphabeta(t, trace=True).trace._repr_html_())
    finally:
        lecture_mode(False)
    assert plain[0].buttons[1].style.font_size == "1.1em" and big[0].buttons[1].style.font_size == "1.6em"
    assert "font-size:1.6em" in big[0].explanation.value and "font-size:1.1em" in plain[0].explanation.value
    assert int(big[1].cells[0].layout.width[:-2]) > int(plain[1].cells[0].layout.width[:-2])
    px = lambda board: int(board.cells[0].style.font_size.removesuffix("px"))
    assert px(big[1]) > px(plain[1])
    assert "font-size:1.6em" in big[2] and "font-size:1.1em" in plain[2]
