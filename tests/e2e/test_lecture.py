"""What an instructor projecting the stepper and the board does, in JupyterLab in a real browser.

Each test writes the cells it needs (the lessons' notebooks are not edited for tests), runs them, and compares
what the page shows with what the package computes in this process. The tests share one JupyterLab page and
one kernel (loading JupyterLab and starting a kernel cost about 8 s a test): each replaces the scratch notebook's
cells with its own (lab_page.run_cells), which start by forgetting every name and closing every widget the last
test left.
"""

from __future__ import annotations

import re
import statistics
import time

import pytest

try:
    from playwright.sync_api import expect
except ImportError:          # the fixtures skip (or fail under make test-e2e) and say how to install it
    expect = None

from adversarial.play import PlayBoard
from adversarial.themes import theme_style

from adversarial.tree import random_tree, tree
from adversarial.widgets import Stepper

from .lab_page import NOTEBOOKS, artifact, run_cells, svg_texts
from .test_jupyterlab import (
    BOARD,
    DRAWING,
    STEPPER,
    assert_no_errors,
    drawing_texts,
    expect_stepper_shows,
)

THREE = [[3, 5, 6], [1, 2, 0], [9, 7, 8]]
IMPORTS = "from adversarial import Stepper, lecture_mode, random_tree, tree\nfrom adversarial.play import PlayBoard"
SENTENCE = f"{STEPPER} >> .adversarial-explanation"
FULL_HD = {"width": 1920, "height": 1080}


def open_cells(page, lab, *sources: str) -> None:
    """The test's cells run in the shared scratch notebook (lab_page.run_cells), after the imports every test here
    uses."""
    run_cells(page, lab, IMPORTS, *sources)
    assert_no_errors(page)


def svg_markup(page) -> str:
    return page.locator(f"{DRAWING} >> svg").first.evaluate("svg => svg.outerHTML")


def sentence(page) -> str:
    return page.locator(SENTENCE).inner_text().strip()


def test_every_step_draws_a_different_picture_with_the_live_bounds_of_the_path(page, lab):
    open_cells(page, lab, f"s = Stepper(tree({THREE}))\ns")
    expected = Stepper(tree(THREE))
    page.locator(STEPPER).scroll_into_view_if_needed()
    step = page.locator(f"{STEPPER} >> .adversarial-step")
    pictures = [svg_markup(page)]
    for k in range(1, len(expected.trace) + 1):
        step.click()
        expected.step()
        expect_stepper_shows(page, expected)          # sentence, counters and every text of the drawing
        pictures.append(svg_markup(page))
        if expected.sentence.startswith("MIN node B lowers β"):
            assert "α=3 β=1" in svg_texts(page, DRAWING) and "α=3 β=+∞" in svg_texts(page, DRAWING)
            page.screenshot(path=str(artifact("live_bounds_B_lowers_beta.png")))
        if expected.sentence.startswith("MIN node B: value 1"):
            assert "α ≥ β: prune" in svg_texts(page, DRAWING)
    assert len(set(pictures)) == len(pictures) == len(expected.trace) + 1, "two steps drew the same picture"


def focus_picture(picture) -> None:
    """Give the stepper's picture the keyboard's focus. The picture takes the focus once the stepper's key helper
    (keys.Keys, an anywidget whose module the browser loads after the run) has drawn: in one step it makes the
    picture focusable and starts listening for keys. A focus() before that is ignored and the key reaches
    JupyterLab instead, so wait for the picture to be focusable, then for the focus."""
    expect(picture).to_have_attribute("tabindex", "0")
    picture.focus()
    expect(picture).to_be_focused()


def test_keys_and_a_clicker_step_through_the_search(page, lab):
    open_cells(page, lab, f"s = Stepper(tree({THREE}))\ns")
    expected = Stepper(tree(THREE))
    focus_picture(page.locator(DRAWING))             # keys go to the stepper with the focus (its picture here)
    for key in ("ArrowRight", "ArrowRight", "PageDown", "PageDown", "ArrowLeft", "PageUp", "ArrowRight"):
        page.keyboard.press(key)
        expected.handle_key(key)
        expect(page.locator(SENTENCE)).to_have_text(expected.sentence)
    assert expected.position == 3
    page.keyboard.press("Home")
    expect(page.locator(SENTENCE)).to_have_text("Press Step to start the search.")
    page.keyboard.press(" ")                         # Space runs ...
    expect(page.locator(f"{STEPPER} >> .adversarial-run")).to_have_text("Pause")
    page.keyboard.press(" ")                         # ... and pauses
    expect(page.locator(f"{STEPPER} >> .adversarial-run")).to_have_text("Run")


def settled(page) -> str:
    """The sentence once the last click's own update has arrived (the button's label comes first)."""
    time.sleep(0.5)
    return sentence(page)


def assert_stays(page, text: str, seconds: float = 1.5) -> None:
    """The sentence still reads ``text`` after a while (a Run at "fast" would have moved it 5 times)."""
    time.sleep(seconds)
    assert sentence(page) == text


