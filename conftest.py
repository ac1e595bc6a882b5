"""nbval set-up for every notebook under notebooks/.

nbval compares every stored output with a fresh run. SVG drawings are skipped:
their bytes depend on the Graphviz build, and each drawing's text/plain summary
(node count, pruned leaves, root value) is compared instead, and its words (the
text/html view, with the image's bytes left out).

A cell tagged ``predict`` is stored unrun (no output to give the prediction away), so
nbval executes it without comparing; here its fresh output is compared with the
fingerprint ``tools/notebooks.py run`` stored for it instead.

A cell tagged ``check`` runs on the exercise's stub (its stored verdict compared, as any output), then the
worked answer runs and the check again, which must say ✓: the solutions edition, inside nbval's one run.

nbval is switched on here rather than in pyproject's ``addopts``, so that ``-p no:nbval`` (``make check``)
leaves the plugin, and the nbformat import it costs, out of the quick loop; ``pytest notebooks/…`` still
checks notebooks.

``make test`` runs pytest-xdist's ``-n 2 --dist loadgroup``: the tests in units (``group``), each unit run in
one process in its order, the costliest units first (``COST``). A notebook's cells share one kernel and run
in order; a test file's module fixtures (the site's build, a JupyterLab server, a Chromium) are built once;
the in-browser edition's tests share one build. Tests that share nothing are spread one by one (``SPLIT``).
"""

import importlib.util
import os
from pathlib import Path

import pytest

# Tests spread one by one over the processes: each stands alone (its own kernel or environment).
SPLIT = ("tests/test_install.py",)

# The JupyterLab tests share one Chromium, one page and one server (tests/e2e/conftest.py: JupyterLab loads
# once, each test opens its notebook in it), so their files are one unit, run one after the other.
JUPYTERLAB = "tests/e2e (JupyterLab)"
JUPYTERLAB_FILES = ("tests/e2e/test_jupyterlab.py", "tests/e2e/test_lecture.py", "tests/e2e/test_ordering_explorer.py",
                    "tests/e2e/test_connectfour_board.py")


# Seconds a unit took in one process (`pytest --durations=0`; benchmarks/RESULTS.md), for handing the long
# units out first: a unit not listed counts its tests, at a tenth of a second each. Only the order depends on
# these numbers, never what runs (measured 2026-11-26 on a fresh clone).
COST = {
    "tests/e2e/test_lite.py": 200 if os.environ.get("ADVERSARIAL_LITE", "").lower() == "all" else 90,
    # the four JupyterLab files, one page: 153 s on 2026-11-28's fresh clone; since then one JupyterLab load and three
    # notebooks and kernels fewer, a leaner JupyterLab and Chromium (15% less CPU, measured under load)
    JUPYTERLAB: 130,
    "tests/test_install.py::test_the_distributions_build_from_the_sdist_and_pass_twine": 8,
    # the site: 43 s on 2026-11-28's fresh clone (its build 24 s, axe-core on 6 pages 16 s)
    "tests/test_site.py": 45, "tests/test_properties.py": 15, "notebooks/05_depth_limits_evaluation.ipynb": 25,
    "notebooks/07_move_ordering.ipynb": 25, "tests/test_predict_cells.py": 12, "tests/test_worked_answers.py": 9,
    "tests/test_exercises_ordering.py": 15,     # (the two before: CPU-seconds alone, 2026-11-28)
    "tests/test_gallery.py": 10, "tests/test_automated_student.py": 7,   # issue 42's gallery and student, 2026-11-28
    # about 55 hand-ins graded by nbgrader (its own 2 workers; tests/test_grading_layouts.py's among them, and its
    # regrading, nbgrader's own autograde and make export); CI's whole class (ADVERSARIAL_GRADING=all) 102
    # and since 2026-11-28 every other lesson's right hand-in (10 more assignments built, 10 hand-ins)
    "tests/test_grading.py": 300 if os.environ.get("ADVERSARIAL_GRADING", "").lower() == "all" else 180,
    "notebooks/12_chess_move_ordering.ipynb": 12,      # 9.8-11 CPU-s under load (2026-11-28)
    "tests/test_chess_stockfish.py": 35,   # Stockfish at depth 14 on 30 positions, in its own process
    # one JupyterHub, two students' servers, a course's term: 39 s on 2026-11-28's fresh clone, one grading worker since
    "tests/test_hub.py": 40,
    # 7 hand-ins graded in their sandboxes, and the sandbox alone: estimated from test_grading.py's 2.9 s a
    # hand-in (measured alone it took 150 s, with the machine's load at 10 on 2 cores), 2026-11-28
    "tests/test_grading_sandbox.py": 30,   # 28 s alone on a quiet machine (2026-11-28)
}

_TOOL = None


def _notebook_tool():
    global _TOOL
    if _TOOL is None:
        path = Path(__file__).resolve().parent / "tools" / "notebooks.py"
        spec = importlib.util.spec_from_file_location("_notebooks_tool", path)
        _TOOL = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(_TOOL)
    return _TOOL


def pytest_configure(config):
    # Every remembered experiment's result (adversarial/lab/ahead.py) is computed for real and compared with
    # the one written down for the in-browser edition: a stale one fails here (the kernels inherit this).
    os.environ.setdefault("ADVERSARIAL_AHEAD", "check")
    if config.pluginmanager.hasplugin("nbval") and not (config.option.nbval or config.option.nbval_lax):
        config.option.nbval = True
        config.option.nbval_current_env = True
        if config.option.nbval_cell_timeout == 2000:      # nbval's default: not given on the command line
            config.option.nbval_cell_timeout = 300


