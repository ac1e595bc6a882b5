"""Assignments built from lessons 1, 2 and 9, and hand-ins graded with the real nbgrader (issue 31).

Each assignment gets more than 30 simulated hand-ins: all right (the lessons' worked answers), the untouched
student version, typical wrong answers taken from each exercise's own tests (tests/test_exercises_*.py),
hand-ins that crash, loop, exit, print megabytes or take minutes, and one for each tampering the README names.
They are graded in one batch by tools/grade.py (nbgrader's autograde in worker processes, each hand-in in its
own limited kernel), and every hand-in's points are asserted exactly: the full points, less the points of
the exercises it was built to lose. Nothing here knows how many exercises a lesson has: the points come from
the built assignment, and an exercise is found by the name its answer defines. Where a sandbox starts here,
lesson 2's folder also gets the hand-ins that try to get out of it (tests/test_grading_sandbox.py), and lesson 1
the hand-ins of each layout a class hands in (tests/test_grading_layouts.py: nbgrader's own, graded in place in
the course's submitted/, late or with an extension, and a folder elsewhere): one course and one pool of workers
grade them all, and the tests at the end check what the sandbox kept them from and what each layout must keep.
"""

from __future__ import annotations

import copy
import csv
import functools
import importlib.util
import inspect
import os
import re
import sys
import textwrap
import time
import types
import uuid
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbgrader")

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow


def _tool(name):
    spec = importlib.util.spec_from_file_location(f"_{name}_tool", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(ROOT / "tools"))
    spec.loader.exec_module(module)
    return module


# -- hand-ins ---------------------------------------------------------------------------------------

class Assignment:
    """A built assignment: its notebooks and, for each exercise, its answer cell's names and points."""

    def __init__(self, course: Path, name: str):
        self.name = name
        self.source = nbformat.read(course / "source" / name / f"{name}.ipynb", as_version=4)
        self.release = nbformat.read(course / "release" / name / f"{name}.ipynb", as_version=4)
        self.points, self.defines = {}, {}
        for cell in self.source.cells:
            meta = cell.metadata.get("nbgrader", {})
            if meta.get("grade"):
                self.points[meta["grade_id"].replace("test-", "")] = meta["points"]
            if meta.get("solution"):
                number = meta["grade_id"].replace("answer-", "")
                stub = cell.source.split("### BEGIN SOLUTION")[0]
                self.defines[number] = re.match(r"\s*(?:def\s+)?(\w+)", stub).group(1)
        self.total = sum(self.points.values())

    def exercise(self, name: str) -> str:
        return next(k for k, v in self.defines.items() if v == name)

    def function(self) -> str:
        """The last exercise whose answer is a function written with def."""
        return [k for k in self.defines if self._cell(self.source, f"answer-{k}").source.lstrip().startswith("def")][-1]

    def answer(self, number: str) -> str:
        cell = self._cell(self.source, f"answer-{number}")
        return cell.source.split("### BEGIN SOLUTION\n")[1].split("### END SOLUTION")[0]

    @staticmethod
    def _cell(notebook, grade_id):
        return next(c for c in notebook.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)

    def right(self):
        """The student version with every worked answer written in."""
        notebook = copy.deepcopy(self.release)
        for number in self.defines:
            self._cell(notebook, f"answer-{number}").source = self.answer(number)
        return notebook

    def handin(self, answers: dict[str, str] | None = None, edit=None):
        notebook = self.right()
        for number, source in (answers or {}).items():
            self._cell(notebook, f"answer-{number}").source = source
        if edit:
            edit(notebook)
        return notebook


def bug_source(function, name: str) -> str:
    """A buggy function from an exercise's own tests, with the module-level functions it calls, bound to
    ``name``: the wrong answer as a student would hand it in."""
    module = sys.modules.get(function.__module__) or types.SimpleNamespace(**function.__globals__)  # a gallery file
    wanted, order = [function], []
    while wanted:
        f = wanted.pop()
        if f in order:
            continue
        order.append(f)
        codes = [f.__code__]
        while codes:
            code = codes.pop()
            codes += [c for c in code.co_consts if inspect.iscode(c)]
            wanted += [getattr(module, n) for n in code.co_names if inspect.isfunction(getattr(module, n, None))
                       and getattr(module, n).__module__ == module.__name__]
    body = "\n\n".join(textwrap.dedent(inspect.getsource(f)) for f in reversed(order))
    return f"import math\n\n{body}\n\n{name} = {function.__name__}\n"


def value_wrongs(lesson: str, number: str) -> list:
    """Typical wrong answers of a value exercise, from tests/test_exercises_lessons.py (none if it has none)."""
    from tests.test_exercises_lessons import EXERCISES
    found = [wrongs for key, (_, _, wrongs) in EXERCISES.items() if key.startswith(f"{lesson}-{number} ")]
    return [answer for answer, _ in found[0]] if found else []


