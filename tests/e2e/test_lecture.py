"""What an instructor projecting the stepper and the board does, in JupyterLab in a real browser.

Each test writes a small notebook of its own (the lessons' notebooks are not edited for tests), runs it,
and compares what the page shows with what the package computes in this process.
"""

from __future__ import annotations

import re
import time

import pytest

try:
    from playwright.sync_api import expect
except ImportError:          # the fixtures skip (or fail under make test-e2e) and say how to install it
    expect = None

from adversarial.play import PlayBoard
from adversarial.tree import random_tree, tree
from adversarial.widgets import Stepper

from .lab_page import artifact, open_notebook, run_all, svg_texts
from .test_jupyterlab import (
    BOARD,
    DRAWING,
    STEPPER,
    assert_no_errors,
    expect_stepper_shows,
)

THREE = [[3, 5, 6], [1, 2, 0], [9, 7, 8]]
IMPORTS = "from adversarial import Stepper, lecture_mode, random_tree, tree\nfrom adversarial.play import PlayBoard"
SENTENCE = f"{STEPPER} >> .adversarial-explanation"
FULL_HD = {"width": 1920, "height": 1080}


def open_cells(page, lab, *sources: str) -> None:
    open_notebook(page, lab, lab.notebook("lecture.ipynb", [IMPORTS, *sources]))
    run_all(page)
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


def test_keys_and_a_clicker_step_through_the_search(page, lab):
    open_cells(page, lab, f"s = Stepper(tree({THREE}))\ns")
    expected = Stepper(tree(THREE))
    page.locator(DRAWING).hover()                    # keys go to the stepper under the mouse
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
        "sentence": font_px(page.locator(f"{SENTENCE} .widget-html-content > div")),
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
def test_a_small_tree_in_lecture_mode_draws_text_of_28_px_or_more(page, lab, theme):
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
        assert smallest >= 28, f"smallest text of the projected tree is {smallest:.1f} px tall"


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
    view.locator(".adversarial-screen-drawing").hover()
    for _ in range(16):
        page.keyboard.press("PageDown")
        expected.step()
    words = view.locator(".adversarial-explanation")
    expect(words).to_have_text(expected.sentence)
    assert font_px(words.locator(".widget-html-content > div")) >= 40
    assert "α ≥ β: prune" in picture.evaluate("svg => svg.textContent")
    page.evaluate("() => document.querySelector('.adversarial-presenter').scrollIntoView()")
    page.screenshot(path=str(artifact("presenter_view_1920.png")))
