"""Each student their own variant (issue 41, item 3): the tree exercises of an assignment are drawn per student,
graded on the student's own tree, flagged when they answer another's; visible checks confirm only the form;
hidden cases are seeded from the course's secret; feedback shows no hidden source.

Quick: nothing here starts a kernel or nbgrader's autograde (tests/test_hub.py grades a course end to end).
"""

from __future__ import annotations

import ast
import functools
import itertools
import re
from pathlib import Path

import pytest

from adversarial import minimax, tree
from adversarial.exercises import check_skipped_leaves, check_tree_move, check_tree_value
from adversarial.exercises.core import same
from adversarial.exercises.handwork import _skipped
from adversarial.exercises.variants import (
    INSTANCES,
    NoStudentId,
    Variant,
    _facts,
    _leaves,
    check_answer_form,
    draw_tree,
    grade,
    grade_instance,
    instance_of,
)

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbgrader")
from tests.test_grading import _tool  # noqa: E402  (loads a file of tools/)

ROOT = Path(__file__).resolve().parent.parent
COURSE_ID = "cs-4100-2026"


assignments = _tool("assignments")
hooks = _tool("nbgrader_hooks")
TREE_CHECKS = ("check_tree_value", "check_tree_move", "check_skipped_leaves")


@pytest.fixture(scope="module")
def built():
    """Lessons 0, 1 and 2 as assignments (the instructor's versions, without nbgrader: quick)."""
    return {n: assignments.assignment(assignments.lesson(n), course_id=COURSE_ID) for n in ("00", "01", "02")}


def cell(notebook, grade_id):
    return next(c for c in notebook.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def trees_of(notebook, student, monkeypatch) -> dict:
    """What the assignment's first cell gives a student on the course's hub: its trees."""
    monkeypatch.setenv("JUPYTERHUB_USER", student)
    monkeypatch.delenv("NBGRADER_STUDENT_ID", raising=False)
    space: dict = {}
    exec(cell(notebook, "variant").source, space)
    return {name: value for name, value in space.items() if name.startswith("tree_")}


def test_every_tree_exercise_of_lessons_0_to_2_is_varied_and_nothing_else(built):
    for number, notebook in built.items():
        lesson = nbformat.read(assignments.lesson(number), as_version=4)
        found = assignments.exercises(lesson)
        on_trees = {n for n, e in enumerate(found, 1) if re.search(rf"\b({'|'.join(TREE_CHECKS)})\(",
                                                                      e["check"].source)}
        varied = assignments.variations(found)
        assert {n for n, v in varied.items() if "instance" not in v} == on_trees
        assert {n for n, v in varied.items() if "instance" in v} == set(INSTANCE_LESSONS.get(number, {}))
        named = set(re.findall(r"^tree_(\d+) = ", cell(notebook, "variant").source, re.M))
        assert {int(n) for n in named} == on_trees


def test_two_students_releases_differ_in_every_varied_exercise(built, monkeypatch):
    for notebook in built.values():
        ada, grace = trees_of_any(notebook, "ada", monkeypatch), trees_of_any(notebook, "grace", monkeypatch)
        assert ada and ada.keys() == grace.keys()
        for name in ada:
            assert ada[name] != grace[name], name


def test_a_students_tree_is_the_lessons_shape_as_hard_and_answers_otherwise():
    lessons = [([[4, 8, 3], [1, 7, 2], [6, 5, 9]], [("value", "MAX")], None),
               ([3, 5, 2, 9, 12, 5, 23, 2], [("value", "MIN")], 2),
               ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], [("move", "MAX")], None),
               ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], [("set", "MAX")], None),
               ([[3, 5], [2], [9, 1]], [("move", "MAX"), ("value", "MAX"), ("value", "MIN")], None)]
    shape = lambda spec: [shape(x) for x in spec] if isinstance(spec, list) else 0     # noqa: E731
    for spec, needs, branching in lessons:
        drawn = [draw_tree(spec, seed, needs=needs, branching=branching) for seed in range(40)]
        assert len({repr(t) for t in drawn}) == 40
        for mine in drawn:
            assert shape(mine) == shape(spec) and len(set(_leaves(mine))) == len(_leaves(mine))
            for kind, player in needs:
                theirs, ours = _facts(spec, player, branching), _facts(mine, player, branching)
                assert ours[0] == theirs[0]                         # as many pruned leaves, the same traps
                index = {"value": 0, "move": 1, "set": 2}[kind]
                assert ours[1][index] != theirs[1][index]           # another answer than the lesson's
        assert draw_tree(spec, 7, needs=needs, branching=branching) == drawn[7]      # the same seed, the same tree


def test_the_variant_depends_on_the_course_the_assignment_and_the_student():
    spec = [[4, 8, 3], [1, 7, 2], [6, 5, 9]]
    base = Variant("c1", "a1", "ada").tree(1, spec)
    assert Variant("c1", "a1", "ada").tree(1, spec) == base
    assert base not in [Variant("c2", "a1", "ada").tree(1, spec), Variant("c1", "a2", "ada").tree(1, spec),
                        Variant("c1", "a1", "adb").tree(1, spec)]