def function_wrongs(name: str) -> list:
    """Typical wrong functions for an exercise, from its own tests."""
    if name == "my_minimax":
        from tests import test_exercises_minimax as t
        bugs = [t.always_max, t.swapped_max_min, t.no_leaf_base_case, t.ignores_who_is_at_the_root,
                t.bottom_level_always_max]
    elif name == "my_alphabeta":
        from tests import test_exercises_alphabeta as t
        bugs = [bug for bug, _ in t.GALLERY[:6]] + [t.plain_minimax]
    elif name == "my_pvs":
        from tests import test_exercises_alphabeta as ab
        from tests import test_exercises_engine as t
        bugs = [t.alphabeta_only, ab.plain_minimax, ab.forgets_to_break]
    else:
        place = "def zobrist_place(key, numbers, cell, piece):\n    return {}\n"
        return {"zobrist_place": [place.format(wrong) for wrong in
                                  ("key + numbers[cell, piece]", "numbers[cell, piece]", "key | numbers[cell, piece]")],
                "rule2": ["rule2 = lambda x: 5 <= x <= 7\n", "rule2 = lambda x: x > 5\n"],
                "rule3": ["rule3 = lambda x: 5 < x <= 7\n"],
                # tests/test_exercises_techniques.py::test_node_type_rejects_typical_mistakes
                "node_type": [f"TABLE = {{'CUT': 'ALL', 'ALL': 'CUT'}}\n\n{TYPE_IFS}\n" + wrong for wrong in (
                    "node_type = lambda parent, rank: 'PV' if parent == 'PV' else TABLE[parent]\n",
                    "node_type = lambda parent, rank: type_ifs(parent, rank) if parent != 'CUT' else 'CUT'\n",
                    "node_type = lambda parent, rank: type_ifs(parent, rank) if parent != 'ALL' else 'ALL'\n",
                    "node_type = lambda parent, rank: {'PV': 'CUT', 'CUT': 'ALL', 'ALL': 'CUT'}[parent]\n")],
                }.get(name, [])
    return [bug_source(bug, name) for bug in bugs]


TYPE_IFS = ("def type_ifs(parent, rank):\n    if parent == 'PV':\n        return 'PV' if rank == 0 else 'CUT'\n"
            "    if parent == 'CUT':\n        return 'ALL'\n    return 'CUT'\n")


def wrong_for(a: Assignment, number: str) -> str:
    """One wrong answer for exercise ``number`` (for the tampering hand-ins)."""
    name = a.defines[number]
    wrongs = function_wrongs(name)
    if wrongs:
        return wrongs[0]
    values = value_wrongs(a.name[:2], number)
    assert values, f"no typical wrong answer registered for exercise {number} ({name}) of {a.name}"
    return f"{name} = {values[0]!r}\n"


HANDINS = 30          # the hand-ins an assignment gets at least (issue 31): each costs about 3 CPU-seconds
# CI (.ci/run) grades the whole class of issue 31: every lesson gets every crash, time-out and tampering hand-in
# and typical wrong answers up to HANDINS. make test grades those that test grading itself (crashes, time-outs,
# tampering, the sandbox's escapes) in one lesson's batch, SANDBOXED's, and gives the other lessons their right,
# untouched and typical wrong hand-ins (the first wrong answer of every exercise): about 50 hand-ins instead of
# 97, two minutes of CPU less. The assertions are the same; a lesson without a kind of hand-in is not asked
# about it.
EVERY_HANDIN = os.environ.get("ADVERSARIAL_GRADING", "").lower() == "all"


