"""The notebooks and their widgets in JupyterLab, in a real (headless) browser.

What a student or an instructor does is what these tests do: open a lesson and see its stored outputs (every
lesson, in one notebook), run a notebook, click the stepper's buttons, play a move on the board. What the
browser shows is compared with what the package computes in this process (the same trace, sentences,
counters and drawing), so the check is the package's own account of the search, not numbers typed into the
test.
"""

from __future__ import annotations

import ast
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

import pytest

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect
except ImportError:          # the fixtures skip (or fail under make test-e2e) and say how to install it
    expect = PlaywrightTimeout = None

from adversarial.games.tictactoe import TicTacToe, optimal_moves
from adversarial.tree import tree
from adversarial.widgets import Stepper

from .lab_page import (
    CURRENT,
    NOTEBOOKS,
    artifact,
    code_cell,
    describe,
    error_outputs,
    keyboard_walk,
    open_notebook,
    run_all,
    run_cells,
    svg_texts,
    widget_errors,
)

sys.path.insert(0, str(NOTEBOOKS.parent / "tools" / "publish"))
import axe  # noqa: E402  (tools/publish/axe.py: axe-core from npm)

OUTPUTS = ".jp-OutputArea-output"                  # the collection's own part of the page, for axe-core
# axe-core on JupyterLab's own interface (its findings are upstream: listed, never asserted; README) runs where CI
# runs the browser tests (ADVERSARIAL_E2E=required), not in make test: about 3 s of Chromium's CPU for a list.
LIST_CHROME = os.environ.get("ADVERSARIAL_E2E") == "required"
STEPPER = ".adversarial-stepper >> nth=0"          # notebook 02 shows more than one: test the first
DRAWING = f"{STEPPER} >> .adversarial-drawing"
BOARD = ".adversarial-board"
SVG_NS = "{http://www.w3.org/2000/svg}"


def stored_stepper(name: str) -> Stepper:
    """A Stepper on the same tree as the one the notebook displays (read from its stored text form)."""
    notebook = json.loads((NOTEBOOKS / name).read_text())
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            text = "".join(output.get("data", {}).get("text/plain", ""))
            found = re.match(r"Stepper\((\w+) on Tree\((.*)\): step \d+ of \d+\)$", text)
            if found:
                return Stepper(tree(ast.literal_eval(found.group(2))), algorithm=found.group(1))
    raise AssertionError(f"{name} displays no Stepper")


def steppers_in(name: str) -> int:
    notebook = json.loads((NOTEBOOKS / name).read_text())
    return sum("".join(o.get("data", {}).get("text/plain", "")).startswith("Stepper(")
               for cell in notebook["cells"] for o in cell.get("outputs", []))


def drawing_texts(stepper: Stepper) -> list[str]:
    """The text elements of the stepper's current drawing, as Graphviz wrote them."""
    root = ET.fromstring(stepper.drawing.svg())
    return ["".join(t.itertext()) for t in root.iter(f"{SVG_NS}text")]


def expect_stepper_shows(page, stepper: Stepper) -> None:
    """The page's stepper shows exactly the sentence, counters and drawing of ``stepper``.

    Each click updates the picture, then the sentence, then the counters; the waits on the last two
    (Playwright's ``expect`` retries) make sure the whole update has arrived before the drawing is read.
    """
    expect(page.locator(f"{STEPPER} >> .adversarial-explanation")).to_have_text(stepper.sentence)
    evaluated, saved = stepper.counters.values()         # matched by number, whatever the wording
    expect(page.locator(f"{STEPPER} >> .adversarial-counters")).to_have_text(
        re.compile(rf"^\D*\b{evaluated}\b\D*\b{saved}\b\D*$"))
    assert svg_texts(page, DRAWING) == drawing_texts(stepper), f"drawing differs at step {stepper.position}"


def assert_no_errors(page) -> None:
    assert error_outputs(page) == [], describe(page)
    assert widget_errors(page) == []


LESSONS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

# For each code cell of the open notebook: how many outputs its model holds, how many the page shows, how many
# of those show nothing (no text, image or drawing), how many widgets are not drawn yet (a saved widget's view
# is drawn after the page has loaded) and how many say "Error displaying widget".
SHOWN = f"""() => {{
    const found = [];
    {CURRENT}.content.widgets.forEach((cell, i) => {{
        if (cell.model.type !== 'code') return;
        const outs = [...cell.node.querySelectorAll('.jp-OutputArea-output')];
        const widgets = cell.model.outputs.toJSON()
            .filter(o => o.data && o.data['application/vnd.jupyter.widget-view+json']).length;
        found.push({{cell: i, stored: cell.model.outputs.length, shown: outs.length,
            empty: outs.filter(o => o.getBoundingClientRect().height < 2
                                    || !(o.innerText.trim() || o.querySelector('img, svg, canvas'))).length,
            undrawn: widgets - outs.filter(o => o.querySelector('.jupyter-widgets')).length,
            errors: outs.filter(o => /Error displaying widget/.test(o.innerText)).length}});
    }});
    return found;
}}"""


