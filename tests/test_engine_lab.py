"""The technique ladder (adversarial.engine_lab) and its fixed sample of Connect Four positions."""

from pathlib import Path

import pytest

from adversarial.formatting import Table
from adversarial.games.connectfour import ConnectFour
from adversarial.games.connectfour_solver import Solver
from adversarial.lab.engine_lab import RUNGS, SAMPLE, ladder, ladder_table, options, play_match, quartiles, search

REPO = Path(__file__).resolve().parent.parent
# ../shared beside the clone (or beside the folder of worktrees that holds it)
DATA = next((d for d in (REPO.parent / "shared", REPO.parent.parent / "shared") if d.exists()),
            REPO.parent / "shared") / "data" / "connect4" / "resources"
GAME = ConnectFour()


def test_the_sample_is_every_50th_line_of_pons_files():
    if not DATA.exists():
        pytest.skip(f"Pons' test files are not here ({DATA}): they live in ../shared, absent in a plain clone")
    for p in SAMPLE:
        lines = (DATA / p.source).read_text().splitlines()
        moves, score = lines[p.line - 1].split()
        assert (moves, int(score)) == (p.moves, p.score)
    assert len(SAMPLE) == 40 and {p.line for p in SAMPLE} == {1 + 50 * k for k in range(20)}


def test_the_right_moves_are_the_solvers_on_the_quick_positions():
    solver = Solver(null_window=False)
    checked = 0
    for p in SAMPLE:
        if 42 - len(p.moves) > 18:           # the solver takes seconds on the longer ones: checked once, stored
            continue
        position = GAME.play(p.moves)
        scores = {}
        for c in GAME.actions(position):
            child = GAME.result(position, c)
            scores[c] = 22 - (child.count + 1) // 2 if child.winner else -solver.solve(p.moves + str(c))
        best = max(scores.values())
        assert best == p.score and p.right == tuple(c for c in scores if scores[c] == best)
        checked += 1
    assert checked >= 5


def test_every_rung_keeps_the_techniques_above_it():
    assert options(0) == {}
    assert set(options(2)) == {"table", "pvs"}
    assert set(options(len(RUNGS) - 1)) >= set(options(len(RUNGS) - 2))
    with pytest.raises(ValueError, match="rung must be a whole number"):
        options(len(RUNGS))


def test_exact_rungs_agree_with_alphabeta_at_a_fixed_depth():
    """Table, PVS and aspiration are exact: the same move as alpha-beta on every sample position."""
    for p in SAMPLE[:6]:
        moves = {search(p.moves, rung, depth=4).move for rung in range(4)}
        assert len(moves) == 1 or search(p.moves, 0, depth=4).move in moves


def test_a_node_budget_is_kept_and_the_table_goes_deeper():
    runs = [search(SAMPLE[3].moves, rung, node_budget=800) for rung in (0, 1)]
    assert all(r.nodes <= 801 for r in runs)
    assert runs[1].depth >= runs[0].depth


def test_ladder_table_and_quartiles():
    rows = ladder(SAMPLE[:3], depth=3, rungs=[0, 1])
    table = ladder_table(rows)
    assert isinstance(table, Table) and len(table) == 2 and table.column("rung")[0] == "alpha-beta"
    text = repr(table)                      # what nbval compares: aligned text, no Markdown pipes
    lines = text.splitlines()
    assert len(lines) == 3 and "|" not in text and "---" not in text
    second = lines[0].index("nodes median [IQR]")           # every row's second column starts there
    assert all(line[second - 2:second] == "  " and line[second] != " " for line in lines)
    assert "<table" in table._repr_html_() and "right move" in table._repr_html_()
    markdown = table.markdown()             # the benchmark's report keeps its Markdown table
    assert markdown.count("\n") == 3 and markdown.startswith("| rung |") and "/3 |" in markdown
    assert quartiles([1, 2, 3, 4, 5]) == (2, 3, 4)
    with pytest.raises(ValueError, match="exactly one of depth"):
        search(SAMPLE[0].moves, 0)
    with pytest.raises(ValueError, match="rounds must be"):
        ladder(SAMPLE[:1], depth=2, rounds=0)
    once = ladder(SAMPLE[:2], depth=3, rungs=[0, 1])
    twice = ladder(SAMPLE[:2], depth=3, rungs=[0, 1], rounds=2)     # more rounds: the same searches
    assert [(r.nodes, r.move) for row in twice for r in row["runs"]] == \
        [(r.nodes, r.move) for row in once for r in row["runs"]]


def test_a_match_counts_every_game_and_its_interval_holds_the_score():
    m = play_match(1, 0, openings=2, node_budget=150, seed=3)
    assert m.wins + m.draws + m.losses == 4
    assert m.low <= m.score <= m.high


@pytest.mark.parametrize("depth", [0, -2, 2.5])
def test_a_depth_that_is_not_a_whole_positive_number_is_refused_at_once(depth):
    """search(moves, rung, depth=0) fell back to searching to the end of the game (found with issue 30)."""
    with pytest.raises(ValueError, match="depth must be a whole number of moves, 1 or more"):
        search(SAMPLE[0].moves, 0, depth=depth)