def test_the_visible_check_says_the_same_of_every_answer_of_the_right_form():
    spec = Variant(COURSE_ID, "01", "ada").tree(1, [[4, 8, 3], [1, 7, 2], [6, 5, 9]])
    right = minimax(tree(spec)).value
    said = {repr(check_answer_form(v, "value")) for v in range(-5, 60)}
    assert said == {repr(check_answer_form(right, "value"))} and check_answer_form(right, "value")
    leaves = _leaves(spec)
    subsets = [set(c) for k in range(4) for c in itertools.combinations(leaves, k)]
    assert len({repr(check_answer_form(s, "set", spec)) for s in subsets}) == 1
    assert len({repr(check_answer_form(m, "move")) for m in range(5)}) == 1


def test_the_visible_check_refuses_the_wrong_form_and_says_why():
    assert "Not answered yet" in check_answer_form(..., "value").message
    for answer, kind, words in [("5", "value", "text"), (True, "value", "True"), ({4, 6}, "value", "set"),
                                ([4, 6], "set", "not a set"), ({4, "6"}, "set", "not every item"),
                                ({99}, "set", "a leaf of your tree"), (-1, "move", "not a move"),
                                (5, "rule", "not a function")]:
        verdict = check_answer_form(answer, kind, [[4, 6], [1]])
        assert not verdict and words in verdict.message, (answer, kind, verdict.message)
    with pytest.raises(ValueError, match="kind must be one of"):
        check_answer_form(5, "colour")


def test_graded_on_the_students_own_tree_and_another_students_answer_is_flagged():
    lesson = [[4, 8, 3], [1, 7, 2], [6, 5, 9]]
    ada, grace = Variant(COURSE_ID, "01", "ada"), Variant(COURSE_ID, "01", "grace")
    theirs = {v.student: minimax(tree(v.tree(1, lesson))).value for v in (ada, grace)}
    assert theirs["ada"] != theirs["grace"]
    roster = ["ada", "grace", "linus"]
    assert grade(check_tree_value, theirs["ada"], 1, lesson, variant=ada, others=roster)
    copied = grade(check_tree_value, theirs["grace"], 1, lesson, variant=ada, others=roster)
    assert not copied and "FLAGGED" in copied.message and grace.code in copied.message
    from_lesson = grade(check_tree_value, 5, 1, lesson, variant=ada, others=roster)
    assert not from_lesson and "the lesson's own tree" in from_lesson.message
    honest_slip = grade(check_tree_value, 1000, 1, lesson, variant=ada, others=roster)
    assert not honest_slip and "FLAGGED" not in honest_slip.message and "Not yet" in honest_slip.message


def test_a_set_answer_from_another_variant_is_flagged_and_a_move_only_against_the_lesson():
    lesson = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    ada, grace = Variant(COURSE_ID, "02", "ada"), Variant(COURSE_ID, "02", "grace")
    skipped = {v.student: _skipped(tree(v.tree(1, lesson, kind="set")))[0] for v in (ada, grace)}
    assert grade(check_skipped_leaves, skipped["ada"], 1, lesson, variant=ada, others=["grace"], kind="set")
    copied = grade(check_skipped_leaves, skipped["grace"], 1, lesson, variant=ada, others=["grace"], kind="set")
    assert not copied and grace.code in copied.message
    move = grade(check_tree_move, 0, 1, lesson, variant=ada, others=["grace"], kind="move")
    assert not move and "the lesson's own tree" in move.message and grace.code not in move.message


def test_without_a_student_id_the_variant_cell_says_how_to_give_one(monkeypatch):
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.delenv("NBGRADER_STUDENT_ID", raising=False)
    with pytest.raises(NoStudentId, match="JUPYTERHUB_USER"):
        Variant(COURSE_ID, "01")
    with pytest.raises(ValueError, match="kind"):
        draw_tree([[1, 2], [3]], 1, kind="colour")


# -- the hidden test, run as the grader runs it -------------------------------------------------------

def graded_source(notebook, grade_id: str, student: str, others=(), seeds=(11,)) -> str:
    """A test cell as nbgrader's autograde runs it, after tools/nbgrader_hooks.py wrote in the grader's facts."""
    written = {"student": student, "others": list(others), "seeds": list(seeds)}
    return cell(notebook, grade_id).source.replace(hooks.FACTS, f"_GRADER = {written!r}")


def run_test(source: str, **answers) -> None:
    exec(compile(source, "<test cell>", "exec"), {"display": lambda _: None, **answers})


def test_the_hidden_test_grades_the_students_own_tree(built):
    notebook = built["01"]
    lesson = [[4, 8, 3], [1, 7, 2], [6, 5, 9]]
    ada = minimax(tree(Variant(COURSE_ID, "01_minimax_by_hand", "ada").tree(1, lesson))).value
    grace = minimax(tree(Variant(COURSE_ID, "01_minimax_by_hand", "grace").tree(1, lesson))).value
    run_test(graded_source(notebook, "test-1", "ada", ["grace"]), answer1=ada)
    with pytest.raises(AssertionError, match="FLAGGED: your answer is right for another student's variant"):
        run_test(graded_source(notebook, "test-1", "ada", ["grace"]), answer1=grace)
    with pytest.raises(AssertionError, match="the lesson's own tree"):
        run_test(graded_source(notebook, "test-1", "ada", ["grace"]), answer1=5)


