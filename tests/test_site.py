"""The reading site (make site): every notebook a page with its drawings and widget pictures, and no worked answer.

The site is built once for the module from this checkout (tools/publish/make_site.py, Sphinx + MyST-NB, offline).
Each expectation is read from the stored notebooks, not typed here: the drawings a page must show are the SVG
outputs the notebook stores (compared by their labels), the widget pictures are the ``text/html`` fallbacks of
its widget outputs, and the code that must not appear is the code of its ``solution`` cells.
"""

from __future__ import annotations

import base64
import html
import json
import os
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools" / "publish"))
import make_site  # noqa: E402  (tools/publish is not a package)
from edition import notebook_paths, reader_copy, solution_sources  # noqa: E402

pytest.importorskip("myst_nb", reason="the site needs Sphinx and MyST-NB: pip install -r requirements.txt")

SVG_NS = "{http://www.w3.org/2000/svg}"
NAMES = [path.stem for path in notebook_paths()]


def labels(svg: str) -> list[str]:
    return ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG_NS}text")]


def page_text(page_html: str) -> str:
    """What a reader reads on a page: tags removed, entities decoded, white space collapsed."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", page_html, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def leaked(solutions: list[str], text: str, lesson: str = "") -> list[str]:
    """The worked answers (or their longer lines) that appear in ``text``; a line the lesson
    itself shows outside its worked answers (``lesson``) is no leak."""
    found = []
    for code in solutions:
        lines = [" ".join(line.split()) for line in code.splitlines()]
        pieces = [" ".join(code.split())] + [line for line in lines if len(line) >= 25]
        found += [piece for piece in pieces if piece in text and piece not in lesson]
    return found


@pytest.fixture(scope="module")
def site():
    try:
        summary = make_site.build()
    except make_site.MissingFallback as error:
        pytest.fail(str(error), pytrace=False)
    return summary


def stored(name: str):
    return nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)


def outputs(notebook, mime: str) -> list[str]:
    return ["".join(out["data"][mime]) for cell in notebook.cells for out in cell.get("outputs", [])
            if mime in out.get("data", {})]


@pytest.mark.parametrize("name", NAMES)
def test_page_shows_its_drawings(site, name):
    page = (make_site.OUT / f"{name}.html").read_text()
    shown = []
    for src in re.findall(r'<img[^>]+src="([^"]+\.svg)"', page):
        shown.append(labels((make_site.OUT / src).read_text()))
    for data in re.findall(r'<img[^>]+src="data:image/svg\+xml;base64,([^"]+)"', page):   # a drawing with words
        shown.append(labels(base64.b64decode(data).decode("utf-8")))
    shown += [labels(svg) for svg in re.findall(r"<svg\b.*?</svg>", page, flags=re.S)
              if 'xmlns="http://www.w3.org/2000/svg"' in svg]
    expected = [labels(svg) for svg in outputs(reader_copy(stored(name), make_site.DROPPED), "image/svg+xml")]
    for drawing in expected:
        assert drawing in shown, f"{name}: a stored drawing (labels {drawing[:8]}...) is not on its page"


@pytest.mark.parametrize("name", NAMES)
def test_widgets_show_their_static_picture(site, name):
    page = (make_site.OUT / f"{name}.html").read_text()
    widgets = [out for cell in stored(name).cells for out in cell.get("outputs", [])
               if make_site.WIDGET in out.get("data", {})]
    for out in widgets:
        fallback = "".join(out["data"]["text/html"]).strip()
        assert fallback[:300] in page, f"{name}: a widget's static picture is missing from its page"
    assert "widget-view+json" not in page and "widget-state+json" not in page, \
        f"{name}: the page still asks for a live widget (it needs a kernel)"


@pytest.mark.parametrize("name", NAMES)
def test_no_worked_answer_on_any_page(site, name):
    solutions = solution_sources(stored(name))
    lesson = " ".join(" ".join(c.source.split()) for c in stored(name).cells
                      if "solution" not in c.metadata.get("tags", []))
    assert solutions, f"{name}: no worked answer found to look for (is the solution convention still used?)"
    for page in sorted(make_site.OUT.glob("*.html")):
        source = page.read_text()
        text = page_text(source)
        assert not leaked(solutions, text, lesson), \
            f"{page.name} shows {name}'s worked answer: {leaked(solutions, text, lesson)}"
        assert not re.search(r"<summary>[^<]*worked answer", source), f"{page.name} has a worked-answer block"


def test_leak_check_finds_a_visible_answer():
    code = "def my_evaluate(board):\n    return board.count('X') - board.count('O')"
    shown = page_text(f"<pre><span>{html.escape(code)}</span></pre>")
    assert leaked([code], shown)
    assert not leaked([code], page_text("<pre>def my_evaluate(board):\n    ...</pre>"))


def test_contents_previous_next_and_search(site):
    index = (make_site.OUT / "index.html").read_text()
    titles = [title for _, title in site["pages"]]
    for name in NAMES:
        assert f'href="{name}.html"' in index, f"the contents do not link {name}"
    for before, page, after in zip(["index", *NAMES[:-1]], NAMES, [*NAMES[1:], None], strict=True):
        text = (make_site.OUT / f"{page}.html").read_text()
        links = dict(re.findall(r'<a class="(left-prev|right-next)"\s+href="([^"]+)"', text))
        assert links.get("left-prev") == f"{before}.html", f"{page}: 'previous' should lead to {before}"
        # after the last lesson comes the API reference
        assert links.get("right-next") == (f"{after}.html" if after else "reference/index.html"), f"{page}: next"
    search = (make_site.OUT / "searchindex.js").read_text()
    index_data = json.loads(search[search.index("(") + 1:search.rindex(")")])
    reference_titles = ["API reference"] + [title for _, title, _, _ in make_site.reference.PAGES]
    assert sorted(index_data["titles"]) == sorted(["Adversarial search", *titles, *reference_titles])
    assert (make_site.OUT / "search.html").exists()


def test_pages_need_nothing_from_the_internet(site):
    for page in sorted(make_site.OUT.glob("*.html")):
        text = page.read_text()
        outside = re.findall(r'<(?:script|link|img)\b[^>]+(?:src|href)="((?:https?:)?//[^"]+)"', text)
        assert not outside, f"{page.name} loads {outside}"


def test_a_widget_without_a_picture_stops_the_build():
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("Stepper(t)", outputs=[
        nbformat.v4.new_output("display_data", data={make_site.WIDGET: {"model_id": "x"},
                                                     "text/plain": "Stepper(...)"})])])
    with pytest.raises(make_site.MissingFallback, match=r"02_x.ipynb, cell 0 .*text/html"):
        make_site.static_outputs(notebook, "02_x.ipynb")


def test_reference_pages_document_every_public_name(site):
    """make site adds API reference pages from the docstrings: every name `from adversarial import ...` offers
    has an entry with its signature, and examples in docstrings show."""
    import inspect

    import adversarial
    pages = {p.stem: (make_site.OUT / "reference" / p.name).read_text() for p in
             (make_site.OUT / "reference").glob("*.html")}
    everything = "".join(pages.values())
    for name in adversarial.__all__:
        obj = getattr(adversarial, name)
        if inspect.isfunction(obj) or inspect.isclass(obj):
            assert f'id="{obj.__module__}.{obj.__qualname__}"' in everything, name
    assert "alphabeta</span></span><span class=\"sig-paren\">(" in pages["core"]
    assert "&gt;&gt;&gt;" in pages["core"]                      # the docstrings' examples are there
    assert 'href="reference/index.html"' in (make_site.OUT / "index.html").read_text()


def test_lessons_link_a_function_where_it_is_first_used(site):
    page = (make_site.OUT / "02_alphabeta_by_hand.html").read_text()
    links = re.findall(r'href="reference/core.html#adversarial.search.alphabeta"', page)
    assert len(links) == 1                                     # the first mention only


def test_linking_leaves_code_links_and_later_mentions_alone():
    import reference
    targets = {"alphabeta": "adversarial.search.alphabeta"}
    seen: set[str] = set()
    text = "Call `alphabeta(t)` here, then `alphabeta` again, [`alphabeta`](x.md), `other`."
    linked = reference.link_names(text, targets, seen)
    assert linked.count("{py:obj}") == 1 and "`alphabeta(t) <adversarial.search.alphabeta>`" in linked
    assert "[`alphabeta`](x.md)" in linked and "`other`" in linked
    assert reference.link_names("`alphabeta`", targets, seen) == "`alphabeta`"   # seen on this page already


def test_the_build_warns_about_nothing_and_the_pages_have_one_search_box_and_a_theme_mode(site):
    """Sphinx warnings are errors here (a malformed docstring table used to drop the engine's options
    from the reference); one search box (the sidebar's; the theme's header bar repeated it) and a
    default light/dark mode (unset, the theme logged "Got invalid theme mode" on every page)."""
    assert not site["warnings"], "\n".join(site["warnings"])
    for name in ("index.html", "search.html", f"{NAMES[2]}.html"):
        text = (make_site.OUT / name).read_text()
        assert text.count("search-button-field") == 1, f"{name}: more than one search box"
        assert 'getItem("mode") || "auto"' in text, f"{name}: no default theme mode"
    beyond = (make_site.OUT / "reference" / "beyond.html").read_text()
    tables = [page_text(t) for t in re.findall(r"<table.*?</table>", beyond, re.S)]
    assert any("null_move=NullMove()" in t and "late move reductions" in t for t in tables), "no options table"


# ---- accessibility: words for every picture, and axe-core in Chromium on every page -----------------------

import accessible  # noqa: E402  (tools/publish/accessible.py)


@pytest.mark.parametrize("name", NAMES)
def test_every_picture_has_its_words_and_never_a_file_name(site, name):
    """Each output picture's alt is the accessible name its stored output gives it (its SVG's title, else its
    text/plain summary), never a file name; where the drawing carries a long description, it is next to it."""
    page = (make_site.OUT / f"{name}.html").read_text()
    for tag in re.findall(r"<img\b[^>]*>", page):                    # every picture, whatever its source
        alt = re.search(r"""\balt=("[^"]*"|'[^']*')""", tag)
        assert alt and alt.group(1)[1:-1].strip(), f"{name}: a picture without alt text: {tag[:120]}"
        assert not re.search(r"\.(svg|png|jpe?g)\b|_images/", alt.group(1)), f"{name}: alt is a file name: {tag[:160]}"
    shown = re.findall(r'<img alt="([^"]*)" src="(_images/[^"]+)"( aria-describedby="([^"]+)")?', page)
    expected = accessible.pictures(reader_copy(stored(name), make_site.DROPPED))
    assert len(shown) == len(expected), f"{name}: {len(shown)} pictures on the page, {len(expected)} stored"
    for (alt, src, _, described_by), picture in zip(shown, expected, strict=True):
        alt = html.unescape(alt)
        assert alt and not re.search(r"[\w-]+\.(svg|png|jpe?g)\b|_images/", alt), f"{name}: alt {alt!r} for {src}"
        assert alt == picture["name"], f"{name}: {src} has alt {alt!r}, its output names it {picture['name']!r}"
        if picture["description"]:
            block = re.search(rf'<div id="{described_by}">(.*?)</div>', page, flags=re.S)
            assert described_by and block, f"{name}: {src}'s long description is not next to it"
            assert page_text(block.group(1)) == " ".join(picture["description"].split())


