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


def _bad_metadata_notebook():
    """A notebook whose second cell's nbgrader metadata breaks nbgrader's schema (points a string)."""
    import nbformat
    good = nbformat.v4.new_code_cell("x = 1")
    good.metadata["nbgrader"] = {"grade": True, "solution": False, "locked": True, "grade_id": "test-1",
                                 "points": 2, "schema_version": 3}
    bad = nbformat.v4.new_code_cell("y = 2")
    bad.metadata["nbgrader"] = {"grade": True, "solution": False, "locked": True, "grade_id": "test-2",
                                "points": "all of them", "schema_version": 3}
    return nbformat.v4.new_notebook(cells=[good, bad])


def test_nbgraders_schema_is_checked_once_and_bad_metadata_is_still_refused(tmp_path, monkeypatch):
    """The course's config makes nbgrader's cell-metadata check check nbgrader's schema once, not once a cell
    (tools/grading_preprocessors.py's quicker_nbgrader): every cell is still validated, and a hand-in whose
    metadata breaks the schema is refused by nbgrader's own CheckCellMetadata, with jsonschema's own error."""
    pytest.importorskip("nbgrader", reason="graded assignments need nbgrader (make setup installs it)")
    import copy

    import jsonschema
    from nbgrader.nbgraderformat import MetadataValidator, ValidationError, common
    from nbgrader.preprocessors import CheckCellMetadata
    assignments = _tool("assignments")
    assignments.prepare(tmp_path / "course")
    assignments.api(tmp_path / "course")          # loads the course's config, which installs it
    assert type(common.jsonschema).__name__ == "SchemaCheckedOnce"
    notebook = _bad_metadata_notebook()
    with pytest.raises(jsonschema.ValidationError) as plain:     # what jsonschema itself says of that cell
        jsonschema.validate(notebook.cells[1].metadata["nbgrader"], MetadataValidator().schema)
    with pytest.raises(ValidationError) as refused:
        CheckCellMetadata().preprocess(copy.deepcopy(notebook), {})
    assert "metadata may be corrupted" in str(refused.value)
    with pytest.raises(jsonschema.ValidationError) as error:
        MetadataValidator().validate_nb(copy.deepcopy(notebook))
    assert error.value.message == plain.value.message == "'all of them' is not of type 'number'"
    # the good cells of many notebooks pass, and the schema is checked no more than once for them all
    checked = []
    kind = jsonschema.validators.validator_for(MetadataValidator().schema)
    monkeypatch.setattr(kind, "check_schema", classmethod(lambda cls, schema: checked.append(schema)))
    common.jsonschema._validators.clear()
    fine = copy.deepcopy(notebook)
    fine.cells[1].metadata["nbgrader"]["points"] = 1
    for _ in range(5):
        MetadataValidator().validate_nb(copy.deepcopy(fine))
    assert len(checked) == 1
    # a schema that is itself broken is still refused, as jsonschema.validate refuses it
    monkeypatch.undo()
    with pytest.raises(jsonschema.SchemaError):
        common.jsonschema.validate({}, {"type": "no such type"})


def test_quicker_nbgrader_is_refused_on_a_version_it_was_not_read_against(monkeypatch):
    pytest.importorskip("nbgrader", reason="graded assignments need nbgrader (make setup installs it)")
    import nbgrader
    monkeypatch.setattr(nbgrader, "__version__", "0.10.0")
    with pytest.raises(RuntimeError, match=r"nbgrader 0\.10\.0: .*written for nbgrader 0\.9\.6.*QUICKER_FOR"):
        _tool("grading_preprocessors").quicker_nbgrader()


def test_the_gradebook_opens_one_engine_a_database_and_still_reads_what_another_process_wrote(tmp_path):
    """nbgrader's Gradebook, opened many times in a process, shares one SQLAlchemy engine (quicker_nbgrader), and
    still sees what another process committed since (the grading workers share one gradebook file)."""
    pytest.importorskip("nbgrader", reason="graded assignments need nbgrader (make setup installs it)")
    import subprocess
    import sys

    from nbgrader.api import Gradebook
    _tool("grading_preprocessors").quicker_nbgrader()
    url = f"sqlite:///{tmp_path / 'gradebook.db'}"
    with Gradebook(url) as first:
        first.update_or_create_student("alice")
        engine = first.engine
    add = f"from nbgrader.api import Gradebook\nwith Gradebook({url!r}) as g:\n    g.update_or_create_student('bob')\n"
    subprocess.run([sys.executable, "-c", add], check=True)
    with Gradebook(url) as second:
        assert second.engine is engine
        assert sorted(s.id for s in second.students) == ["alice", "bob"]
