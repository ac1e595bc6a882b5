"""Grading reads its input and never changes it, in each layout a class hands in (issue 41).

A few tiny hand-ins of lesson 1, graded with the real nbgrader by tools/grade.py: nbgrader's own layout read in
place from the course's ``submitted/`` (what ``nbgrader collect`` leaves, with ``timestamp.txt``), and a
folder of ``STUDENT.ipynb`` elsewhere. Every input file is hashed before and after. Student ids keep their
Unicode; late hand-ins get nbgrader's late penalty, unless the student has an extension; a copied cell, a raised
KeyboardInterrupt, a refused action and a file that is not a notebook each get their points and a true reason;
the grade table keeps every student across batches; `make export` writes the LMS files. Seven hand-ins are run
in all (one course, built once): the suite's big grading run is tests/test_grading.py.
"""

from __future__ import annotations

import copy
import csv
import hashlib
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests import test_grading_partial as partial
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
    # A known secret (its hidden seeds give José's minimax a share of its points: tests/test_grading_partial.py)
    (course / "grading_secret").write_text(partial.LAYOUTS_SECRET + "\n", encoding="utf-8")
    [name] = assignments.build([LESSON], course)
    return course, name, Assignment(course, name), grade


@pytest.fixture(scope="module")
def in_place(course):
    """Three hand-ins in nbgrader's layout, graded where `nbgrader collect` left them, with a due date, an
    extension for bob and nbgrader's late penalty "zero"."""
    course, name, a, grade = course
    nbgrader_layout(course, name, "李雷", a.right(), ON_TIME)
    nbgrader_layout(course, name, "Zoë", a.right(), LATE)
    nbgrader_layout(course, name, "bob", duplicated(a), LATE)
    before = fingerprint(course / "submitted")
    rows = grade.grade(LESSON, course / "submitted", course, jobs=2, timeout=30, cpu=60, feedback=False,
                       due=DUE, extensions={"bob": 48}, late="zero")
    return {row["student"]: row for row in rows}, before


@pytest.fixture(scope="module")
def flat(course, in_place, tmp_path_factory):
    """Then a folder of STUDENT.ipynb elsewhere: a name typed on macOS (decomposed accents) whose answer raises
    KeyboardInterrupt and whose minimax is right on some hidden cases only (a share of its points), and a file
    with a space in its name that is not a notebook."""
    course, name, a, grade = course
    folder = tmp_path_factory.mktemp("handins")
    first, second = list(a.defines)[:2]
    outside = tmp_path_factory.mktemp("elsewhere") / "written.txt"
    refused = f"try:\n    open({str(outside)!r}, 'w')\nexcept OSError:\n    pass\n" + a.answer(second)
    nbformat.write(a.handin({first: "raise KeyboardInterrupt\n", second: refused,
                             a.exercise("my_minimax"): partial.FORGETS_A_FIFTH_CHILD}), folder / "Jose\u0301.ipynb")
    (folder / "王 小明.ipynb").write_text('{"cells": [', encoding="utf-8")
    before = fingerprint(folder)
    rows = grade.grade(LESSON, folder, course, jobs=1, timeout=30, cpu=60, feedback=False)
    return {row["student"]: row for row in rows}, before, folder


def test_grading_submitted_in_place_changes_nothing_in_it(course, in_place):
    course, name, a, _ = course
    rows, before = in_place
    assert fingerprint(course / "submitted") == before
    assert set(rows) == {"李雷", "Zoë", "bob"}
    assert all(row["status"] == "graded" for row in rows.values()), rows


def test_a_late_handin_gets_nbgraders_late_penalty_unless_it_has_an_extension(course, in_place):
    _, _, a, _ = course
    rows, _ = in_place
    assert rows["李雷"]["score"] == a.total
    assert rows["Zoë"]["score"] == 0                 # 21 hours late: "zero"
    assert "late: handed in 21.0 hours after the due date (2026-11-20 12:00 UTC); nbgrader's late penalty took " \
        f"{a.total:g} points" in rows["Zoë"]["reasons"]
    assert "late:" not in rows["bob"]["reasons"]
    assert rows["bob"]["score"] == a.total           # as late, with 48 hours more


