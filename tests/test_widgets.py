"""The stepper's logic, without a browser."""

import asyncio
import html
import itertools
import re
import struct
import threading
import time

import pytest

from adversarial import tree
from adversarial.drawing.themes import lecture_mode
from adversarial.trace import Cutoff
from adversarial.widgets import Stepper
from adversarial.widgets import stepper as stepper_module

THREE = [[3, 5, 6], [1, 2, 0], [9, 7, 8]]


@pytest.fixture(autouse=True)
def event_loop():
    """The loop that drives Run, as a kernel's does in a notebook: this test makes it, turns it (wait_for) and
    closes it, so the stepper never makes one that would be left unclosed."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    yield loop
    asyncio.set_event_loop(None)
    loop.close()


def make(**kwargs):
    return Stepper(tree(THREE), **kwargs)


def snapshot(s):
    """Everything a viewer sees or a button acts on."""
    return (s.game, s.result, s.trace, s.position, s.slider.max, s.picture.value, s.explanation.text,
            s.counter_box.value, s.leaves.value if s.leaves else None)


def test_step_back_reset_move_through_the_events():
    s = make()
    assert s.position == 0 and s.sentence == "Press Step to start the search."
    s.step(); s.step()
    assert s.position == 2 and s.sentence == "Enter MIN node A with α = −∞, β = +∞."
    s.back()
    assert s.position == 1
    s.goto(10_000)
    assert s.position == len(s.trace) and s.sentence == "The root's value is 7."
    s.reset()
    assert s.position == 0


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), None, "3", 2.5, True])
def test_goto_refuses_what_is_not_a_step_number(bad):
    """Issue 30: goto(nan / inf / None) raised Python's own conversion errors."""
    s = make()
    s.goto(3)
    with pytest.raises(TypeError, match=f"goto needs a whole number of events, 0 to {len(s.trace)}"):
        s.goto(bad)
    assert s.position == 3
    s.goto(4.0)
    assert s.position == 4


def test_keys_and_a_clicker_step_back_reset_and_run():
    s = make()
    for key in ("ArrowRight", "PageDown", "PageDown"):
        s.handle_key(key)
    assert s.position == 3
    s.handle_key("PageUp"); s.handle_key("ArrowLeft")
    assert s.position == 1
    s.handle_key(" ")
    assert s.running and s.run_button.description == "Pause"
    s.handle_key(" ")
    assert not s.running and s.position == 1 and s.run_button.description == "Run"
    s.handle_key("x")                                  # ignored
    s.handle_key("Home")
    assert s.position == 0


def test_step_back_and_reset_pause_a_run_and_pause_keeps_the_place():
    s = make()
    for action in (s.step, s.back, s.reset):
        s.goto(5)
        s.run()
        assert s.running
        action()
        assert not s.running, f"{action.__name__} should pause the run"
    s.goto(7)
    s.run(); s.pause()
    assert s.position == 7                     # pausing never sends the search back to 0
    s.goto(len(s.trace)); s.run()
    assert s.position == 0 and s.running       # Run at the end starts again


def test_speed_choice_sets_the_timer():
    s = make()
    s.speed.value = "fast"
    assert s.interval < 500
    s.speed.value = "slow"
    assert s.interval > 1000


def wait_for(condition, seconds=10.0):
    """Turn the event loop (what drives Run, as the kernel's loop does) until ``condition`` holds."""
    async def poll():
        deadline = time.monotonic() + seconds
        while not condition() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
    stepper_module._event_loop().run_until_complete(poll())
    return condition()


def test_run_starts_no_thread_so_it_works_in_the_browser_kernel(monkeypatch):
    """Pyodide cannot start a thread ("can't start new thread"): Run must not need one."""
    def refuse(*args, **kwargs):
        raise RuntimeError("can't start new thread")
    monkeypatch.setattr(threading.Thread, "start", refuse)
    s = make()
    s.interval = 5
    s.run()
    assert wait_for(lambda: not s.running) and s.position == len(s.trace)


def test_with_no_loop_set_run_makes_one_for_whoever_turns_it(event_loop):
    asyncio.set_event_loop(None)                      # a script: no kernel, no loop set for the thread
    s = make()
    s.interval = 5
    s.run()
    made = stepper_module._event_loop()
    try:
        assert made is not event_loop and wait_for(lambda: not s.running) and s.position == len(s.trace)
    finally:
        asyncio.set_event_loop(None)
        made.close()


