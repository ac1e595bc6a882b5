"""Every notebook has the agreed shape, and every link in its markdown resolves."""

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def cells_of(path):
    return nbformat.read(path, as_version=4).cells


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_shape(path):
    cells = cells_of(path)
    tags = lambda c: c.metadata.get("tags", [])
    assert "nav" in tags(cells[0]) and "nav" in tags(cells[-1]), "navigation cells top and bottom"
    intro = cells[1].source
    assert intro.startswith("# ") and "**What you'll learn**" in intro
    assert "**What you need**" in intro and "**Time**" in intro
    headings = [line for c in cells if c.cell_type == "markdown" for line in c.source.splitlines()]
    assert sum(h.startswith("## ") for h in headings) >= 3
    assert "## Summary" in headings and "## Exercises" in headings
    assert any(h.startswith("### Exercise") for h in headings)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_exercise_answer_has_a_stub_and_a_check(path):
    cells = cells_of(path)
    for i, cell in enumerate(cells):
        if "solution" in cell.metadata.get("tags", []):
            assert cell.metadata["jupyter"]["source_hidden"] is True
            assert cell.metadata["adversarial"]["stub"].strip()
            later = [c for c in cells[i + 1:i + 3] if c.cell_type == "code"]
            assert any("check" in c.metadata.get("tags", []) for c in later), f"cell {i} has no check"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_relative_links_resolve(path):
    for cell in cells_of(path):
        if cell.cell_type != "markdown":
            continue
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", cell.source):
            if "://" not in target:
                assert (path.parent / target).exists(), f"{path.name} links to missing {target}"


def test_the_readme_links_resolve():
    readme = Path(__file__).resolve().parent.parent / "README.md"
    for target in re.findall(r"\]\(([^)#\s]+)\)", readme.read_text()):
        if "://" not in target:
            assert (readme.parent / target).exists(), f"README links to missing {target}"
