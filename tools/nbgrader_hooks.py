"""nbgrader preprocessors of a course built by tools/assignments.py (its nbgrader_config.py names them).

- :class:`GraderFacts` (autograde, after nbgrader restores the locked cells and tests, before it runs them):
  lets a function test with partial credit go on to its hidden cases when the visible check fails (``SHARE``),
  and writes what only the grader knows into the hand-in's locked cells: the student's id (which chooses the
  student's variant; nbgrader's own, not anything the hand-in says), the other students' ids (to flag an
  answer that fits another variant), and the hidden cases' seeds, drawn from the course's secret
  (``COURSE/grading_secret``, written by the build, never in a notebook the students get). Because it is a
  preprocessor of nbgrader's autograde, the formgrader's button and ``tools/grade.py`` grade alike.
- :class:`HideHiddenTests` (generate_feedback): the feedback page shows each test's verdict and hint, never a
  hidden test's source, the seeds or a traceback (which would quote the hidden code).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from pathlib import Path

from nbconvert.preprocessors import CSSHTMLHeaderPreprocessor
from nbgrader.converters.autograde import Autograde
from nbgrader.preprocessors import GetGrades, NbGraderPreprocessor

SECRET = "grading_secret"
# The line of a locked cell the grader fills in, and the variant cell's argument it fills in.
FACTS = "_GRADER = None  # the grader writes the student's id, the other students' ids and the hidden seeds here"
STUDENT = "student=None)  # your id; the grader writes it here"
BEGIN, END = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
# A function test with partial credit (tools/assignments.py): the visible check's failure raises in the student's
# own run, and at grading gives way to the hidden cases' share of the points.
SHARE = "raise AssertionError(verdict.message)  # graded: a share of the points for a share of the hidden cases"
SHARED = "pass  # at grading the hidden cases below give the points: a share of them for a share of the cases"
HIDDEN_SEEDS = 1


def course_secret(course: Path) -> bytes:
    """The course's secret, made on first use (readable by its owner only)."""
    path = Path(course) / SECRET
    if not path.exists():
        path.write_text(secrets.token_hex(32) + "\n", encoding="utf-8")
        path.chmod(0o600)
    return path.read_text(encoding="utf-8").strip().encode()


def hidden_seeds(secret: bytes, assignment: str, grade_id: str, count: int = HIDDEN_SEEDS) -> list[int]:
    """The seeds of a test's hidden cases: the same for every student of the course, another course's differ."""
    digest = hmac.new(secret, f"{assignment}\x1f{grade_id}".encode(), hashlib.sha256).digest()
    return [1 + int.from_bytes(digest[4 * k:4 * k + 4], "big") % 999_983 for k in range(count)]


def _course_of(resources: dict, config) -> Path:
    root = getattr(getattr(config, "CourseDirectory", None), "root", None)
    if isinstance(root, str) and root:
        return Path(root)
    url = resources["nbgrader"]["db_url"]
    return Path(re.sub(r"^sqlite:///", "", url)).parent


def students_of(course: Path, assignment: str, db_url: str) -> list[str]:
    """Every student with this assignment handed in (``submitted/``) or in the gradebook."""
    found = {p.parent.name for p in (course / "submitted").glob(f"*/{assignment}") if p.is_dir()}
    try:
        from nbgrader.api import Gradebook
        with Gradebook(db_url) as gradebook:
            found |= {s.id for s in gradebook.students}
    except Exception:  # noqa: BLE001 (no gradebook yet: the folders say enough)
        pass
    return sorted(found)


class GraderFacts(NbGraderPreprocessor):
    """Write the student's id, the other students' and the hidden seeds into the locked cells that ask."""

    def preprocess(self, nb, resources):
        facts = resources["nbgrader"]
        student, assignment = facts["student"], facts["assignment"]
        course = _course_of(resources, self.config)
        secret = course_secret(course)
        others = [s for s in students_of(course, assignment, facts["db_url"]) if s != student]
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader", {})
            if cell.cell_type != "code" or not meta.get("locked") and not meta.get("grade"):
                continue
            if STUDENT in cell.source:
                cell.source = cell.source.replace(STUDENT, f"student={student!r})  # your id, written by the grader")
            if meta.get("grade") and SHARE in cell.source:
                cell.source = cell.source.replace(SHARE, SHARED)
            if FACTS in cell.source:
                seeds = hidden_seeds(secret, assignment, meta.get("grade_id", ""))
                written = {"student": student, "others": others, "seeds": seeds}
                cell.source = cell.source.replace(FACTS, f"_GRADER = {written!r}")
        return nb, resources


class HideHiddenTests(NbGraderPreprocessor):
    """A test cell on the feedback page: its visible part and its outputs, with every error reduced to its
    message (the check's verdict and hint); the hidden part, seeds included, is left out."""

    def preprocess(self, nb, resources):
        for cell in nb.cells:
            if cell.cell_type != "code" or not cell.metadata.get("nbgrader", {}).get("grade"):
                continue
            if BEGIN in cell.source:
                head, _, rest = cell.source.partition(BEGIN)
                tail = rest.partition(END)[2]
                cell.source = (head.rstrip() + "\n# (hidden tests: their verdict is below)\n" + tail.strip()).strip()
            for output in cell.get("outputs", []):
                if output.get("output_type") == "error":
                    output["traceback"] = [f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"]
        return nb, resources


def autograde_preprocessors() -> list:
    """nbgrader's own autograde steps, with :class:`GraderFacts` first."""
    return [GraderFacts, *Autograde.class_traits()["autograde_preprocessors"].default()]


def feedback_preprocessors() -> list:
    return [GetGrades, CSSHTMLHeaderPreprocessor, HideHiddenTests]
