"""The student edition leaks no solution and keeps every check."""

import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from student_edition import student_copy  # noqa: E402

NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_solution_leaks_and_every_check_stays(path):
    source = nbformat.read(path, as_version=4)
    student = student_copy(nbformat.read(path, as_version=4))
    text = "\n".join(c.source + "\n" + str(c.get("outputs", "")) for c in student.cells)
    solutions = [c for c in source.cells if "solution" in c.metadata.get("tags", [])]
    elsewhere = "\n".join(c.source for c in source.cells if "solution" not in c.metadata.get("tags", []))
    for cell in solutions:
        stub = cell.metadata["adversarial"]["stub"]
        for line in cell.source.splitlines():
            # A line leaks if the student copy shows it although only the solution had it.
            if line.strip() and line.strip() not in stub and line not in elsewhere:
                assert line not in text, f"solution line leaks: {line!r}"
    checks = lambda nb: [c.source for c in nb.cells if "check" in c.metadata.get("tags", [])]
    assert checks(student) == checks(source) and len(checks(source)) >= len(solutions) >= 1
