"""Matches, tree-size estimates and drawn lines of play (adversarial.games.connectfour_lab)."""

import pytest

from adversarial import alphabeta
from adversarial.games import ConnectFour, TicTacToe
from adversarial.games.connectfour_eval import centre_control, no_evaluation, open_windows
from adversarial.games.tictactoe import count_games
from adversarial.lab.connectfour_lab import (
    Along,
    SideBySide,
    draw_line,
    engine_move,
    estimate_tree_size,
    match,
    openings,
    play_game,
)

game = ConnectFour()


def test_a_match_is_reproducible_and_plays_each_opening_with_both_colours():
    a = match(open_windows, centre_control, depth=1, openings=3, seed=4)
    b = match(open_windows, centre_control, depth=1, openings=3, seed=4)
    assert a == b and a.games == 6
    starts = [f.history[:2] for f in a.finals]
    assert starts[0::2] == starts[1::2] == openings(3, seed=4)
    assert all(game.is_terminal(game.play(f.history)) for f in a.finals)


def test_a_match_against_itself_is_even_and_results_are_counted_for_the_first():
    m = match(no_evaluation, no_evaluation, depth=1, openings=4, seed=0)
    assert m.wins == m.losses
    reverse = match(centre_control, open_windows, depth=1, openings=3, seed=4)
    forward = match(open_windows, centre_control, depth=1, openings=3, seed=4)
    assert (reverse.wins, reverse.losses) == (forward.losses, forward.wins)


def test_play_game_follows_each_side_s_search():
    end = play_game(open_windows, no_evaluation, depth=1, opening="44")
    p = game.play("44")
    for column in end.history[2:]:
        evaluate = open_windows if p.player == "X" else no_evaluation
        assert int(column) == engine_move(p, evaluate, 1)
        p = game.result(p, int(column))


def test_openings_are_distinct_and_checked():
    assert len(set(openings(49, seed=1))) == 49
    with pytest.raises(ValueError, match="openings must be between 1 and 49"):
        openings(50, seed=1)


def test_knuth_s_estimate_is_close_on_tic_tac_toe_where_the_tree_is_known():
    games, nodes = estimate_tree_size(TicTacToe(), playouts=3000, seed=2)
    exact = sum(count_games(TicTacToe()).values())
    assert abs(games - exact) / exact < 0.1 and nodes > games
    with pytest.raises(ValueError, match="playouts"):
        estimate_tree_size(game, playouts=0)


def test_along_restricts_the_line_and_draw_line_scores_its_end():
    start = game.play("4455")
    along = Along(game, start, (3, 6))
    assert along.actions(start) == (3,) and along.actions(game.result(start, 3)) == (6,)
    r = alphabeta(along, start, depth=2, evaluate=open_windows)
    assert r.pv == (3, 6) and r.value == open_windows(game.play("445536"))
    drawing = draw_line(game, start, (3, 6), open_windows)
    both = SideBySide(drawing, drawing, captions=["left", "right"])
    svg = both._repr_mimebundle_()["image/svg+xml"]
    assert svg.count("<svg") == 3 and ">left<" in svg and "left: " in repr(both)


def _placed(svg: str) -> list[tuple[float, float, float, float]]:
    """x, y, width, height of each drawing nested in a SideBySide's SVG."""
    import re
    return [tuple(map(float, m)) for m in re.findall(r'<svg x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" '
                                                        r'height="([\d.]+)"', svg)]


def test_in_lecture_mode_a_line_runs_across_and_two_lines_stack_with_large_captions_and_movers():
    """Notebook 5's horizon pair in lecture mode: each line of boards left to right (a line down was 2.5 screens
    tall), the two lines one under the other, captions in the theme's size, and who is to move (on each board)
    in the theme's small size instead of 8 pt. In the notebook theme the lines still run down, side by side."""
    import re

    from adversarial.themes import set_theme, theme_style
    start = game.play("27477261731557762446")
    line = (3, 6, 5)
    down = draw_line(game, start, line, open_windows)
    assert "rankdir=TB" in down.source and "POINT-SIZE='8'" in down.source
    beside = _placed(SideBySide(down, down, captions=["a", "b"]).svg())
    assert beside[0][1] == beside[1][1] and beside[1][0] > beside[0][0] + beside[0][2]     # left to right
    set_theme("projector")
    try:
        across = draw_line(game, start, line, open_windows)
        pair = SideBySide(across, across, captions=["depth 3", "depth 4"])
        svg = pair.svg()
    finally:
        set_theme("notebook")
    assert "rankdir=LR" in across.source and "tailport=e" in across.source
    small = theme_style("projector")["small"]
    assert across.source.count(f"<FONT POINT-SIZE='{small}'><B>MAX</B>") == 2       # the boards with X to move
    top, bottom = _placed(svg)
    assert top[2] > top[3] and bottom[1] >= top[1] + top[3]                         # wide, one under the other
    total = re.search(r"viewBox='0 0 ([\d.]+) ([\d.]+)'", svg)
    assert float(total.group(1)) > float(total.group(2))                            # wider than tall
    assert svg.count(f"font-size='{theme_style('projector')['size']}'>depth") == 2
    assert across.description.text == down.description.text                        # the same words
    from adversarial import draw
    with pytest.raises(TypeError, match="across must be True or False"):
        draw(game, alphabeta(game, start, depth=1, evaluate=open_windows, trace=True), across="yes")


def test_a_remembered_engine_move_is_the_move_a_fresh_search_makes():
    """engine_move remembers the package's evaluations' moves (they are pure): asked twice, at positions met
    in real games, it answers what alpha-beta answers now."""
    from adversarial.games.connectfour import centre_first
    from adversarial.lab.connectfour_lab import played_positions
    game = ConnectFour()
    for moves in played_positions(6, 10, seed=3) + played_positions(4, 20, seed=5):
        p = game.play(moves)
        for evaluate in (open_windows, centre_control, no_evaluation):
            fresh = alphabeta(game, p, depth=3, evaluate=evaluate, order=centre_first).move
            assert engine_move(p, evaluate, 3) == engine_move(p, evaluate, 3) == fresh, (moves, evaluate)


def test_an_evaluation_of_ones_own_is_searched_every_time():
    """A student's evaluation need not be pure (it may count, learn or draw at random): never remembered."""
    calls = []

    def mine(p):
        calls.append(1)
        return open_windows(p)
    p = ConnectFour().play("4433")
    engine_move(p, mine, 2)
    first = len(calls)
    engine_move(p, mine, 2)
    assert first > 0 and len(calls) == 2 * first


@pytest.mark.parametrize("depth", [0, None, -1, 1.5])
def test_a_match_at_no_depth_or_to_the_end_is_refused_at_once(depth):
    """depth=0 gave "columns are numbered 1 to 7 ..., got None" mid-game; depth=None searched Connect
    Four to the end (hours)."""
    with pytest.raises(ValueError, match="depth must be a whole number of moves, 1 or more"):
        match(open_windows, no_evaluation, depth=depth, openings=1)
