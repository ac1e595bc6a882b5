"""Drawings: live α/β while stepping, exact values vs bounds, stable layout, sizes, themes, slides."""

import itertools
import struct
import subprocess
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adversarial import alphabeta, dot, minimax, random_tree, render, tree
from adversarial.drawing.render import THEMES, draw, lecture_mode, save_drawing, set_theme

SVG = "{http://www.w3.org/2000/svg}"
THREE = [[3, 5, 6], [1, 2, 0], [9, 7, 8]]
EIGHT = [3, 5, 2, 9, 12, 5, 23, 2]


def pruned(drawing):
    return {path for path, status in drawing.status.items() if status == "pruned"}


def svg_root(drawing):
    return ET.fromstring(drawing.svg())


def texts_of(drawing) -> dict:
    """Graphviz node name -> the texts drawn in it (shape and note alike)."""
    found = {}
    for group in svg_root(drawing).iter(f"{SVG}g"):
        if group.get("class") == "node":
            title = group.find(f"{SVG}title").text
            found[title] = [("".join(t.itertext())).strip() for t in group.iter(f"{SVG}text")]
    return found


def note(drawing, name) -> list:
    """The lines of the note under the node called ``name`` (its first line starts with the name)."""
    hits = [lines for lines in texts_of(drawing).values() if lines and lines[0].split(" ")[0] == name]
    assert len(hits) == 1, f"no single note for {name}: {hits}"
    return hits[0]


def test_three_by_three_prunes_the_2_and_the_0_under_b():
    t = tree(THREE)
    d = draw(t, alphabeta(t, trace=True))
    assert pruned(d) == {(1, 1), (1, 2)}
    assert repr(d) == "<Drawing: 13 nodes, 2 pruned leaves, root value 7>"
    assert "<B>≤ 1</B>" in d.source and d.source.count('headlabel="//"') == 2
    assert note(d, "B")[-1] == "α ≥ β: prune"          # where the cut happened


def test_nodes_under_a_pruned_branch_are_pruned_too():
    t = tree([[[3, 4], [8, [-2, 10], 5]], 7])
    d = draw(t, alphabeta(t, trace=True))
    assert pruned(d) == {(0, 1, 1), (0, 1, 1, 0), (0, 1, 1, 1), (0, 1, 2)}


def test_a_fully_searched_node_shows_its_exact_value_and_only_a_cut_one_a_bound():
    """D (both leaves read) returned 9 outside its window, but nothing below it was skipped: 9 is
    exact. F's second leaf was pruned, so F shows only ≥ 23."""
    t = tree(EIGHT, branching=2)
    r = alphabeta(t, trace=True)
    d = draw(t, r)
    assert pruned(d) == {(1, 1, 1)}
    shapes = texts_of(d)
    value = lambda path: next(lines for name, lines in shapes.items() if name == d_id(d, path))[0]
    assert value((0, 1)) == "9" and value((1, 1)) == "≥ 23"
    returned = {e.path: e.bound for e in r.trace if hasattr(e, "bound")}
    assert (returned[(0, 1)], returned[(1, 1)]) == ("exact", "lower"), "the trace speaks as the drawing does"
    table = {cells[1]: cells[6] for cells in r.trace.table().cells()}
    assert table["D"] == "9" and table["F"] == "≥ 23", "the table writes what the drawing writes"
    legend = " ".join(itertools.chain(*texts_of(draw(t, r, legend=True)).values()))
    assert "exact value" in legend and "only a bound" in legend


def d_id(drawing, path):
    """The Graphviz name of the shape of the node at ``path`` (found from the DOT source)."""
    from adversarial.drawing.render import _node_id
    return _node_id(path)


def test_every_step_of_the_three_by_three_tree_draws_a_different_picture():
    t = tree(THREE)
    r = alphabeta(t, trace=True)
    pictures = [draw(t, r, step=k).svg() for k in range(len(r.trace) + 1)]
    assert len(r.trace) == 29 and len(set(pictures)) == len(pictures)


def inside(drawing, path) -> str:
    """The text drawn inside the shape of the node at ``path``."""
    return " ".join(texts_of(drawing)[d_id(drawing, path)])


