"""The reader's edition of the notebooks, shared by the site (make site) and the in-browser edition (make lite).

A reader must never meet a worked answer. The convention (see the common notebook format): a worked answer is a
cell tagged ``solution``; it is dropped. (Older notebooks kept the answer in a *code* cell tagged ``solution``
with its stub in ``metadata.adversarial.stub``; such a cell keeps its place with the stub as its source.) The
outputs of solution and ``check`` cells of that older kind are cleared, since a stored "✓ Right: 3." would give
the answer away; under the current convention checks already store "not answered yet" and are kept.
"""

from __future__ import annotations

import copy
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"


def notebook_paths() -> list[Path]:
    """Every numbered notebook, in reading order."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def reader_copy(notebook):
    """A copy of ``notebook`` with every worked answer removed (see the module docstring)."""
    notebook = copy.deepcopy(notebook)
    old_style = any("solution" in tags(c) and c.cell_type == "code" for c in notebook.cells)
    kept = []
    for cell in notebook.cells:
        if "solution" in tags(cell):
            stub = cell.get("metadata", {}).get("adversarial", {}).get("stub")
            if cell.cell_type != "code" or stub is None:
                continue
            cell.source = stub
            cell.metadata.pop("jupyter", None)
        if old_style and cell.cell_type == "code" and {"solution", "check"} & set(tags(cell)):
            cell.outputs, cell.execution_count = [], None
        kept.append(cell)
    notebook.cells = kept
    return notebook


def solution_sources(notebook) -> list[str]:
    """The code of every worked answer in ``notebook`` (what must appear on no reader's page)."""
    found = []
    for cell in notebook.cells:
        if "solution" not in tags(cell):
            continue
        if cell.cell_type == "code":
            found.append(cell.source)
        else:      # a markdown answer: the code blocks inside it
            found += [block.split("\n", 1)[1] if "\n" in block else ""
                      for block in cell.source.split("```")[1::2]]
    return [code.strip() for code in found if code.strip()]


def write_reader_edition(out: Path) -> list[Path]:
    """Write the reader's copy of every notebook into ``out``; returns the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path in notebook_paths():
        target = out / path.name
        nbformat.write(reader_copy(nbformat.read(path, as_version=4)), target)
        written.append(target)
    return written