def test_a_copied_cell_grades_the_last_copy_and_says_so(course, in_place):
    _, _, a, _ = course
    rows, _ = in_place
    first = next(iter(a.defines))
    assert rows["bob"]["status"] == "graded" and rows["bob"][f"test-{first}"] == a.points[first]
    assert f"answer-{first} (copied): the hand-in has 2 cells with this id" in rows["bob"]["reasons"]
    assert "the last copy was graded" in rows["bob"]["reasons"]


def test_grading_a_folder_elsewhere_copies_it_and_changes_nothing_in_it(course, flat):
    course, name, _, _ = course
    rows, before, folder = flat
    assert fingerprint(folder) == before
    assert (course / "submitted" / "José" / name / f"{name}.ipynb").read_bytes() == \
        (folder / "Jose\u0301.ipynb").read_bytes()


def test_ids_keep_unicode_and_a_changed_name_is_recorded(course, flat):
    course, _, _, _ = course
    rows, _, _ = flat
    assert set(rows) == {"José", "王%20小明"}
    with open(course / "grades" / "student_ids.csv", encoding="utf-8") as handle:
        recorded = {row["name"]: row["student"] for row in csv.DictReader(handle)}
    assert recorded == {"Jose\u0301": "José", "王 小明": "王%20小明"}
    assert {unquote(student) for student in recorded.values()} == {"José", "王 小明"}


def test_each_reason_says_what_happened(course, flat):
    _, _, a, _ = course
    rows, _, _ = flat
    first, second = list(a.defines)[:2]
    assert "the cell raised KeyboardInterrupt itself" in rows["José"]["reasons"]
    assert "timed out" not in rows["José"]["reasons"]
    assert f"test-{second}: RefusedByGrader: the hand-in tried" in rows["José"]["reasons"]
    f = a.exercise("my_minimax")
    share = partial.expected_share(course[0], a.name, f"test-{f}", partial.FORGETS_A_FIFTH_CHILD)
    assert 0 < share < a.points[f]
    assert rows["José"]["score"] == a.total - a.points[first] - a.points[second] - (a.points[f] - share)
    assert f"test-{f}: hidden cases: your function is right on " in rows["José"]["reasons"]
    broken = rows["王%20小明"]
    assert broken["status"] == "failed" and broken["score"] == 0
    assert "is not valid JSON" in broken["reasons"] and "so it is not a notebook" in broken["reasons"]


def test_the_grade_table_holds_every_student_graded_not_only_the_last_batch(course, flat):
    course, name, _, _ = course
    with open(course / "grades" / f"{name}.csv", encoding="utf-8") as handle:
        table = {row["student"]: row for row in csv.DictReader(handle)}
    assert set(table) == {"李雷", "Zoë", "bob", "José", "王%20小明"}
    log = (course / "grades" / f"{name}.log").read_text(encoding="utf-8")
    assert "Zoë: first graded, 0 of 5\n" in log and "bob: first graded, 5 of 5\n" in log
    assert "王%20小明: not graded\n" in log


def test_two_inputs_with_one_id_are_refused_naming_both(course, tmp_path):
    course, name, a, grade = course
    before = fingerprint(course / "submitted")
    for first, second in (("Jos\u00e9", "Jose\u0301"), ("alice", "alice")):
        folder = tmp_path / first
        folder.mkdir()
        nbformat.write(a.release, folder / f"{first}.ipynb")
        if first == second:
            (folder / second / name).mkdir(parents=True)
            nbformat.write(a.release, folder / second / name / f"{name}.ipynb")
        else:
            nbformat.write(a.release, folder / f"{second}.ipynb")
        with pytest.raises(SystemExit, match="would be graded as the same student") as refused:
            grade.collect(folder, course, name)
        said = str(refused.value)
        if first == second:       # a notebook and a folder
            assert "'alice.ipynb'" in said and "'alice' and" in said
        else:                     # one name, its accent composed (Linux) and decomposed (macOS)
            assert "written differently in Unicode: " in said
            assert "'Jos\\xe9.ipynb'" in said and "'Jose\\u0301.ipynb'" in said
    assert fingerprint(course / "submitted") == before