def test_run_plays_the_events_and_stops_at_the_end_or_before_a_cutoff():
    s = make(pause_at_cutoffs=True)
    s.interval = 5                                    # milliseconds: a quick run for the test
    cut = next(i for i, e in enumerate(s.trace) if isinstance(e, Cutoff))
    s.run()
    assert wait_for(lambda: not s.running) and s.position == cut
    s.run()
    assert wait_for(lambda: not s.running) and s.position == len(s.trace)
    assert s.run_button.description == "Run"


def test_a_run_pauses_just_before_each_cutoff_when_asked():
    s = make(pause_at_cutoffs=True)
    cut = next(i for i, e in enumerate(s.trace) if isinstance(e, Cutoff))
    s.goto(cut - 1)
    s.run()
    s.goto(cut)                                # the browser's timer moves the slider
    assert not s.running and s.position == cut
    assert "Predict: which children of B will be pruned?" in s.sentence
    plain = make()
    plain.goto(cut - 1); plain.run(); plain.goto(cut)
    assert plain.running and "Predict" not in plain.sentence


def test_show_leaves_shows_every_leaf_from_the_start():
    hidden, shown = make(), make(show_leaves=True)
    assert ">8<" in shown.picture.value and ">8<" not in hidden.picture.value


def test_counters_follow_the_trace():
    s = make()
    cut = next(i for i, e in enumerate(s.trace) if isinstance(e, Cutoff))
    s.goto(cut)
    assert s.counters == {"leaves evaluated": 4, "leaves saved": 0}
    s.step()
    assert s.sentence.startswith("MIN node B: value 1 ≤ α = 3")
    assert s.counters == {"leaves evaluated": 4, "leaves saved": 2}
    s.goto(len(s.trace))
    assert s.counters == {"leaves evaluated": 7, "leaves saved": 2}


def test_the_picture_updates_in_place_fits_the_width_and_zooms():
    s = make()
    first = s.picture.value
    s.step()
    assert s.picture.value != first and "<svg" in s.picture.value
    assert "adversarial-drawing" in s.picture._dom_classes
    assert 'style="max-width:100%;height:auto"' in s.picture.value and "<?xml" not in s.picture.value
    s.set_zoom("150%")
    assert "width:150%" in s.picture.value and s.zoom_box.value == "150%"
    s.zoom_box.value = "fit"
    assert "max-width:100%" in s.picture.value
    with pytest.raises(ValueError, match="zoom must be one of"):
        s.set_zoom("huge")


def test_editable_leaves_rebuild_and_bad_input_is_shown():
    s = make(editable=True)
    s.leaves.value = "[[1, 2], [3, 4]]"
    assert s.game.to_list() == [[1, 2], [3, 4]] and s.result.value == 3 and s.error.value == ""
    s.leaves.value = "[[1, 2], []]"
    assert "empty list" in s.error.value and s.game.to_list() == [[1, 2], [3, 4]]
    s.leaves.value = "[[1, 'x']]"
    assert "is &#x27;x&#x27; (str)" in s.error.value


def test_an_edit_whose_search_fails_leaves_the_stepper_exactly_as_it_was():
    s = Stepper(tree([[1, 2], [3, 4]]), editable=True, depth=2)
    s.goto(4)
    before = snapshot(s)
    s.leaves.value = "[[[1, 2], [3]], [4, 5]]"           # deeper than depth=2 and no evaluate=
    assert "depth limit" in s.error.value
    assert snapshot(s)[:-1] == before[:-1]
    s.step(); s.back()                                   # the buttons still work on the old tree
    assert s.position == 4 and s.sentence == s.trace.explain(3)


def test_an_edit_too_big_to_draw_leaves_the_stepper_exactly_as_it_was():
    s = make(editable=True)
    s.goto(6)
    before = snapshot(s)
    s.leaves.value = str([[[[[[1, 2, 3]] * 3] * 3] * 3] * 3])       # 243 leaves: too many nodes to draw
    assert "max_nodes" in s.error.value
    assert snapshot(s)[:-1] == before[:-1]
    s.step()
    assert s.position == 7 and s.sentence == s.trace.explain(6)


def test_example_and_random_tree_buttons():
    s = make(editable=True)
    s.load_random()
    first = s.game.to_list()
    assert first != THREE and len(s.game.leaves()) == 8
    s.load_random()
    assert s.game.to_list() != first
    s.load_example()
    assert s.game.to_list() == THREE and s.leaves.value == str(THREE)