# The saved widgets are drawn once JupyterLab's widget manager has restored them, which it does after the kernel has
# answered it (jupyterlab_widgets 3.0: WidgetManager.restoreWidgets asks the kernel for its live widgets, then reads
# the notebook's saved state; each view drawn before that waits for it). Under load the kernel answers late: seen
# here at a load average of 13-20, the kernel was busy 10-17 s after connecting (with the debugger requests
# JupyterLab sends first) before it answered, and the restore ended 12-20 s after the kernel was ready. So the wait
# is for the manager's own "restored" (read from a saved widget's renderer) and then for every output, not for a
# fixed time; RESTORE_MS bounds a restore that never ends (then the tests below say which outputs are missing).
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
RESTORE_MS = 180_000
# SHOWN lays out the whole page (every lesson's outputs); while the widgets are being restored the layout is new at
# every poll, so SHOWN waits for the managers, which costs no layout (a widget error is found from the text alone).
SETTLED = f"""async () => {{
    const outputs = [...{CURRENT}.content.node.querySelectorAll('.jp-OutputArea-output')];
    if (outputs.some(o => o.textContent.includes('Error displaying widget')))
        return true;                                        // a widget error will not go away: the tests say so
    for (const cell of {CURRENT}.content.widgets) {{
        if (cell.model.type !== 'code') continue;
        for (const child of cell.outputArea.widgets)
            for (const renderer of Array.from(child.children ? child.children() : []))
                if (renderer.mimeType === '{WIDGET_VIEW}' && renderer._manager) {{
                    const manager = await Promise.race([renderer._manager.promise,
                                                        new Promise(resolve => setTimeout(resolve, 50))]);
                    if (!manager || !manager.restoredStatus) return false;
                }}
    }}
    return ({SHOWN})().every(c => c.shown === c.stored && !c.empty && !c.undrawn && !c.errors);
}}"""


@pytest.fixture(scope="module")
def every_lesson(lab_page, lab):
    """Every lesson's code cells with their stored outputs and widgets, in one trusted notebook opened once, as
    a student opens a lesson before running it. What each cell prints is nbval's to check (it runs every
    lesson, in this same Python and kernel); this is what JupyterLab makes of it: drawings, tables, charts and
    saved widgets shown, without a widget error or an axe-core violation. The widgets' live behaviour is the
    other tests' (stepper, board, explorer, lecture hall). Returns the page and, for each lesson, the range of
    its cells. It uses the shared JupyterLab page, so the module's tests that read it come first."""
    import nbformat

    cells, spans, state = [], {}, {}
    for name in LESSONS:
        book = nbformat.read(NOTEBOOKS / name, as_version=4)
        code = [c for c in book.cells if c.cell_type == "code"]
        for number, cell in enumerate(code, len(cells)):
            cell.id = f"cell-{number}"                     # the lessons' ids repeat (every one has 'install')
        spans[name] = range(len(cells), len(cells) + len(code))
        cells += code
        state.update(book.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {}))
    book = nbformat.v4.new_notebook(cells=cells)
    book.metadata["widgets"] = {WIDGET_STATE: {"version_major": 2, "version_minor": 0, "state": state}}
    page = lab_page
    page.problems.clear()
    open_notebook(page, lab, lab.save("every_lesson.ipynb", book), reload=True)      # saved widgets: see there
    try:               # until every output shows (saved widgets render last); if one never does, its test says so
        page.wait_for_function(SETTLED, timeout=RESTORE_MS, polling=250)
    except PlaywrightTimeout:
        pass
    yield page, spans
    page.screenshot(path=str(artifact("jupyterlab-every-lesson.png")))


@pytest.mark.parametrize("name", LESSONS)
def test_every_lessons_stored_outputs_show_in_jupyterlab(every_lesson, name):
    page, spans = every_lesson
    cells = [c for c in page.evaluate(SHOWN) if c["cell"] in spans[name]]
    assert len(cells) == len(spans[name])
    wrong = [c for c in cells if c["shown"] != c["stored"] or c["empty"] or c["undrawn"] or c["errors"]]
    assert wrong == [], f"{name}: cells whose outputs do not show as stored: {wrong}"


def test_a_lessons_saved_stepper_and_board_show_before_running(every_lesson):
    """Opened, not run: the stepper shows its stored drawing and the boards their cells, not an empty box."""
    page, _ = every_lesson
    first = "02_alphabeta_by_hand.ipynb"         # the first lesson with a stepper, so its first on the page
    page.locator(DRAWING).scroll_into_view_if_needed()
    expect(page.locator(f"{DRAWING} >> svg")).to_be_visible()
    assert svg_texts(page, DRAWING) == drawing_texts(stored_stepper(first))
    expect(page.locator(f"{BOARD} .adversarial-cell-8")).not_to_have_count(0)          # notebook 3's board
    expect(page.locator(".adversarial-c4 .adversarial-c4-drop-7")).not_to_have_count(0)  # notebook 6's
    page.screenshot(path=str(artifact("saved_stepper.png")))