def test_run_is_paused_by_step_reset_and_pause_without_going_back_to_the_start(page, lab):
    open_cells(page, lab, f"s = Stepper(tree({THREE}))\ns")
    start = "Press Step to start the search."
    run = page.locator(f"{STEPPER} >> .adversarial-run")
    page.locator(f"{STEPPER} >> .adversarial-speed select").select_option("fast")

    def run_a_little():
        run.click()
        expect(run).to_have_text("Pause")
        expect(page.locator(SENTENCE)).not_to_have_text(start)

    run_a_little()
    page.locator(f"{STEPPER} >> .adversarial-step").click()
    expect(run).to_have_text("Run")
    assert_stays(page, settled(page))

    run_a_little()
    run.click()                                       # Pause: stays where it is, never back to 0
    expect(run).to_have_text("Run")
    paused = settled(page)
    assert paused != start
    assert_stays(page, paused)

    run_a_little()
    page.locator(f"{STEPPER} >> .adversarial-reset").click()
    expect(page.locator(SENTENCE)).to_have_text(start)
    expect(run).to_have_text("Run")
    assert_stays(page, start)


def test_new_game_clears_the_board_on_the_page(page, lab):
    open_cells(page, lab, "board = PlayBoard()\nboard")
    board = page.locator(BOARD)
    board.scroll_into_view_if_needed()
    cells = [board.locator(f".adversarial-cell-{i}") for i in range(9)]
    marked = board.locator("[class*='adversarial-cell-']", has_text=re.compile("[XO]"))
    expected = PlayBoard()                            # the same engine, in this process
    while expected.status == "Your move.":            # the first empty cell each time, to the end
        mine = expected.state.empty[0]
        cells[mine].click()
        expected.play(mine)
        expect(marked).to_have_count(9 - len(expected.state.empty))
    expect(board.locator(".adversarial-status")).to_have_text(expected.status)
    assert expected.status in ("The engine wins.", "A draw.")
    page.screenshot(path=str(artifact("board_game_over.png")))
    assert marked.count() >= 5
    board.locator(".adversarial-new-game").click()
    expect(marked).to_have_count(0)                   # no old mark left on screen
    cells[4].click()                                  # a cell that may have shown O: now it takes an X
    expect(cells[4]).to_have_text("X")
    expect(marked).to_have_count(2)
    page.screenshot(path=str(artifact("board_new_game.png")))


def font_px(locator) -> float:
    return locator.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")


def test_lecture_mode_fits_a_wide_tree_and_its_text_is_large(page, lab):
    page.set_viewport_size(FULL_HD)
    open_cells(page, lab, "lecture_mode()\ns = Stepper(random_tree(3, 3), editable=True)\ns")
    stepper = page.locator(STEPPER)
    stepper.scroll_into_view_if_needed()
    svg = page.locator(f"{DRAWING} >> svg").first
    fit = page.locator(f"{DRAWING} >> .adversarial-fit").first
    drawn = svg.bounding_box()
    room = fit.bounding_box()
    natural = Stepper(random_tree(3, 3)).drawing.svg()
    natural_width = float(re.search(r'viewBox="[\d.]+ [\d.]+ ([\d.]+)', natural).group(1)) * 4 / 3
    assert natural_width > room["width"], "this tree should be wider than the page, or the test proves nothing"
    assert drawn["x"] >= room["x"] - 1 and drawn["x"] + drawn["width"] <= room["x"] + room["width"] + 1
    assert fit.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the picture scrolls or is clipped"
    page.screenshot(path=str(artifact("lecture_wide_tree_fitted.png")))

    sizes = {
        "sentence": font_px(page.locator(f"{SENTENCE} .adversarial-live")),
        "counters": font_px(page.locator(f"{STEPPER} >> .adversarial-counters .widget-html-content > div")),
        "Step button": font_px(page.locator(f"{STEPPER} >> .adversarial-step")),
        "Run button": font_px(page.locator(f"{STEPPER} >> .adversarial-run")),
        "slider readout": font_px(page.locator(f"{STEPPER} >> .adversarial-slider .widget-readout")),
        "slider label": font_px(page.locator(f"{STEPPER} >> .adversarial-slider .widget-label")),
        "speed": font_px(page.locator(f"{STEPPER} >> .adversarial-speed select")),
        "leaves box": font_px(page.locator(f"{STEPPER} >> .adversarial-leaves-input input")),
    }
    small = {name: px for name, px in sizes.items() if px < 28}
    assert not small, f"text under 28 px in lecture mode: {small}"
    for name in ("step", "run", "reset", "back"):
        button = page.locator(f"{STEPPER} >> .adversarial-{name}")
        assert button.evaluate("e => e.scrollHeight <= e.clientHeight + 1"), f"{name} button text is clipped"

    page.locator(f"{STEPPER} >> .adversarial-zoom select").select_option("200%")
    expect(page.locator(f"{DRAWING} >> svg").first).to_have_attribute("style", re.compile("width:200%"))
    assert page.locator(f"{DRAWING} >> .adversarial-fit").first.evaluate("e => e.scrollWidth > e.clientWidth")


