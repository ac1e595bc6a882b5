"""Execute notebooks in place, top to bottom on a fresh kernel, and store their outputs.

    python tools/run_notebooks.py notebooks/*.ipynb

Run from anywhere; each notebook runs with its own folder as the working directory.
No timing metadata is stored, so re-running an unchanged notebook changes nothing
but widget model ids.
"""

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def run(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=600, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    nbformat.write(notebook, path)
    print(f"executed {path}")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        run(Path(name))
