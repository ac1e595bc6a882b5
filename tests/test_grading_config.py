"""The course's nbgrader_config.py (tools/assignments.py writes it on every build) carries the build's settings,
so that the formgrader's autograde button grades as tools/grade.py does."""

from __future__ import annotations

import pytest

from tests.test_grading import _tool  # noqa: E402  (loads a file of tools/)


@pytest.mark.parametrize("late, score", [("zero", 5.0), ("none", 0.0)])
def test_the_builds_late_penalty_is_in_the_courses_config(tmp_path, late, score):
    """``--late-penalty zero`` on the build (``make assignment LATE_PENALTY=zero``) reaches nbgrader's own late
    penalty through the course's config: a hand-in of 5 points handed in an hour late loses all 5 (``zero``), or
    nothing (the default, ``none``)."""
    pytest.importorskip("nbgrader", reason="graded assignments need nbgrader (make setup installs it)")
    from nbgrader.plugins import LateSubmissionPlugin
    assignments = _tool("assignments")
    course = tmp_path / "course"
    if late == "none":
        assignments.prepare(course)
    else:
        assignments.prepare(course, late=late)
    plugin = LateSubmissionPlugin(config=assignments.api(course).config)
    assert (plugin.late_submission_penalty("alice", 5.0, 3600) or 0.0) == score


def test_an_unknown_late_penalty_is_refused_naming_nbgraders_methods(tmp_path):
    pytest.importorskip("nbgrader", reason="graded assignments need nbgrader (make setup installs it)")
    with pytest.raises(SystemExit, match="late penalty 'half': use one of none, zero"):
        _tool("assignments").prepare(tmp_path / "course", late="half")
    assert not (tmp_path / "course" / "nbgrader_config.py").exists()


def test_the_kernel_and_the_grader_name_a_finished_test_alike():
    """The grading kernel runs from a private copy with no import of the grader's tools, so it keeps its own copy
    of the event a hidden test's last call raises: the two must agree, or every hidden test would score nothing."""
    assert _tool("grading_kernel").FINISHED == _tool("grading_preprocessors").FINISHED
