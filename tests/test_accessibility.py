"""Every picture has words, every control a name, and the colours enough contrast (issue 29, package side).

The words of a drawing are checked against the *picture* (its SVG, read back), not against the analysis both
come from: on random trees, at every step of a search, the description names exactly the leaves the picture
draws pruned (dashed), the root value the picture writes, and the principal variation it draws blue.
"""

import base64
import html
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adversarial import alphabeta, describe, minimax, random_tree, tree
from adversarial.drawing import render
from adversarial.drawing.themes import FILL_COLOURS, PAPER, TEXT_COLOURS, THEMES, contrast_ratio
from adversarial.drawing.words import Description, svg_with_words
from adversarial.game import node_id

THREE = [[3, 5, 6], [1, 2, 0], [9, 7, 8]]
GROUP = re.compile(r'<g id="node\d+" class="node"><title>([^<]*)</title>(.*?)</g>', re.S)


def picture_facts(svg: str, game) -> dict:
    """What the stepper's SVG (a Layout restyled for one step) shows: the leaves drawn dashed, the text in the
    root's shape, and the nodes outlined in the principal variation's blue."""
    names = {node_id(n.path): n for n in game.nodes()}
    pv_colour = THEMES["notebook"]["pv"].lower()
    pruned, root, pv = set(), None, set()
    for name, body in GROUP.findall(svg):
        node = names.get(html.unescape(name))
        if node is None:
            continue                                    # a note under a node
        first = re.search(r"<polygon ([^>]*)/>", body).group(1)
        if node.is_leaf and 'stroke-dasharray="5,2"' in first:
            pruned.add(node.label)
        if f'stroke="{pv_colour}"' in first:
            pv.add(node.label)
        if not node.path:
            root = html.unescape(re.search(r"<text[^>]*>([^<]*)</text>", body).group(1))
    return {"pruned": pruned, "root": root, "pv": pv}


def check_words_match_picture(game, result, step, layout):
    drawing = render.draw(game, result, step=step, layout=layout)
    seen = picture_facts(drawing.svg(), game)
    words = drawing.description
    assert set(words.facts["pruned"]) == seen["pruned"]
    assert len(words.facts["pruned"]) == len(seen["pruned"])        # each named once
    leaves = len(game.leaves())
    tail = " so far" if step is not None and step < len(result.trace) else ""
    assert f"{len(seen['pruned'])} of {leaves} leaves pruned{tail}" in words.name
    for label in seen["pruned"]:
        assert re.search(rf"leaf {re.escape(label)}, value [^;]*, pruned, never looked at", words.text)
    if words.facts["root"] is not None:
        assert words.facts["root"] == seen["root"]
        value = seen["root"].replace("≤ ", "at most ").replace("≥ ", "at least ")
        assert f"root {'value ' if value == seen['root'] else ''}{value}" in words.name
    else:
        assert seen["root"] in ("", "\u00a0") or seen["root"].startswith("v="), seen["root"]
        assert "root value" not in words.name
    assert set(words.facts["pv"][1:]) == seen["pv"] - {game.label(())}
    if seen["pv"]:
        assert "Principal variation" in words.text
    return words


@settings(max_examples=12, deadline=None)
@given(branching=st.integers(2, 3), depth=st.integers(1, 3), seed=st.integers(0, 10_000),
       prune_on_equal=st.booleans(), algorithm=st.sampled_from(["alphabeta", "minimax"]))
def test_on_random_trees_the_words_name_what_the_picture_shows_at_every_step(branching, depth, seed,
                                                                              prune_on_equal, algorithm):
    t = random_tree(branching, depth, seed=seed, low=-3, high=3)      # small range: ties, both prune rules
    if algorithm == "alphabeta":
        r = alphabeta(t, trace=True, prune_on_equal=prune_on_equal)
    else:
        r = minimax(t, trace=True)
    layout = render.Layout(t, r)
    for step in range(len(r.trace) + 1):
        words = check_words_match_picture(t, r, step, layout)
        assert words.lines[0].startswith(f"Step {step} of {len(r.trace)}")
    final = check_words_match_picture(t, r, None, layout)
    assert final.facts["pv"][-1] == t.label(tuple(r.pv))        # the PV ends where the search's PV ends
    assert f"root value {r.value}" in final.name.replace("−", "-")


def test_the_example_reads_as_the_issue_asks():
    t = tree(THREE)
    words = describe(t, alphabeta(t, trace=True))
    assert words.name == "Alpha-beta on a 3-level tree: root value 7, 2 of 9 leaves pruned"
    text = words.text
    assert "MIN node B, at most 1 (an upper bound" in text
    assert "Cutoff at B (α ≥ β, with α = 3 and β = 1): its remaining children H, I were pruned." in text
    assert "Principal variation (best play for both, drawn thick blue): root, C, leaf K; value 7." in text
    assert "Level 3, 9 leaves, under A: leaf D, value 3" in text