def handins(a: Assignment, outside: Path, every: bool = True) -> dict:
    """name -> (notebook, exercises it must lose). ``every``: also the crashing, endless and tampering hand-ins,
    and typical wrong answers up to HANDINS (else the first wrong answer of each exercise only)."""
    cases = {"right": (a.right(), []), "stub": (copy.deepcopy(a.release), list(a.points))}
    stubs = {k: a._cell(a.release, f"answer-{k}").source for k in a.defines}
    if not every:
        return {**cases, **wrong_handins(a, stubs, every)}
    f = a.function()
    fn, right, wrong = a.defines[f], a.answer(f), wrong_for(a, f)
    # From here on, only exercise f is answered (the others stay stubs, which the checks turn down at once:
    # a quick hand-in). Each is built to lose f's points (or, the noisy ones, to keep them).
    only = lambda source, edit=None: a.handin({**stubs, f: source}, edit)               # noqa: E731
    before = lambda code: only(textwrap.dedent(code) + "\n" + right)                   # noqa: E731
    others = [k for k in a.defines if k != f]
    # A loud hand-in keeps its points: its output is cut, not its grade.
    cases["noisy-cell"] = (before("print('x' * 3_000_000)"), others)
    cases["noisy-function"] = (only(right + f"\n_quiet = {fn}\ndef {fn}(*args):\n    print('called', "
                                    f"args[1:])\n    return _quiet(*args)\n"), others)
    # Crashing, exiting, endless, slow, greedy: that exercise scores nothing, the rest is graded.
    lose = others + [f]
    cases["os-exit"] = (before("import os\nos._exit(3)"), [f])
    cases["kill"] = (before("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)"), [f])
    cases["segfault"] = (before("import faulthandler\nfaulthandler._sigsegv()"), [f])
    cases["sys-exit"] = (before("import sys\nsys.exit(0)"), [f])
    cases["endless"] = (before("import time\nwhile True:\n    time.sleep(0.05)"), [f])
    # A time-out costs a worker its wall time (10 s): make test's one is "endless"; CI's lesson 1 also sleeps for
    # minutes in one call (interrupted alike: the same assertion, "timed out").
    if EVERY_HANDIN and a.name.startswith("01"):
        cases["minutes"] = (before("import time\ntime.sleep(600)"), [f])
    cases["memory"] = (before("hoard = bytearray(8 * 10**9)"), [f])
    cases["exit-inside"] = (only(right + f"\ndef {fn}(*args):\n    import sys\n    sys.exit(1)\n"), [f])
    # Tampering: each gets nothing for the exercise it tampers with.
    number = a.exercise(fn)
    test_id = f"test-{number}"

    def edit_test(notebook):
        Assignment._cell(notebook, test_id).source = "pass"

    def delete_test(notebook):
        notebook.cells.remove(Assignment._cell(notebook, test_id))

    checks = sorted(set(re.findall(r"\b(check_\w+)\(", Assignment._cell(a.source, test_id).source)))
    tamper = {
        "edit-test": ("", edit_test),
        "delete-test": ("", delete_test),
        "redefine-check": ("".join(f"def {c}(*args, **kwargs):\n    from adversarial.exercises.core import right\n"
                                   "    return right('fine')\n" for c in checks), None),
        "patch-checks": ("import adversarial.exercises as ex\nfrom adversarial.exercises.core import right\n"
                         + "".join(f"ex.{c} = lambda *args, **kwargs: right('fine')\n" for c in checks), None),
        "fake-module": ("import sys, types\nfrom adversarial.exercises.core import right\n"
                        "fake = types.ModuleType('adversarial.exercises')\n"
                        + "".join(f"fake.{c} = lambda *args, **kwargs: right('fine')\n" for c in checks)
                        + "sys.modules['adversarial.exercises'] = fake\n", None),
        "patch-core": ("import adversarial.exercises.core as core\ncore.same = lambda answer, expected: True\n"
                       "import adversarial.search as search\nsearch.alphabeta = search.minimax = lambda *a, **k: 0\n",
                       None),
    }
    for label, (extra, edit) in tamper.items():
        cases[label] = (only(wrong + "\n" + extra, edit), [f])
    spy = ("    import sys\n{find}\n    while frame is not None:\n"
           "        for key in ('want', 'expected', 'value', 'reference'):\n"
           "            if key in frame.f_locals and not callable(frame.f_locals[key]):\n"
           "                return frame.f_locals[key]\n        frame = frame.f_back\n")
    for label, find in (("frames", "    frame = sys._getframe(1)"),
                        ("frames-inspect", "    import inspect\n    frame = inspect.stack()[1].frame"),
                        ("frames-traceback", "    try:\n        raise ValueError\n    except ValueError as e:\n"
                                             "        frame = e.__traceback__.tb_frame.f_back")):
        cases[label] = (only(wrong + f"\n_wrong = {fn}\ndef {fn}(*args):\n    try:\n"
                             + textwrap.indent(spy.format(find=find), "    ")
                             + "    except Exception:\n        pass\n    return _wrong(*args)\n"), [f])
    cases["write-outside"] = (before(f"try:\n    open({str(outside)!r}, 'w').write('graded')\nexcept OSError:\n"
                                     "    pass"), [f])
    core = ROOT / "adversarial" / "exercises" / "core.py"
    cases["write-package"] = (before(f"try:\n    open({str(core)!r}, 'a').write('# changed')\nexcept OSError:\n"
                                     "    pass"), [f])
    cases["subprocess"] = (before("import subprocess\ntry:\n    subprocess.run(['true'])\nexcept OSError:\n"
                                  "    pass"), [f])
    cases["trace"] = (before("import sys\ntry:\n    sys.settrace(lambda *a: None)\nexcept PermissionError:\n"
                             "    pass"), [f])
    for label in list(cases)[list(cases).index("os-exit"):]:
        notebook, loses = cases[label]
        cases[label] = (notebook, sorted(set(loses) | set(lose)))
    return {**cases, **wrong_handins(a, stubs, every, len(cases))}


def wrong_handins(a: Assignment, stubs: dict, every: bool, made: int = 0) -> dict:
    """A wrong hand-in answers one exercise, wrongly, and leaves the others as stubs (which the checks turn
    down at once): it must score nothing, and a wrong answer that slipped through would show. Every exercise
    gets its typical wrong answers in turn, the first of each always, and with ``every`` the others until the
    assignment has HANDINS (``made`` hand-ins are there already)."""
    wrongs, cases = {}, {}
    for number, name in a.defines.items():
        wrongs[number] = function_wrongs(name) or [f"{name} = {w!r}\n" for w in value_wrongs(a.name[:2], number)]
        assert wrongs[number], f"no typical wrong answer registered for exercise {number} ({name}) of {a.name}"
    for index in range(max(map(len, wrongs.values()))):
        for number, answers in wrongs.items():
            if index < len(answers) and (index == 0 or (every and made + len(cases) < HANDINS)):
                label = f"wrong-{number}-{index}"
                loses = [k for k in a.points if k != number or not right_by_chance(a, label, number, answers[index])]
                cases[label] = (a.handin({**stubs, number: answers[index]}), loses)
    return cases