def test_lecture_mode_enlarges_every_control():
    try:
        lecture_mode()
        s = make(editable=True)
    finally:
        lecture_mode(False)
    assert "adversarial-lecture" in s._dom_classes and "font-size: 28px" in s.children[0].value
    assert s.leaves.style.font_size == "28px" and s.run_button.style.font_size == "28px"
    assert "adversarial-lecture" not in make()._dom_classes


def test_presenter_view_follows_the_stepper():
    s = make()
    view = s.presenter()
    picture = next(c for c in view.children if "adversarial-screen-drawing" in c._dom_classes)
    s.step(); s.step()
    assert "height:66vh" in picture.value and "<svg" in picture.value
    sentence = next(c for c in view.children if "adversarial-explanation" in c._dom_classes)
    assert "Enter MIN node A" in sentence.text and "<pre" not in str(view)


def test_static_pages_get_the_final_picture_and_the_table():
    s = make()
    s.step()
    bundle = s._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    page = bundle["text/html"]
    # one picture (an image with its words as alt text and beside it), and the table
    assert page.count("<img") == 1 and "at most 1" in page and 'class="adversarial-trace"' in page
    assert 'alt="Alpha-beta on a 3-level tree: root value 7, 2 of 9 leaves pruned; best move: C.' in page
    def same(page):                # but for the number of the view in its ids (unique in a page)
        return re.sub(r"adversarial-words-(\w+)-\d+", r"adversarial-words-\1", page)
    assert same(page) == same(make()._repr_mimebundle_()["text/html"])      # the whole search, whatever the step


def test_a_predict_stepper_static_page_shows_the_start_not_the_answer():
    """A stepper that pauses at cutoffs asks "which leaves will be skipped?": its page without a kernel
    must not show the finished search (no pruned marks, no bounds, no table)."""
    page = make(show_leaves=True, pause_at_cutoffs=True)._repr_mimebundle_()["text/html"]
    assert page.count("<svg") == 1 and "adversarial-trace" not in page
    picture = page.lower().split("<svg", 1)[1].split("</svg>")[0]
    # its words tell the start too: nothing pruned so far (the words sit in <title> and <desc>)
    assert "0 of 9 leaves pruned so far" in picture and "≤ 1" not in page
    marks = re.sub(r"<title.*?</title>|<desc.*?</desc>", "", picture, flags=re.S)
    assert "pruned" not in marks.replace("never pruned", "")


def test_save_slides_writes_16_by_9_slides_with_the_sentence_and_counters_nothing_clipped(tmp_path):
    s = Stepper(tree([[3, 5], [2]]), theme="projector")
    files = s.save_slides(tmp_path / "slides")
    assert [f.name for f in files] == [f"step_{k:03d}.png" for k in range(len(s.trace) + 1)]
    assert {struct.unpack(">II", f.read_bytes()[16:24]) for f in files} == {(1920, 1080)}
    assert len({f.read_bytes() for f in files}) == len(files)
    assert s.position == 0                                   # saving does not move the stepper
    import re
    import xml.etree.ElementTree as ET
    for k, path in enumerate(s.save_slides(tmp_path / "svg", format="svg")):
        s.goto(k)
        svg = ET.parse(path).getroot()
        text = " ".join("".join(t.itertext()) for t in svg.iter("{http://www.w3.org/2000/svg}text"))
        assert " ".join(s.sentence.split()) in " ".join(text.split())
        assert f"leaves evaluated: {s.counters['leaves evaluated']}" in text
        _, _, w, h = map(float, svg.get("viewBox").split())
        assert abs(w / h - 16 / 9) < 0.01
        offset = [float(v) for v in re.findall(r"translate\(([\d.]+) ([\d.]+)\)",
                                               next(svg.iter("{http://www.w3.org/2000/svg}g")).get("transform"))[0]]
        for shape in svg.iter("{http://www.w3.org/2000/svg}polygon"):
            for point in shape.get("points").split():
                x, y = (float(v) for v in point.split(","))
                assert 0 <= x + offset[0] <= w and 0 <= y + offset[1] <= h, f"clipped in slide {k}"
    with pytest.raises(ValueError, match="format must be 'png', 'svg' or 'pdf'"):
        s.save_slides(tmp_path, format="gif")