def test_graded_without_the_courses_hooks_it_fails_and_says_why_validated_it_runs(built, monkeypatch):
    notebook = built["01"]
    lesson = [[4, 8, 3], [1, 7, 2], [6, 5, 9]]
    ada = minimax(tree(Variant(COURSE_ID, "01_minimax_by_hand", "ada").tree(1, lesson))).value
    monkeypatch.setenv("JUPYTERHUB_USER", "ada")
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    with pytest.raises(AssertionError, match="nbgrader_config.py"):
        run_test(cell(notebook, "test-1").source, answer1=ada)
    monkeypatch.setenv("NBGRADER_EXECUTION", "validate")     # the instructor's `nbgrader validate` of source/
    run_test(cell(notebook, "test-1").source, answer1=ada)
    with pytest.raises(AssertionError, match="Not yet"):
        run_test(cell(notebook, "test-1").source, answer1=ada + 1000)


def test_the_instructors_answers_are_right_for_every_student(built, monkeypatch):
    for number, notebook in built.items():
        for student in ("ada", "grace", "学生"):
            space = {"display": lambda _: None, **trees_of_any(notebook, student, monkeypatch)}
            setup = [c for c in notebook.cells if c.cell_type == "code" and c.source.startswith("# What the")]
            for code in setup:
                exec(code.source, space)
            for varied in assignments.variations(assignments.exercises(
                    nbformat.read(assignments.lesson(number), as_version=4))):
                exec(cell(notebook, f"answer-{varied}").source.split("### BEGIN SOLUTION")[1], space)
                run_test(graded_source(notebook, f"test-{varied}", student), **space)


def test_hidden_cases_are_seeded_from_the_course_secret_not_the_notebook(built, tmp_path):
    source = cell(built["01"], "test-4").source            # my_minimax: a function, graded on hidden cases
    assert "_GRADER['seeds'][0]" in source and not re.search(r"seed=\d", source)   # a share of groups: partial
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir(), two.mkdir()
    a, b = hooks.course_secret(one), hooks.course_secret(two)
    assert a == hooks.course_secret(one) and a != b and (one / hooks.SECRET).stat().st_mode & 0o077 == 0
    assert hooks.hidden_seeds(a, "01", "test-4") == hooks.hidden_seeds(a, "01", "test-4")
    assert hooks.hidden_seeds(a, "01", "test-4") != hooks.hidden_seeds(b, "01", "test-4")
    assert hooks.hidden_seeds(a, "01", "test-4") != hooks.hidden_seeds(a, "02", "test-4")


def test_the_grader_writes_in_the_student_the_others_and_the_seeds(built, tmp_path):
    notebook = nbformat.from_dict(nbformat.v4.new_notebook(cells=[c for c in built["01"].cells]))
    for student in ("ada", "grace", "linus"):
        (tmp_path / "submitted" / student / "01_minimax_by_hand").mkdir(parents=True)
    resources = {"nbgrader": {"student": "ada", "assignment": "01_minimax_by_hand", "notebook": "x",
                              "db_url": f"sqlite:///{tmp_path / 'gradebook.db'}"}}
    done, _ = hooks.GraderFacts().preprocess(notebook, resources)
    assert "student='ada')" in cell(done, "variant").source
    seeds = hooks.hidden_seeds(hooks.course_secret(tmp_path), "01_minimax_by_hand", "test-4")
    assert f"'others': ['grace', 'linus'], 'seeds': {seeds!r}" in cell(done, "test-4").source
    assert hooks.FACTS not in "".join(c.source for c in done.cells)


def test_feedback_shows_the_verdict_and_hint_never_the_hidden_source_or_seeds(built):
    notebook = nbformat.from_dict(nbformat.v4.new_notebook(cells=[c for c in built["01"].cells]))
    test = cell(notebook, "test-4")
    test.source = test.source.replace(hooks.FACTS, "_GRADER = {'student': 'ada', 'others': [], 'seeds': [424242]}")
    test.outputs = [nbformat.v4.new_output("error", ename="AssertionError",
                                           evalue="hidden cases: Not yet: your function returned 3 on a tree",
                                           traceback=["Traceback", "_must_pass(core, check(seed=424242))"])]
    done, _ = hooks.HideHiddenTests().preprocess(notebook, {})
    text = nbformat.writes(done)
    assert "424242" not in text and "BEGIN HIDDEN" not in text and "_fresh" not in text
    assert cell(done, "test-4").outputs[0]["traceback"] == [
        "AssertionError: hidden cases: Not yet: your function returned 3 on a tree"]
    assert "check_minimax(my_minimax)" in cell(done, "test-4").source        # the visible check stays