def right_by_chance(a: Assignment, student: str, number: str, source: str) -> bool:
    """Is a typical wrong answer (a mistake on the lesson's tree) right on this student's own tree? A varied
    exercise is graded on the student's tree (tools/assignments.py), where a lesson's wrong move (of three) can
    be the right one."""
    from adversarial import exercises as checks
    from adversarial.exercises.variants import Variant
    course_id, variations = lesson_variations(a.name[:2])
    varied = variations.get(int(number))
    if varied is None:
        return False
    space: dict = {}
    exec(source, space)
    if "instance" in varied:            # a position, numbers or leaves (variants.INSTANCES), e.g. 2's window rules
        from adversarial.exercises.variants import INSTANCES, instance_of
        drawn = instance_of(varied["instance"], varied["lesson"], varied["fixed"],
                            Variant(course_id, a.name, student).seed(int(number)), varied["known"])
        return bool(getattr(checks, varied["check"])(space[varied["answer"]], **INSTANCES[varied["instance"]].made(
            drawn), **varied["fixed"]))
    mine = Variant(course_id, a.name, student).tree(
        varied["key"], varied["spec"], needs=varied["needs"], branching=varied["options"].get("branching"))
    return bool(getattr(checks, varied["check"])(space[varied["answer"]], mine, **varied["options"]))


@functools.cache
def lesson_variations(lesson: str) -> tuple[str, dict]:
    """The build's course id and how it varies each exercise of a lesson (tools/assignments.py), read once."""
    assignments = _tool("assignments")
    return assignments.COURSE_ID, assignments.variations(assignments.exercises(
        nbformat.read(assignments.lesson(lesson), as_version=4)))


# -- the batch --------------------------------------------------------------------------------------

LESSONS = ("01", "02", "09")
# Every other lesson with exercises gets its right hand-in only, in the same batch: every worked answer must earn
# all its points when graded (a lesson's imports in a prediction cell, a check outside adversarial.exercises'
# names, the hidden tests' copy of the package without its version, a handed function hidden from the driver
# that calls it: each once cost a right answer its points in a lesson not graded here).
RIGHT_ONLY = ("00", "03", "04", "05", "06", "07", "08", "10", "11", "12")