def test_describe_takes_a_drawing_a_stepper_a_tree_or_an_mcts_result():
    from adversarial import Stepper, mcts
    t = tree(THREE)
    r = alphabeta(t, trace=True)
    assert describe(render.draw(t, r, step=5)) == describe(t, r, step=5)
    s = Stepper(t)
    s.goto(5)
    assert describe(s) == describe(t, r, step=5)
    assert describe(t).name.startswith("Game tree with 3 levels and 9 leaves")
    m = mcts([[3, -5], [1, 9]], iterations=50, seed=0)
    assert describe(m).name == ("Tree grown by Monte Carlo tree search: 50 iterations, 7 of 7 nodes drawn, "
                                f"best move {m.move}")
    assert "After move 1 (most visited)" in describe(m).text or "After move 0 (most visited)" in describe(m).text
    with pytest.raises(TypeError, match="takes no result or step"):
        describe(render.draw(t, r), step=3)


def test_chance_and_game_trees_have_words():
    from adversarial import expectiminimax
    from adversarial.beyond.chance import chance, chance_tree
    from adversarial.games.tictactoe import TicTacToe
    t = chance_tree([chance((0.5, [3, 5]), (0.5, [1, 9])), chance((0.9, 2), (0.1, 20))])
    words = describe(t, expectiminimax(t, trace=True))
    assert words.name.startswith("Expectiminimax on a") and "chance node" in words.text
    assert "with probability 0.5" in words.text and "with probability 0.9" in words.text
    g = TicTacToe()
    s = g.initial_state()
    for move in (4, 0, 8, 2):
        s = g.result(s, move)
    words = describe(g, alphabeta(g, s, trace=True))
    assert ("Tic-tac-toe board, X to move: top row O, empty, O; middle row empty, X, empty; bottom row empty, "
            "empty, X" in words.text)


def test_a_drawing_carries_its_words_in_every_form_it_is_shown():
    t = tree(THREE)
    drawing = render.draw(t, alphabeta(t, trace=True))
    bundle = drawing._repr_mimebundle_()
    assert bundle["text/plain"] == "<Drawing: 13 nodes, 2 pruned leaves, root value 7>"   # what nbval compares
    svg = bundle["image/svg+xml"]
    tag = re.search(r"<svg\b[^>]*>", svg).group(0)
    assert 'role="img"' in tag
    title = re.search(r'aria-labelledby="([^"]+)"', tag).group(1)
    desc = re.search(r'aria-describedby="([^"]+)"', tag).group(1)
    assert f'<title id="{title}">{drawing.description.name}</title>' in svg
    assert f'<desc id="{desc}">' in svg and "Principal variation" in svg
    page = bundle["text/html"]
    assert "<details" in page and "Cutoff at B" in page
    alt = re.search(r'<img [^>]*alt="([^"]*)"', page).group(1)    # its name, the best move, and where its words are
    assert alt == (f"{drawing.description.name}; best move: C. Described in words in “The drawing in words”, "
                   "just after it")
    described = re.search(r'<img [^>]*aria-describedby="([^"]+)"', page).group(1)
    details = re.search(r'<img [^>]*aria-details="([^"]+)"', page).group(1)
    assert f"<details class='adversarial-words' id='{details}'>" in page and f"id='{described}'>" in page
    assert described != re.search(r'aria-describedby="([^"]+)"', drawing._repr_mimebundle_()["text/html"]).group(1)
    shown = base64.b64decode(re.search(r'base64,([^"]+)"', page).group(1)).decode()
    assert shown.startswith("<svg") and 'role="img"' in shown
    inline = drawing.svg(ids=False)
    assert "aria-labelledby" not in inline and f'aria-label="{drawing.description.name}"' in inline


def test_words_are_escaped_and_added_once():
    words = Description('a <b> & "c"', ("line <1>",))
    once = svg_with_words('<svg width="1pt" height="1pt"><g/></svg>', words)
    assert "<title" in once and "&lt;b&gt; &amp; &quot;c&quot;" in once and "line &lt;1&gt;" in once
    assert svg_with_words(once, words) == once


# -- the stepper and the boards ------------------------------------------------------------------