@pytest.mark.parametrize("theme", ["notebook", "projector"])
def test_a_small_tree_in_lecture_mode_draws_text_of_24_px_or_more(page, lab, theme):
    """The 3×3 tree in a 1920×1080 window: each text of the picture as the browser draws it."""
    page.set_viewport_size(FULL_HD)
    open_cells(page, lab, f"s = Stepper(tree({THREE}), theme={theme!r})\ns.goto(16)\ns")
    page.locator(DRAWING).scroll_into_view_if_needed()
    svg = page.locator(f"{DRAWING} >> svg").first
    smallest = svg.evaluate("""svg => Math.min(...[...svg.querySelectorAll('text')]
        .filter(t => t.textContent.trim()).map(t => t.getBoundingClientRect().height))""")
    page.screenshot(path=str(artifact(f"stepper_3x3_{theme}_1920.png")))
    if theme == "projector":
        # a text's box is about its font size tall (a bit more, for descenders)
        assert smallest >= 24, f"smallest text of the projected tree is {smallest:.1f} px tall"


def test_the_presenter_view_fills_the_screen_and_follows_the_keys(page, lab):
    page.set_viewport_size(FULL_HD)
    open_cells(page, lab, f"lecture_mode()\ns = Stepper(tree({THREE}))\ns.presenter()")
    view = page.locator(".adversarial-presenter")
    expect(view).to_have_count(1)
    view.scroll_into_view_if_needed()
    picture = view.locator(".adversarial-screen-drawing svg").first
    box = picture.bounding_box()
    assert box["height"] >= 0.6 * FULL_HD["height"] and box["width"] >= 0.5 * FULL_HD["width"]
    expected = Stepper(tree(THREE))
    focus_picture(view.locator(".adversarial-screen-drawing"))
    for _ in range(16):
        page.keyboard.press("PageDown")
        expected.step()
    words = view.locator(".adversarial-explanation")
    expect(words).to_have_text(expected.sentence)
    assert font_px(words.locator(".adversarial-live")) >= 40
    assert "α ≥ β: prune" in picture.evaluate("svg => svg.textContent")
    page.evaluate("() => document.querySelector('.adversarial-presenter').scrollIntoView()")
    page.screenshot(path=str(artifact("presenter_view_1920.png")))


# -- trees deeper than two, read from a projector -------------------------------------------------------

# The font size each text of a drawing is shown at, in CSS pixels: its size in the SVG times the scale at
# which the page shows the SVG.
SHOWN_FONT_PX = """svg => {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return [...svg.querySelectorAll('text')].filter(t => t.textContent.trim())
        .map(t => ({text: t.textContent, px: parseFloat(t.getAttribute('font-size')) * scale,
                    fill: getComputedStyle(t).fill}));
}"""


def depth_three_tree() -> str:
    """Notebook 02's 8-leaf (depth-3) tree, as its source writes it (found by content, not by number)."""
    for path in sorted(NOTEBOOKS.glob("*alphabeta_by_hand*.md")):
        found = re.search(r"tree\((\[[\d, ]+\]), branching=2\)", path.read_text())
        if found:
            return f"tree({found.group(1)}, branching=2)"
    raise AssertionError("notebook 02 has no 8-leaf tree any more")


def contrast(colour: str) -> float:
    """Contrast ratio of ``colour`` (#rrggbb) on white, as WCAG defines it."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05)


def test_notebook_02s_depth_3_tree_fits_a_1080_px_screen_with_its_controls_at_24_px(page, lab):
    """The README's lecture example (legend on) on notebook 02's depth-3 tree, at 1920×1080: picture,
    buttons, sentence and counters on one screen, every text of the picture 24 px or more, the not yet
    visited leaves readable (contrast 4.5:1), the slider's handle off its label."""
    page.set_viewport_size(FULL_HD)
    open_cells(page, lab, f"lecture_mode()\ns = Stepper({depth_three_tree()}, legend=True)\ns")
    stepper = page.locator(STEPPER)
    stepper.evaluate("e => e.scrollIntoView({block: 'start'})")
    step = page.locator(f"{STEPPER} >> .adversarial-step")
    for _ in range(6):                                   # part-way: live α/β on the path, leaves to come
        step.click()
    expected = Stepper(eval(depth_three_tree(), {"tree": tree}))
    expected.goto(6)
    expect(page.locator(SENTENCE)).to_have_text(expected.sentence)
    box = stepper.bounding_box()
    panel = page.locator(".jp-NotebookPanel-notebook").first.bounding_box()
    visible = panel["y"] + panel["height"]
    page.screenshot(path=str(artifact("depth3_stepper_1920x1080.png")))
    try:                                  # for a look at the emphasis without colour (weights, boxes, dashes)
        from PIL import Image
        Image.open(artifact("depth3_stepper_1920x1080.png")).convert("L").save(
            artifact("depth3_stepper_1920x1080_grayscale.png"))
    except ImportError:
        pass
    assert box["height"] <= visible - panel["y"], f"the stepper is {box['height']:.0f} px tall"
    assert box["y"] + box["height"] <= visible + 1, \
        f"the stepper ends at {box['y'] + box['height']:.0f} px, the screen's notebook area at {visible:.0f} px"
    texts = page.locator(f"{DRAWING} >> svg").first.evaluate(SHOWN_FONT_PX)
    smallest = min(texts, key=lambda t: t["px"])
    assert smallest["px"] >= 24, f"smallest text {smallest}"
    legend = page.locator(f"{STEPPER} >> .adversarial-legend-table").first
    assert legend.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 24
    assert page.locator(f"{STEPPER} >> .adversarial-legend").bounding_box()["x"] > \
        page.locator(f"{DRAWING} >> svg").first.bounding_box()["x"], "the legend is not beside the tree"
    faint = {"#" + "".join(f"{int(v):02x}" for v in re.findall(r"\d+", t["fill"]))
             for t in texts if t["text"] in "JKLMN"}                      # leaves not reached at step 6
    assert faint and min(map(contrast, faint)) >= 4.5, f"not-yet-visited text colours {faint}"

    page.locator(f"{STEPPER} >> .adversarial-reset").click()
    expect(page.locator(SENTENCE)).to_have_text("Press Step to start the search.")
    label = page.locator(f"{STEPPER} >> .adversarial-slider .widget-label").bounding_box()
    handle = page.locator(f"{STEPPER} >> .adversarial-slider .noUi-handle").bounding_box()
    assert handle["x"] >= label["x"] + label["width"], "the slider's handle covers its label"