def test_a_students_trees_stay_the_same_from_one_version_to_the_next():
    """A course's students fetch the release, the grader draws their trees again later, maybe after an update of
    the package: a change to how trees are drawn changes every student's variant in the middle of a term. If
    this fails on purpose, say so in the changelog (courses must not update between release and grading)."""
    ada = Variant("cs-4100-2026", "01_minimax_by_hand", "ada")
    assert ada.code == "1d790d"
    assert ada.tree(1, [[4, 8, 3], [1, 7, 2], [6, 5, 9]]) == [[2, 17, 33], [32, 4, 37], [3, 11, 35]]
    assert ada.tree(2, [3, 5, 2, 9, 12, 5, 23, 2], root_player="MIN", branching=2) == [13, 2, 1, 22, 32, 12, 31, 21]


# -- exercises on a position or on numbers (lessons 3-5): variants.INSTANCES -------------------------------

# The varied exercises of each lesson, with the names the variant cell gives their instances (a name the lesson
# gives the instance, payoffs4, stays its name).
INSTANCE_LESSONS = {"02": {2: ("leaves_2",), 3: ("leaves_3",)},
                    "03": {1: ("board_1",), 2: ("board_2",), 3: ("cells_3",), 4: ("board_4",)},
                    "04": {1: ("board_1",), 3: ("board_3",), 4: ("start_4", "marks_4")},
                    "05": {1: ("opening_1", "plies_1"), 2: ("H2",)},
                    "07": {1: ("b_1", "d_1"), 3: ("b_3", "budget_3")},
                    "08": {2: ("scout_2",), 3: ("scout_3",)},
                    "11": {2: ("exercise_tree",), 4: ("payoffs4",)}}


@pytest.fixture(scope="module")
def built_instances(built):
    """Lessons 2, 3, 4, 5, 7, 8 and 11 as assignments (the instructor's versions, without nbgrader: quick)."""
    return {n: built[n] if n in built else assignments.assignment(assignments.lesson(n), course_id=COURSE_ID)
            for n in INSTANCE_LESSONS}


@functools.cache
def varied_of(number: str) -> dict:
    return assignments.variations(assignments.exercises(nbformat.read(assignments.lesson(number), as_version=4)))


@functools.cache         # a pure computation, asked again for the same student by several tests
def right_answer(number: str, exercise: int, student: str):
    """The student's right answer, by the instance's own computation (variants.INSTANCES)."""
    v = varied_of(number)[exercise]
    mine = Variant(COURSE_ID, assignments.lesson(number).stem, student)
    return INSTANCES[v["instance"]].answer(instance_of(v["instance"], v["lesson"], v["fixed"], mine.seed(exercise)),
                                           v["fixed"])


@functools.cache         # the lesson's code run once an exercise, however many tests grade its answer
def lesson_answer(number: str, exercise: int):
    """The lesson's worked answer, run as the lesson runs it."""
    found = assignments.exercises(nbformat.read(assignments.lesson(number), as_version=4))
    space: dict = {"display": lambda _: None}
    for code in assignments.needed_code(
            [c for c in nbformat.read(assignments.lesson(number), as_version=4).cells if c.cell_type == "code" and
             not {"install", "predict", "exercise", "check"} & set(assignments.lessons.tags(c))],
            assignments._names(ast.parse(found[exercise - 1]["answer"]))[1]):
        exec(code, space)
    used = assignments._names(ast.parse(found[exercise - 1]["answer"]))[1]
    for earlier in found[:exercise - 1]:        # an earlier exercise's answer it uses (7 ex 3 uses ex 2's proofs)
        if assignments._names(ast.parse(earlier["answer"]))[0] & used:
            exec(earlier["answer"], space)
    exec(found[exercise - 1]["answer"], space)
    return space[varied_of(number)[exercise]["answer"]]


def solved(notebook, exercise: int, student: str, monkeypatch):
    """The instructor's answer for ``student`` (the variant cell, the set-up, the solution)."""
    space = {"display": lambda _: None, **trees_of_any(notebook, student, monkeypatch)}
    for c in notebook.cells:
        if c.cell_type == "code" and c.source.startswith("# What the"):
            exec(c.source, space)
    exec(cell(notebook, f"answer-{exercise}").source.split("### BEGIN SOLUTION")[1], space)
    return space[varied_answer_name(notebook, exercise)]


def test_the_position_and_number_exercises_are_varied_and_named(built_instances, monkeypatch):
    for number, names in INSTANCE_LESSONS.items():
        varied = {n: v for n, v in varied_of(number).items() if "instance" in v}     # (2 ex 1: a tree)
        assert set(varied) == set(names)      # the others are functions, or not varied (variants' docstring says why)
        notebook = built_instances[number]
        setup = "".join(c.source for c in notebook.cells if c.source.startswith("# What the"))
        for exercise, shown in names.items():
            statement = notebook.cells[[i for i, c in enumerate(notebook.cells)
                                        if c.metadata.get("nbgrader", {}).get("grade_id") == f"answer-{exercise}"][0]
                                       - 1].source
            for name in shown:
                assert f"`{name}`" in statement, (number, exercise)
                assert f"{name} = " not in setup          # the variant cell sets it, nothing after it
            for value in varied[exercise]["lesson"].values():
                if isinstance(value, str) and value:      # the lesson's board is not asked about (5 ex 1: no opening)
                    assert value not in statement, (number, exercise)
            visible = cell(notebook, f"test-{exercise}").source.split("### BEGIN HIDDEN TESTS")[0]
            assert "check_answer_form" in visible and varied[exercise]["check"] not in visible
        ada = {k for k in trees_of_any(notebook, "ada", monkeypatch) if not k.startswith("tree_")}
        assert ada == {name for shown in names.values() for name in shown}