def test_text_alternatives_come_from_the_picture_then_its_summary():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" role="img"><title>Alpha-beta: root value 7</title>'
           '<desc>Level 1: ...</desc><g><title>n0</title></g></svg>')
    assert accessible.text_alternative({"image/svg+xml": svg, "text/plain": "<Drawing: 9 nodes>"}) == \
        ("Alpha-beta: root value 7", "Level 1: ...")
    graphviz_only = '<svg xmlns="http://www.w3.org/2000/svg"><g id="graph0"><title>n</title></g></svg>'
    assert accessible.text_alternative({"image/svg+xml": graphviz_only, "text/plain": "<Drawing: 9 nodes, 0 pruned "
                                        "leaves>"}) == ("Game-tree drawing: 9 nodes, 0 pruned leaves", "")
    assert accessible.text_alternative({"image/svg+xml": graphviz_only, "text/plain": "Position('4453')"})[0] == \
        "Connect Four position after the moves 4453"
    chart = accessible.text_alternative({"image/png": "iVBOR", "text/plain": "<Figure size 900x450 with 1 Axes>"})[0]
    assert "chart" in chart and "Figure size" not in chart


def test_pictures_get_words_in_page_order_or_the_build_stops():
    page = ('<div><img alt="_images/a.svg" src="_images/a.svg" /></div><p>x</p>'
            '<div><img alt="_images/b.png" src="_images/b.png" /></div>')
    found = [{"kind": "svg", "name": "first & best", "description": "line one\nline two"},
             {"kind": "png", "name": "second", "description": ""}]
    described = accessible.describe_images(page, found, "x.html")
    assert '<img alt="first &amp; best" src="_images/a.svg" aria-describedby="picture-description-1" />' in described
    assert '<div id="picture-description-1"><p>line one</p><p>line two</p></div>' in described
    assert '<img alt="second" src="_images/b.png" />' in described
    with pytest.raises(ValueError, match=r"x.html: the page shows pictures \['svg', 'png'\], the notebook has"):
        accessible.describe_images(page, found[::-1], "x.html")