def test_every_lessons_outputs_show_without_a_widget_error_or_an_axe_violation(every_lesson):
    """... and the outputs (drawings, widgets, tables) have no serious or critical axe-core violation."""
    page, _ = every_lesson
    assert widget_errors(page) == []
    assert not page.problems, page.problems
    found = axe.violations(page, OUTPUTS)                 # nothing excused: slider handles are named too
    with open(artifact("axe-jupyterlab.txt"), "w") as report:
        report.write(f"every lesson's outputs (axe-core {axe.VERSION}): {len(axe.blocking(found))} serious/critical, "
                     f"{len(found)} in all\n" + "".join(f"  {line}\n" for line in axe.summary(found).splitlines()))
    assert not axe.blocking(found), f"axe-core in the outputs:\n{axe.summary(axe.blocking(found))}"


def test_stepper_step_and_back_follow_the_trace(page, lab):
    name = "02_alphabeta_by_hand.ipynb"
    expected = stored_stepper(name)
    open_notebook(page, lab, lab.copy(name))
    run_all(page)
    assert_no_errors(page)
    expect(page.locator(".adversarial-stepper")).to_have_count(steppers_in(name))
    page.locator(STEPPER).scroll_into_view_if_needed()
    expect_stepper_shows(page, expected)                         # before the first step

    step, back = page.locator(f"{STEPPER} >> .adversarial-step"), page.locator(f"{STEPPER} >> .adversarial-back")
    pictures = {tuple(svg_texts(page, DRAWING))}
    for _ in range(len(expected.trace)):
        step.click()
        expected.step()
        expect_stepper_shows(page, expected)
        pictures.add(tuple(svg_texts(page, DRAWING)))
    assert expected.sentence == expected.trace.explain(len(expected.trace) - 1)
    assert len(pictures) > len(expected.trace) // 2, "the drawing hardly changed while stepping"
    page.screenshot(path=str(artifact("stepper_end.png")))

    for _ in range(3):
        back.click()
        expected.back()
        expect_stepper_shows(page, expected)
    page.locator(f"{STEPPER} >> .adversarial-reset").click()
    expected.reset()
    expect_stepper_shows(page, expected)

    # The same search from the keyboard alone, each step announced (the live region, read from Chromium's
    # accessibility tree).
    walk = keyboard_walk(page, page.locator(STEPPER), stored_stepper(name))
    report = f"JupyterLab's own page around {name}, keyboard walk {walk}:\n"
    if LIST_CHROME:           # JupyterLab's own chrome, checked by axe-core but only listed (README): CI
        chrome = axe.violations(page, {"exclude": [[OUTPUTS]]})
        report += f"axe-core {axe.VERSION}, outputs excluded:\n{axe.summary(chrome)}\n"
    artifact("axe-jupyterlab-chrome.txt").write_text(report)


def test_the_board_answers_every_move_with_an_optimal_one(page, lab):
    game = TicTacToe()
    cells = ["from adversarial.widgets.play import PlayBoard",
             code_cell("03_tictactoe_minimax.ipynb", "PlayBoard(human=")]                # notebook 3's board cell
    run_cells(page, lab, *cells)                        # in the scratch notebook the other tests share
    assert_no_errors(page)
    board = page.locator(BOARD)
    expect(board).to_have_count(1)
    board.scroll_into_view_if_needed()

    cells = [board.locator(f".adversarial-cell-{i}") for i in range(9)]
    marked = board.locator("[class*='adversarial-cell-']", has_text=re.compile("[XO]"))

    def shown() -> str:
        return "".join(cell.inner_text().strip() or "." for cell in cells)

    state = game.initial_state()
    assert shown() == state.cells, "the board should start empty (you are X and move first)"
    while not game.is_terminal(state):
        mine = state.empty[0]               # a weak, predictable player: the first empty cell
        cells[mine].click()
        state = game.result(state, mine)
        if game.is_terminal(state):
            break
        expect(marked).to_have_count(10 - len(state.empty))     # my mark and the engine's answer
        after = shown()
        answers = [i for i in state.empty if after[i] == "O"]
        assert len(answers) == 1, f"expected one engine move after {state.cells}, board shows {after}"
        best = optimal_moves(game, state)["best"]
        assert answers[0] in best, f"at {state.cells} the engine played {answers[0]}, optimal: {best}"
        state = game.result(state, answers[0])
        assert shown() == state.cells
    expect(board.locator(".adversarial-status")).to_have_text(
        "The engine wins." if state.winner == "O" else "A draw.")
    assert state.winner != "X"
    page.screenshot(path=str(artifact("board_end.png")))