def trees_of_any(notebook, student, monkeypatch) -> dict:
    """Every name the variant cell gives a student."""
    monkeypatch.setenv("JUPYTERHUB_USER", student)
    monkeypatch.delenv("NBGRADER_STUDENT_ID", raising=False)
    space: dict = {}
    exec(cell(notebook, "variant").source, space)
    return {k: v for k, v in space.items() if not k.startswith("_") and k not in ("Variant", "variant")}


def as_written(value):
    """A release's instance as the student reads it (a chance tree as its spec)."""
    return value.to_list() if hasattr(value, "to_list") else value


def test_students_get_other_instances_as_hard_as_the_lessons_with_other_answers(built_instances, monkeypatch):
    from adversarial import minimax as search
    from adversarial.games.tictactoe import TicTacToe
    roster = ["ada", "grace", "linus", "mary", "alan", "学生", "edsger", "barbara"]
    releases = {s: {n: trees_of_any(nb, s, monkeypatch) for n, nb in built_instances.items()} for s in roster}
    for number, names in INSTANCE_LESSONS.items():
        for exercise, shown in names.items():
            v = varied_of(number)[exercise]
            lesson = INSTANCES[v["instance"]].answer(v["lesson"], v["fixed"])     # the right answer on the lesson's
            drawn = [tuple(as_written(releases[s][number][name]) for name in shown) for s in roster]
            # at least three instances among eight students (a board size, a count of marks or moves: a few only)
            assert len({repr(d) for d in drawn}) >= 3, (number, exercise, drawn)
            for student in roster:
                assert right_answer(number, exercise, student) != lesson
            if v["check"] in ("check_board_value", "check_optimal_moves"):
                aware = v["fixed"].get("depth_aware", False)
                game = TicTacToe(depth_aware=aware)
                start = game.board(v["lesson"]["board"])
                for (board,) in drawn:
                    b = game.board(board)
                    assert not game.is_terminal(b) and not any(game.result(b, m).winner for m in game.actions(b))
                    if not aware:
                        assert len(b.empty) == len(start.empty)        # as many marks: the same depth to search
                    if v["check"] == "check_board_value":
                        assert search(game, b).value != search(game, start).value
    assert releases["ada"] != releases["grace"]


def run_hidden(notebook, exercise: int, student: str, answer, others=(), seeds=(11,)) -> str | None:
    """The hidden test of ``exercise`` for ``student`` on ``answer``: None when it passes, else its message."""
    name = varied_answer_name(notebook, exercise)
    try:
        run_test(graded_source(notebook, f"test-{exercise}", student, others, seeds), **{name: answer})
    except AssertionError as error:
        return str(error)
    return None


def varied_answer_name(notebook, exercise: int) -> str:
    return re.search(r"^(\w+) = (?:lambda \w+: )?\.\.\.", cell(notebook, f"answer-{exercise}").source, re.M).group(1)


def test_the_instructors_answers_are_right_for_each_student_and_the_lessons_answer_is_flagged(built_instances,
                                                                                              monkeypatch):
    for number, names in INSTANCE_LESSONS.items():
        notebook = built_instances[number]
        setup = [c.source for c in notebook.cells if c.cell_type == "code" and c.source.startswith("# What the")]
        for student in ("ada", "学生"):
            space = {"display": lambda _: None, **trees_of_any(notebook, student, monkeypatch)}
            for code in setup:
                exec(code, space)
            for exercise in names:
                exec(cell(notebook, f"answer-{exercise}").source.split("### BEGIN SOLUTION")[1], space)
                answer = space[varied_answer_name(notebook, exercise)]
                if INSTANCES[varied_of(number)[exercise]["instance"]].kind not in ("rule", "answer"):
                    assert same(answer, right_answer(number, exercise, student))      # (a float: to rounding)
                assert run_hidden(notebook, exercise, student, answer, ["grace"]) is None
                if student != "ada":
                    continue
                said = run_hidden(notebook, exercise, student, lesson_answer(number, exercise), ["grace"])
                assert said and "FLAGGED: your answer is right for the lesson's own" in said, (number, exercise)
                assert "another student's" not in said
                # The same verdict on every seed: the hidden seeds (drawn from the course's secret) are for functions'
                # cases; the instance comes from the course, the assignment and the student alone.
                assert "_GRADER['seeds']" not in cell(notebook, f"test-{exercise}").source
        assert run_hidden(notebook, min(names), "ada", lesson_answer(number, min(names)), ["grace"], (977_001,)) == \
            run_hidden(notebook, min(names), "ada", lesson_answer(number, min(names)), ["grace"], (11,))