def test_the_stepper_announces_each_step_and_names_every_control():
    from adversarial import Stepper
    s = Stepper(tree(THREE), editable=True)
    controls = [*s.buttons, s.speed, s.zoom_box, s.slider, s.leaves, s.words_button]
    for control in controls:
        assert control.description.strip(), control
        assert control.tooltip, control
    for button, key in zip(s.buttons, ("←", "→", "Space", "Home")):
        assert key in button.tooltip
    region = s.explanation                  # one live region (keys.Keys), whose text alone changes
    for k in range(len(s.trace) + 1):
        s.goto(k)
        assert s.explanation is region and region.text == s.sentence
        name = describe(s).name
        assert f'role="img" aria-label="{html.escape(name)}"' in s.picture.value      # in step with the picture
        if k:
            assert describe(s).lines[0] == f"Step {k} of {len(s.trace)}: {s.trace.explain(k - 1)}"
    assert s.words.value == ""
    s.words_button.value = True
    assert "Principal variation" in s.words.value
    s.load("[[1, 2], [3")
    s._edit("[[1, 2], [3")
    assert "role='alert'" in s.error.value


def _sliders_and_neighbours(widget):
    """Every IntSlider inside ``widget``, with the widget placed just after it."""
    import ipywidgets as w
    children = list(getattr(widget, "children", ()))
    for i, child in enumerate(children):
        if isinstance(child, w.IntSlider):
            yield child, children[i + 1] if i + 1 < len(children) else None
        yield from _sliders_and_neighbours(child)


def test_every_slider_has_a_named_number_box_beside_it_that_moves_with_it():
    """ipywidgets gives a slider's handle no accessible name (issue 29): a named box does its job."""
    import ipywidgets as w

    from adversarial import Stepper
    from adversarial.lab.plots import OrderingExplorer
    stepper, explorer = Stepper(tree(THREE)), OrderingExplorer(b=2, d=3, order="best")
    found = {widget: list(_sliders_and_neighbours(widget)) for widget in (stepper, explorer)}
    assert [len(pairs) for pairs in found.values()] == [1, 2]
    for pairs in found.values():
        for slider, box in pairs:
            assert isinstance(box, w.BoundedIntText) and box.description.strip(), (slider, box)
            assert (box.min, box.max, box.value) == (slider.min, slider.max, slider.value)
            box.value = slider.max
            assert slider.value == slider.max          # typed in the box: the slider follows
            slider.value = slider.min
            assert box.value == slider.min             # and the other way
    stepper.goto(4)
    assert stepper.event_box.value == 4
    stepper.event_box.value = 2
    assert stepper.position == 2 and "Step 2 of" in describe(stepper).lines[0]
    stepper.load(tree([[1, 2], [3]]))                  # a shorter search: the box's range follows
    assert (stepper.event_box.max, stepper.event_box.value) == (len(stepper.trace), 0)
    explorer.depth_box.value = 4
    assert explorer.point == (2, 4, "best") and "minimax reads 16" in explorer.caption.value


def test_the_boards_name_every_cell_and_announce_the_engine_reply():
    from adversarial.widgets.play import PlayBoard
    from adversarial.widgets.play_connectfour import ConnectFourBoard
    board = PlayBoard()
    board.play(4)
    reply = board.last_move
    assert "aria-live='polite'" in board.reply_line.value and "aria-live='polite'" in board.status_line.value
    assert "You played the centre cell." in board.reply_line.value
    assert "The engine played the" in board.reply_line.value
    assert f"cell {reply}: O, the last move" in board.cells[reply].tooltip
    assert all(c.tooltip.endswith("empty, playable") for i, c in enumerate(board.cells) if i not in (4, reply))
    c4 = ConnectFourBoard(depth=1)
    c4.play(4)
    column = int(c4.state.history[1])
    assert f"You dropped a disc in column 4. The engine dropped a disc in column {column}." in c4.reply_line.value
    assert "aria-live='polite'" in c4.status_line.value
    discs = 2 if column == 4 else 1
    assert c4.drops[3].tooltip == f"Drop a disc in column 4: {discs} disc{'' if discs == 1 else 's'}, playable"
    assert "role='img' aria-label='Connect Four board, X to move:" in c4.picture.value


# -- colour --------------------------------------------------------------------------------------

@pytest.mark.parametrize("theme", sorted(THEMES))
def test_every_drawing_colour_has_enough_contrast(theme):
    style = THEMES[theme]
    for key in TEXT_COLOURS:
        ratio = contrast_ratio(style[key], PAPER)
        assert ratio >= 4.5, f"{theme} {key} {style[key]}: {ratio:.2f}:1 on the paper, text needs 4.5:1"
    for key in FILL_COLOURS:
        assert contrast_ratio(style[key], PAPER) >= 3, f"{theme} {key} against the paper"
        assert contrast_ratio(style[key], style["ink"]) >= 4.5, f"{theme} ink on {key}"


