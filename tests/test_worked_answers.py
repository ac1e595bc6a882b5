"""nbval's run of a lesson also runs its solutions edition (root conftest.py): each check cell runs on the stub,
its verdict compared with the stored one, then the worked answer and the check again, which must say ✓.

Each test stores a small three-cell exercise (stub, folded answer, check), executed as the student edition,
and runs nbval on it in a fresh pytest with the repository's conftest as a plugin (test_predict_cells.nbval)."""

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


def lesson(folder: Path, worked: str, after: str = "print('done')") -> Path:
    cells = [nbformat.v4.new_code_cell(CHECK),
             nbformat.v4.new_code_cell(STUB, metadata={"tags": ["exercise"]}),
             nbformat.v4.new_markdown_cell(answer(worked), metadata={"tags": ["solution"]}),
             nbformat.v4.new_code_cell("check_double(double)", metadata={"tags": ["check"]}),
             nbformat.v4.new_code_cell(after)]
    notebook = nbformat.v4.new_notebook(cells=cells)
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbtool.execute(notebook, folder)                  # the student edition, as stored: the stub's verdict
    path = folder / "lesson.ipynb"
    nbformat.write(notebook, path)
    return path


def test_a_right_worked_answer_passes_after_the_stubs_verdict(tmp_path):
    path = lesson(tmp_path, "def double(x):\n    return 2 * x")
    stored = nbformat.read(path, as_version=4)
    assert stored.cells[3].outputs[0]["text"].startswith("✗ not yet")      # the stub's verdict is stored
    result = nbval(tmp_path, path)
    assert result.returncode == 0 and "4 passed" in result.stdout, result.stdout + result.stderr


def test_a_wrong_worked_answer_fails_its_check_cell(tmp_path):
    result = nbval(tmp_path, lesson(tmp_path, "def double(x):\n    return x + 2"))      # right at 2 only
    assert result.returncode != 0 and "The worked answer does not pass its check" in result.stdout
    assert "✗ not yet" in result.stdout


def test_a_worked_answer_that_raises_fails_with_its_traceback(tmp_path):
    result = nbval(tmp_path, lesson(tmp_path, "def double(x):\n    return x * undefined_name"))
    assert result.returncode != 0 and "NameError" in result.stdout


def test_a_changed_stub_verdict_still_fails_as_any_changed_output(tmp_path):
    path = lesson(tmp_path, "def double(x):\n    return 2 * x")
    stored = nbformat.read(path, as_version=4)
    stored.cells[3].outputs[0]["text"] = "✗ something else\n"
    nbformat.write(stored, path)
    result = nbval(tmp_path, path)
    assert result.returncode != 0 and "Cell outputs differ" in result.stdout


def test_a_later_cell_runs_with_the_worked_answer_in_place(tmp_path):
    """From the check on, the notebook runs as the solutions edition: a later cell that shows the stub's
    result (stored 0) differs, so lessons never show a result of the student's function after an exercise."""
    result = nbval(tmp_path, lesson(tmp_path, "def double(x):\n    return 2 * x", after="double(21)"))
    assert result.returncode != 0 and "Cell outputs differ" in result.stdout and "42" in result.stdout