CLICK_TO_PICTURE = """async (rounds) => {
    const stepper = document.querySelector('.adversarial-stepper');
    const button = stepper.querySelector('.adversarial-step');
    const picture = stepper.querySelector('.adversarial-drawing');
    const times = [];
    for (let i = 0; i < rounds; i++) {
        const before = picture.innerHTML;
        const changed = new Promise(resolve => {
            const watch = new MutationObserver(() => {
                if (picture.innerHTML !== before) { watch.disconnect(); resolve(); } });
            watch.observe(picture, {childList: true, subtree: true, characterData: true});
        });
        const start = performance.now();
        button.click();
        await changed;
        await new Promise(r => requestAnimationFrame(() => r()));     // drawn on screen
        times.push(performance.now() - start);
    }
    return times;
}"""


def test_a_step_on_a_64_leaf_tree_draws_a_new_picture_at_once(page, lab):
    """The tree is laid out once; each step restyles it (render.Layout): click to new picture on screen.

    How fast is measured by benchmarks/bench_step_latency.py (target: a median of 250 ms or less; its figures
    are in benchmarks/RESULTS.md; 121 ms was seen here while the suite ran). This test only guards against a
    step that takes a second, a broken redraw rather than a slow one, so a loaded machine cannot fail it; the
    artifact records the figure and the load."""
    page.set_viewport_size(FULL_HD)
    open_cells(page, lab, "lecture_mode()\ns = Stepper(random_tree(2, 6, seed=1))\ns")
    page.locator(STEPPER).scroll_into_view_if_needed()
    times = page.evaluate(CLICK_TO_PICTURE, 30)
    median = statistics.median(times)
    import os
    artifact("step_latency_64_leaves.txt").write_text(
        f"64-leaf stepper, click Step to new picture drawn, 30 clicks: median {median:.0f} ms, "
        f"max {max(times):.0f} ms, all {[round(t) for t in times]}; machine load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
    expected = Stepper(random_tree(2, 6, seed=1))
    expected.goto(30)
    expect(page.locator(SENTENCE)).to_have_text(expected.sentence)
    assert median <= 1000, f"a step took {median:.0f} ms (median; max {max(times):.0f} ms): the redraw is broken"


def test_typing_in_the_leaves_box_with_the_mouse_over_the_stepper_reaches_the_box(page, lab):
    open_cells(page, lab, f"s = Stepper(tree({THREE}), editable=True)\ns")
    box = page.locator(f"{STEPPER} >> .adversarial-leaves-input input")
    # Keys step the stepper from its picture ...
    focus_picture(page.locator(DRAWING))
    page.keyboard.press("ArrowRight")
    expect(page.locator(SENTENCE)).not_to_have_text("Press Step to start the search.")
    box.click()                                        # ... and belong to the box while typing in it
    box.press("ArrowLeft")
    box.press("Home")                                  # the caret's keys: the stepper stays where it was
    expect(page.locator(SENTENCE)).not_to_have_text("Press Step to start the search.")
    box.press("Control+a")
    page.keyboard.type("[[4, 1], [8, 2]]")
    assert box.input_value() == "[[4, 1], [8, 2]]"
    box.press("Enter")
    expect(page.locator(SENTENCE)).to_have_text("Press Step to start the search.")
    expected = Stepper(tree([[4, 1], [8, 2]]))
    assert svg_texts(page, DRAWING) == drawing_texts(expected)


# -- charts in lecture mode ------------------------------------------------------------------------------

SVG_FONT_PX = """svg => {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return [...svg.querySelectorAll('text')].filter(t => t.textContent.trim())
        .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
}"""


def test_charts_in_lecture_mode_fit_the_page_with_text_of_24_px_or_more(page, lab):
    """The explorer's plot (SVG) and a matplotlib chart (PNG), after lecture_mode(), at 1920×1080 with
    JupyterLab's side bar open: each as wide as it is drawn (not shrunk), every text 24 px or more."""
    from adversarial.experiments import leaf_counts
    from adversarial.themes import set_theme

    from adversarial import plots

    page.set_viewport_size(FULL_HD)
    open_cells(page, lab, "lecture_mode()\nfrom adversarial.plots import OrderingExplorer, plot_leaves\n"
                          "from adversarial.experiments import leaf_counts\n"
                          "OrderingExplorer(b=3, d=5, order='best')",
               "plot_leaves(leaf_counts([3], range(1, 5), seeds=(0,)), 3)")
    explorer = page.locator(".adversarial-explorer-plot svg").first
    explorer.scroll_into_view_if_needed()
    sizes = explorer.evaluate(SVG_FONT_PX)
    page.screenshot(path=str(artifact("explorer_lecture_1920.png")))
    assert sizes and min(sizes) >= 24, f"explorer plot: smallest text {min(sizes):.1f} px"
    room = page.locator(".jp-OutputArea-output").first.bounding_box()["width"]
    assert explorer.bounding_box()["width"] <= room + 1

    image = page.locator(".adversarial-chart img").first      # a chart shows as HTML: its image, with alt
    image.scroll_into_view_if_needed()
    shown, natural = image.evaluate("i => [i.getBoundingClientRect().width, i.naturalWidth]")
    set_theme("projector")
    try:
        fig = plots.plot_leaves(leaf_counts([3], range(1, 5), seeds=(0,)), 3)
    finally:
        set_theme("notebook")
    assert abs(natural - fig.get_figwidth() * fig.dpi) < 0.05 * natural    # this chart, trimmed by Jupyter
    smallest_pt = min(t.get_fontsize() for t in fig.findobj(plots.matplotlib.text.Text) if t.get_text().strip())
    px = smallest_pt * fig.dpi / 72 * shown / natural
    page.screenshot(path=str(artifact("chart_lecture_1920.png")))
    assert px >= 24, f"chart: smallest text {px:.1f} px (shown {shown:.0f} of {natural} px)"
    # The words under them: the explorer's caption, and the chart's box "The chart in numbers" opened (its
    # finding and its table), in the lecture's size too (they stayed 13-14 px).
    words = page.locator(".adversarial-chart details.adversarial-words").first
    words.locator("summary").click()
    expect(words.locator("table")).to_be_visible()
    sizes = {"explorer's caption": font_px(page.locator(".adversarial-explorer-caption .widget-html-content").first),
             "chart's summary": font_px(words.locator("summary")),
             "chart's finding": font_px(words.locator("p").first),
             "chart's numbers": font_px(words.locator("td").first)}
    words.scroll_into_view_if_needed()
    page.screenshot(path=str(artifact("chart_words_lecture_1920.png")))
    assert min(sizes.values()) >= 24, sizes


def test_a_wide_plain_drawing_fits_the_page_and_a_small_one_keeps_its_size(page, lab):
    """JupyterLab shows an SVG output as an image at its own size: a 27-leaf tree used to scroll sideways."""
    page.set_viewport_size(FULL_HD)
    open_cells(page, lab, "from adversarial import draw\nlecture_mode()\ndraw(random_tree(3, 3))",
               "draw(tree([[3, 5], [2]]))")
    pictures = page.locator(".adversarial-drawing-view img")
    wide, small = pictures.nth(0), pictures.nth(1)
    wide.scroll_into_view_if_needed()
    room = page.locator(".jp-OutputArea-output").first.bounding_box()["width"]
    shown = wide.bounding_box()
    assert shown["width"] <= room + 1 and shown["width"] >= 0.9 * room, f"{shown['width']} px in {room} px"
    assert page.locator(".jp-OutputArea-output").first.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    natural = small.evaluate("i => i.naturalWidth")
    assert abs(small.bounding_box()["width"] - natural) <= 1       # not blown up to the page's width
    page.screenshot(path=str(artifact("wide_drawing_fitted_1920.png")))


# Each control of a widget as a box on the page: its class, where it is and whether its text is cut.
CONTROL_BOXES = """root => [...root.querySelectorAll('.widget-slider, .widget-text, .widget-dropdown, .jupyter-button')]
    .map(e => { const r = e.getBoundingClientRect(); const input = e.querySelector('input');
        return {what: e.className, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                cut: input ? input.scrollWidth > input.clientWidth + 1 || input.clientWidth < 24 : false}; })"""


def overlapping(boxes) -> list:
    return [(a["what"], b["what"]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a["left"] < b["right"] - 1 and b["left"] < a["right"] - 1
            and a["top"] < b["bottom"] - 1 and b["top"] < a["bottom"] - 1]


def test_the_ordering_explorer_in_lecture_mode_has_no_overlapping_or_cut_controls(page, lab):
    page.set_viewport_size(FULL_HD)
    open_cells(page, lab, "from adversarial.lab.plots import OrderingExplorer\nlecture_mode()\n"
                          "OrderingExplorer(b=3, d=5)")
    explorer = page.locator(".adversarial-explorer")
    explorer.scroll_into_view_if_needed()
    boxes = explorer.evaluate(CONTROL_BOXES)
    assert len(boxes) >= 5 and overlapping(boxes) == [], overlapping(boxes)
    assert [b["what"] for b in boxes if b["cut"]] == [], boxes
    for name, value in (("branching factor b", "3"), ("depth d", "5")):
        assert page.get_by_role("spinbutton", name=name).input_value() == value
    page.screenshot(path=str(artifact("ordering_explorer_lecture_1920.png")))


def test_at_200_percent_zoom_a_drawings_text_is_at_least_one_and_a_half_times_larger(page, lab):
    """Browser zoom at 200% of a 1280×720 window lays the page out as a 640×360 one, each CSS pixel two device
    pixels: a drawing's text is 2 × (its width there) / (its width at 1280) times its size at 100%."""
    page.set_viewport_size({"width": 1280, "height": 720})
    open_cells(page, lab, "from adversarial import draw\ndraw(tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]]))",
               "draw(random_tree(3, 3, seed=7))")      # notebook 1's 3×3 tree, and a 27-leaf one as in notebook 7
    pictures = page.locator(".adversarial-drawing-view img")
    expect(pictures).to_have_count(2)
    at_100 = [pictures.nth(i).bounding_box()["width"] for i in range(2)]
    page.set_viewport_size({"width": 640, "height": 360})
    page.wait_for_timeout(300)
    at_200 = [pictures.nth(i).bounding_box()["width"] for i in range(2)]
    growth = [2 * zoomed / plain for zoomed, plain in zip(at_200, at_100)]
    assert all(g >= 1.5 for g in growth), f"text at 200% is {growth} times its size at 100%"
    view = page.locator(".adversarial-drawing-view").nth(1)   # the wide one scrolls in its own box, not the page
    assert view.evaluate("e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'auto'")
    page.screenshot(path=str(artifact("zoom_200_percent.png")))
    page.set_viewport_size({"width": 1280, "height": 720})
    room = view.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert room[0] <= room[1] + 1, f"at 100% the 27-leaf tree should fit: {room} ({at_100}, {at_200})"


def test_printed_text_tables_and_boards_follow_lecture_mode(page, lab):
    """After lecture_mode(), at 1920×1080: printed text, a result's text, an experiment's Table, a trace's
    α/β table and the tic-tac-toe board in 24 px or more; a Connect Four board drawn at the theme's size
    (notebook 10's zugzwang board was 204 px wide)."""
    page.set_viewport_size(FULL_HD)
    open_cells(page, lab, "lecture_mode()",
               "print('Leaves read: 17 of 81')\n'a result'",
               "from adversarial.formatting import Table\nTable([{'technique': 'killers', 'mean nodes': 81.5}])",
               f"from adversarial import alphabeta\nalphabeta(tree({THREE}), trace=True).trace.table()",
               "from adversarial.games.tictactoe import TicTacToe\nTicTacToe().board('X.O/.X./O..')",
               "from adversarial.games.connectfour import ConnectFour\nConnectFour().play('4453')",
               f"from adversarial import draw\ndraw(tree({THREE}))",
               "PlayBoard()", "from adversarial.widgets.play_connectfour import ConnectFourBoard\nConnectFourBoard()")
    outputs = page.locator(".jp-OutputArea-output")
    sizes = {
        "printed text": font_px(outputs.locator("pre", has_text="Leaves read").first),
        "a result's text": font_px(outputs.locator("pre", has_text="a result").first),
        "Table cell": font_px(outputs.locator("td", has_text="killers").first),
        "trace table cell": font_px(page.locator("table.adversarial-trace td").first),
        "tic-tac-toe board": font_px(outputs.locator("td", has_text="O").first),
        "a drawing's words (summary)": font_px(outputs.locator(".adversarial-words summary").first),
        "the board's check box": font_px(page.locator(f"{BOARD} .adversarial-heat span").last),
        "the board's New game": font_px(page.locator(f"{BOARD} .adversarial-new-game")),
        "Connect Four's depth menu": font_px(page.locator(".adversarial-c4 .adversarial-c4-depth select")),
        "Connect Four's column buttons": font_px(page.locator(".adversarial-c4 .adversarial-c4-drop-1")),
    }
    small = {name: px for name, px in sizes.items() if px < 24}
    assert not small, f"under 24 px after lecture_mode(): {small} (all: {sizes})"
    for button in (f"{BOARD} .adversarial-new-game", ".adversarial-c4 .adversarial-new-game"):   # not "New g…"
        assert page.locator(button).evaluate("b => b.scrollWidth <= b.clientWidth + 1"), f"{button} is cut"
    heat = page.locator(f"{BOARD} .adversarial-heat label").last          # not "heat map (what e…"
    assert heat.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the heat map's label is cut"
    tick = page.locator(f"{BOARD} .adversarial-heat input").bounding_box()
    assert tick["width"] >= 24 and tick["height"] >= 24, f"the heat map's check box is {tick['width']:.0f} px"
    for board, shot in ((BOARD, "playboard"), (".adversarial-c4", "connectfour_board")):   # to look at
        page.locator(board).first.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(artifact(f"lecture_{shot}_1920.png")))
    grid = page.locator(f"{BOARD} .widget-gridbox").bounding_box()
    side = theme_style("projector")["cell"]
    assert grid["width"] >= 3 * side, f"tic-tac-toe board {grid['width']} px wide"
    cell = page.locator(f"{BOARD} .adversarial-cell-4")       # square (it was 47 px tall), its mark half its side
    shape = cell.bounding_box()
    assert abs(shape["height"] - side) <= 2 and abs(shape["width"] - side) <= 2, f"a cell is {shape}"
    assert font_px(cell) >= side // 2, f"a cell's mark is {font_px(cell)} px"
    board = page.locator(".jp-OutputArea-output img[alt^=\"Connect Four board\"]").last   # HTML: img with alt
    board.scroll_into_view_if_needed()
    assert board.bounding_box()["width"] >= 400, f"Connect Four board {board.bounding_box()['width']} px wide"
    page.screenshot(path=str(artifact("lecture_text_tables_boards_1920.png")))
    print(f"lecture mode at 1920×1080: {sizes}, Connect Four board {board.bounding_box()['width']:.0f} px wide")


def test_a_64_leaf_search_followed_on_a_projector_reads_at_24_px_with_the_root_and_path_in_view(page, lab):
    """zoom "follow": the window of the tree around the current node fills the page at 1920×1080 (at "fit" the
    same tree's labels were 7.6 px), and the root and the path down to the current node stay in view: the
    ancestors the window leaves out are shown in a strip above it, cut from the same picture."""
    from adversarial.widgets.stepper import follow_geometry

    page.set_viewport_size(FULL_HD)
    open_cells(page, lab, "lecture_mode()\ns = Stepper(random_tree(2, 6, seed=1))\ns.set_zoom('follow')\n"
                          "s.goto(60)\ns")
    page.locator(STEPPER).evaluate("e => e.scrollIntoView({block: 'start'})")
    svg = page.locator(f"{DRAWING} >> svg").first
    scale = svg.evaluate("svg => svg.getBoundingClientRect().width / svg.viewBox.baseVal.width")
    markup = svg.evaluate("svg => svg.outerHTML")
    geometry = follow_geometry(markup)
    smallest = min(float(size) for size in re.findall(r'font-size="([\d.]+)"', markup)) * scale * \
        geometry["window scale"]
    box = svg.bounding_box()
    page.screenshot(path=str(artifact("stepper_64_leaves_follow_1920.png")))
    print(f"64 leaves, zoom follow, 1920×1080: smallest text {smallest:.1f} px, picture {box['width']:.0f}"
          f"×{box['height']:.0f} px; path strip {geometry['strip']}")
    assert smallest >= 24, f"smallest text {smallest:.1f} px"
    assert geometry["current in view"], "the current node is outside the window"
    assert geometry["root in view"] and geometry["path in view"], geometry
    assert box["y"] + box["height"] <= FULL_HD["height"], "the picture is taller than the screen"


# -- notebook 5 in a lecture hall ------------------------------------------------------------------------

def notebook_cells(pattern: str, *starts: str) -> list[str]:
    """The code cells of the notebook whose .md matches ``pattern`` that start with one of ``starts`` (found by
    content, not by number), in the notebook's order."""
    for path in sorted(NOTEBOOKS.glob(pattern)):
        cells = re.findall(r"```\{code-cell\} ipython3\n(?::tags: \[[^\]]*\]\n\n)?(.*?)```", path.read_text(), re.S)
        found = [c.strip() for c in cells if c.strip().startswith(starts)]
        if found:
            return found
    raise AssertionError(f"no notebook {pattern} with cells starting {starts}")


# Each W-D-L cell of a table (16-1-3) and how many lines the browser broke it into.
SCORE_LINES = """t => [...t.querySelectorAll('tbody td')].filter(td => /^\\d+-\\d+-\\d+$/.test(td.textContent.trim()))
    .map(td => { const r = document.createRange(); r.selectNodeContents(td);
                 return new Set([...r.getClientRects()].map(q => Math.round(q.top))).size; })"""
# The same for each name of an evaluation in the first two columns (centre_control, open_windows).
NAME_LINES = """t => [...t.querySelectorAll('tbody tr')].flatMap(tr => [...tr.children].slice(0, 2))
    .map(td => { const r = document.createRange(); r.selectNodeContents(td);
                 return new Set([...r.getClientRects()].map(q => Math.round(q.top))).size; })"""


def shown_svg_texts(img) -> tuple[float, list[tuple[str, float]]]:
    """An image of an SVG: its scale on the page (CSS px per SVG unit) and each text of the SVG with its size
    in CSS px (nested SVGs here are drawn at 1:1, so a text's size is its font-size times the scale)."""
    import base64

    src, shown = img.evaluate("i => [i.getAttribute('src'), i.getBoundingClientRect().width]")
    svg = base64.b64decode(src.split(",", 1)[1]).decode("utf-8")
    scale = shown / float(re.search(r"viewBox=['\"][\d.]+ [\d.]+ ([\d.]+)", svg).group(1))
    texts = re.findall(r"<text\b[^>]*font-size=['\"]([\d.]+)['\"][^>]*>([^<]*)</text>", svg)
    return scale, [(text, float(size) * scale) for size, text in texts]


def test_notebook_05s_standings_and_horizon_pair_fit_a_projected_screen(page, lab):
    """Notebook 5's depth-2 standings table and its horizon-effect pair, after lecture_mode(), at 1920×1080 (the
    cells as the notebook writes them): the table fits the output area with JupyterLab's side bar open and closed
    (its last column was cut, its W-D-L cells broken over two lines; with the side bar open it was 1564 px in
    1488); the pair, two lines of boards, fits on one screen (it was 2.5 screens tall) with who is to move (MAX,
    MIN) and the captions 20 px or more (8 and 17 px)."""
    page.set_viewport_size(FULL_HD)
    imports = notebook_cells("05_*.md", "from adversarial import alphabeta")
    standings = [c for c in notebook_cells("05_*.md", "standings_over_seeds(") if "depth=2" in c]
    horizon = notebook_cells("05_*.md", "H = ", "d3 = ", "trap = ")
    assert len(imports) == len(standings) == 1 and len(horizon) == 3, (imports, standings, horizon)
    open_cells(page, lab, "lecture_mode()", imports[0], standings[0], *horizon)
    page.evaluate("() => window.jupyterapp.shell.expandLeft()")        # the side bar open, as a student has it
    narrow = check_notebook_05s_standings(page, "side bar open")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")      # and closed, as when projecting
    try:
        wide = check_notebook_05s_standings(page, "side bar closed")
        check_notebook_05s_horizon_pair(page)
    finally:
        page.evaluate("() => window.jupyterapp.shell.expandLeft()")
    assert wide > narrow + 100, f"with the side bar closed the table takes the room: {wide:.0f} px, {narrow:.0f} " \
                                "px with it open"


def check_notebook_05s_standings(page, how: str) -> float:
    """The standings fit the output area, their W-D-L cells whole, the names of evaluations on two lines at
    most, their text 24 px or more; the table's width."""
    table = page.locator(".jp-OutputArea-output table", has_text="ahead/even/behind").first
    table.scroll_into_view_if_needed()
    page.wait_for_timeout(300)                                           # the side bar's move laid out
    page.screenshot(path=str(artifact(f"lecture_05_standings_1920_{how.replace(' ', '_')}.png")))
    area = table.evaluate("t => t.closest('.jp-OutputArea-output').getBoundingClientRect().toJSON()")
    shown = table.bounding_box()
    lines = table.evaluate(SCORE_LINES)
    names = table.evaluate(NAME_LINES)
    print(f"notebook 5's standings after lecture_mode(), {how}: {shown['width']:.0f} px wide in a "
          f"{area['width']:.0f} px output area; W-D-L cells on {sorted(set(lines))} line(s), names on "
          f"{sorted(set(names))}")
    assert shown["x"] + shown["width"] <= area["right"] + 1, f"{how}: {shown['width']:.0f} px in " \
                                                             f"{area['width']:.0f} px"
    assert len(lines) == 24 and set(lines) == {1}, f"{how}: W-D-L cells broken: {lines}"
    assert len(names) == 6 and max(names) <= 2, f"{how}: names on {names} lines"
    assert font_px(table.locator("td").first) >= 24
    return shown["width"]


def check_notebook_05s_horizon_pair(page):
    pair = page.locator(".jp-OutputArea-output .adversarial-drawing-view img").last
    pair.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(artifact("lecture_05_horizon_pair_1920.png")))
    box = pair.bounding_box()
    panel = page.locator(".jp-NotebookPanel-notebook").first.bounding_box()
    scale, texts = shown_svg_texts(pair)
    movers = [px for text, px in texts if text in ("MAX", "MIN")]
    captions = [px for text, px in texts if text.startswith("depth ")]
    print(f"notebook 5's horizon pair after lecture_mode(): {box['width']:.0f}×{box['height']:.0f} px in a "
          f"{panel['width']:.0f}×{panel['height']:.0f} px notebook area; MAX/MIN {min(movers):.1f} px, captions "
          f"{min(captions):.1f} px, smallest text {min(px for _, px in texts):.1f} px")
    assert box["height"] <= panel["height"], f"the pair is {box['height']:.0f} px tall"
    assert len(movers) >= 8 and min(movers) >= 20, movers
    assert len(captions) == 2 and min(captions) >= 20, captions
