"""Prediction cells: a code cell tagged ``predict`` is stored unrun (its result would give the
prediction away), yet nbval and the solutions edition still execute it and check what it prints
against the fingerprint stored when the notebook was run."""

import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import notebooks as nbtool  # noqa: E402

SOURCES = nbtool.sources()

LESSON = """\
---
jupytext:
  formats: ipynb,md:myst
kernelspec:
  display_name: Python 3 (ipykernel)
  language: python
  name: python3
---

# A lesson

```{code-cell} ipython3
x = 6173
x
```

Predict what this prints, then run it.

```{code-cell} ipython3
:tags: [predict]

print(x * 7)
```
"""


def store(tmp_path, text=LESSON, name="01_lesson"):
    """What `tools/notebooks.py run` does for one notebook: read, execute, write both files."""
    md = tmp_path / f"{name}.md"
    md.write_text(text)
    notebook = nbtool.execute(nbtool.read_source(md), tmp_path)
    nbtool.write_pair(notebook, md)
    return md, nbformat.read(md.with_suffix(".ipynb"), as_version=4)


@pytest.fixture(scope="module")
def stored_once(tmp_path_factory):
    """LESSON stored once (a kernel started and the lesson executed once for the file's tests)."""
    md, _ = store(tmp_path_factory.mktemp("stored"))
    return md


def stored_copy(stored_once, folder, name="01_lesson"):
    """A copy of the stored lesson's two files in ``folder`` under ``name``, as :func:`store` would have left them
    (the same bytes and modification times): each test changes its own copy."""
    md = folder / f"{name}.md"
    for suffix in (".md", ".ipynb"):
        shutil.copy2(stored_once.with_suffix(suffix), md.with_suffix(suffix))
    return md, nbformat.read(md.with_suffix(".ipynb"), as_version=4)


def predict_cells(notebook):
    return [c for c in notebook.cells if c.cell_type == "code" and "predict" in c.metadata.get("tags", [])]


def test_a_prediction_is_stored_unrun_with_a_fingerprint(stored_once):
    md = stored_once
    stored = nbformat.read(md.with_suffix(".ipynb"), as_version=4)
    (cell,) = predict_cells(stored)
    assert cell.outputs == [] and cell.execution_count is None
    shown = next(c for c in stored.cells if c.cell_type == "code" and "x" == c.source.strip().splitlines()[-1])
    assert shown.outputs and shown.outputs[0]["data"]["text/plain"] == "6173"   # other cells keep theirs
    fingerprint = stored.metadata["predictions"][cell.id]
    assert fingerprint == nbtool.output_digest([{"output_type": "stream", "name": "stdout", "text": "43211\n"}])
    assert "43211" not in md.with_suffix(".ipynb").read_text() and "predictions" not in md.read_text()
    assert nbtool.differences(md) is None


def test_rewriting_without_executing_keeps_the_fingerprint(stored_once, tmp_path):
    md, stored = stored_copy(stored_once, tmp_path)
    nbtool.write_pair(nbtool.read_source(md), md)              # what `sync` and `nav` do
    again = nbformat.read(md.with_suffix(".ipynb"), as_version=4)
    assert again.metadata["predictions"] == stored.metadata["predictions"]
    assert predict_cells(again)[0].outputs == []


def test_a_fresh_output_is_checked_against_the_fingerprint(stored_once):
    stored = nbformat.read(stored_once.with_suffix(".ipynb"), as_version=4)
    (cell,) = predict_cells(stored)
    right = [{"output_type": "stream", "name": "stdout", "text": "432"}, {"output_type": "stream", "name": "stdout",
                                                                       "text": "11\n"}]
    assert nbtool.prediction_problem(stored, cell, right) is None     # streams merge, as nbval merges them
    wrong = [{"output_type": "stream", "name": "stdout", "text": "49384\n"}]
    assert "printed something else" in nbtool.prediction_problem(stored, cell, wrong)
    del stored.metadata["predictions"]
    assert "no stored fingerprint" in nbtool.prediction_problem(stored, cell, right)