# The lesson whose batch also gets tests/test_grading_sandbox.py's hand-ins (where a sandbox can start here).
SANDBOXED = "02"
# The hand-ins whose nbgrader feedback pages are made (a second each) and checked, where a lesson has them.
FEEDBACK = ("right", "stub", "wrong-1-0", "segfault")
# The students of tests/test_grading_layouts.py's hand-ins (lesson 1's batch), as their ids.
LAYOUT_STUDENTS = ("李雷", "Zoë", "bob", "José", "王%20小明")
# The lesson whose batch also gets tests/test_grading_references.py's hand-ins.
REFERENCES = "09"
# What grading writes in a course (the rest is the build's and must stay byte for byte).
OUTPUTS = ("autograded", "feedback", "grades", "gradebook.db", "grading", "submitted", "jupyter")


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Every hand-in of the three assignments, the sandbox's (lesson 2) and the layouts' (lesson 1), graded in one
    batch of one course."""
    from tests import test_grading_layouts as layouts
    from tests import test_grading_references as references
    from tests import test_grading_sandbox as escapes
    from tests.test_grading_partial import LAYOUTS_SECRET
    from tests.test_grading_sandbox import tree_hashes
    assignments, grade = _tool("assignments"), _tool("grade")
    course = tmp_path_factory.mktemp("course")
    # A known secret: its hidden seeds give the layouts' José a share of his minimax's points (test_grading_partial)
    (course / "grading_secret").write_text(LAYOUTS_SECRET + "\n", encoding="utf-8")
    names = assignments.build(list(LESSONS + RIGHT_ONLY), course)
    outside = tmp_path_factory.mktemp("elsewhere") / "written.txt"
    core = (ROOT / "adversarial" / "exercises" / "core.py").read_bytes()
    batches, expected, folders = [], {}, {}
    sandbox = ({"students": {}, "token": uuid.uuid4().hex, "elsewhere": tmp_path_factory.mktemp("sandbox-elsewhere")}
               if escapes.BWRAP else None)
    for lesson, name in zip(LESSONS + RIGHT_ONLY, names):
        a = Assignment(course, name)
        folder = folders[name] = tmp_path_factory.mktemp(f"handins-{lesson}")
        cases = ({"right": (a.right(), [])} if lesson in RIGHT_ONLY else
                 handins(a, outside, every=EVERY_HANDIN or lesson == SANDBOXED))
        if lesson == REFERENCES:        # tests/test_grading_references.py's routes to the reference answers
            cases.update(references.reference_handins(a))
        if lesson == SANDBOXED and sandbox:
            tries = escapes.sandbox_handins(a, course, folder, sandbox["elsewhere"], sandbox["token"])
            assert not set(tries) & set(cases)
            cases.update(tries)
            sandbox["students"] = {s: (name, a.total - sum(a.points[n] for n in set(loses)))
                                   for s, (_, loses) in tries.items()}
        for student, (notebook, loses) in cases.items():
            nbformat.write(notebook, folder / f"{student}.ipynb")
            expected[name, student] = a.total - sum(a.points[n] for n in set(loses))
        if lesson == layouts.LESSON:    # tests/test_grading_layouts.py's: submitted/ in place first, then a folder
            layout = layouts.layout_handins(a, course, folder, outside)
            grade.set_dates(course, name, layouts.DUE, {"bob": layouts.EXTENSION})
            batches.append((lesson, course / "submitted"))
        batches.append((lesson, folder))
    layout["folder before"] = layouts.fingerprint(layout["folder"])
    kept = lambda: (tree_hashes(course, OUTPUTS), {n: tree_hashes(f) for n, f in folders.items()},  # noqa: E731
                    tree_hashes(ROOT / "adversarial"))
    before, started = kept(), time.perf_counter()
    # nbgrader's late penalty "zero" counts where a hand-in has a timestamp.txt and its assignment a due date: the
    # layouts' in submitted/ only (the others have neither)
    tables = grade.grade_folders(batches, course, jobs=2, timeout=10, cpu=60, feedback=False, late="zero")
    took, after = time.perf_counter() - started, kept()
    if sandbox:
        sandbox.update(before=before, after=after, took=took)
    grader = _tool("assignments").api(course)
    for name in names:          # nbgrader's feedback pages, for a few (they cost a second each)
        for student in FEEDBACK:
            if (name, student) in expected:
                assert grader.generate_feedback(name, student, force=True)["success"]
    return course, tables, expected, outside, core, sandbox, layout


def test_each_assignment_has_more_than_30_handins(graded):
    _, tables, _, _, _, _, _ = graded
    lessons = [f.stem for lesson in LESSONS + RIGHT_ONLY for f in (ROOT / "notebooks").glob(f"{lesson}_*.ipynb")]
    assert sorted(tables) == sorted(lessons)
    counts = {name: len(rows) for name, rows in tables.items() if name[:2] in LESSONS}
    graded_all = [name for name in counts if EVERY_HANDIN or name.startswith(SANDBOXED)]
    assert all(counts[name] >= HANDINS for name in graded_all), counts
    if not EVERY_HANDIN:
        assert all(counts[name] < HANDINS for name in counts if name not in graded_all), counts


def test_every_lesson_with_exercises_is_graded_and_each_worked_answer_earns_all_its_points(graded):
    _, tables, expected, _, _, _, _ = graded
    assignments = _tool("assignments")
    with_exercises = sorted(f.stem[:2] for f in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")
                            if assignments.exercises(nbformat.read(f, as_version=4)))
    assert sorted(LESSONS + RIGHT_ONLY) == with_exercises
    rights = {name: row for name, rows in tables.items() for row in rows if row["student"] == "right"}
    assert sorted(rights) == sorted(tables)
    assert {name: (row["status"], row["score"], row["reasons"]) for name, row in rights.items()} == \
        {name: ("graded", expected[name, "right"], "") for name in rights}


def test_every_handin_gets_exactly_its_points(graded):
    _, tables, expected, _, _, _, _ = graded
    wrong = {(name, row["student"]): (row["score"], expected[name, row["student"]], row["reasons"][:300])
             for name, rows in tables.items() for row in rows if (name, row["student"]) in expected
             and (row["status"] != "graded" or row["score"] != expected[name, row["student"]])}
    assert not wrong, wrong
    # the rest are the layouts' (tests/test_grading_layouts.py), whose points their own tests below assert
    others = {(name, row["student"]) for name, rows in tables.items() for row in rows} - set(expected)
    assert others == {(graded[6]["name"], student) for student in LAYOUT_STUDENTS}, others


def test_lost_points_have_reasons_and_the_checks_hints_are_the_feedback(graded):
    course, tables, _, _, _, _, _ = graded
    for name, rows in tables.items():
        by = {row["student"]: row for row in rows}
        assert by["right"]["reasons"] == ""
        if name[:2] in RIGHT_ONLY:
            continue
        assert "Not answered yet" in by["stub"]["reasons"]
        assert "Not yet" in by["wrong-1-0"]["reasons"]
        for student in FEEDBACK:
            if student in by:
                assert (course / "grades" / name / f"{student}.txt").read_text().startswith(f"{name}: ")
                assert (course / "feedback" / student / name / f"{name}.html").exists()
        with open(course / "grades" / f"{name}.csv", encoding="utf-8") as handle:
            assert [row["student"] for row in csv.DictReader(handle)] == [row["student"] for row in rows]
        if "endless" not in by:           # make test: this lesson got its right, untouched and wrong hand-ins only
            assert not EVERY_HANDIN and not name.startswith(SANDBOXED), name
            continue
        assert "timed out" in by["endless"]["reasons"] and "timed out" in by.get("minutes", by["endless"])["reasons"]
        assert "kernel died" in by["segfault"]["reasons"]
        assert "refused by the grader" in by["write-outside"]["reasons"]
        assert "MemoryError" in by["memory"]["reasons"] and "SystemExit" in by["sys-exit"]["reasons"]
        for student in ("frames", "frames-inspect", "frames-traceback", "trace", "subprocess", "write-package",
                        "kill"):
            assert "refused by the grader" in by[student]["reasons"], (student, by[student]["reasons"])


def test_hidden_tests_are_in_the_instructors_version_only(graded):
    course, tables, _, _, _, _, _ = graded
    for name in tables:
        source = (course / "source" / name / f"{name}.ipynb").read_text()
        release = (course / "release" / name / f"{name}.ipynb").read_text()
        assert "BEGIN HIDDEN TESTS" in source and "HIDDEN" not in release and "BEGIN SOLUTION" not in release


def test_nothing_was_written_outside_the_handins_folders(graded):
    _, _, _, outside, core, _, _ = graded
    assert not outside.exists()
    assert (ROOT / "adversarial" / "exercises" / "core.py").read_bytes() == core


def test_the_gradebook_has_every_handin(graded):
    from nbgrader.api import Gradebook
    course, tables, expected, _, _, _, layout = graded
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for name, rows in tables.items():
            scores = {s.student.id: s.score for s in gradebook.assignment_submissions(name)}
            # the layouts' (their points before nbgrader's late penalty; the hand-in that is no notebook has none)
            layouts = {"李雷", "Zoë", "bob", "José"} if name == layout["name"] else set()
            assert set(scores) & set(LAYOUT_STUDENTS) == layouts
            assert {s: v for s, v in scores.items() if s not in layouts} == \
                {row["student"]: expected[name, row["student"]] for row in rows if row["student"] not in layouts
                 and row["status"] == "graded"}


def test_the_reference_answers_are_out_of_reach(graded):
    """Each route to a reference answer (tests/test_grading_references.py) lost its exercise, for its reason."""
    from tests.test_grading_references import check_reasons
    tables = graded[1]
    check_reasons(next(rows for name, rows in tables.items() if name.startswith(REFERENCES)))


# -- the sandbox's hand-ins (tests/test_grading_sandbox.py), graded in the batch above ------------------

def sandboxed(graded) -> dict:
    sandbox = graded[5]
    if sandbox is None:
        from tests.test_grading_sandbox import WHY
        pytest.skip(f"no sandbox here: {WHY}")
    return sandbox


def test_each_tampering_handin_gets_exactly_its_honest_points(graded):
    sandbox, tables = sandboxed(graded), graded[1]
    [name] = {name for name, _ in sandbox["students"].values()}
    rows = {r["student"]: r for r in tables[name] if r["student"] in sandbox["students"]}
    got = {s: (r["score"], r["status"], r["reasons"][:300]) for s, r in rows.items()}
    assert {s: g[0] for s, g in got.items()} == {s: points for s, (_, points) in sandbox["students"].items()}, got
    assert rows["matplotlib"]["reasons"] == "" and rows["spawn"]["reasons"] == ""
    assert "refused by the grader" in rows["fork"]["reasons"]


def test_the_gradebook_is_the_graders_alone(graded):
    """The hand-in that opened gradebook.db with sqlite3 found none: no table of its own in the real one, and
    every other student's grade is the one the grader gave."""
    import sqlite3

    from nbgrader.api import Gradebook
    sandbox, (course, _, expected) = sandboxed(graded), graded[:3]
    with sqlite3.connect(course / "gradebook.db") as db:
        tables = {row[0] for row in db.execute("select name from sqlite_master where type = 'table'")}
    assert "tampered" not in tables
    [name] = {name for name, _ in sandbox["students"].values()}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        scores = {s.student.id: s.score for s in gradebook.assignment_submissions(name)}
    assert scores == {student: points for (n, student), points in expected.items() if n == name}


