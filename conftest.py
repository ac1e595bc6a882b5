"""nbval set-up for every notebook under notebooks/.

nbval compares every stored output with a fresh run. SVG drawings are skipped:
their bytes depend on the Graphviz build, and each drawing's text/plain summary
(node count, pruned leaves, root value) is compared instead.

A cell tagged ``predict`` is stored unrun (no output to give the prediction away), so
nbval executes it without comparing; here its fresh output is compared with the
fingerprint ``tools/notebooks.py run`` stored for it instead.
"""

import importlib.util
from pathlib import Path

_TOOL = None


def _notebook_tool():
    global _TOOL
    if _TOOL is None:
        path = Path(__file__).resolve().parent / "tools" / "notebooks.py"
        spec = importlib.util.spec_from_file_location("_notebooks_tool", path)
        _TOOL = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(_TOOL)
    return _TOOL


def pytest_collectstart(collector):
    if collector.fspath and collector.fspath.ext == ".ipynb":
        collector.skip_compare += ("image/svg+xml",)


def _checking_prediction(item):
    runtest = item.runtest

    def run():
        runtest()
        problem = _notebook_tool().prediction_problem(item.parent.nb, item.cell, item.test_outputs)
        if problem:
            item.raise_cell_error("Prediction cell output differs", problem)
    return run


def pytest_collection_modifyitems(items):
    # The browser tests run last: Playwright's sync API leaves its event loop marked as running in the main
    # thread for the rest of the session, and the stepper's Run (driven by the event loop) is tested before.
    items.sort(key=lambda item: "/e2e/" in str(item.path).replace("\\", "/"))
    for item in items:
        cell = getattr(item, "cell", None)
        if cell is not None and cell.get("cell_type") == "code" and "predict" in cell.metadata.get("tags", []):
            item.runtest = _checking_prediction(item)

