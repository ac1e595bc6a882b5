"""Every notebook has the agreed shape, and every link in its markdown resolves."""

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def cells_of(path):
    return nbformat.read(path, as_version=4).cells


def tags(cell):
    return cell.metadata.get("tags", [])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_shape(path):
    cells = cells_of(path)
    assert "nav" in tags(cells[0]) and "nav" in tags(cells[-1]), "navigation cells top and bottom"
    intro = cells[1].source
    assert intro.startswith("# ") and "**What you'll learn**" in intro
    assert "**What you need**" in intro and "**Time**" in intro
    first_code = next(c for c in cells if c.cell_type == "code")
    assert "install" in tags(first_code), "the install cell is the first code cell"
    headings = [line for c in cells if c.cell_type == "markdown" for line in c.source.splitlines()]
    assert sum(h.startswith("## ") for h in headings) >= 3
    assert "## Summary" in headings and "## Exercises" in headings
    # a notebook is one sitting of at most about an hour, so a split lesson may have as few as two exercises
    assert sum(h.startswith("### Exercise") for h in headings) >= 2, "at least two exercises"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_exercise_is_a_stub_then_a_folded_answer_then_a_check(path):
    cells = cells_of(path)
    exercises = [i for i, c in enumerate(cells) if "exercise" in tags(c)]
    assert exercises, "a lesson has exercises"
    for i in exercises:
        answer = cells[i + 1]
        assert "solution" in tags(answer) and answer.cell_type == "markdown", f"cell {i}: no answer after it"
        assert answer.source.startswith("<details>") and "```python" in answer.source
        check = next(c for c in cells[i + 2:] if c.cell_type == "code")
        assert "check" in tags(check), f"cell {i}: the next code cell after its answer is not a check"


def test_no_stored_check_says_right():
    """The stored notebooks are the student edition: no exercise is answered in them."""
    for path in NOTEBOOKS:
        for cell in cells_of(path):
            if "check" in tags(cell):
                text = str(cell.get("outputs", ""))
                assert "✓" not in text, f"{path.name}: a stored check passes, so its answer shows"
                assert "Not answered yet" in text, f"{path.name}: a stored check says more than 'not answered'"


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