def nbval(folder, *notebooks) -> dict:
    """nbval on ``notebooks`` in one fresh pytest, with the repository's conftest as a plugin (one pytest and
    its plugins started once for several notebooks). Returns, for each notebook's file name, its cells' test
    results: (passed, failed) counts and the failures' reports, read from pytest's JUnit XML; and "stdout"."""
    import xml.etree.ElementTree as ET

    (folder / "pytest.ini").write_text("[pytest]\n")
    (folder / "repository_conftest.py").write_text(        # the repository's conftest, as a plugin
        f"import runpy\nglobals().update(runpy.run_path({str(ROOT / 'conftest.py')!r}))\n")
    report = folder / "nbval.xml"
    done = subprocess.run([sys.executable, "-m", "pytest", "--nbval", "-p", "no:cacheprovider", "-q",
                           "-p", "no:randomly", "-p", "repository_conftest", f"--junitxml={report}",
                           *map(str, notebooks)], cwd=folder, capture_output=True, text=True)
    results = {"stdout": done.stdout + done.stderr}
    for notebook in notebooks:
        results[Path(notebook).name] = {"passed": 0, "failed": 0, "reports": ""}
    for case in ET.parse(report).getroot().iter("testcase"):
        name = Path(case.get("classname", "")).name           # nbval's items are named after their notebook
        result = results.setdefault(name, {"passed": 0, "failed": 0, "reports": ""})
        failures = [f for f in case if f.tag in ("failure", "error")]
        result["failed" if failures else "passed"] += 1
        result["reports"] += "".join((f.get("message") or "") + "\n" + (f.text or "") for f in failures)
    return results


@pytest.fixture(scope="module")
def two_lessons(tmp_path_factory, stored_once):
    """A lesson with a prediction, stored as `run` stores it, and a copy whose prediction prints something else;
    nbval run twice over both."""
    folder = tmp_path_factory.mktemp("predictions")
    md, _ = stored_copy(stored_once, folder, "01_lesson")
    other, stored = stored_copy(stored_once, folder, "02_changed")
    predict_cells(stored)[0].source = "print(x * 8)"
    nbformat.write(stored, other.with_suffix(".ipynb"))
    notebooks = (md.with_suffix(".ipynb"), other.with_suffix(".ipynb"))
    return md, [nbval(folder, *notebooks) for _ in range(2)]


def test_nbval_runs_a_prediction_and_passes_again_and_again(two_lessons):
    md, runs = two_lessons
    for run in runs:
        assert run["01_lesson.ipynb"]["failed"] == 0 and run["01_lesson.ipynb"]["passed"] == 3, run["stdout"]
    assert predict_cells(nbformat.read(md.with_suffix(".ipynb"), as_version=4))[0].outputs == []


def test_nbval_fails_when_a_prediction_prints_something_else(two_lessons):
    _, runs = two_lessons
    for run in runs:
        assert run["02_changed.ipynb"]["failed"] == 1, run["stdout"]
        assert "Prediction cell output differs" in run["02_changed.ipynb"]["reports"]


@pytest.mark.parametrize("md", SOURCES, ids=lambda p: p.name)
def test_stored_predictions_show_nothing(md):
    notebook = nbformat.read(md.with_suffix(".ipynb"), as_version=4)
    for cell in predict_cells(notebook):
        assert cell.outputs == [] and cell.execution_count is None, f"{md.name}: cell {cell.id} shows its result"
        assert cell.id in notebook.metadata.get("predictions", {}), f"{md.name}: cell {cell.id} has no fingerprint"


def test_a_tag_added_to_a_stored_cell_is_hidden_by_nav_without_executing(tmp_path):
    untagged = LESSON.replace(":tags: [predict]\n\n", "")
    md, stored = store(tmp_path, untagged)
    assert "predictions" not in stored.metadata
    md.write_text(LESSON)                                        # the tag added to the source afterwards
    nbtool.write_pair(nbtool.read_source(md), md)               # what `nav` does: no execution
    again = nbformat.read(md.with_suffix(".ipynb"), as_version=4)
    (cell,) = predict_cells(again)
    assert cell.outputs == [] and cell.execution_count is None
    assert nbtool.prediction_problem(again, cell, [{"output_type": "stream", "name": "stdout",
                                                    "text": "43211\n"}]) is None


def test_a_progress_bar_in_a_prediction_cell_changes_nothing_compared():
    """A long prediction cell shows a progress bar (a widget view with no text form) while it runs:
    the fingerprint, like nbval, leaves it out, and the streams around it still merge."""
    bar = {"output_type": "display_data", "metadata": {},
           "data": {"application/vnd.jupyter.widget-view+json": {"model_id": "x", "version_major": 2}}}
    printed = [{"output_type": "stream", "name": "stdout", "text": "a\n"},
               {"output_type": "stream", "name": "stdout", "text": "b\n"}]
    assert nbtool.output_digest([printed[0], bar, printed[1]]) == nbtool.output_digest(printed)
    assert nbtool.output_digest([bar]) == nbtool.output_digest([])
