"""nbval's run of a lesson also runs its solutions edition (root conftest.py): each check cell runs on the stub,
its verdict compared with the stored one, then the worked answer and the check again, which must say ✓.

Each test stores a small three-cell exercise (stub, folded answer, check), executed as the student edition (once
for the lessons that differ only in their folded answer, which is never run);
nbval runs on all five in one fresh pytest with the repository's conftest as a plugin (test_predict_cells.nbval)."""

import copy
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import notebooks as nbtool  # noqa: E402

from .test_predict_cells import nbval  # noqa: E402  (nbval in a fresh pytest, with the repository's conftest)

pytestmark = pytest.mark.slow          # a kernel and a pytest in a subprocess

CHECK = 'def check_double(f):\n    print("✓ right" if f(2) == 4 and f(5) == 10 else "✗ not yet: double(2) should be 4")'
STUB = "def double(x):\n    return 0    # your code here"


def answer(code: str) -> str:
    return f"<details><summary>Answer</summary>\n\n```python\n{code}\n```\n\n</details>"


def student_edition(folder: Path, after: str):
    """The exercise with a placeholder for its folded answer, executed as the student edition is stored (the
    stub's verdict): the answer is Markdown, never run, so lessons differing only in it share this run."""
    cells = [nbformat.v4.new_code_cell(CHECK),
             nbformat.v4.new_code_cell(STUB, metadata={"tags": ["exercise"]}),
             nbformat.v4.new_markdown_cell(answer("..."), metadata={"tags": ["solution"]}),
             nbformat.v4.new_code_cell("check_double(double)", metadata={"tags": ["check"]}),
             nbformat.v4.new_code_cell(after)]
    notebook = nbformat.v4.new_notebook(cells=cells)
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nbtool.execute(notebook, folder)


def lesson(folder: Path, name: str, worked: str, executed) -> Path:
    """The executed student edition ``executed`` with ``worked`` as its folded answer, stored as ``name``."""
    notebook = copy.deepcopy(executed)
    notebook.cells[2].source = answer(worked)
    path = folder / f"{name}.ipynb"
    nbformat.write(notebook, path)
    return path


RIGHT = "def double(x):\n    return 2 * x"


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Five such lessons, and nbval's results on them from one run."""
    folder = tmp_path_factory.mktemp("worked")
    plain, later = student_edition(folder, "print('done')"), student_edition(folder, "double(21)")
    paths = [lesson(folder, "right", RIGHT, plain),
             lesson(folder, "wrong", "def double(x):\n    return x + 2", plain),                 # right at 2 only
             lesson(folder, "raises", "def double(x):\n    return x * undefined_name", plain),
             lesson(folder, "changed", RIGHT, plain),
             lesson(folder, "later", RIGHT, later)]
    stored = nbformat.read(paths[3], as_version=4)
    stored.cells[3].outputs[0]["text"] = "✗ something else\n"
    nbformat.write(stored, paths[3])
    return folder, nbval(folder, *paths)


def test_a_right_worked_answer_passes_after_the_stubs_verdict(graded):
    folder, results = graded
    stored = nbformat.read(folder / "right.ipynb", as_version=4)
    assert stored.cells[3].outputs[0]["text"].startswith("✗ not yet")      # the stub's verdict is stored
    assert results["right.ipynb"] == {"passed": 4, "failed": 0, "reports": ""}, results["stdout"]


def test_a_wrong_worked_answer_fails_its_check_cell(graded):
    _, results = graded
    found = results["wrong.ipynb"]
    assert found["failed"] == 1 and "The worked answer does not pass its check" in found["reports"]
    assert "✗ not yet" in found["reports"]


def test_a_worked_answer_that_raises_fails_with_its_traceback(graded):
    _, results = graded
    assert results["raises.ipynb"]["failed"] >= 1 and "NameError" in results["raises.ipynb"]["reports"]


def test_a_changed_stub_verdict_still_fails_as_any_changed_output(graded):
    _, results = graded
    assert results["changed.ipynb"]["failed"] == 1 and "Cell outputs differ" in results["changed.ipynb"]["reports"]


def test_a_later_cell_runs_with_the_worked_answer_in_place(graded):
    """From the check on, the notebook runs as the solutions edition: a later cell that shows the stub's
    result (stored 0) differs, so lessons never show a result of the student's function after an exercise."""
    found = graded[1]["later.ipynb"]
    assert found["failed"] == 1 and "Cell outputs differ" in found["reports"] and "42" in found["reports"]
