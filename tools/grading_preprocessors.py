"""What grading adds to nbgrader's own autograde, as nbgrader preprocessors, so that ``make grade``
(tools/grade.py) and the formgrader's autograde button grade a hand-in the same way.

The course's ``nbgrader_config.py`` (written by tools/assignments.py) calls ``configure(c)``, which puts them in
nbgrader's pipelines:

- ``KeepTheLastCopy`` replaces nbgrader's ``DeduplicateIds``. A student who copies a cell by accident (an answer
  or a test, pasted twice) hands in two cells with one grade id. nbgrader keeps the last copy and empties the
  others' metadata, which then stops ``OverwriteCells`` with ``KeyError: 'grade_id'``: the whole hand-in failed.
  Here the earlier copies become ordinary cells (they still run, they score nothing), the last copy is graded,
  and a note above each earlier copy says so, in the autograded notebook and in the student's feedback page;
  ``duplicates()`` reads the notes back for the grade table's reasons.
"""

from __future__ import annotations

from nbgrader import utils
from nbgrader.preprocessors import DeduplicateIds

NOTE = "**Grader's note:** "
DUPLICATE = (NOTE + "this cell is a copy of the cell `{grade_id}` further down (the notebook has {count} cells with "
             "that id). The last copy was graded; this one ran, and scored nothing.")


class KeepTheLastCopy(DeduplicateIds):
    """nbgrader's DeduplicateIds (the last cell with a grade id keeps it), with the earlier copies made plain
    cells instead of cells with empty nbgrader metadata, and a note above each."""

    def preprocess(self, nb, resources):
        self.copies = {}
        nb, resources = super().preprocess(nb, resources)
        from nbformat.v4 import new_markdown_cell
        cells = []
        for cell in nb.cells:
            grade_id = cell.metadata.pop("grading_copy_of", None)
            if grade_id is not None:
                cells.append(new_markdown_cell(DUPLICATE.format(grade_id=grade_id, count=self.copies[grade_id])))
            cells.append(cell)
        nb.cells = cells
        return nb, resources

    def preprocess_cell(self, cell, resources, cell_index):
        if not (utils.is_grade(cell) or utils.is_solution(cell) or utils.is_locked(cell)):
            return cell, resources
        grade_id = cell.metadata.nbgrader.get("grade_id")
        if grade_id in self.grade_ids:
            self.log.warning("Cell with id '%s' exists multiple times: the last copy is graded", grade_id)
            del cell.metadata["nbgrader"]
            cell.metadata["grading_copy_of"] = grade_id
            self.copies[grade_id] = self.copies.get(grade_id, 1) + 1
        else:
            self.grade_ids.add(grade_id)
        return cell, resources


def duplicates(notebook) -> list[str]:
    """The grader's notes on copied cells in an autograded notebook (nbformat), one a copied grade id."""
    seen = {}
    for cell in notebook.cells:
        if cell.cell_type == "markdown" and cell.source.startswith(NOTE) and "is a copy of the cell `" in cell.source:
            grade_id = cell.source.split("`")[1]
            seen[grade_id] = cell.source.split("(the notebook has ")[1].split(" ")[0]
    return [f"{grade_id}: the hand-in has {count} cells with this id (a copied cell); the last copy was graded"
            for grade_id, count in seen.items()]


def configure(c) -> None:
    """Put grading's preprocessors into nbgrader's autograde (``c``: the course's nbgrader config)."""
    from nbgrader.converters import Autograde
    sanitize = Autograde.class_traits()["sanitize_preprocessors"].default()
    c.Autograde.sanitize_preprocessors = [KeepTheLastCopy if p is DeduplicateIds else p for p in sanitize]