def group(nodeid: str) -> str:
    """The unit of work ``nodeid`` belongs to under ``--dist loadgroup``: its test file, or the test alone
    when its file is listed in ``SPLIT``, or the JupyterLab tests' one unit."""
    path = nodeid.split("::")[0]
    if path in JUPYTERLAB_FILES:
        return JUPYTERLAB
    return nodeid if path in SPLIT else path


def cost(unit: str, tests: int) -> float:
    return COST.get(unit, 0.1 * tests)


@pytest.hookimpl(optionalhook=True)      # pytest-xdist's hook: absent without it
def pytest_xdist_make_scheduler(config, log):
    """pytest-xdist's own loadgroup reads ``xdist_group`` marks by renaming test ids, which pytest 9 no
    longer allows (the marks are silently ignored); this scheduler groups by ``group()`` and hands out the
    costliest unit first, so that no long unit starts last."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Units(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return group(nodeid)

        def _assign_work_unit(self, node) -> None:
            costliest = max(self.workqueue, key=lambda unit: cost(unit, len(self.workqueue[unit])))
            self.workqueue.move_to_end(costliest, last=False)
            super()._assign_work_unit(node)

    return Units(config, log)


# A drawing's text/html is an image of its SVG (base64) with its words: the words are compared, the image's
# bytes are not (they depend on the Graphviz build, like image/svg+xml).
DRAWING_IMAGE = r'src="data:image/svg\+xml;base64,[^"]*"'
# A chart's text/html likewise: its finding (the alt) and numbers are compared, its PNG bytes are not.
CHART_IMAGE = r'src="data:image/png;base64,[^"]*"'
# A drawing's words are tied to its image by ids numbered in the order the kernel showed them (unique in a page).
WORDS_ID = r"adversarial-words-[0-9a-f]+-[0-9]+"


def pytest_collectstart(collector):
    if collector.fspath and collector.fspath.ext == ".ipynb":
        collector.skip_compare += ("image/svg+xml",)
        collector.sanitize_patterns[DRAWING_IMAGE] = 'src="data:image/svg+xml;base64,(the drawing)"'
        collector.sanitize_patterns[CHART_IMAGE] = 'src="data:image/png;base64,(the chart)"'
        collector.sanitize_patterns[WORDS_ID] = "adversarial-words-(id)"


def _checking_prediction(item):
    runtest = item.runtest

    def run():
        runtest()
        problem = _notebook_tool().prediction_problem(item.parent.nb, item.cell, item.test_outputs)
        if problem:
            item.raise_cell_error("Prediction cell output differs", problem)
    return run


def worked_answer(notebook, check) -> str | None:
    """The code of the worked answer to the exercise that ``check`` checks: an exercise is three cells, the
    stub (tagged ``exercise``), its folded answer (``solution``) and its check (``check``)."""
    tool = _notebook_tool()
    cells = notebook.cells
    index = next(i for i, cell in enumerate(cells) if cell is check)
    if index >= 2 and "exercise" in tool.tags(cells[index - 2]) and "solution" in tool.tags(cells[index - 1]):
        return tool.solution_code(cells[index - 1])
    return None


def _checking_worked_answer(item):
    """The check cell runs as nbval runs it (on the stub: its verdict must be the stored one); then the
    worked answer runs in the same kernel and the check again, which must now say ✓. From there on the
    notebook runs with the answer in place, as the solutions edition does: one run of each notebook does
    the work of nbval and of the solutions edition (their other outputs are the same)."""
    runtest = item.runtest

    def run():
        runtest()
        answer = worked_answer(item.parent.nb, item.cell)
        if answer is None:
            return
        import nbformat

        stored = item.cell
        try:
            for source in (answer, stored.source):
                item.cell = nbformat.v4.new_code_cell(source)     # never run: its outputs are not compared
                runtest()
        finally:
            item.cell = stored
        verdict = _notebook_tool().verdict_text(item.test_outputs)
        if not _notebook_tool().passed(verdict):
            item.raise_cell_error("The worked answer does not pass its check", f"the check said: {verdict}")
    return run


def pytest_collection_modifyitems(items):
    # The browser tests run last in a plain `pytest` run, so that the quick tests answer first; the JupyterLab files
    # in JUPYTERLAB_FILES's order: test_jupyterlab.py's every-lesson notebook is opened by loading JupyterLab (its
    # saved widgets need it), which is then the page's one load, and the other files share one scratch notebook.
    def place(item):
        path = str(item.path).replace("\\", "/")
        ranks = [k for k, name in enumerate(JUPYTERLAB_FILES) if path.endswith(name)]
        return "/e2e/" in path, ranks[0] if ranks else len(JUPYTERLAB_FILES)
    items.sort(key=place)
    for item in items:
        cell = getattr(item, "cell", None)
        if cell is None or cell.get("cell_type") != "code":
            continue
        if "predict" in cell.metadata.get("tags", []):
            item.runtest = _checking_prediction(item)
        elif "check" in cell.metadata.get("tags", []):
            item.runtest = _checking_worked_answer(item)