def test_a_theme_that_changes_its_markup_stops_the_build():
    with pytest.raises(accessible.ThemeChanged, match="y.html: search field's label"):
        accessible.repair_theme("<html><button class='other'>Search</button></html>", "y.html")


# axe-core's rules that lay out every text node (contrast, target size, links told apart from text) cost most
# of its time. The theme's own text is the same on every page, so they run on the whole of three pages (the
# contents, a lesson and a reference page) and, on every page, on the collection's outputs; every other rule
# runs on the whole of every page.
LAYOUT_RULES = ("color-contrast", "target-size", "link-in-text-block")
WHOLE = ("index.html", "02_alphabeta_by_hand.html", "reference/core.html")
# CI (.ci/run sets ADVERSARIAL_SITE=all) runs axe-core on every page of the site (24, about 50 s of one core).
# make test runs it on one page of each kind: those three, the search page, and the lessons whose outputs are of
# other kinds than lesson 2's drawings and stepper pictures (lesson 3's boards, lesson 7's charts and explorer):
# the pages are made by one template from the same kinds of output, so the others add pages, not kinds.
EVERY_PAGE = os.environ.get("ADVERSARIAL_SITE", "").lower() == "all"
SAMPLE = WHOLE + ("search.html", "03_tictactoe_minimax.html", "07_move_ordering.html")


