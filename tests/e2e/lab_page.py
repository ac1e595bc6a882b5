"""Small helpers that drive a notebook in JupyterLab through Playwright.

JupyterLab is started with ``expose_app_in_browser`` so that commands (run all cells) and the notebook
model (execution counts, error outputs) are reached through ``window.jupyterapp`` rather than by clicking
menus whose layout changes between versions. Widgets are found by the CSS classes the package gives them.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "artifacts" / "e2e"        # screenshots and browser versions, kept by CI

CURRENT = "window.jupyterapp && window.jupyterapp.shell.currentWidget"

# Ready means: the notebook's kernel is connected AND the status bar says so. The toolbar's indicator
# reads "idle" before the kernel is connected, and a Run All sent then is silently dropped
# (../shared/notes/browser-tests.md), so neither is trusted alone.
KERNEL_READY = f"""() => {{
    const panel = {CURRENT};
    if (!panel || !panel.sessionContext || !panel.content || !panel.content.model) return false;
    const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    if (!kernel || kernel.connectionStatus !== 'connected' || kernel.status !== 'idle') return false;
    return [...document.querySelectorAll('.jp-StatusBar-Item')]
        .some(item => /\\|\\s*Idle/.test(item.textContent));
}}"""

ERRORS = f"""() => {{
    const cells = {CURRENT}.content.model.cells;
    const found = [];
    for (let i = 0; i < cells.length; i++) {{
        const cell = cells.get(i);
        if (cell.type !== 'code') continue;
        for (const out of cell.outputs.toJSON())
            if (out.output_type === 'error') found.push({{cell: i, ename: out.ename, evalue: out.evalue}});
    }}
    return found;
}}"""

UNRUN = f"""() => {{
    const cells = {CURRENT}.content.model.cells;
    let missing = 0;
    for (let i = 0; i < cells.length; i++) {{
        const cell = cells.get(i);
        if (cell.type === 'code' && cell.sharedModel.source.trim() && cell.executionCount == null) missing++;
    }}
    return missing;
}}"""


# The open notebook's cells replaced by new code cells (``sources``), in one edit: a test then runs them in the
# page and kernel it has, instead of loading JupyterLab and starting a kernel again.
REPLACE_CELLS = f"""(sources) => {{
    const model = {CURRENT}.content.model.sharedModel;
    model.transact(() => {{
        model.deleteCellRange(0, model.cells.length);
        model.insertCells(0, sources.map(source => ({{cell_type: 'code', source, metadata: {{}}}})));
    }});
}}"""


def code_cell(name: str, text: str) -> str:
    """The source of the one code cell of notebooks/``name`` that contains ``text``: a widget test runs the
    lesson's own cell without running the whole lesson again (nbval runs every lesson)."""
    import nbformat

    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    (source,) = [c.source for c in notebook.cells if c.cell_type == "code" and text in c.source]
    return source


# Every notebook in the page closed (marked saved first: no "save changes?" dialog), its widgets with it.
CLOSE_ALL = """() => {
    for (const widget of Array.from(window.jupyterapp.shell.widgets('main'))) {
        if (widget.context) widget.context.model.dirty = false;
        widget.dispose();
    }
}"""
OPEN = """async (path) => {
    await window.jupyterapp.commands.execute('docmanager:open', {path, factory: 'Notebook'});
}"""
OPENED = f"""(path) => {{ const panel = {CURRENT}; return !!(panel && panel.context && panel.context.path === path
                                                          && ({KERNEL_READY})()); }}"""


def open_notebook(page, lab, path: str, timeout_ms: int = 180_000, reload: bool = False) -> None:
    """Open ``path`` (relative to the server's root) and wait until its kernel is really ready.

    Notebooks opened before are closed and their kernels stopped, so the page holds one notebook and one set of
    widgets. Where the page has this server's JupyterLab loaded already, the notebook is opened in it (a second
    or two); otherwise, or with ``reload``, JupyterLab is loaded (``?reset`` forgets the saved workspace; 7-10 s
    of CPU). The wait ends once the kernel is ready; its bound is for a busy machine: at a load average of 13-20
    (other work, and two busy loops on both cores in some runs) loading JupyterLab and starting the kernel took
    46-108 s.
    A notebook whose saved widgets must show before it runs is opened with ``reload``: opened in a running
    JupyterLab, each of its saved widgets once showed "Error displaying widget" (an earlier stop; in two such
    openings traced since, the widget manager read the saved state and drew every one).
    """
    loaded = not reload and page.url.startswith(f"{lab.url}/lab") and page.evaluate("() => !!window.jupyterapp")
    if loaded:
        page.evaluate(CLOSE_ALL)
    lab.stop_kernels()
    if loaded:
        page.evaluate(OPEN, path)
    else:
        page.goto(f"{lab.url}/lab/tree/{path}?reset&token={lab.token}")
    page.wait_for_function(OPENED, arg=path, timeout=timeout_ms, polling=100)