def _slide_geometry(svg: str) -> dict:
    """Where a follow slide (an SVG from save_slides(zoom="follow")) puts things, in the slide's own units (its
    viewBox, 1920 wide for a 1920 px slide): the window (what the white boxes leave), the words, every node's box
    (strip copies as strip_<name>), and each text's size."""
    boxes = stepper_module._node_boxes(svg)
    scale = float(re.search(r'transform="scale\(([\d.]+)', svg).group(1))
    _, _, width, height = map(float, re.search(r'viewBox="([^"]+)"', svg).group(1).split())
    window = (boxes["mask_left"][2], boxes["mask_top"][3], boxes["mask_right"][0], boxes["mask_bottom"][1])
    texts = [(scale * float(size), html.unescape(text))
             for size, text in re.findall(r'font-size="([\d.]+)"[^>]*>([^<]*)<', svg)]
    gold = re.search(r'<polygon fill="#b58b00"', svg, flags=re.I)
    current = re.findall(r"<title>([^<]*)</title>", svg[:gold.start()])[-1] if gold else None
    return {"boxes": boxes, "window": window, "slide": (0.0, 0.0, width, height), "texts": texts,
            "current": current}


def _within(box, area, slack=1.0):
    return (area[0] - slack <= box[0] and box[2] <= area[2] + slack and area[1] - slack <= box[1]
            and box[3] <= area[3] + slack)


def test_follow_slides_keep_the_current_node_the_root_and_the_path_in_view_at_readable_size():
    from adversarial import random_tree
    from adversarial.drawing import render
    from adversarial.drawing.themes import theme_style
    s = Stepper(random_tree(2, 5, seed=3))          # 32 leaves: the whole tree is about 2000 points wide
    deep = next(k for k in range(1, len(s.trace) + 1) if len(s.trace[k - 1].path) == 5)     # a leaf's step
    strips = 0
    s.goto(0)
    make = stepper_module._follow_slides(theme_style(None), 3, 1920)
    assert make(render.draw(s.game, s.result, step=0), s.drawing.svg(ids=False), ["x"]) is None   # whole tree
    for k, width in ((deep, 1920), (deep + 40, 1920), (deep + 40, 1280), (deep + 77, 960)):  # smaller: 20 px
        strips += check_follow_slide(s, k, width)
    assert strips >= 2                  # the deep steps' upper ancestors are shown in the strip


def check_follow_slide(s, k: int, width: int) -> int:
    """Step ``k`` of stepper ``s`` as a follow slide ``width`` pixels wide (laid out by dot.pipe, whichever
    Graphviz it runs): the current node, the root and the path in view, the words whole under the window, every
    text 20 px or more, no row cut by the window's edges, the strip's bars level with its shapes. Returns how
    many ancestors are shown in the strip."""
    from adversarial.drawing import render
    from adversarial.drawing.themes import theme_style
    strips = 0
    make = stepper_module._follow_slides(theme_style(None), 3, width)
    s.goto(k)
    drawing = render.draw(s.game, s.result, step=k)
    words = [s.sentence, "leaves evaluated: 1"]
    svg = render.dot.pipe(make(drawing, s.drawing.svg(ids=False), words), "svg", placed=True).decode()
    seen = _slide_geometry(svg)
    assert abs(seen["slide"][2] / seen["slide"][3] - 16 / 9) < 0.01
    window, boxes = seen["window"], seen["boxes"]
    assert _within(window, seen["slide"])
    name = seen["current"]
    assert name and name.startswith("n")
    assert _within(boxes[name], window), f"step {k}: the current node {name} is outside the window"
    path = stepper_module._ancestors(name)
    assert path[0] == "n" if path else name == "n"
    for node in path:        # the root and every ancestor: in the window, or its copy in the strip above
        inside = node in boxes and _within(boxes[node], window)
        copy = f"strip_{node}"
        above = copy in boxes and _within(boxes[copy], (window[0], 0.0, window[2], window[1]))
        assert inside or above, f"step {k}: {node} of the path is not in view"
        strips += not inside
    # The words: whole, under the window, inside the slide; every text at least 20 px on the slide.
    assert _within(boxes["words"], seen["slide"]) and boxes["words"][1] >= window[3]
    said = " ".join(text for _, text in seen["texts"])
    assert " ".join(s.sentence.split()) in " ".join(said.split())
    assert min(size for size, _ in seen["texts"]) >= 20 - 0.01, sorted(seen["texts"])[:3]   # scale: 5 decimals
    # No row cut by the window's top edge or its foot: a node (shape and note) the window shows is whole.
    for node, box in boxes.items():
        if re.fullmatch(r"n[\d_]*", node) and box[0] < window[2] and box[2] > window[0]:
            for edge in (window[1], window[3]):
                assert not box[1] + 1 < edge < box[3] - 1, f"step {k}: {node} is cut at y={edge:.0f}"
    # The strip's bars join the ancestors' shapes: level with their middles, not with the names under them.
    shapes = _shape_boxes(svg)
    copies = sorted((shapes[c] for c in shapes if c.startswith("strip_n")), key=lambda b: b[0])
    bars = [boxes[b] for b in boxes if b.startswith("strip_join")]
    assert len(bars) == max(len(copies) - 1, 0)
    for bar in bars:
        middle = (bar[1] + bar[3]) / 2
        before = max((c for c in copies if c[2] <= bar[0] + 1), key=lambda c: c[2])
        after = min((c for c in copies if c[0] >= bar[2] - 1), key=lambda c: c[0])
        for shape in (before, after):
            third = (shape[3] - shape[1]) / 3
            assert shape[1] + third <= middle <= shape[3] - third, f"step {k}: a bar at y={middle:.0f}, " \
                f"a shape from {shape[1]:.0f} to {shape[3]:.0f}"
    return strips