def test_grading_refuses_folders_it_would_rewrite_or_nbgrader_cannot_read(course, tmp_path):
    course, name, a, grade = course
    with pytest.raises(SystemExit, match="inside the course directory"):
        grade.collect(course / "autograded", course, name)
    other = tmp_path / "course"
    nbformat.write(a.release, (other / "submitted" / "a*b" / name).mkdir(parents=True) or
                   other / "submitted" / "a*b" / name / f"{name}.ipynb")
    with pytest.raises(SystemExit, match="nbgrader cannot read the folders 'a\\*b'"):
        grade.collect(other / "submitted", other, name)


def test_regrading_one_student_changes_only_that_row_and_logs_the_change(course, flat, tmp_path):
    """Zoë's hand-in again, from a folder in nbgrader's layout elsewhere, now stamped on time (as after a
    corrected timestamp), beside bob's: only Zoë is regraded (``students``), still with the late penalty on. Her
    earlier copy in submitted/ is kept aside, the table keeps every student, the log has her score's change."""
    course, name, a, grade = course
    earlier = fingerprint(course / "submitted" / "Zoë")
    folder = tmp_path / "again"
    for student, stamp in (("Zoë", ON_TIME), ("bob", LATE)):
        (folder / student / name).mkdir(parents=True)
        nbformat.write(a.right(), folder / student / name / f"{name}.ipynb")
        (folder / student / name / "timestamp.txt").write_text(stamp)
    before = fingerprint(folder)
    rows = grade.grade(LESSON, folder, course, jobs=1, timeout=30, cpu=60, feedback=False, students=["Zoë"],
                       late="zero")
    assert [row["student"] for row in rows] == ["Zoë"] and rows[0]["score"] == a.total
    assert fingerprint(folder) == before
    assert (course / "submitted" / "Zoë" / name / "timestamp.txt").read_text() == ON_TIME
    [kept] = (course / "submitted-replaced").glob("*/Zoë")
    assert fingerprint(kept) == earlier
    with open(course / "grades" / f"{name}.csv", encoding="utf-8") as handle:
        table = {row["student"]: row for row in csv.DictReader(handle)}
    assert set(table) == {"李雷", "Zoë", "bob", "José", "王%20小明"} and float(table["Zoë"]["score"]) == a.total
    assert "late:" not in table["Zoë"]["reasons"]
    log = (course / "grades" / f"{name}.log").read_text(encoding="utf-8").splitlines()
    assert log[-1].endswith(f"Zoë: 0 -> {a.total:g}")


def test_nbgraders_own_autograde_gives_the_same_score(course, flat):
    """The formgrader's autograde button runs `nbgrader autograde` with the course's config: the refusal
    penalty and the copied-cell rule are in it (tools/grading_preprocessors.py), so the score is the same."""
    course, name, a, _ = course
    rows, _, _ = flat
    _tool("assignments").nbgrader(course, "autograde", name, "--student", "José", "--force")
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        assert gradebook.find_submission(name, "José").score == rows["José"]["score"]


def test_make_export_writes_an_lms_gradebook_and_feedback_bundles_with_an_absolute_venv(course, flat):
    """`make export` with VENV an absolute path (it used to be glued to the current folder); its stamp is
    taken as up to date (-o), so the test never reinstalls the environment."""
    import subprocess
    import sys
    import zipfile
    course, name, a, _ = course
    venv = Path(sys.prefix).resolve()
    if not (venv / "bin" / "python").exists():
        pytest.skip("not run from a virtual environment")
    ROOT = Path(__file__).resolve().parent.parent
    done = subprocess.run(["make", "-s", "-o", f"{venv}/.installed", "export", f"VENV={venv}", f"COURSE={course}"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (course / "grades.csv").read_text().startswith("assignment,duedate,timestamp,student_id")
    with open(course / "export" / "gradebook.csv", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", name]
    assert rows[1][0].strip() == "Points Possible" and rows[1][-1] == f"{a.total:g}"
    table = {row[3]: row for row in rows[2:]}
    assert set(table) == {"李雷", "Zoë", "bob", "José", "王%20小明"}
    assert table["王%20小明"][0] == "王 小明" and table["王%20小明"][-1] == ""     # its name; not graded: blank
    assert table["李雷"][-1] == f"{a.total:g}"
    assert "王 小明" in done.stdout and "not graded" in done.stdout
    with zipfile.ZipFile(course / "export" / "feedback" / "李雷.zip") as bundle:
        assert bundle.read(f"{name}/grade.txt").decode().startswith(f"{name}: {a.total:g} of {a.total:g} points")


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