def test_the_current_path_shows_live_alpha_beta_and_running_values():
    t = tree(THREE)
    r = alphabeta(t, trace=True)
    lowers = next(k for k, e in enumerate(r.trace, 1) if r.trace.explain(k - 1).startswith("MIN node B lowers β"))
    d = draw(t, r, step=lowers)
    assert note(d, "B")[1:] == ["α=3 β=1"] and inside(d, (1,)) == "v=1"       # B's β just fell to 1
    assert note(d, "root")[1:] == ["α=3 β=+∞"] and inside(d, ()) == "v=3"     # the root raised α to 3
    assert note(d, "A")[1:] == [""] and inside(d, (0,)) == "3"   # finished: its value, no stale α/β
    assert d.status[(1,)] == "current"
    cut = draw(t, r, step=lowers + 1)
    assert note(cut, "B")[-1] == "α ≥ β: prune" and pruned(cut) == {(1, 1), (1, 2)}
    start = draw(t, r, step=1)
    assert note(start, "root")[1:] == ["α=−∞ β=+∞"] and inside(start, ()) == "v=−∞"   # MAX starts at −∞
    # on the path: thick, in the path colour; a node off the path is not
    from adversarial.drawing.themes import theme_style
    assert d.source.count(theme_style()["path"]) >= 3


def test_a_leaf_shows_its_value_with_its_own_event_not_when_entered():
    t = tree(THREE)
    r = alphabeta(t, trace=True)
    entered = next(k for k, e in enumerate(r.trace, 1) if e.path == (0, 0))        # Enter D
    assert r.trace.explain(entered).startswith("Leaf D is worth 3")
    before, after = draw(t, r, step=entered), draw(t, r, step=entered + 1)
    assert texts_of(before)[d_id(before, (0, 0))] == ["", "D"] and before.status[(0, 0)] == "current"
    assert texts_of(after)[d_id(after, (0, 0))] == ["3", "D"]


def test_the_cut_is_boxed_so_it_shows_in_grayscale_too():
    t = tree(THREE)
    r = alphabeta(t, trace=True)
    cut = next(k for k, e in enumerate(r.trace, 1) if type(e).__name__ == "Cutoff")
    source = draw(t, r, step=cut).source
    cut = THEMES["notebook"]["cut"]
    assert f"BORDER='1' COLOR='{cut}'><FONT POINT-SIZE='11' COLOR='{cut}'>α ≥ β: prune" in source


def test_not_yet_visited_text_keeps_a_contrast_of_4_5_to_1_on_white():
    from adversarial.drawing.themes import THEMES

    def luminance(colour):
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    for name, style in THEMES.items():
        contrast = 1.05 / (luminance(style["faint"]) + 0.05)
        assert contrast >= 4.5, f"{name}: not-yet-visited text has contrast {contrast:.2f}:1"


def positions(drawing):
    """Graphviz node name -> the outline of its shape (notes have none: their text moves)."""
    found = {}
    for group in svg_root(drawing).iter(f"{SVG}g"):
        if group.get("class") == "node":
            shape = next(iter(group.iter(f"{SVG}polygon")), None)
            if shape is not None and not group.find(f"{SVG}title").text.endswith("_note"):  # a cut's box
                found[group.find(f"{SVG}title").text] = shape.get("points")
    return found


@pytest.mark.parametrize("theme", ["notebook", "projector"])
def test_layout_is_identical_at_every_step(theme):
    t = tree(THREE)
    r = alphabeta(t, trace=True)
    first = positions(draw(t, r, step=0, theme=theme))
    assert len(first) == len(t)
    for k in range(1, len(r.trace) + 1):
        assert positions(draw(t, r, step=k, theme=theme)) == first, f"layout moved at step {k}"
    assert positions(draw(t, r, theme=theme)) == first


def test_stepping_marks_the_current_node_and_the_not_yet_visited():
    t = tree(THREE)
    r = alphabeta(t, trace=True)
    d = draw(t, r, step=2)
    assert d.status[(0,)] == "current" and d.status[(2, 2)] == "unvisited"
    assert repr(d).endswith("step 2>")
    with pytest.raises(ValueError, match="step must be a whole number from 0 to"):
        draw(t, r, step=999)


def test_show_leaves_reveals_unvisited_leaf_values_for_predict_then_reveal():
    t = tree(THREE)
    r = alphabeta(t, trace=True)
    hidden, shown = draw(t, r, step=0), draw(t, r, step=0, show_leaves=True)
    leaf = d_id(hidden, (2, 2))
    assert texts_of(hidden)[leaf][0] == "" and texts_of(shown)[leaf][0] == "8"


def font_px_at_1920(drawing) -> float:
    """The smallest text of the drawing, in pixels, once the drawing is scaled to 1920 px wide."""
    root = svg_root(drawing)
    width = float(root.get("viewBox").split()[2])
    sizes = [float(t.get("font-size")) for t in root.iter(f"{SVG}text") if "".join(t.itertext()).strip()]
    return min(sizes) * 1920 / width