@pytest.fixture(scope="module")
def chromium_page():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("axe-core runs in Chromium through Playwright: pip install -r requirements.txt")
    from tests.e2e.conftest import LAB_FLAGS, _missing, find_chromium
    path = find_chromium()
    if path is None:
        _missing("no Chromium executable found")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, headless=True, args=LAB_FLAGS)
        page = browser.new_page(viewport={"width": 1920, "height": 1080})
        yield page
        browser.close()


def test_every_page_has_no_serious_axe_violation(site, chromium_page):
    """axe-core (tools/publish/axe.py) in Chromium on every page of the site (CI; make test: one of each kind, SAMPLE):
    no serious or critical violation. The counts (every impact) are written to artifacts/e2e/axe-site.txt."""
    import axe

    from tests.e2e.lab_page import artifact
    pages = sorted(p.relative_to(make_site.OUT).as_posix() for p in
                   [*make_site.OUT.glob("*.html"), *make_site.OUT.glob("reference/*.html")])
    assert len(pages) >= len(NAMES) + 4
    if not EVERY_PAGE:
        assert set(SAMPLE) <= set(pages), sorted(set(SAMPLE) - set(pages))
        pages = [name for name in pages if name in SAMPLE]
    off = {rule: {"enabled": False} for rule in LAYOUT_RULES}
    report, failures = [], []
    for name in pages:
        chromium_page.goto((make_site.OUT / name).resolve().as_uri())
        found = axe.violations(chromium_page, rules=None if name in WHOLE else off)
        if name not in WHOLE:
            found += axe.violations(chromium_page, ".cell_output", only=LAYOUT_RULES)
        report.append(f"{name}: {len(axe.blocking(found))} serious/critical, {len(found)} in all"
                      + "".join(f"\n  {line}" for line in axe.summary(found).splitlines()))
        if axe.blocking(found):
            failures.append(f"{name}:\n{axe.summary(axe.blocking(found))}")
    artifact("axe-site.txt").write_text(f"axe-core {axe.VERSION}\n" + "\n".join(report) + "\n")
    assert not failures, "\n".join(failures)


def test_the_api_reference_builds_without_a_warning(site):
    """A docstring docutils cannot read drops part of its page (a malformed table once hid the engine's options):
    every warning Sphinx gives about the package's docstrings fails here."""
    from_docstrings = [w for w in site["warnings"] if "/adversarial/" in w or "docstring of" in w]
    assert from_docstrings == []
    assert "null_move=NullMove()" in (make_site.OUT / "reference" / "beyond.html").read_text()
