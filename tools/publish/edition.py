"""The reader's edition of the notebooks, shared by the site (make site) and the in-browser edition (make lite).

It is the student edition of ``tools/notebooks.py`` (the stored notebooks without their ``solution`` cells, the
folded worked answers), with a few more cells dropped where an edition has no use for them.
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import notebooks as lessons  # noqa: E402  (tools/notebooks.py: the single-source tooling)

NOTEBOOKS = ROOT / "notebooks"


def notebook_paths() -> list[Path]:
    """Every numbered notebook, in reading order."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def reader_copy(notebook, drop_tags=()):
    """A copy of ``notebook`` without its worked answers, nor any cell tagged with one of ``drop_tags``."""
    notebook = lessons.student_edition(copy.deepcopy(notebook))
    notebook.cells = [cell for cell in notebook.cells if not set(drop_tags) & set(tags(cell))]
    return notebook


def solution_sources(notebook) -> list[str]:
    """The code of every worked answer in ``notebook`` (what no reader's page may show)."""
    return [lessons.solution_code(cell).strip() for cell in notebook.cells if "solution" in tags(cell)]


def write_reader_edition(out: Path, drop_tags=()) -> list[Path]:
    """Write the reader's copy of every notebook into ``out``; returns the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path in notebook_paths():
        target = out / path.name
        nbformat.write(reader_copy(nbformat.read(path, as_version=4), drop_tags), target)
        written.append(target)
    return written