def test_nothing_outside_the_scratch_folders_changed_and_no_process_is_left(graded):
    """The course's own files, the hand-ins handed in and the package are byte-identical; nothing the spawned
    or forked children tried to write exists; the course has only the grader's outputs; no process is left."""
    from tests.test_grading_sandbox import processes_with
    sandbox, course = sandboxed(graded), graded[0]
    assert sandbox["after"] == sandbox["before"]
    assert {p.name for p in course.iterdir()} <= set(OUTPUTS) | {"source", "release", "nbgrader_config.py",
                                                                "grading_secret"}   # the build's
    assert not list(course.rglob("pwned*")) and not list(sandbox["elsewhere"].iterdir())
    time.sleep(max(0.0, 4.5 - sandbox["took"]))       # past the daemon's wait, were it alive
    assert processes_with(sandbox["token"]) == []
    assert not list(course.rglob("pwned*"))


# -- the layouts' hand-ins (tests/test_grading_layouts.py), graded in the batch above ---------------------------
# Last in this file: regrading and `make export` add to the course (submitted-replaced/, export/, grades.csv).

IN_PLACE = LAYOUT_STUDENTS[:3]


def layouts(graded) -> tuple:
    """The course, lesson 1's name and Assignment, its rows by student, and what was kept before grading."""
    course, tables, *_, layout = graded
    return course, layout["name"], layout["assignment"], {r["student"]: r for r in tables[layout["name"]]}, layout


def test_grading_submitted_in_place_changes_nothing_in_it(graded):
    from tests.test_grading_layouts import fingerprint
    course, name, a, rows, layout = layouts(graded)
    now = {k: v for k, v in fingerprint(course / "submitted").items() if k.split("/")[0] in IN_PLACE}
    assert now == layout["submitted before"] and {k.split("/")[0] for k in now} == set(IN_PLACE)
    assert all(rows[student]["status"] == "graded" for student in IN_PLACE), rows