def test_an_answer_to_another_students_instance_is_flagged_where_answers_are_many(built_instances, monkeypatch):
    roster = ["grace", "linus", "mary", "alan", "edsger", "barbara"]
    for number, names in INSTANCE_LESSONS.items():
        notebook = built_instances[number]
        for exercise in names:
            v = varied_of(number)[exercise]
            mine = right_answer(number, exercise, "ada")
            other = next((s for s in roster if right_answer(number, exercise, s) != mine), None)
            if other is None:       # few answers (8 ex 2's quiet orders): these students all share ada's
                assert not INSTANCES[v["instance"]].others and (number, exercise) != ("03", 4)
                continue
            said = run_hidden(notebook, exercise, "ada", solved(notebook, exercise, other, monkeypatch), roster)
            assert said and "Not yet" in said
            code = Variant(COURSE_ID, assignments.lesson(number).stem, other).code
            if INSTANCES[v["instance"]].others:
                assert "another student's variant" in said and code in said, (number, exercise, said)
            else:       # a value of -1, 0 or 1, a small count: right for many students by chance, never flagged
                assert "FLAGGED" not in said, (number, exercise, said)


def test_the_checks_grade_an_instance_of_their_exercise_and_name_its_slips():
    import math

    from adversarial.exercises import (
        check_positions_up_to_symmetry,
        check_reverse_order_nodes,
        check_symmetric_first_moves,
        check_tree_size_without_wins,
    )
    from adversarial.games.tictactoe import TicTacToe, reachable_positions
    game = TicTacToe()
    assert check_tree_size_without_wins(sum(math.perm(7, k) for k in range(8)), cells=7)
    assert "full boards" in check_tree_size_without_wins(math.factorial(7), cells=7).message
    assert not check_tree_size_without_wins(986410, cells=7)
    board = "X../.O./..."
    reverse = lambda b, moves: sorted(moves, key=[4, 0, 2, 6, 8, 1, 3, 5, 7].index, reverse=True)   # noqa: E731
    from adversarial import alphabeta
    assert check_reverse_order_nodes(alphabeta(game, game.board(board), order=reverse).stats.nodes, board=board)
    lesson_count = alphabeta(game, order=reverse).stats.nodes
    assert "from the empty board" in check_reverse_order_nodes(lesson_count, board=board).message
    assert check_reverse_order_nodes(lesson_count)
    assert check_symmetric_first_moves(5, board="X........") and check_symmetric_first_moves(2, board="....X....")
    assert "every empty cell" in check_symmetric_first_moves(8, board="X........").message
    with_three = [b for b in reachable_positions(game) if len(b.empty) == 6]
    assert check_positions_up_to_symmetry(len({game.canonical(b) for b in with_three}), marks=3)
    assert "every reachable position with 3" in check_positions_up_to_symmetry(len(with_three), marks=3).message
    assert not check_positions_up_to_symmetry(765, marks=3) and check_positions_up_to_symmetry(765)


def test_an_instance_the_lesson_no_longer_shows_stops_the_build_with_why():
    how = INSTANCES["check_tree_size_without_wins"]
    with pytest.raises(ValueError, match="the lesson changed"):
        how.statement("How many nodes would a tree of nine cells have?", {"cells": "cells_3"}, {"cells": 9}, {})
    with pytest.raises(ValueError, match="is not varied"):
        instance_of("check_minimax", {}, {}, 1)


def test_lesson_2s_window_rules_are_each_students_own_tree_graded_by_the_lessons_check():
    """2 ex 2 and 3: the check takes the student's MAX leaves (default: the lesson's 5, 7, 0, whose verdicts stay
    the lesson's); a student's rule is right on their tree, the lesson's rule and another student's are not."""
    from adversarial.exercises import check_window_rule
    from adversarial.exercises.handwork import window_candidates
    assert window_candidates() == [v / 2 for v in range(-4, 31)]           # the lesson's -2 to 15, unchanged
    assert check_window_rule(lambda x: 5 < x <= 7) and check_window_rule(lambda x: 5 <= x < 7, prune_on_equal=False)
    lesson = {"leaves": (5, 7, 0)}
    for fixed, right in (({}, lambda a, b: lambda x: a < x <= b),
                         ({"prune_on_equal": False}, lambda a, b: lambda x: a <= x < b)):
        drawn = {s: instance_of("check_window_rule", lesson, fixed, Variant(COURSE_ID, "02", s).seed(2))["leaves"]
                 for s in ("ada", "grace", "linus", "学生")}
        assert len(set(drawn.values())) == 4 and (5, 7, 0) not in drawn.values()
        for first, second, rest in drawn.values():
            assert rest < first < second                          # as in the lesson: an interval between two leaves
            mine = check_window_rule(right(first, second), leaves=(first, second, rest), **fixed)
            assert mine, mine.message
            said = check_window_rule(right(5, 7), leaves=(first, second, rest), **fixed)
            assert not said and "Not yet" in said.message
        ada = Variant(COURSE_ID, "02", "ada")
        graded = grade_instance(check_window_rule, right(5, 7), 2, "check_window_rule", lesson, variant=ada,
                                others=["grace"], **fixed)
        assert "FLAGGED: your answer is right for the lesson's own tree" in graded.message
        graded = grade_instance(check_window_rule, right(*drawn["grace"][:2]), 2, "check_window_rule", lesson,
                                variant=ada, others=["grace", "linus"], **fixed)
        assert not graded and Variant(COURSE_ID, "02", "grace").code in graded.message
        assert grade_instance(check_window_rule, right(*drawn["ada"][:2]), 2, "check_window_rule", lesson,
                              variant=ada, others=["grace"], **fixed)
    with pytest.raises(ValueError, match="three whole-number leaves"):
        check_window_rule(lambda x: True, leaves=(5, 7))


