"""Partial credit (issue 41): a function whose check draws its cases earns a share of its points for the share
of the hidden cases it gets right, as nbgrader gives partial credit (a test cell whose result is a number).

Here, without a kernel: which tests share their points (tools/assignments.py's ``shared``), how the hidden part
counts and rounds (``_share``, run on the real checks), that nbgrader's own ``determine_grade`` reads the cell's
result as the points and a refusal still costs them all, and that the grader's step lets the visible check's
failure give way to the hidden cases. Graded for real: tests/test_grading_layouts.py's José hands in a minimax
that forgets a fifth child (:data:`FORGETS_A_FIFTH_CHILD`), graded by ``make grade``'s tools/grade.py and by
``nbgrader autograde`` (the formgrader's button), which must agree on the share.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbgrader")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import assignments  # noqa: E402
import nbgrader_hooks  # noqa: E402

# Right except at a node with five children, where it forgets the fifth: right on some random trees, not all.
FORGETS_A_FIFTH_CHILD = """\
def my_minimax(node, maximising=True):
    if not isinstance(node, list):
        return node
    values = [my_minimax(child, not maximising) for child in node]
    values = values[:4] if len(values) == 5 else values
    return max(values) if maximising else min(values)
"""
# tests/test_grading_layouts.py's course has this secret, on which FORGETS_A_FIFTH_CHILD gets a share (6 of 10
# groups right: 1 of 2 points), so its test is the same every run.
LAYOUTS_SECRET = "a secret for tests/test_grading_layouts.py 0"


def hidden() -> dict:
    space: dict = {}
    exec(assignments.FRESH_LOADER, space)
    return space


def share(check, source: str, name: str, seed: int, n: int, worth: float):
    """What the hidden part gives ``source``'s function ``name``: None (all the points) or a share; an
    AssertionError for none."""
    from adversarial.exercises import core
    space: dict = {}
    exec(source, space)
    return hidden()["_share"](core, lambda s, k: check(space[name], seed=s, n=k), seed, n, worth)


def expected_share(course: Path, assignment: str, test_id: str, source: str) -> float:
    """The points the hidden part of lesson 1's minimax test gives ``source`` in ``course`` (its secret's seed)."""
    from adversarial.exercises import check_minimax
    seed = nbgrader_hooks.hidden_seeds(nbgrader_hooks.course_secret(course), assignment, test_id)[0]
    got = share(check_minimax, source, "my_minimax", seed, 289, 2)
    return 2.0 if got is None else got


def test_a_share_is_rounded_down_to_quarters_and_all_the_points_need_every_group(capsys):
    from adversarial.exercises import check_minimax
    right = FORGETS_A_FIFTH_CHILD.replace("    values = values[:4] if len(values) == 5 else values\n", "")
    assert share(check_minimax, right, "my_minimax", 139323, 289, 2) is None
    capsys.readouterr()
    points = share(check_minimax, FORGETS_A_FIFTH_CHILD, "my_minimax", 139323, 289, 2)
    said = capsys.readouterr().out
    right_groups = int(said.split("right on ")[1].split(" of ")[0])
    assert 0 < right_groups < 10 and points == (right_groups * 4 // 10) / 4 * 2 and 0 < points < 2
    assert said.startswith("hidden cases: your function is right on ") and "[" not in said   # no case shown


def test_a_share_is_never_all_the_points_and_under_a_quarter_is_none():
    from adversarial.exercises import core
    space = hidden()
    for right, worth, points in ((9, 2, 1.5), (10, 2, None), (3, 2, 0.5), (5, 4, 2.0), (9, 4, 3.0)):
        verdicts = [core.Verdict(k < right, "x") for k in range(10)]
        calls = iter(verdicts)
        assert space["_share"](core, lambda s, n: next(calls), 5, 100, worth) == points, (right, worth)
    calls = iter([core.Verdict(k < 2, "x") for k in range(10)])
    with pytest.raises(AssertionError, match="hidden cases: Not yet: the visible check's verdict"):
        space["_share"](core, lambda s, n: next(calls), 5, 100, 2, core.Verdict(False, "Not yet: the visible check's "
                                                                                      "verdict"))
    calls = iter([core.Verdict(False, "x")] * 10)
    with pytest.raises(AssertionError, match="hidden cases: right on 0 of 10 groups of cases"):
        space["_share"](core, lambda s, n: next(calls), 5, 100, 2, core.Verdict(True, "✓"))
    assert core.naming()                    # put back after counting


def test_only_functions_whose_check_draws_its_cases_share_their_points():
    calls = lambda source: assignments.check_calls(source)      # noqa: E731
    assert assignments.shared(calls("verdict = check_pvs(my_pvs)"))["n"] == 240
    assert assignments.shared(calls("check_minimax(my_minimax)"))["module"] == "minimax"
    for all_or_nothing in ("check_pvs(my_pvs, seed=3)", "check_node_type(node_type)", "check_window_rule(rule2)",
                           "check_tree_value(answer1, [[3, 5], [2, 9]])", "check_pvs(a)\ncheck_pvs(b)"):
        assert assignments.shared(calls(all_or_nothing)) is None, all_or_nothing


def test_the_built_test_shares_and_the_grader_lets_the_visible_check_give_way(tmp_path):
    notebook = assignments.assignment(assignments.lesson("09"))
    tests = {c.metadata["nbgrader"]["grade_id"]: c.source for c in notebook.cells
             if c.metadata.get("nbgrader", {}).get("grade")}
    shared = {grade_id for grade_id, source in tests.items() if nbgrader_hooks.SHARE in source}
    assert shared == {"test-1", "test-2"}          # my_pvs and zobrist_place; node_type's cases are fixed
    assert "_share(core, lambda seed, n: engine.check_pvs(my_pvs, seed=seed, n=n)" in tests["test-1"]
    ast.parse(tests["test-1"])
    cell = nbformat.v4.new_code_cell(tests["test-1"])
    cell.metadata["nbgrader"] = {"grade": True, "locked": True, "grade_id": "test-1", "points": 2}
    facts = nbgrader_hooks.GraderFacts()
    nb = nbformat.v4.new_notebook(cells=[cell])
    resources = {"nbgrader": {"student": "s", "assignment": "09_engine_techniques",
                              "db_url": f"sqlite:///{tmp_path / 'gradebook.db'}"}}
    facts.config.CourseDirectory.root = str(tmp_path)
    facts.preprocess(nb, resources)
    assert nbgrader_hooks.SHARE not in nb.cells[0].source and nbgrader_hooks.SHARED in nb.cells[0].source


def test_nbgrader_reads_the_share_as_the_points_and_a_refusal_still_costs_them(tmp_path):
    from nbformat import NotebookNode
    from nbgrader.utils import determine_grade

    sys.path.insert(0, str(ROOT / "tools"))
    from grading_preprocessors import RefusalsCost
    cell = nbformat.v4.new_code_cell("...")
    cell.metadata["nbgrader"] = {"grade": True, "solution": False, "locked": True, "grade_id": "test-1",
                                 "points": 2}
    cell.outputs = [NotebookNode(output_type="stream", name="stdout", text="hidden cases: ...\n"),
                    NotebookNode(output_type="execute_result", execution_count=1, metadata={},
                                 data={"text/plain": "1.5"})]
    assert determine_grade(cell) == (1.5, 2.0)
    nb = nbformat.v4.new_notebook(cells=[cell])
    answer = nbformat.v4.new_code_cell("x = 1")
    answer.metadata["nbgrader"] = {"grade_id": "answer-1", "solution": True}
    nb.cells.insert(0, answer)
    refusals = tmp_path / "refused.txt"
    refusals.write_text(repr(("importing adversarial.exercises.engine", "x = 1")) + "\n")
    RefusalsCost().preprocess(nb, {"grading_refused": str(refusals)})
    assert determine_grade(nb.cells[1]) == (0, 2.0)