def test_board_colours_have_enough_contrast():
    from adversarial.widgets.play import HEAT, MARK_COLOURS, WIN_BACKGROUND
    for mark, colour in MARK_COLOURS.items():
        assert contrast_ratio(colour, PAPER) >= 4.5, mark
    assert contrast_ratio(WIN_BACKGROUND, "#ffffff") >= 3          # white marks, large bold text
    for colour, word in HEAT.values():
        assert contrast_ratio(colour, "#000000") >= 4.5, word      # black words on the heat colours


def test_contrast_ratio_is_wcags():
    assert round(contrast_ratio("#D55E00", "#ffffff"), 2) == 3.87     # the old orange (issue 29)
    assert contrast_ratio("#777", "#777777") == 1
    with pytest.raises(ValueError, match="#rrggbb"):
        contrast_ratio("orange", "#ffffff")


def test_boards_shown_as_tables_say_the_position():
    from adversarial.games.tictactoe import TicTacToe
    from adversarial.widgets.play import PlayBoard
    game = TicTacToe()
    board = game.result(game.initial_state(), 0)
    assert "aria-label='Tic-tac-toe board, O to move: top row X, empty, empty;" in board._repr_html_()
    play = PlayBoard()
    play.play(4)
    assert f"aria-label='{html.escape(play.state.words(), quote=True)}'" in play.board_html()


def test_a_connect_four_position_shows_as_an_image_with_the_board_in_words():
    from adversarial.games.connectfour import ConnectFour
    bundle = ConnectFour().play("4453")._repr_mimebundle_()
    assert 'alt="Connect Four board, X to move: column 3: O; column 4: X, O; column 5: X."' in bundle["text/html"]
    assert bundle["text/plain"] == "Position('4453')" and "role='img'" in bundle["image/svg+xml"]


def _every_kind_of_drawing():
    """One drawing of each kind the lessons show, with the SVG as each form gives it."""
    from adversarial import expectiminimax, mcts
    from adversarial.beyond.chance import chance, chance_tree
    from adversarial.games.connectfour import ConnectFour
    from adversarial.games.connectfour_eval import centre_control
    from adversarial.games.tictactoe import TicTacToe
    from adversarial.lab.connectfour_lab import SideBySide, draw_line
    t = tree(THREE)
    r = alphabeta(t, trace=True)
    ttt = TicTacToe()
    s = ttt.initial_state()
    for move in (4, 0, 8, 2):
        s = ttt.result(s, move)
    c4 = ConnectFour()
    line = draw_line(c4, c4.play("44"), [3, 3], centre_control)
    chances = chance_tree([chance((0.5, [3, 5]), (0.5, [1, 9])), chance((0.9, 2), (0.1, 20))])
    return {"tree": render.draw(t, r), "step": render.draw(t, r, step=4), "plain tree": render.draw(t),
            "tic-tac-toe": render.draw(ttt, alphabeta(ttt, s, trace=True)), "connect four": line,
            "side by side": SideBySide(line, render.draw(t, r), captions=["line", "tree"]),
            "chance": render.draw(chances, expectiminimax(chances, trace=True)),
            "mcts": mcts([[3, -5], [1, 9]], iterations=50, seed=0).draw()}


def test_every_kind_of_drawing_is_well_formed_xml_with_one_hidden_group():
    # A side-by-side picture once put aria-hidden twice on one element (its first drawing's group):
    # invalid XML, so a page or a parser could not read it.
    import xml.etree.ElementTree as ET
    for kind, drawing in _every_kind_of_drawing().items():
        bundle = drawing._repr_mimebundle_()
        shown = base64.b64decode(re.search(r'base64,([^"]+)"', bundle["text/html"]).group(1)).decode()
        for svg in (bundle["image/svg+xml"], shown):
            root = ET.fromstring(svg)
            assert root.get("role") == "img", kind
            for tag in re.findall(r"<[^>]+>", svg):
                assert tag.count("aria-hidden") <= 1, f"{kind}: {tag[:120]}"


def test_a_drawing_never_shrinks_below_three_quarters_of_its_size_so_zoom_enlarges_it():
    from adversarial import lecture_mode
    from adversarial.drawing.words import FLOOR_REM, SMALLEST, min_width
    small = render.draw(tree(THREE))
    wide = render.draw(tree([[[1, 2, 3]] * 3] * 3))
    width = float(re.search(r'<svg width="([\d.]+)pt"', small.svg()).group(1)) * 4 / 3
    assert f"min-width:{width * SMALLEST / 16:.2f}rem" in small._repr_html_()
    assert f"min-width:{FLOOR_REM:.2f}rem" in wide._repr_html_() and "overflow-x:auto" in wide._repr_html_()
    try:
        lecture_mode()              # a projected page fits the whole tree
        assert min_width(render.draw(tree(THREE)).svg()) == ""
    finally:
        lecture_mode(False)