def test_lesson_3_ex_4s_variants_have_both_values_as_hard_as_the_lessons_and_no_third_is():
    """With depth in the score, a win in the lesson's three more moves on a board of 5 or 6 marks is worth -2 or 1;
    every variant is one of them (not only -2, as before), and every position as hard as the lesson's is worth 3
    (the lesson's 4 marks), -2 or 1: no other value of the same difficulty exists."""
    from adversarial.games.tictactoe import TicTacToe, reachable_positions
    how, v = INSTANCES["check_board_value"], varied_of("03")[4]
    hardness = how.hardness(v["lesson"], v["fixed"])
    boards = {s: instance_of("check_board_value", v["lesson"], v["fixed"], Variant(COURSE_ID, "03", s).seed(4))
              for s in ("ada", "grace", "linus", "mary", "alan", "学生", "edsger", "barbara")}
    values = {s: how.answer(b, v["fixed"]) for s, b in boards.items()}
    assert set(values.values()) == {-2, 1}
    assert all(how.hardness(b, v["fixed"]) == hardness for b in boards.values())
    game = TicTacToe()
    alike = {how.answer({"board": board}, v["fixed"])
             for b in reachable_positions(game) if not game.is_terminal(b)
             for board in ["/".join(b.cells[i:i + 3] for i in (0, 3, 6))]
             if how.hardness({"board": board}, v["fixed"]) == hardness}
    assert alike == {3, -2, 1}


def test_the_small_spaces_are_as_large_as_their_difficulty_allows():
    """Among 100 students of one course, the exercises whose instance is a number or two, or a board after a few
    moves, get as many distinct instances as they can at the lesson's difficulty (benchmarks/bench_variant_spaces.py
    measures the share of pairs alike for 200); before, 3 ex 3 and 4 ex 4 had 7 at most, 4 ex 3 33, 7 ex 1 29."""
    at_least = {("03", 3): 24, ("04", 3): 40, ("04", 4): 60, ("05", 1): 60, ("07", 1): 40, ("07", 3): 50}
    for (number, exercise), wanted in at_least.items():
        v = varied_of(number)[exercise]
        stem = assignments.lesson(number).stem
        drawn = {repr(sorted(instance_of(v["instance"], v["lesson"], v["fixed"],
                                         Variant(COURSE_ID, stem, f"student-{i}").seed(exercise), v["known"]).items()))
                 for i in range(100)}
        assert len(drawn) >= wanted, (number, exercise, len(drawn))


def test_lesson_5s_horizon_traps_are_the_lessons_kind_with_another_answer():
    """5 ex 2: every kept position (variants.HORIZON_TRAPS, found once by benchmarks/bench_variant_spaces.py
    --traps) is a trap like the lesson's H2 (X to move, the depth-3 search sees no win or loss, its move loses in 3
    or 7 moves, not the lesson's 5, while another move holds for 7: checked on every fifth, the search checked
    each); a student's is graded on its own trap move."""
    from adversarial import alphabeta
    from adversarial.exercises import check_moves_to_loss
    from adversarial.exercises.connectfour import _GAME as game
    from adversarial.exercises.connectfour import moves_to_loss, open_windows
    from adversarial.exercises.variants import HORIZON_TRAPS

    def holds(position) -> bool:        # no loss proved within 7 moves (deepening: a losing move fails early)
        return all(alphabeta(game, position, depth=d, evaluate=open_windows).value > -1 for d in (1, 3, 5, 7))

    assert len(set(HORIZON_TRAPS)) == len(HORIZON_TRAPS) >= 20
    for index, moves in enumerate(HORIZON_TRAPS):
        start = game.play(moves)
        seen = alphabeta(game, start, depth=3, evaluate=open_windows)
        assert len(moves) in (22, 24, 26) and game.to_move(start) == "MAX" and abs(seen.value) < 1, moves
        assert moves_to_loss(moves, seen.move) in (3, 7), moves
        if index % 5 == 0:      # another move holds: every fifth (the search checked each; 5 s for all 30)
            assert any(holds(game.result(start, m)) for m in game.actions(start) if m != seen.move), moves
    v = varied_of("05")[2]
    drawn = {s: instance_of("check_moves_to_loss", v["lesson"], v["fixed"], Variant(COURSE_ID, "05", s).seed(2),
                            v["known"])["moves"] for s in ("ada", "grace", "linus", "学生")}
    assert len(set(drawn.values())) >= 3 and v["lesson"]["moves"] not in drawn.values()
    for moves in drawn.values():
        trap = alphabeta(game, game.play(moves), depth=3, evaluate=open_windows).move
        assert check_moves_to_loss(moves_to_loss(moves, trap), moves, trap)
        assert not check_moves_to_loss(5, moves, trap)          # the lesson's answer