def run_all(page, timeout_ms: int = 180_000) -> None:
    """Run every cell and wait until each has an execution count (or one has failed) and the kernel is idle.

    The outputs (and execution counts) are cleared first, so that a stored count is never mistaken for a
    fresh one.
    """
    page.evaluate(f"() => {{ {CURRENT}.content.activate(); }}")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    page.wait_for_function(f"() => ({UNRUN})() > 0", timeout=timeout_ms, polling=100)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    # An error stops a run: then waiting for every cell would only wait for the time-out.
    page.wait_for_function(f"() => ({UNRUN})() === 0 || (({ERRORS})().length > 0 && ({KERNEL_READY})())",
                           timeout=timeout_ms, polling=200)
    page.wait_for_function(KERNEL_READY, timeout=timeout_ms, polling=100)


# What the last user of the scratch notebook left in its kernel goes first: its names, its widgets (a stepper's Run
# stops with its widget) and lecture mode (its style sheet went with the last cells' outputs).
FRESH = ("%reset -f\nimport ipywidgets\nipywidgets.Widget.close_all()\n"
         "from adversarial.themes import set_theme\nset_theme('notebook')")
IS_OPEN = f"(path) => {{ const panel = {CURRENT}; return !!(panel && panel.context && panel.context.path === path); }}"


def run_cells(page, lab, *sources: str) -> None:
    """``sources`` as the code cells of the one scratch notebook the JupyterLab tests share, run in its kernel.

    The scratch notebook is opened (and its kernel started) the first time, and again only when a test has opened
    another notebook since: each test that needs a few cells of its own (a lesson's board or explorer cell, the
    lecture hall's steppers) replaces the cells in one edit, after FRESH, instead of opening a new notebook and
    starting a kernel (2-4 s of CPU each). Runs them all (run_all: each must have run, or one failed)."""
    if getattr(lab, "scratch", None) is None:
        lab.scratch = lab.notebook("scratch.ipynb", [""])
    if not page.evaluate(IS_OPEN, lab.scratch):
        open_notebook(page, lab, lab.scratch)
    page.evaluate(REPLACE_CELLS, [FRESH, *sources])
    run_all(page)


def error_outputs(page) -> list[dict]:
    """Every error output in the notebook (from the model, so nothing scrolled away is missed)."""
    return page.evaluate(ERRORS)


def widget_errors(page) -> list[str]:
    """Widgets that failed to display ("Error displaying widget: ...")."""
    return page.locator(".jp-OutputArea-output", has_text="Error displaying widget").all_inner_texts()


def svg_texts(page, selector: str) -> list[str]:
    """The text elements of the inline SVG inside ``selector``, in document order."""
    return page.locator(f"{selector} svg text").all_text_contents()