def test_a_late_handin_gets_nbgraders_late_penalty_unless_it_has_an_extension(graded):
    _, _, a, rows, _ = layouts(graded)
    assert rows["李雷"]["score"] == a.total
    assert rows["Zoë"]["score"] == 0                 # 21 hours late: "zero"
    assert "late: handed in 21.0 hours after the due date (2026-11-20 12:00 UTC); nbgrader's late penalty took " \
        f"{a.total:g} points" in rows["Zoë"]["reasons"]
    assert "late:" not in rows["bob"]["reasons"]
    assert rows["bob"]["score"] == a.total           # as late, with 48 hours more
    assert not [s for s, row in rows.items() if "late:" in row["reasons"] and s != "Zoë"]   # no timestamp: on time


def test_a_copied_cell_grades_the_last_copy_and_says_so(graded):
    _, _, a, rows, _ = layouts(graded)
    first = next(iter(a.defines))
    assert rows["bob"]["status"] == "graded" and rows["bob"][f"test-{first}"] == a.points[first]
    assert f"answer-{first} (copied): the hand-in has 2 cells with this id" in rows["bob"]["reasons"]
    assert "the last copy was graded" in rows["bob"]["reasons"]


def test_grading_a_folder_elsewhere_copies_it_and_changes_nothing_in_it(graded):
    from tests.test_grading_layouts import fingerprint
    course, name, _, _, layout = layouts(graded)
    assert fingerprint(layout["folder"]) == layout["folder before"]
    assert (course / "submitted" / "José" / name / f"{name}.ipynb").read_bytes() == \
        (layout["folder"] / "Jose\u0301.ipynb").read_bytes()


def test_ids_keep_unicode_and_a_changed_name_is_recorded(graded):
    from urllib.parse import unquote
    course, _, _, rows, _ = layouts(graded)
    assert {"José", "王%20小明"} <= set(rows)
    with open(course / "grades" / "student_ids.csv", encoding="utf-8") as handle:
        recorded = {row["name"]: row["student"] for row in csv.DictReader(handle)}
    assert recorded == {"Jose\u0301": "José", "王 小明": "王%20小明"}
    assert {unquote(student) for student in recorded.values()} == {"José", "王 小明"}


def test_each_reason_says_what_happened(graded):
    from tests import test_grading_partial as partial
    course, _, a, rows, _ = layouts(graded)
    first, second = list(a.defines)[:2]
    assert "the cell raised KeyboardInterrupt itself" in rows["José"]["reasons"]
    assert "timed out" not in rows["José"]["reasons"]
    assert f"test-{second}: RefusedByGrader: the hand-in tried" in rows["José"]["reasons"]
    f = a.exercise("my_minimax")
    share = partial.expected_share(course, a.name, f"test-{f}", partial.FORGETS_A_FIFTH_CHILD)
    assert 0 < share < a.points[f]
    assert rows["José"]["score"] == a.total - a.points[first] - a.points[second] - (a.points[f] - share)
    assert f"test-{f}: hidden cases: your function is right on " in rows["José"]["reasons"]
    broken = rows["王%20小明"]
    assert broken["status"] == "failed" and broken["score"] == 0
    assert "is not valid JSON" in broken["reasons"] and "so it is not a notebook" in broken["reasons"]


def test_the_grade_table_and_its_log_hold_every_student_of_both_folders(graded):
    """The lesson's two folders (submitted/ in place, and one elsewhere) in one table and log; that a later
    batch keeps them all is test_regrading_one_student_changes_only_that_row_and_logs_the_change's."""
    course, name, a, rows, _ = layouts(graded)
    with open(course / "grades" / f"{name}.csv", encoding="utf-8") as handle:
        table = {row["student"]: row for row in csv.DictReader(handle)}
    assert set(table) == set(rows) and set(table) >= {"李雷", "Zoë", "bob", "José", "王%20小明", "right"}
    log = (course / "grades" / f"{name}.log").read_text(encoding="utf-8")
    assert f"Zoë: first graded, 0 of {a.total:g}\n" in log and f"bob: first graded, {a.total:g} of {a.total:g}\n" in log
    assert "王%20小明: not graded\n" in log


def test_two_inputs_with_one_id_are_refused_naming_both(graded, tmp_path):
    from tests.test_grading_layouts import fingerprint
    course, name, a, _, _ = layouts(graded)
    grade = _tool("grade")
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
    # One student in two folders of one batch, and submitted/ after a folder that would be copied into it
    twice = tmp_path / "twice"
    twice.mkdir()
    nbformat.write(a.release, twice / "bob.ipynb")
    with pytest.raises(SystemExit, match=f"'bob' handed in {name} in two of this batch's folders"):
        grade.grade_folders([("01", course / "submitted"), ("01", twice)], course)
    with pytest.raises(SystemExit, match="give the course's submitted/ folder first"):
        grade.grade_folders([("01", twice), ("01", course / "submitted")], course)
    assert fingerprint(course / "submitted") == before


def test_grading_refuses_folders_it_would_rewrite_or_nbgrader_cannot_read(graded, tmp_path):
    course, name, a, _, _ = layouts(graded)
    grade = _tool("grade")
    with pytest.raises(SystemExit, match="inside the course directory"):
        grade.collect(course / "autograded", course, name)
    other = tmp_path / "course"
    nbformat.write(a.release, (other / "submitted" / "a*b" / name).mkdir(parents=True) or
                   other / "submitted" / "a*b" / name / f"{name}.ipynb")
    with pytest.raises(SystemExit, match="nbgrader cannot read the folders 'a\\*b'"):
        grade.collect(other / "submitted", other, name)


