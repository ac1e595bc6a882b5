"""Accessibility repairs for the reading site's pages (tools/publish/make_site.py calls these after Sphinx).

Two jobs, both checked by tests/test_site.py with axe-core in Chromium:

- Every picture gets words. MyST-NB writes a notebook's SVG or PNG output as ``<img alt="_images/<hash>.svg">``,
  so a screen reader reads out a hash. Here each picture's ``alt`` becomes its accessible name, and its long
  description (when the drawing carries one) is put right after it, in a "Text description" disclosure the
  image points at with ``aria-describedby``. Both come from the output itself: the SVG's own ``<title>`` and
  ``<desc>`` (or ``aria-label``) where the package wrote them, else the output's ``text/plain`` summary (the
  drawing's node count, pruned leaves and root value; a board's moves).
- The theme's own markup (Sphinx Book Theme / PyData) gets the names axe-core found missing or mismatched: the
  search button's label, the contents' expand buttons, the sidebar toggles, and a landmark around the primary
  sidebar. Each repair must find what it repairs: a theme update that changes its markup stops the build here,
  rather than shipping pages that quietly lost a name.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

SVG_NS = "{http://www.w3.org/2000/svg}"
PICTURES = ("image/svg+xml", "image/png", "image/jpeg")
# The plain-text summaries the package's pictures carry, and how a sentence names them.
SUMMARY_NAMES = [
    (re.compile(r"^<Drawing: (.+)>$"), "Game-tree drawing: {0}"),
    (re.compile(r"^Position\('(\d*)'\)$"), "Connect Four position after the moves {0}"),
]
CHART = re.compile(r"^<Figure size \d+x\d+ with \d+ Axes?>$")


class ThemeChanged(RuntimeError):
    """A repair did not find the theme markup it repairs (the theme was updated): the page would lose a name."""


def _svg_words(svg: str) -> tuple[str, str]:
    """The accessible name and long description an SVG carries itself: ``aria-label`` or a ``<title>`` child of
    the root, and a ``<desc>`` child of the root (Graphviz's own titles sit deeper and name nodes by id)."""
    try:
        root = ET.fromstring(svg)
    except ET.ParseError:
        return "", ""
    name = root.get("aria-label", "")
    title = root.find(f"{SVG_NS}title")
    desc = root.find(f"{SVG_NS}desc")
    if not name and title is not None:
        name = "".join(title.itertext())
    description = "".join(desc.itertext()) if desc is not None else ""
    return " ".join(name.split()), description.strip()


def text_alternative(data: dict) -> tuple[str, str]:
    """(accessible name, long description) for a picture output's mime bundle ``data``.

    The picture's own words first (an SVG's title and desc), then its ``text/plain`` summary; a matplotlib
    chart without either is named as a chart and pointed at the lesson's text. Never a file name.
    """
    name, description = _svg_words("".join(data["image/svg+xml"])) if "image/svg+xml" in data else ("", "")
    if name:
        return name, description
    summary = "".join(data.get("text/plain", "")).strip()
    for pattern, words in SUMMARY_NAMES:
        found = pattern.match(summary)
        if found:
            return words.format(*found.groups()), description
    if not summary or CHART.match(summary):
        return "A chart drawn by the cell above; the text around it states what it shows", description
    return summary, description


def pictures(notebook) -> list[dict]:
    """Every picture output of ``notebook`` in page order: its kind (``svg``/``png``/...), name and description."""
    found = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            mime = next((m for m in PICTURES if m in data), None)
            if mime is None or "text/html" in data:      # an HTML output (a widget's picture) is shown as HTML
                continue
            name, description = text_alternative(data)
            found.append({"kind": mime.split("/")[1].split("+")[0], "name": name, "description": description})
    return found


IMG = re.compile(r'<img alt="[^"]*" src="(_images/[^"]+\.(svg|png|jpeg|jpg))"\s*/?>')


def describe_images(page: str, found: list[dict], page_name: str) -> str:
    """``page`` with each output picture's ``alt`` set to its name and its description placed after it.

    ``found`` is :func:`pictures` of the notebook the page shows; MyST-NB writes the pictures in the same order,
    which is checked (count and kind), so a picture can never get another's words."""
    shown = IMG.findall(page)
    kinds = [("jpeg" if kind == "jpg" else kind) for _, kind in shown]
    if kinds != [p["kind"] for p in found]:
        raise ValueError(f"{page_name}: the page shows pictures {kinds}, the notebook has "
                         f"{[p['kind'] for p in found]}: cannot give each its words")
    pieces = iter(found)
    count = 0

    def replace(match: re.Match) -> str:
        nonlocal count
        picture = next(pieces)
        count += 1
        name = html.escape(picture["name"], quote=True)
        if not picture["description"]:
            return f'<img alt="{name}" src="{match.group(1)}" />'
        ident = f"picture-description-{count}"
        lines = "".join(f"<p>{html.escape(line)}</p>" for line in picture["description"].splitlines() if line.strip())
        return (f'<img alt="{name}" src="{match.group(1)}" aria-describedby="{ident}" />'
                f'<details class="adversarial-description"><summary>Text description of the picture</summary>'
                f'<div id="{ident}">{lines}</div></details>')

    return IMG.sub(replace, page)


def _repair(page: str, pattern: str, replacement, page_name: str, what: str, required: bool = True) -> str:
    new, count = re.subn(pattern, replacement, page)
    if required and count == 0:
        raise ThemeChanged(f"{page_name}: {what}: the theme's markup changed (pattern {pattern!r} not found); "
                           f"update tools/publish/accessible.py and re-run the site's axe-core test")
    return new


def repair_theme(page: str, page_name: str) -> str:
    """The theme's missing or mismatched names, repaired (see the module docstring)."""
    # The search field shows "Search Ctrl+K" but is labelled "Search": a speech user saying what they see is not
    # understood (axe label-content-name-mismatch). Its visible text is its name; drop the label.
    page = _repair(page, r'(<button class="btn search-button-field search-button__button[^"]*"[^>]*?) '
                         r'aria-label="Search"', r"\1", page_name, "search field's label")
    # The contents' expand buttons (<summary> with only an icon) have no name (axe summary-name).
    page = _repair(page, r'(<a class="[^"]*reference internal" href="[^"]*">([^<]+)</a><details[^>]*>)<summary>',
                   lambda m: f'{m.group(1)}<summary aria-label="Show or hide the pages under '
                             f'{html.escape(html.unescape(m.group(2)), quote=True)}">',
                   page_name, "contents' expand button", required=False)
    # The sidebar toggles are named only by a tooltip title; give them a name that says what they do.
    page = _repair(page, r'<button class="sidebar-toggle primary-toggle([^"]*)" title="Toggle primary sidebar"',
                   r'<button class="sidebar-toggle primary-toggle\1" aria-label="Show or hide the contents" '
                   r'title="Show or hide the contents"', page_name, "contents toggle")
    page = _repair(page, r'<button class="sidebar-toggle secondary-toggle([^"]*)" title="Toggle secondary sidebar"',
                   r'<button class="sidebar-toggle secondary-toggle\1" aria-label="Show or hide this page\'s sections" '
                   r'title="Show or hide this page\'s sections"', page_name, "sections toggle", required=False)
    # The primary sidebar's site title and search field sit outside every landmark (axe region): make the
    # sidebar a named complementary landmark (its table of contents stays a <nav> inside it).
    page = _repair(page, r'<div id="pst-primary-sidebar" class="bd-sidebar-primary bd-sidebar">',
                   '<div id="pst-primary-sidebar" class="bd-sidebar-primary bd-sidebar" role="complementary" '
                   'aria-label="Site contents and search">', page_name, "primary sidebar landmark")
    return page