def _shape_boxes(svg: str) -> dict:
    """Every node's box without its note (the names and α/β under it): its shape alone."""
    return stepper_module._node_boxes(re.sub(r'<g id="[^"]*" class="node">\s*<title>[^<]*_note</title>.*?</g>', "",
                                             svg, flags=re.S))


def test_save_slides_follow_writes_every_step_and_refuses_an_unknown_zoom(tmp_path):
    s = Stepper(tree([[3, 5], [2]]))
    files = s.save_slides(tmp_path, zoom="follow", width=960)
    assert len(files) == len(s.trace) + 1
    assert {struct.unpack(">II", f.read_bytes()[16:24]) for f in files} == {(960, 540)}
    assert len({f.read_bytes() for f in files}) == len(files)
    from PIL import Image

    from adversarial.drawing import render
    for k, path in enumerate(files):           # every slide's words inside it: its text alternative
        s.goto(k)
        with Image.open(path) as picture:
            info = picture.info
        assert info["Title"] == render.draw(s.game, s.result, step=k).description.name
        assert f"leaves evaluated: {s.counters['leaves evaluated']}" in info["Description"]
        assert k == 0 or " ".join(s.sentence.split()) in " ".join(info["Description"].split())
    for bad in ("200%", None, "Follow"):
        with pytest.raises(ValueError, match="zoom must be 'fit' .* or 'follow'"):
            s.save_slides(tmp_path, zoom=bad)
    with pytest.raises(ValueError, match="zoom='follow' needs slides 960 pixels wide or more, got 640"):
        s.save_slides(tmp_path / "small", zoom="follow", width=640)     # no row under the path at 20 px
    assert not (tmp_path / "small").exists()


def test_a_pdf_deck_has_one_page_per_step(tmp_path):
    s = Stepper(tree([[3, 5], [2]]))
    files = s.save_slides(tmp_path, format="pdf", width=640)
    import re
    pages = re.findall(rb"/Type\s*/Page(?!s)", files[-1].read_bytes())
    assert files[-1].name == "slides.pdf" and len(pages) == len(s.trace) + 1
    # Another width: its slides (the pages' pictures), 16:9 at that width.
    assert {struct.unpack(">II", f.read_bytes()[16:24]) for f in files[:-1]} == {(640, 360)}

def test_bad_flags_are_refused():
    with pytest.raises(TypeError, match="show_leaves must be True or False"):
        make(show_leaves="yes")
    with pytest.raises(TypeError, match="editable must be True or False"):
        make(editable=1)


def test_repr_is_stable():
    assert repr(make()) == "Stepper(alphabeta on Tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]]): step 0 of 29)"


def test_the_stepper_and_its_presenter_view_listen_to_key_presses():
    from adversarial.widgets.keys import Keys

    s = make()
    view = s.presenter()
    (mine,) = [c for c in s.stage.children if isinstance(c, Keys)]
    (screen,) = [c for c in view.children if isinstance(c, Keys)]
    assert mine.root == ".adversarial-stepper" and screen.root == ".adversarial-presenter"
    assert set(mine.handled) == {"ArrowRight", "PageDown", "ArrowLeft", "PageUp", "Home", " "}
    screen._handle_key_message(screen, {"key": "PageDown"}, [])         # as the browser sends it
    assert s.position == 1
    mine._handle_key_message(mine, {"key": "ArrowRight"}, [])
    mine._handle_key_message(mine, {"key": "Enter"}, [])                 # not one of its keys
    assert s.position == 2
    mine._handle_key_message(mine, {"key": "Home"}, [])
    assert s.position == 0 and mine.names == {"adversarial-slider": "event of the search"}