def test_regrading_one_student_changes_only_that_row_and_logs_the_change(graded, tmp_path):
    """Zoë's hand-in again, from a folder in nbgrader's layout elsewhere, now stamped on time (as after a
    corrected timestamp), beside bob's: only Zoë is regraded (``students``), still with the late penalty on. Her
    earlier copy in submitted/ is kept aside, the table keeps every student, the log has her score's change."""
    from tests.test_grading_layouts import DUE, EXTENSION, LATE, LESSON, ON_TIME, fingerprint
    course, name, a, rows, _ = layouts(graded)
    grade = _tool("grade")
    earlier = fingerprint(course / "submitted" / "Zoë")
    folder = tmp_path / "again"
    for student, stamp in (("Zoë", ON_TIME), ("bob", LATE)):
        (folder / student / name).mkdir(parents=True)
        nbformat.write(a.right(), folder / student / name / f"{name}.ipynb")
        (folder / student / name / "timestamp.txt").write_text(stamp)
    before = fingerprint(folder)
    again = grade.grade(LESSON, folder, course, jobs=1, timeout=30, cpu=60, feedback=False, students=["Zoë"],
                        late="zero", due=DUE, extensions={"bob": EXTENSION})
    assert [row["student"] for row in again] == ["Zoë"] and again[0]["score"] == a.total
    assert fingerprint(folder) == before
    assert (course / "submitted" / "Zoë" / name / "timestamp.txt").read_text() == ON_TIME
    [kept] = (course / "submitted-replaced").glob("*/Zoë")
    assert fingerprint(kept) == earlier
    with open(course / "grades" / f"{name}.csv", encoding="utf-8") as handle:
        table = {row["student"]: row for row in csv.DictReader(handle)}
    assert set(table) == set(rows) and float(table["Zoë"]["score"]) == a.total
    assert "late:" not in table["Zoë"]["reasons"]
    log = (course / "grades" / f"{name}.log").read_text(encoding="utf-8").splitlines()
    assert log[-1].endswith(f"Zoë: 0 -> {a.total:g}")


def test_nbgraders_own_autograde_gives_the_same_score(graded):
    """The formgrader's autograde button runs `nbgrader autograde` with the course's config: the refusal
    penalty and the copied-cell rule are in it (tools/grading_preprocessors.py), so the score is the same."""
    from nbgrader.api import Gradebook
    course, name, _, rows, _ = layouts(graded)
    _tool("assignments").nbgrader(course, "autograde", name, "--student", "José", "--force")
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        assert gradebook.find_submission(name, "José").score == rows["José"]["score"]


def test_make_export_writes_an_lms_gradebook_and_feedback_bundles_with_an_absolute_venv(graded):
    """`make export` with VENV an absolute path (it used to be glued to the current folder); its stamp is
    taken as up to date (-o), so the test never reinstalls the environment. The course has three assignments:
    a column each, blank where a student handed nothing in."""
    import subprocess
    import zipfile
    course, name, a, _, _ = layouts(graded)
    tables, expected = graded[1], graded[2]
    venv = Path(sys.prefix).resolve()
    if not (venv / "bin" / "python").exists():
        pytest.skip("not run from a virtual environment")
    done = subprocess.run(["make", "-s", "-o", f"{venv}/.installed", "export", f"VENV={venv}", f"COURSE={course}"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (course / "grades.csv").read_text().startswith("assignment,duedate,timestamp,student_id")
    with open(course / "export" / "gradebook.csv", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    names = sorted(tables)
    column = 5 + names.index(name)
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", *names]
    assert rows[1][0].strip() == "Points Possible" and rows[1][5:] == [f"{expected[n, 'right']:g}" for n in names]
    assert rows[1][column] == f"{a.total:g}"
    table = {row[3]: row for row in rows[2:]}
    assert set(table) == {row["student"] for batch in tables.values() for row in batch}
    assert table["王%20小明"][0] == "王 小明" and table["王%20小明"][5:] == [""] * len(names)   # not graded: blank
    assert table["李雷"][5:] == [f"{a.total:g}" if n == name else "" for n in names]      # lesson 1 only
    assert table["right"][5:] == [f"{expected[n, 'right']:g}" for n in names]
    assert "王 小明" in done.stdout and "not graded" in done.stdout
    with zipfile.ZipFile(course / "export" / "feedback" / "李雷.zip") as bundle:
        assert bundle.read(f"{name}/grade.txt").decode().startswith(f"{name}: {a.total:g} of {a.total:g} points")


def test_a_batch_shows_how_many_handins_are_graded(capsys):
    """Grading 300 hand-ins takes minutes: the batch says every 10 s or so how far it is (standard error)."""
    grade = _tool("grade")
    shown = grade.Progress(5, every=10.0)
    shown.update(1)                              # too soon after the start: nothing
    assert capsys.readouterr().err == ""
    shown.update(2, last=True)
    assert capsys.readouterr().err.startswith("graded 2 of 5 hand-ins (")
