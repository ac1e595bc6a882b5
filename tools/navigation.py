"""Keep "previous | contents | next" navigation cells at the top and bottom of every notebook.

    python tools/navigation.py            # updates notebooks/*.ipynb in place

Navigation cells are markdown cells tagged ``nav``; running this again replaces
them instead of adding more, so the links never drift. Only notebooks that exist
are linked; titles come from each notebook's first ``# `` heading.
"""

from pathlib import Path

import nbformat

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CONTENTS = "00_start_here.ipynb"


def title(path: Path) -> str:
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "markdown" and "nav" not in cell.metadata.get("tags", []):
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return path.stem


def nav_text(paths: list[Path], index: int) -> str:
    parts = []
    if index > 0:
        parts.append(f"[← {title(paths[index - 1])}]({paths[index - 1].name})")
    if paths[index].name != CONTENTS:
        parts.append(f"[contents]({CONTENTS})")
    if index + 1 < len(paths):
        parts.append(f"[{title(paths[index + 1])} →]({paths[index + 1].name})")
    return " | ".join(parts)


def nav_cell(text: str, where: str):
    cell = nbformat.v4.new_markdown_cell(text)
    cell.metadata["tags"] = ["nav"]
    cell.id = f"nav-{where}"
    return cell


def update(paths: list[Path]) -> None:
    for index, path in enumerate(paths):
        notebook = nbformat.read(path, as_version=4)
        cells = [c for c in notebook.cells if "nav" not in c.metadata.get("tags", [])]
        text = nav_text(paths, index)
        notebook.cells = [nav_cell(text, "top")] + cells + [nav_cell(text, "bottom")]
        nbformat.write(notebook, path)


if __name__ == "__main__":
    update(sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")))
