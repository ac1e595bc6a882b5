"""Notebook 7's ordering explorer in JupyterLab: move a slider or pick an order, the plot and sentence follow.

What the page shows is compared with what the package computes here for the same (b, d, order): the
sentence exactly, and the plot's text (axis labels, title, legend), which names b and the order. The test
runs the notebook's explorer cell as it is written, after the import it needs (nbval runs the whole notebook;
running all of it again here would only cost time).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

try:
    from playwright.sync_api import expect
except ImportError:          # the fixtures skip (or fail under make test-e2e) and say how to install it
    expect = None

from adversarial.plots import explorer_caption, explorer_figure, svg_of

from .lab_page import artifact, code_cell, describe, error_outputs, run_cells, svg_texts, widget_errors

EXPLORER = ".adversarial-explorer"
PLOT = f"{EXPLORER} .adversarial-explorer-plot"
CAPTION = f"{EXPLORER} .adversarial-explorer-caption"
SVG_NS = "{http://www.w3.org/2000/svg}"


def plot_texts(b, d, order) -> list[str]:
    root = ET.fromstring(svg_of(explorer_figure(b, d, order)))
    return ["".join(t.itertext()) for t in root.iter(f"{SVG_NS}text")]


def expect_explorer_shows(page, b, d, order) -> None:
    expect(page.locator(CAPTION)).to_have_text(explorer_caption(b, d, order))
    assert svg_texts(page, PLOT) == plot_texts(b, d, order), f"plot differs at b={b}, d={d}, {order}"


def test_moving_a_slider_or_the_order_updates_the_plot(page, lab):
    run_cells(page, lab, "from adversarial.lab.plots import OrderingExplorer",          # in the scratch notebook
              code_cell("07_move_ordering.ipynb", "OrderingExplorer(b="))
    assert error_outputs(page) == [], describe(page)
    assert widget_errors(page) == []
    expect(page.locator(EXPLORER)).to_have_count(1)
    page.locator(EXPLORER).scroll_into_view_if_needed()
    expect_explorer_shows(page, 3, 5, "random")             # as the notebook creates it
    before = svg_texts(page, PLOT)

    handle = page.locator(f"{EXPLORER} .adversarial-explorer-d .noUi-handle")
    handle.focus()
    handle.press("ArrowRight")                              # d: 5 -> 6
    expect_explorer_shows(page, 3, 6, "random")
    assert svg_texts(page, PLOT) != before

    page.locator(f"{EXPLORER} .adversarial-explorer-b .noUi-handle").focus()
    page.locator(f"{EXPLORER} .adversarial-explorer-b .noUi-handle").press("ArrowLeft")   # b: 3 -> 2
    expect_explorer_shows(page, 2, 6, "random")

    page.locator(f"{EXPLORER} .adversarial-explorer-order select").select_option("best")
    expect_explorer_shows(page, 2, 6, "best")

    # Each slider's handle is named (keys.Keys sets it), and so is the number box beside it, which moves it too.
    for name in ("branching factor b", "depth d"):
        expect(page.get_by_role("slider", name=name)).to_have_count(1)
    box = page.get_by_role("spinbutton", name="depth d")
    box.fill("4")
    box.press("Enter")
    expect_explorer_shows(page, 2, 4, "best")
    expect(page.locator(f"{EXPLORER} .adversarial-explorer-d .noUi-handle")).to_have_attribute("aria-valuenow", "4.0")
    page.screenshot(path=str(artifact("ordering_explorer.png")))