def artifact(name: str) -> Path:
    """Where to save the artifact ``name`` (the folder is made if needed)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / name


def describe(page) -> str:
    return json.dumps({"errors": error_outputs(page), "page errors": page.problems}, ensure_ascii=False)


# ---- the keyboard and what a screen reader announces ------------------------------------------------------

FOCUSED = "() => { const e = document.activeElement; return e ? (e.className || e.tagName) + '' : ''; }"


def focus_inside(page, selector: str) -> bool:
    return page.evaluate("(s) => !!(document.activeElement && document.activeElement.closest(s))", selector)


def tab_until(page, test, limit: int = 25, key: str = "Tab") -> int:
    """Press ``key`` (Tab or Shift+Tab) until ``test()`` is true; returns the presses, fails after ``limit``."""
    for presses in range(limit + 1):
        if test():
            return presses
        page.keyboard.press(key)
    raise AssertionError(f"{limit} presses of {key} did not get there; focus is on {page.evaluate(FOCUSED)!r}")


def announced(region) -> str:
    """The text a screen reader announces from the live region (role=status) inside ``region``, read from
    Chromium's accessibility tree (Playwright's ARIA snapshot), white space collapsed."""
    for line in region.aria_snapshot().splitlines():
        found = line.strip().removeprefix("- ")
        if found.startswith("status"):
            text = found.removeprefix("status").lstrip(":").strip()
            if len(text) > 1 and text[0] == text[-1] and text[0] in "'\"":
                text = text[1:-1].replace("''", "'") if text[0] == "'" else json.loads(text)
            return " ".join(text.split())
    raise AssertionError(f"no live region (role=status) in:\n{region.aria_snapshot()}")


# Where JupyterLab could have taken a key: its active cell and the cells it hides (← folds a section).
NOTEBOOK_STATE = f"""() => {{ const nb = {CURRENT}.content;
    return [nb.activeCellIndex, nb.widgets.filter(c => c.isHidden || c.inputHidden).length]; }}"""
# A name for where the focus is inside the stepper: the picture, a button, the slider, a box, a menu.
FOCUS_PART = """(s) => { const e = document.activeElement; if (!e || !e.closest(s)) return null;
    if (e.matches('.adversarial-drawing')) return 'picture';
    if (e.getAttribute('role') === 'slider') return 'slider';
    if (e.matches('.widget-readout')) return 'readout';
    for (const c of ['back', 'step', 'run', 'reset', 'speed', 'zoom', 'words-toggle', 'slider-twin'])
        if (e.closest('.adversarial-' + c)) return c;
    return e.tagName.toLowerCase(); }"""
TEXT_ENTRY = ("(s) => !!(document.activeElement && document.activeElement.closest(s) && "
              "document.activeElement.matches('input:not([type=checkbox]), textarea, [contenteditable=true]'))")


def keyboard_walk(page, widget, expected, timeout_s: float = 30) -> dict:
    """Drive the stepper ``widget`` (a Playwright locator) with the keyboard alone (no mouse event) through a whole
    search: Tab into it, then Home, → (or Page Down) at every event, ←, Home, Space to run and Space to pause, while
    Tab and Shift+Tab carry the focus over every part of it (the picture, each button, the slider, the number box,
    the menus): its keys work with the focus anywhere in it. After each key the announced sentence, read from the
    one live region (the same element all along), must be ``expected``'s (a Stepper on the same tree, moved the
    same way) within ``timeout_s`` s, the focus must still be in the stepper and JupyterLab must not have moved
    its active cell or hidden a cell. Ends by tabbing out of it: no keyboard trap. Returns what it did."""
    widget.evaluate("(e) => { document.querySelectorAll('[data-keyboard-walk]').forEach(o => "
                    "o.removeAttribute('data-keyboard-walk')); e.setAttribute('data-keyboard-walk', ''); }")
    stepper = "[data-keyboard-walk]"
    region = page.locator(f"{stepper} .adversarial-explanation")
    live = page.locator(f"{stepper} .adversarial-explanation [role=status]")
    expect_one = live.count()
    assert expect_one == 1, f"the stepper has {expect_one} live regions"
    live.evaluate("(e) => e.setAttribute('data-walk-region', '')")     # a replaced region would lose the mark

    def wait(condition) -> None:
        deadline = time.monotonic() + timeout_s
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"after {timeout_s} s the stepper announces {announced(region)!r} "
                                     f"(keys pressed: {last})")
            page.wait_for_timeout(50)
    last: list = []
    sentences = set()
    for _ in range(len(expected.trace)):                   # every sentence the search can announce
        expected.step()
        sentences.add(" ".join(expected.sentence.split()))

    notebook = page.evaluate(NOTEBOOK_STATE)
    parts: dict[str, int] = {}

    def press(key: str) -> None:
        part = page.evaluate(FOCUS_PART, stepper)
        assert part, f"the focus left the stepper before {key}: it is on {page.evaluate(FOCUSED)!r}"
        page.keyboard.press(key)
        last.append((key, part, page.evaluate(FOCUSED)))
        parts[part] = parts.get(part, 0) + 1
        assert focus_inside(page, stepper), f"{key} on the {part} moved the focus to {page.evaluate(FOCUSED)!r}"
        assert page.evaluate(NOTEBOOK_STATE) == notebook, f"{key} on the {part} reached JupyterLab"

    def says(sentence: str) -> None:
        wait(lambda: announced(region) == " ".join(sentence.split()))

    forward = ["Tab"]

    def move_focus() -> None:
        """One Tab (or Shift+Tab) further inside the stepper, turning back at its ends."""
        page.keyboard.press(forward[0])
        if not focus_inside(page, stepper):
            forward[0] = "Shift+Tab" if forward[0] == "Tab" else "Tab"
            tab_until(page, lambda: focus_inside(page, stepper), key=forward[0])

    # Start where a reader who has just run the cell is: on its output, right before the stepper.
    page.locator(stepper).evaluate("(e) => { const o = e.closest('.jp-OutputArea-child') || e.parentElement; "
                                   "o.tabIndex = -1; o.focus(); }")
    walk = {"tabs in": tab_until(page, lambda: focus_inside(page, stepper))}
    press("Home")
    expected.reset()
    says(expected.sentence)
    for k in range(len(expected.trace)):                   # the whole search, one event at a time
        move_focus()
        text_box = page.evaluate(TEXT_ENTRY, stepper)      # there ← and → move the caret: Page Down steps
        press("PageDown" if text_box or k % 4 == 3 else "ArrowRight")
        expected.step()
        says(expected.sentence)
    for _ in range(2):
        move_focus()
        press("PageUp" if page.evaluate(TEXT_ENTRY, stepper) else "ArrowLeft")
        expected.back()
        says(expected.sentence)
    tab_until(page, lambda: page.evaluate(FOCUS_PART, stepper) == "picture", key="Shift+Tab", limit=40)
    press("Home")
    expected.reset()
    says(expected.sentence)
    press("Space")                                         # Run: the search plays by itself ...
    wait(lambda: announced(region) in sentences)
    press("Space")                                         # ... and Pause stops it
    paused = announced(region)
    page.wait_for_timeout(600)
    assert announced(region) == paused, "Pause did not stop the run"
    assert page.locator(f"{stepper} [data-walk-region]").count() == 1, "the live region was replaced"
    walk["paused at"] = paused
    walk["keys pressed on"] = parts
    walk["tabs out"] = tab_until(page, lambda: not focus_inside(page, stepper), limit=30)
    return walk