def test_a_students_instances_stay_the_same_from_one_version_to_the_next():
    """As for the trees above: a change to how an instance is drawn changes every student's variant in the middle of
    a term (say so in the changelog). The lesson's facts written in by the build (``known``) change nothing."""
    ada = Variant("cs-4100-2026", "03_tictactoe_minimax", "ada")
    assert ada.instance(1, "check_board_value", {"board": "X../X../OO."}) == ".XO/X.O/..."
    assert ada.instance(1, "check_board_value", {"board": "X../X../OO."}, known=((4, False, 1), -1)) == ".XO/X.O/..."
    assert Variant("cs-4100-2026", "07_move_ordering", "ada").instance(1, "check_two_proofs", {"b": 9, "d": 5}) == \
        (20, 7)


def test_lesson_5s_openings_fill_a_column_and_change_the_count():
    """5 ex 1: a short opening whose columns cannot fill gives the empty board's count (so the drawn opening has a
    column that fills on the way); the check counts from the opening and names the empty board's count."""
    from adversarial.exercises import check_positions_after
    from adversarial.exercises.connectfour import _GAME as game
    from adversarial.exercises.connectfour import positions_after
    assert {positions_after(3, opening) for opening in ("1", "4", "27", "444")} == {positions_after(3)}
    v = varied_of("05")[1]
    for student in ("ada", "grace", "学生"):
        drawn = instance_of("check_positions_after", v["lesson"], v["fixed"],
                            Variant(COURSE_ID, "05", student).seed(1), v["known"])
        opening, plies = drawn["opening"], drawn["plies"]
        assert 7 - plies <= max(opening.count(c) for c in set(opening)) <= 5     # a column fills on the way
        level = {game.play(opening)}
        for _ in range(plies):
            level = {game.result(s, m) for s in level for m in game.actions(s)}
        assert not any(game.is_terminal(s) for s in level)                         # no game ends, as in the lesson
        assert check_positions_after(len(level), plies, opening) and len(level) != positions_after(plies)
        said = check_positions_after(positions_after(plies), plies, opening)
        assert not said and "start from the position after the opening" in said.message
        assert str(len(level)) not in said.message


def test_lesson_4s_positions_from_a_board_are_counted_by_the_lessons_code():
    """4 ex 4: the positions with k marks reachable from a board after one or two moves, up to symmetry, counted
    with the lesson's code started from the board; some of them are alike (as in the lesson), and the count from
    the empty board is named as such."""
    from adversarial.exercises import check_positions_up_to_symmetry
    from adversarial.games.tictactoe import TicTacToe, reachable_positions
    game = TicTacToe()
    v = varied_of("04")[4]
    for student in ("ada", "grace", "学生"):
        drawn = instance_of("check_positions_up_to_symmetry", v["lesson"], v["fixed"],
                            Variant(COURSE_ID, "04", student).seed(4), v["known"])
        start, marks = drawn["start"], drawn["marks"]
        begin = game.board(start)
        assert 1 <= 9 - len(begin.empty) < marks <= 9
        reached = reachable_positions(game, start)
        assert begin in reached and all(b.cells[i] == begin.cells[i] for b in reached for i in range(9)
                                        if begin.cells[i] != ".")
        with_marks = [b for b in reached if 9 - len(b.empty) == marks]
        count = len({game.canonical(b) for b in with_marks})
        assert count < len(with_marks)                                    # some are alike: symmetry matters
        assert check_positions_up_to_symmetry(count, marks, start)
        assert not check_positions_up_to_symmetry(765, marks, start)      # the lesson's answer
        empty = len({game.canonical(b) for b in reachable_positions(game) if 9 - len(b.empty) == marks})
        said = check_positions_up_to_symmetry(empty, marks, start)
        if empty != count:
            assert not said and "start from" in said.message and str(count) not in said.message


def test_the_enlarged_spaces_stay_the_same_from_one_version_to_the_next():
    """4 ex 4 and 5 ex 1 as drawn since r7-spaces (a board and marks; an opening and moves): as above, a change
    changes every student's variant in the middle of a term."""
    assert Variant("cs-4100-2026", "04_alphabeta_tictactoe", "ada").instance(
        4, "check_positions_up_to_symmetry", {"start": None, "marks": None}) == ("..X/.../...", 7)
    assert Variant("cs-4100-2026", "05_depth_limits_evaluation", "ada").instance(
        1, "check_positions_after", {"opening": "", "plies": 6}) == ("11111", 3)
