"""Small helpers for the scripts that generate notebooks (tools/build_notebook_*.py)."""

from pathlib import Path

import nbformat as nbf

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def md(text):
    return nbf.v4.new_markdown_cell(text)


def code(text):
    return nbf.v4.new_code_cell(text)


def solution(text, stub):
    """A worked answer: collapsed by default; the student edition replaces it by ``stub``."""
    cell = code(text)
    cell.metadata["tags"] = ["solution"]
    cell.metadata["jupyter"] = {"source_hidden": True}
    cell.metadata["adversarial"] = {"stub": stub}
    return cell


def check(text):
    cell = code(text)
    cell.metadata["tags"] = ["check"]
    return cell


def write(name, cells, prefix):
    for i, cell in enumerate(cells):
        cell.id = f"{prefix}-{i:02d}"        # stable ids: regenerating changes nothing
    nb = nbf.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python",
                                 "name": "python3"}
    nb.metadata["language_info"] = {"name": "python"}
    nbf.write(nb, NOTEBOOKS / name)
