"""Grading reads its input and never changes it, in each layout a class hands in (issue 41).

A few tiny hand-ins of lesson 1, graded with the real nbgrader by tools/grade.py: nbgrader's own layout read in
place from the course's ``submitted/`` (what ``nbgrader collect`` leaves, with ``timestamp.txt``), and a
folder of ``STUDENT.ipynb`` elsewhere. Every input file is hashed before and after. Student ids keep their
Unicode; late hand-ins get nbgrader's late penalty, unless the student has an extension.
"""

from __future__ import annotations

import copy
import hashlib
import json
import unicodedata
from pathlib import Path

import pytest

from tests.test_grading import Assignment, _tool

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbgrader")
pytestmark = pytest.mark.slow

LESSON = "01"
DUE = "2026-11-20 12:00:00"
ON_TIME, LATE = "2026-11-20 11:00:00.000000 UTC", "2026-11-21 09:00:00.000000 UTC"


def fingerprint(folder: Path) -> dict:
    """Every file under ``folder`` and a hash of its bytes."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def nbgrader_layout(course: Path, name: str, student: str, notebook, timestamp: str) -> None:
    folder = course / "submitted" / student / name
    folder.mkdir(parents=True)
    nbformat.write(notebook, folder / f"{name}.ipynb")
    (folder / "timestamp.txt").write_text(timestamp)


def duplicated(a: Assignment):
    """A hand-in with an answer cell and its test copied (as a student does by accident): the first copy is
    wrong, the last right."""
    notebook = a.right()
    number = next(iter(a.defines))
    answer, test = (Assignment._cell(notebook, f"{kind}-{number}") for kind in ("answer", "test"))
    wrong = copy.deepcopy(answer)
    wrong.source = f"{a.defines[number]} = -12345\n"
    at = notebook.cells.index(answer)
    notebook.cells[at:at] = [wrong, copy.deepcopy(test)]
    for cell in notebook.cells:
        cell.pop("id", None)
    notebook.nbformat_minor = 4
    return notebook


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    assignments, grade = _tool("assignments"), _tool("grade")
    course = tmp_path_factory.mktemp("course")
    [name] = assignments.build([LESSON], course)
    return course, name, Assignment(course, name), grade


@pytest.fixture(scope="module")
def in_place(course):
    """Three hand-ins in nbgrader's layout, graded where `nbgrader collect` left them."""
    course, name, a, grade = course
    nbgrader_layout(course, name, "李雷", a.right(), ON_TIME)
    nbgrader_layout(course, name, "Zoë", a.right(), LATE)
    nbgrader_layout(course, name, "bob", duplicated(a), LATE)
    before = fingerprint(course / "submitted")
    rows = grade.grade(LESSON, course / "submitted", course, jobs=2, timeout=10, cpu=60, feedback=False)
    return rows, before


def test_grading_submitted_in_place_changes_nothing_in_it(course, in_place):
    course, name, a, _ = course
    rows, before = in_place
    assert fingerprint(course / "submitted") == before
    assert {row["student"] for row in rows} == {"李雷", "Zoë", "bob"}
    assert all(row["status"] == "graded" for row in rows), rows
