"""The Connect Four board of notebook 6 in JupyterLab, in a real (headless) browser.

A student drops discs with the ▼ buttons; after each, the page must show the engine's answer that the
package computes for the same position and depth, its score for every column, and the status line. (The
board as notebook 6 stores it, shown before running, is test_jupyterlab.py's, with every lesson's outputs.)
"""

from __future__ import annotations

import re

try:
    from playwright.sync_api import expect
except ImportError:          # the fixtures skip (or fail under make test-e2e) and say how to install it
    expect = None

from adversarial.play_connectfour import ConnectFourBoard, score_text

from .lab_page import artifact, code_cell, describe, error_outputs, run_cells, widget_errors

NOTEBOOK = "06_solving_connect_four.ipynb"
BOARD = ".adversarial-c4"


def test_the_connect_four_board_answers_as_the_package_does(page, lab):
    """The lesson's board cell (with its import), in JupyterLab (the shared scratch notebook's kernel)."""
    run_cells(page, lab, code_cell(NOTEBOOK, "ConnectFourBoard("))
    assert error_outputs(page) == [], describe(page)
    assert widget_errors(page) == []
    board = page.locator(BOARD)
    expect(board).to_have_count(1)
    board.scroll_into_view_if_needed()
    moves_line = board.locator(".adversarial-c4-moves")
    expect(moves_line).to_contain_text("none yet")

    depth = 2
    board.locator(".adversarial-c4-depth select").select_option(label=str(depth))
    reference = ConnectFourBoard(human="X", depth=depth)        # the same engine, in this process
    for column in (4, 4, 3, 5):                                  # a short, fixed game for the human
        if reference.status != "Your move." or not reference.state.can_play(column):
            break
        reference.play(column)
        board.locator(f".adversarial-c4-drop-{column}").click()
        expect(moves_line).to_have_text(re.compile(rf"\b{reference.state.history}\s*$"))
        expect(board.locator(".adversarial-status")).to_have_text(reference.status)
        for c, score in reference.evaluation.items():          # the engine's score of every column
            expect(board.locator(f".adversarial-c4-score-{c}")).to_have_text(f"{c}: {score_text(score)}")
    assert len(reference.state.history) >= 4
    page.screenshot(path=str(artifact("connectfour_board.png")))

    board.locator(".adversarial-new-game").click()
    expect(moves_line).to_contain_text("none yet")