def test_an_old_ipywidgets_is_refused_with_what_to_do(monkeypatch):
    import pytest

    from adversarial import widgets
    from adversarial.widgets.play import PlayBoard
    monkeypatch.setattr(widgets.w, "__version__", "7.7.1")
    with pytest.raises(RuntimeError, match="ipywidgets 8 or newer.*restart the kernel"):
        Stepper(tree([[1, 2], [3]]))
    with pytest.raises(RuntimeError, match="ipywidgets 8"):
        PlayBoard()


def test_zoom_follow_shows_the_window_around_the_current_node_with_the_root_and_path_in_view():
    """A 64-leaf tree in lecture mode: "follow" cuts the picture to a window around the current node (its
    labels then read at their natural size on a 1920 px screen), moving with the search; whole at the start.
    At every step the current node is inside the window, and the root and each node of the path down to it are
    inside the window or inside their own cut in the strip above it; the whole view stays FOLLOW_WIDTH ×
    FOLLOW_HEIGHT (one screen with the controls), each view at the drawing's own scale."""
    import re

    from adversarial.drawing.themes import set_theme
    from adversarial.tree import random_tree
    from adversarial.widgets.stepper import FOLLOW_HEIGHT, FOLLOW_WIDTH, follow, follow_geometry
    set_theme("projector")
    try:
        s = Stepper(random_tree(2, 6, seed=1))
        s.set_zoom("follow")
        windows, strips = set(), set()
        for k in range(1, len(s.trace), 5):              # every fifth step: about 50 windows
            s.goto(k)
            shown = s.picture.value
            geometry = follow_geometry(shown)
            if geometry["current"] is None:
                continue
            assert geometry["current in view"] and geometry["root in view"] and geometry["path in view"], \
                (k, geometry)
            assert geometry["window scale"] == 1.0
            width, height = map(float, re.search(r'viewBox="[\d.\-]+ [\d.\-]+ ([\d.]+) ([\d.]+)"', shown).groups())
            assert width <= FOLLOW_WIDTH + 0.01 and height <= FOLLOW_HEIGHT + 0.01, (k, width, height)
            window = re.search(r'class="adversarial-follow-window"[^>]*viewBox="([\d.\-]+)', shown)
            windows.add(window.group(1) if window else None)
            strips.add(len(geometry["strip"]))
            # The bars between the strip's cuts are level with the shapes' middles, not with the names under them.
            shapes = _shape_boxes(shown)
            cells = re.findall(r'class="adversarial-follow-path" data-node="([^"]+)"[^>]*viewBox="[\d.\-]+ ([\d.\-]+)',
                               shown)
            bars = re.findall(r'<line [^>]*y1="([\d.\-]+)"[^>]*stroke-width="4"', shown)
            assert len(bars) == max(len(cells) - 1, 0)
            for y, (node, top) in itertools.product(map(float, bars), cells):
                third = (shapes[node][3] - shapes[node][1]) / 3
                assert shapes[node][1] + third <= y + float(top) <= shapes[node][3] - third, (k, node, y)
        assert len(windows) > 10, "the window does not move with the search"
        assert max(strips) >= 4, "deep in the tree, the path above the window should be in the strip"
        s.goto(0)                                          # nothing current: the whole tree
        assert follow(s.drawing.svg()) == s.drawing.svg()
    finally:
        set_theme("notebook")


def test_a_game_too_large_to_step_through_is_refused_before_its_search(monkeypatch):
    """Connect Four's whole search would take minutes to trace before the size check: the stepper stops it at
    300 nodes and says what to pass instead (the trace is never made)."""
    from adversarial.games.connectfour import ConnectFour
    from adversarial.games.connectfour_eval import open_windows
    from adversarial.widgets import stepper
    traced = []
    real = stepper.ALGORITHMS["alphabeta"]
    monkeypatch.setitem(stepper.ALGORITHMS, "alphabeta",
                        lambda *a, **kw: traced.append(kw.get("trace")) or real(*a, **kw))
    with pytest.raises(ValueError, match=r"more than 300 nodes.*depth=2, evaluate=.*state=.*Stepper\(tree"):
        Stepper(ConnectFour())
    assert True not in traced
    s = Stepper(ConnectFour(), depth=2, evaluate=open_windows)
    assert len(s.trace) > 0 and True in traced
