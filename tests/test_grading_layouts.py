"""Grading reads its input and never changes it, in each layout a class hands in (issue 41).

A few tiny hand-ins of lesson 1 (:func:`layout_handins`), graded with the real nbgrader by tools/grade.py in
tests/test_grading.py's one batch, whose course and workers they share (one build, one pool): nbgrader's own
layout read in place from the course's ``submitted/`` (what ``nbgrader collect`` leaves, with ``timestamp.txt``),
and a folder of ``STUDENT.ipynb`` elsewhere. Every input file is hashed before and after. Student ids keep their
Unicode; late hand-ins get nbgrader's late penalty, unless the student has an extension; a copied cell, a raised
KeyboardInterrupt, a refused action and a file that is not a notebook each get their points and a true reason;
the grade table keeps every student across batches; `make export` writes the LMS files. Their tests are in
tests/test_grading.py ("the layouts' hand-ins"); here are those that need no graded course.
"""

from __future__ import annotations

import copy
import hashlib
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests import test_grading_partial as partial
from tests.test_grading import Assignment, _tool

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbgrader")

LESSON = "01"
DUE = "2026-11-20 12:00:00"
EXTENSION = 48        # hours more for bob
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


def layout_handins(a: Assignment, course: Path, folder: Path, outside: Path) -> dict:
    """This file's hand-ins of lesson 1, written for tests/test_grading.py's batch (its course, which has
    :data:`test_grading_partial.LAYOUTS_SECRET`). Three in nbgrader's layout in the course's ``submitted/``,
    graded where `nbgrader collect` left them, with a due date, an extension for bob and nbgrader's late penalty
    "zero" (the batch's first folder of lesson 1). Then, in ``folder`` (the lesson's folder of hand-ins elsewhere),
    a name typed on macOS (decomposed accents) whose answer raises KeyboardInterrupt, tries to write to
    ``outside`` (refused) and whose minimax is right on some hidden cases only (a share of its points), and a file
    with a space in its name that is not a notebook. Return what the tests compare with after grading."""
    name = a.name
    nbgrader_layout(course, name, "李雷", a.right(), ON_TIME)
    nbgrader_layout(course, name, "Zoë", a.right(), LATE)
    nbgrader_layout(course, name, "bob", duplicated(a), LATE)
    first, second = list(a.defines)[:2]
    refused = f"try:\n    open({str(outside)!r}, 'w')\nexcept OSError:\n    pass\n" + a.answer(second)
    nbformat.write(a.handin({first: "raise KeyboardInterrupt\n", second: refused,
                             a.exercise("my_minimax"): partial.FORGETS_A_FIFTH_CHILD}), folder / "Jose\u0301.ipynb")
    (folder / "王 小明.ipynb").write_text('{"cells": [', encoding="utf-8")
    return {"name": name, "assignment": a, "submitted before": fingerprint(course / "submitted"), "folder": folder}


def test_why_a_file_cannot_be_graded_is_said_as_it_is(tmp_path):
    grade = _tool("grade")
    name = "01_minimax_by_hand"
    cases = {b"": "is empty, so it is not a notebook", b"\xff\xfe{": "is not a notebook: not UTF-8 text",
             b'{"cells": [': "is not valid JSON (", b"[1, 2]": "is JSON but not a notebook",
             b'{"data": 1}': "is JSON but not a notebook"}
    for index, (data, said) in enumerate(cases.items()):
        folder = tmp_path / str(index)
        folder.mkdir()
        (folder / f"{name}.ipynb").write_bytes(data)
        assert said in grade.unreadable(folder, name), data
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "copy.ipynb").write_text("{}")
    assert "has no 01_minimax_by_hand.ipynb (it has copy.ipynb" in grade.unreadable(tmp_path / "other", name)


def test_ids_map_reversibly_and_keep_letters_of_every_script():
    grade = _tool("grade")
    names = ["alice", "李雷", "Zoë", "Jose\u0301", "a b", "a%20b", "x*y", ".hidden", "o'brien", "a,b", "tab\there"]
    ids = [grade.student_id(name) for name in names]
    assert ids[:4] == ["alice", "李雷", "Zoë", "José"]
    assert len(set(ids)) == len(ids)                                  # "a b" and "a%20b" stay apart
    assert all(unquote(i) == unicodedata.normalize("NFC", n) for i, n in zip(ids, names))
    assert not any(set(i) & set("*?[], \t/") or i.startswith(".") for i in ids)
