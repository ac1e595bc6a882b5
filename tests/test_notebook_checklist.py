"""The lessons follow the Notebooks for All authoring checklist (read from each notebook's .md source, no kernel).

- one H1 per notebook (its title), and headings that never skip a level on the way down (## then ###);
- link text that says where it goes (never "here", "this", "link", "click here"...), images with alt text
  that is not a file name;
- every acronym written out at its first use in the prose: the first paragraph that uses it also says what it
  stands for. Acronyms the lessons use are listed in ACRONYMS with the words that define them; a new capitalised
  word in the prose fails the test until it is added there (or to NAMES, for capitalised names that are no
  acronym, such as the players MAX and MIN).

Navigation cells (tagged ``nav``: links named after the previous and next notebooks' titles) and headings are
not prose: a title may use an acronym that its first paragraph then defines.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import jupytext
import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("[0-9][0-9]_*.md"))

# Acronym -> a pattern for the words it stands for (found in the same paragraph as its first use).
ACRONYMS = {
    "PVS": r"principal[ -]variation search",
    "PV": r"principal variation",
    "MTD(f)": r"memory-enhanced test driver",
    "MCTS": r"monte carlo tree search",
    "UCB1": r"upper confidence bound",
    "LMR": r"late[ -]move reduction",
    "XOR": r"exclusive or",
    "FEN": r"forsyth.edwards notation",
    "SAN": r"standard algebraic notation",
    "MVV": r"most valuable victim",
    "LVA": r"least valuable attacker",
}
# Capitalised words that are names, not abbreviations: the players, and the node types of Knuth and Moore's
# minimal tree as Marsland named them (each explained where it is introduced).
NAMES = {"MAX", "MIN", "CUT", "ALL"}
VAGUE_LINKS = {"here", "click here", "this", "this link", "link", "more", "read more", "this page", "see here"}
CAPITALS = re.compile(r"(?<![\w])(MTD\(f\)|[A-Z][A-Z0-9]*[A-Z][A-Z0-9]*|[A-Z]{2,})(?![\w])")


@functools.cache
def markdown_cells(path: Path) -> list[tuple[list[str], str]]:
    notebook = jupytext.read(path)
    return [(list(cell.metadata.get("tags", [])), cell.source) for cell in notebook.cells
            if cell.cell_type == "markdown"]


def headings(path: Path) -> list[tuple[int, str]]:
    """(level, text) of every Markdown heading, in order (code cells, where '#' starts a comment, left out)."""
    found = []
    for _, source in markdown_cells(path):
        fence = False
        for line in source.splitlines():
            if re.match(r"^\s*(```|~~~)", line):
                fence = not fence
            elif not fence and (match := re.match(r"^(#{1,6})\s+(.*)$", line)):
                found.append((len(match.group(1)), match.group(2).strip()))
    return found


def heading_problems(found: list[tuple[int, str]]) -> list[str]:
    problems = []
    titles = [text for level, text in found if level == 1]
    if len(titles) != 1:
        problems.append(f"{len(titles)} H1 headings {titles}: a notebook has exactly one, its title")
    if found and found[0][0] != 1:
        problems.append(f"the first heading {found[0][1]!r} is not the H1 title")
    for (before, _), (level, text) in zip(found, found[1:], strict=False):
        if level > before + 1:
            problems.append(f"{'#' * level} {text!r} follows an H{before}: a heading level is skipped")
    return problems


def prose(source: str) -> str:
    """What is read as prose: code spans, math, HTML tags and link targets removed (link texts kept)."""
    text = re.sub(r"^(```|~~~).*?^\1", " ", source, flags=re.S | re.M)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\$[^$]*\$", " ", text)
    text = re.sub(r"<[^>]+>", " ", text)
    return re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)


def paragraphs(path: Path) -> list[str]:
    """The prose paragraphs of the notebook, in order (headings and navigation cells left out)."""
    found = []
    for tags, source in markdown_cells(path):
        if "nav" in tags:
            continue
        body = "\n".join(line for line in source.splitlines() if not re.match(r"^#{1,6}\s", line))
        found += [" ".join(p.split()) for p in re.split(r"\n\s*\n", prose(body)) if p.strip()]
    return found


def acronym_problems(found: list[str]) -> list[str]:
    problems, seen = [], set()
    for paragraph in found:
        for word in CAPITALS.findall(paragraph):
            if word in seen or word in NAMES:
                continue
            seen.add(word)
            if word not in ACRONYMS:
                problems.append(f"{word!r} (first in: {paragraph[:90]!r}...) is not in ACRONYMS or NAMES of "
                                f"tests/test_notebook_checklist.py: add it with the words it stands for")
            elif not re.search(ACRONYMS[word], paragraph, flags=re.IGNORECASE):
                problems.append(f"{word} is used before it is defined: its first paragraph "
                                f"({paragraph[:110]!r}...) should say what it stands for "
                                f"(e.g. '{ACRONYMS[word].replace('[ -]', ' ')} ({word})')")
    return problems


def link_problems(path: Path) -> list[str]:
    problems = []
    for _, source in markdown_cells(path):
        text = re.sub(r"`[^`]*`", " ", source)
        for image, label, target in re.findall(r"(!?)\[([^\]]*)\]\(([^)]*)\)", text):
            words = " ".join(re.sub(r"[*_`]", "", label).split())
            if image and (not words or re.search(r"\.(png|svg|jpe?g|gif)$", words, re.IGNORECASE)):
                problems.append(f"image {target!r} has alt text {words!r}: say what the picture shows")
            elif not image and (not words or words.lower().strip(".:→← ") in VAGUE_LINKS):
                problems.append(f"link to {target!r} says {words!r}: the text should say where it goes")
    return problems


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_one_title_and_headings_in_order(path):
    assert heading_problems(headings(path)) == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_links_say_where_they_go_and_images_have_alt_text(path):
    assert link_problems(path) == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_acronyms_are_defined_at_first_use(path):
    assert acronym_problems(paragraphs(path)) == []


def test_the_checks_find_what_they_look_for(tmp_path):
    assert heading_problems([(1, "A"), (2, "B"), (3, "C"), (2, "D")]) == []
    assert "a heading level is skipped" in heading_problems([(1, "A"), (3, "C")])[0]
    assert "2 H1 headings" in heading_problems([(1, "A"), (2, "B"), (1, "C")])[0]
    assert "is not the H1 title" in heading_problems([(2, "B"), (1, "A")])[0]
    assert acronym_problems(["Principal variation search (PVS) tests.", "PVS again, MAX and MIN."]) == []
    assert "PVS is used before it is defined" in acronym_problems(["We run PVS.", "PVS means principal "
                                                                   "variation search."])[0]
    assert "'ZZT'" in acronym_problems(["A ZZT table."])[0]
    assert acronym_problems([prose("`PVS` in code, $O(b^d)$, <span title='x'>text</span>")]) == []
    path = tmp_path / "x.md"
    path.write_text("# T\n\nSee [here](a.ipynb), [the map](b.ipynb), ![a.svg](a.svg).\n\n```python\n# not a "
                    "heading\n```\n\n### Skipped\n")
    assert link_problems(path) == ["link to 'a.ipynb' says 'here': the text should say where it goes",
                                   "image 'a.svg' has alt text 'a.svg': say what the picture shows"]
    assert headings(path) == [(1, "T"), (3, "Skipped")]