@pytest.mark.parametrize("spec, branching", [
    (THREE, None), (EIGHT, 2), (list(range(16)), 2), (list(range(16)), 4), ([[1, 2], [3]], None)])
def test_projector_text_is_at_least_24_px_on_a_1920_px_screen(spec, branching):
    t = tree(spec, branching=branching) if branching else tree(spec)
    r = alphabeta(t, trace=True)
    for step in (None, len(r.trace) // 2):
        px = font_px_at_1920(draw(t, r, step=step, theme="projector"))
        assert px >= 24, f"smallest text {px:.1f} px"


def test_the_layout_program_knows_the_widths_of_every_font_used():
    """The projector legend overlapped and clipped because 'Helvetica-Bold' has no metrics in the
    layout program, which then measured bold text as Times. Bold now comes from <B> in Helvetica."""
    t = tree(THREE)
    for theme in ("notebook", "projector"):
        source = draw(t, alphabeta(t, trace=True), theme=theme, legend=True).source
        proc = subprocess.run([str(dot.layout_program()), "-Tsvg"], input=source.encode(),
                              capture_output=True, check=True)
        assert b"no hard-coded metrics" not in proc.stderr, proc.stderr.decode()


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


def test_flags_that_are_not_true_or_false_are_refused():
    t = tree([[3, 5], [2]])
    with pytest.raises(TypeError, match="must be True or False, got 'no'"):
        lecture_mode("no")
    with pytest.raises(TypeError, match="legend must be True or False"):
        draw(t, legend=1)
    with pytest.raises(TypeError, match="show_leaves must be True or False"):
        draw(t, show_leaves="yes")


def test_too_large_a_tree_is_refused_with_advice():
    with pytest.raises(ValueError, match="more than max_nodes=300.*depth limit"):
        draw(random_tree(3, 6))


def test_a_result_without_trace_is_explained():
    t = tree([[3, 5], [2]])
    with pytest.raises(ValueError, match="trace=True"):
        draw(t, alphabeta(t))


def test_minimax_prunes_nothing_and_a_plain_tree_shows_its_leaves():
    t = tree([[3, 5], [2]])
    assert pruned(draw(t, minimax(t, trace=True))) == set()
    plain = draw(t)
    assert set(plain.status.values()) == {"plain"} and "<B>5</B>" in plain.source


def test_mimebundle_has_svg_and_the_summary():
    t = tree([[3, 5], [2]])
    bundle = draw(t, alphabeta(t, trace=True))._repr_mimebundle_()
    assert bundle["image/svg+xml"].lstrip().startswith("<?xml")
    assert bundle["text/plain"] == "<Drawing: 6 nodes, 0 pruned leaves, root value 3>"


def test_a_real_game_is_drawn_with_boards_values_and_max_min():
    from adversarial.games import TicTacToe
    game = TicTacToe()
    board = game.board("XO./XO./...")           # X to move: 6 wins at once
    r = alphabeta(game, board, trace=True)
    d = draw(game, r)
    entered = {e.path for e in r.trace if e.__class__.__name__ == "Enter"}
    assert set(d.status) >= entered and "<TABLE" in d.source
    assert repr(d).endswith("root value 1>")
    notes = [lines for lines in texts_of(d).values() if lines and lines[0].startswith(("MAX", "MIN"))]
    assert notes[0][:1] == ["MAX #1"] and "= 1" in notes[0]
    assert any(line.startswith("MIN") for lines in notes for line in lines)
    with pytest.raises(ValueError, match="pass a traced search result"):
        draw(game)


def png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_save_drawing_writes_slides_of_the_asked_width(tmp_path):
    t = tree(THREE)
    d = draw(t, alphabeta(t, trace=True), theme="projector")
    width, height = png_size(save_drawing(d, tmp_path / "tree.png"))
    assert abs(width - 1920) <= 1 and height > 100
    svg = ET.parse(save_drawing(d, tmp_path / "tree.svg", width=1280)).getroot()
    assert svg.get("width") == "1280px"
    with pytest.raises(ValueError, match="use a .png or .svg"):
        save_drawing(d, tmp_path / "tree.pdf")
    with pytest.raises(ValueError, match="width is in pixels"):
        save_drawing(d, tmp_path / "tree.png", width="big")


def test_lecture_mode_also_enlarges_widget_text_the_board_and_the_table():
    from adversarial.widgets import Stepper
    from adversarial.widgets.play import PlayBoard

    t = tree([[3, 5], [2]])
    plain = (Stepper(t), PlayBoard(), alphabeta(t, trace=True).trace._repr_html_())
    try:
        lecture_mode()
        big = (Stepper(t), PlayBoard(), alphabeta(t, trace=True).trace._repr_html_())
    finally:
        lecture_mode(False)
    assert plain[0].buttons[1].style.font_size == "1.1em" and big[0].buttons[1].style.font_size == "28px"
    assert big[0].explanation.size == "28px" and plain[0].explanation.size == "1.1em"
    assert int(big[1].cells[0].layout.width[:-2]) > int(plain[1].cells[0].layout.width[:-2])
    px = lambda board: int(board.cells[0].style.font_size.removesuffix("px"))
    assert px(big[1]) > px(plain[1])
    assert "font-size:28px" in big[2] and "font-size:1.1em" in plain[2]


# -- properties: what the picture claims is true ------------------------------------

leaf = st.integers(min_value=-5, max_value=5)        # small values: many ties, where ≥ and > differ
nested = st.lists(st.recursive(leaf, lambda kids: st.lists(kids, min_size=1, max_size=3), max_leaves=20),
                  min_size=1, max_size=3)


def shown(t, r, step=None):
    events = list(r.trace) if step is None else list(r.trace)[:step]
    return render._analyse(render._nodes(t, r.trace), r.trace, events, step is not None)


@settings(max_examples=300)
@given(nested, st.sampled_from(["MAX", "MIN"]), st.booleans())
def test_every_value_drawn_exact_is_the_minimax_value_and_every_bound_holds(spec, root, prune_on_equal):
    t = tree(spec, root_player=root)
    r = alphabeta(t, trace=True, prune_on_equal=prune_on_equal)
    for path, (value, kind) in shown(t, r)["values"].items():
        true = minimax(t, t.node(path)).value
        assert {"exact": true == value, "upper": true <= value, "lower": true >= value}[kind], \
            f"{path}: drawn {kind} {value}, minimax {true}"


@settings(max_examples=150)
@given(nested, st.sampled_from(["MAX", "MIN"]))
def test_at_every_step_the_path_shows_the_current_window_and_best_value_so_far(spec, root):
    """Replaying the trace: the path runs from the root down, and once a node has taken in a
    child's value (the event after the child's return), MAX's α is max(α on entry, v) and MIN's β
    is min(β on entry, v)."""
    from adversarial.trace import Enter, Leaf, Return
    t = tree(spec, root_player=root)
    r = alphabeta(t, trace=True)
    entry = {e.path: (e.alpha, e.beta) for e in r.trace if isinstance(e, Enter)}
    for k in range(len(r.trace) + 1):
        state = shown(t, r, k)
        path = sorted(state["path"], key=len)
        assert all(a == b[:len(a)] for a, b in zip(path, path[1:])) and (not path or path[0] == ())
        if k and isinstance(r.trace[k - 1], (Leaf, Return)):
            continue                                   # the parent's α/β moves at the next event
        for node in path:
            (alpha, beta), v = state["windows"][node], state["running"].get(node)
            if v is None:
                assert (alpha, beta) == entry[node]
            elif t.node(node).player == "MAX":
                assert (alpha, beta) == (max(entry[node][0], v), entry[node][1])
            else:
                assert (alpha, beta) == (entry[node][0], min(entry[node][1], v))


@settings(max_examples=200)
@given(st.integers(0, 2**32 - 1), st.integers(2, 5), st.one_of(st.none(), st.integers(1, 4)), st.booleans(),
       st.sampled_from([False, True]))
def test_drawn_values_of_a_game_with_transpositions_are_true(seed, size, depth, prune_on_equal, table):
    """The same claim on games that reach a state by several paths (tests/dag_games.py), with and
    without a transposition table and a depth limit."""
    from .dag_games import DagGame
    game = DagGame(seed, size)
    r = alphabeta(game, depth=depth, prune_on_equal=prune_on_equal, table=table, trace=True)
    for path, (value, kind) in shown(game, r)["values"].items():
        state = game.initial_state()
        for move in path:
            state = game.result(state, move)
        left = None if depth is None else depth - len(path)
        true = minimax(game, state, depth=left).value
        assert {"exact": true == value, "upper": true <= value, "lower": true >= value}[kind], \
            f"{path}: drawn {kind} {value}, minimax {true}"


def looks(drawing, names) -> dict:
    """Graphviz name -> (fill, stroke, dashes) of the shape of each of ``names`` and of each edge's line."""
    found = {}
    for group in svg_root(drawing).iter(f"{SVG}g"):
        title = group.find(f"{SVG}title")
        if group.get("class") == "edge" or group.get("class") == "node" and title.text in names:
            shape = next(iter(group.iter(f"{SVG}path" if group.get("class") == "edge" else f"{SVG}polygon")))
            named = {"black": "#000000"}           # the layout program's default line colour, by name
            found[title.text] = (shape.get("fill"), named.get(shape.get("stroke"), shape.get("stroke")),
                                 shape.get("stroke-dasharray"))
    return found


@pytest.mark.parametrize("theme", ["notebook", "projector"])
@pytest.mark.parametrize("spec, options", [(THREE, {}), (THREE, {"prune_on_equal": False}),
                                           ([[3, 5], [2, 9]], {"show_leaves": True})])
def test_a_layout_made_once_and_restyled_shows_what_the_layout_program_draws_at_every_step(theme, spec, options):
    """The stepper lays a tree out once and restyles it per step: same words, colours and line styles
    as a fresh run of the layout program, at every step, and the same place for every shape."""
    t = tree(spec)
    show = options.pop("show_leaves", False)
    r = alphabeta(t, trace=True, **options)
    lay = render.Layout(t, r, theme=theme)
    for k in range(len(r.trace) + 1):
        slow = draw(t, r, step=k, theme=theme, show_leaves=show)
        fast = draw(t, r, step=k, theme=theme, show_leaves=show, layout=lay)
        assert fast.layout is lay and slow.layout is None
        assert texts_of(fast) == texts_of(slow), f"step {k}"
        inner = {d_id(slow, n.path) for n in t.nodes() if not n.is_leaf}
        assert looks(fast, inner) == looks(slow, inner), f"step {k}"
    svg = ET.fromstring(fast.svg())
    assert svg.get("viewBox") == svg_root(slow).get("viewBox")


def test_a_layout_is_only_for_trees_of_max_and_min_and_a_game_is_laid_out_per_step():
    from adversarial.games.tictactoe import TicTacToe
    game = TicTacToe()
    r = alphabeta(game, game.result(game.result(game.initial_state(), 4), 0), trace=True)
    with pytest.raises(TypeError, match="tree of MAX and MIN"):
        render.Layout(game, r)


def test_the_alpha_beta_table_pads_every_cell_so_columns_never_run_together():
    """On the site, whose style sheet gives table cells no padding, '3' and '+∞' ran into '3 +∞1'."""
    t = tree(THREE)
    page = alphabeta(t, trace=True).trace.table()._repr_html_()
    cells = ET.fromstring(page).iter()
    padded = [c for c in cells if c.tag in ("td", "th")]
    assert padded and all("padding:" in (c.get("style") or "") for c in padded)
    assert any("color:#b00" in (c.get("style") or "") for c in padded)      # the pruned column still marked


def test_a_wide_drawing_is_shown_as_wide_as_the_page_and_a_narrow_one_at_its_size():
    wide = draw(random_tree(3, 3))._repr_mimebundle_()["image/svg+xml"]
    narrow = draw(tree([[3, 5], [2]]))._repr_mimebundle_()["image/svg+xml"]
    import re
    assert re.search(r'<svg width="100%"\s+viewBox=', wide) and 'height="' not in wide.split("viewBox")[0]
    assert re.search(r'<svg width="[\d.]+pt" height="[\d.]+pt"', narrow)


class _Pictured:
    """Two moves from the start, each ending the game; picture() gives plain text or markup."""

    def __init__(self, picture):
        self.picture = picture

    def initial_state(self):
        return "start"

    def to_move(self, state):
        return "MAX"

    def actions(self, state):
        return ("L", "R")

    def result(self, state, move):
        return move

    def is_terminal(self, state):
        return state != "start"

    def utility(self, state):
        return 1 if state == "L" else 0


@pytest.mark.parametrize("picture, shown", [
    (lambda s: f"{s} < 3 & 4 > 2\nnext", "&lt; 3 &amp; 4 &gt; 2"),                        # plain text
    (lambda s: f"<TABLE><TR><TD>{s} & co</TD></TR></TABLE>", "<TD>start &amp; co</TD>"),  # markup
])
def test_a_games_picture_with_angle_brackets_or_ampersands_draws(picture, shown):
    """Issue 30: a user game whose picture() returned text with < or & gave an opaque Graphviz error."""
    game = _Pictured(picture)
    d = draw(game, alphabeta(game, trace=True))
    assert shown in d.source
    assert "<svg" in d._repr_mimebundle_()["image/svg+xml"]


def test_a_picture_that_is_not_text_is_explained():
    game = _Pictured(lambda s: None)
    with pytest.raises(TypeError, match=r"picture\(state\) must return text"):
        draw(game, alphabeta(game, trace=True))
