"""Write the student edition of the notebooks: worked answers replaced by starting stubs.

    python tools/student_edition.py            # writes build/student/*.ipynb

A cell tagged ``solution`` keeps its place but its source becomes its
``metadata.adversarial.stub`` (shown expanded); outputs of solution and check cells
are cleared, so nothing of the answer leaks through an output either.
"""

import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent


def student_copy(notebook):
    for cell in notebook.cells:
        tags = cell.metadata.get("tags", [])
        if "solution" in tags:
            cell.source = cell.metadata["adversarial"]["stub"]
            cell.metadata.pop("jupyter", None)
        if cell.cell_type == "code" and ("solution" in tags or "check" in tags):
            cell.outputs, cell.execution_count = [], None
    return notebook


def main(out=ROOT / "build" / "student"):
    out.mkdir(parents=True, exist_ok=True)
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        nbformat.write(student_copy(nbformat.read(path, as_version=4)), out / path.name)
        print(f"wrote {out / path.name}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "student")
