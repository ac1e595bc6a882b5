"""Build the reading site: the reader's edition of every notebook as a page, with contents, previous/next and search.

    python tools/publish/make_site.py          # writes build/site/ (open build/site/index.html)

Sphinx with MyST-NB and the Sphinx Book Theme, all from the Python registry. It builds offline: Jupyter Book 2
(mystmd) fetches its page template from the internet at build time, which fails on a closed network; Sphinx
needs nothing but its installed packages. Pages show the stored outputs (no notebook is run).

What a page must not need: a kernel or the internet. A widget's live view needs both, so every widget output
is replaced by the static picture its bundle carries (its ``text/html`` part); a widget output without one
stops the build, naming the notebook and cell. Navigation cells are dropped (the theme has previous/next), so
is the install cell (it installs the package where it is missing: nothing to install on a page).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
import accessible  # noqa: E402
import reference  # noqa: E402
from edition import ROOT, notebook_paths, reader_copy  # noqa: E402  (tools/publish is not a package)

CONFIG = ROOT / "publish" / "site"
SOURCE = ROOT / "build" / "site-src"
OUT = ROOT / "build" / "site"
DROPPED = ("nav", "install")
WIDGET = "application/vnd.jupyter.widget-view+json"
PICTURES: dict[str, list[dict]] = {}     # page -> its pictures' names and descriptions (tools/publish/accessible.py)


class MissingFallback(ValueError):
    """A widget output has no static picture (``text/html``) for a page without a kernel."""


def static_outputs(notebook, name: str):
    """Replace every widget output of ``notebook`` by its static fallback (see the module docstring)."""
    for index, cell in enumerate(notebook.cells):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET not in data:
                continue
            if "text/html" not in data:
                raise MissingFallback(
                    f"{name}, cell {index} ({cell.source.splitlines()[0] if cell.source else ''!r}): the widget "
                    f"output has no text/html fallback, so the page would show an empty box. Give the widget "
                    f"a _repr_mimebundle_ with a 'text/html' picture and re-run the notebook.")
            del data[WIDGET]
    notebook.metadata.pop("widgets", None)
    return notebook


def title(notebook) -> str:
    for cell in notebook.cells:
        found = re.search(r"^# (.+)$", cell.source, re.MULTILINE) if cell.cell_type == "markdown" else None
        if found:
            return found.group(1).strip()
    raise ValueError("a notebook without a '# N. Title' heading")


INDEX = """# Adversarial search

How a program chooses a move when its opponent is trying just as hard to win: minimax, alpha-beta, and the
ideas that make them fast, one notebook at a time. This is the reading edition: the drawings and tables as
the notebooks store them, with the exercises unanswered. To run the notebooks, open the in-browser edition
(`make lite`) or run them on your machine (`make lab`).

{listing}

```{{toctree}}
:hidden:
:maxdepth: 1

{pages}
```
"""


def write_sources(source: Path = SOURCE) -> list[tuple[str, str]]:
    """The Sphinx source folder: configuration, index page and the notebooks; returns (page, title) pairs."""
    shutil.rmtree(source, ignore_errors=True)
    shutil.copytree(CONFIG, source)
    pages = []
    targets = reference.public_names()
    for path in notebook_paths():
        notebook = static_outputs(reader_copy(nbformat.read(path, as_version=4), DROPPED), path.name)
        seen: set[str] = set()
        for cell in notebook.cells:
            if cell.cell_type == "markdown":
                cell.source = reference.link_names(cell.source, targets, seen)
        nbformat.write(notebook, source / path.name)
        pages.append((path.stem, title(notebook)))
        PICTURES[path.stem] = accessible.pictures(notebook)
    listing = "\n".join(f"- [{name}]({page}.ipynb)" for page, name in pages)
    listing += "\n- [API reference](reference/index.rst): every public name, its signature and examples"
    toc = [page for page, _ in pages] + reference.write_pages(source)
    (source / "index.md").write_text(INDEX.format(listing=listing, pages="\n".join(toc)))
    return pages


def make_accessible(out: Path) -> None:
    """Every page's pictures get their words, and the theme's markup its missing names (accessible.py)."""
    for page in sorted([*out.glob("*.html"), *out.glob("reference/*.html")]):
        text = accessible.repair_theme(page.read_text(), page.name)
        if page.stem in PICTURES and page.parent == out:
            text = accessible.describe_images(text, PICTURES[page.stem], page.name)
        page.write_text(text)


def build(out: Path = OUT) -> dict:
    """Build the site into ``out``; returns a summary (pages, bytes, seconds)."""
    start = time.monotonic()
    pages = write_sources()
    shutil.rmtree(out, ignore_errors=True)
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", "-E", "-d",
                           str(SOURCE / ".doctrees"), str(SOURCE), str(out)],
                          capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"sphinx-build failed:\n{proc.stderr[-4000:]}")
    make_accessible(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return {"pages": pages, "bytes": size, "seconds": round(time.monotonic() - start, 1),
            "warnings": proc.stderr.strip().splitlines()}


if __name__ == "__main__":
    try:
        summary = build(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
    except MissingFallback as error:
        sys.exit(f"make site: {error}")
    for warning in summary["warnings"]:
        print(warning)
    print(f"make site: {len(summary['pages'])} pages, {summary['bytes'] / 1e6:.1f} MB in build/site "
          f"({summary['seconds']} s). Open build/site/index.html, or serve it: "
          f"python3 -m http.server -b 127.0.0.1 -d build/site 8001")
