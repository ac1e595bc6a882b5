"""The exact solver: Pons' test positions, agreement with plain search, each technique switched off."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adversarial import alphabeta
from adversarial.games.connectfour import ConnectFour, MoveError, solve
from adversarial.games.connectfour_solver import Solver, winning_cells

from .conftest import shared_path

game = ConnectFour()

# A fixed sample of Test_L3_R1: every 8th of its 1,000 lines (125 positions), so the
# sample is spread over the whole file and the same on every run.
SAMPLE_STEP = 8


def pons_positions(name="Test_L3_R1"):
    path = shared_path("data", "connect4", "resources", name)
    return [(moves, int(score)) for moves, score in (line.split() for line in path.read_text().splitlines())]


def test_solve_reproduces_a_fixed_sample_of_pons_test_l3_r1():
    lines = pons_positions()
    assert len(lines) == 1000
    sample = lines[::SAMPLE_STEP]
    assert len(sample) >= 100
    wrong = [(moves, score, solve(moves)) for moves, score in sample if solve(moves) != score]
    assert wrong == []


def near_the_end(seed, empty):
    """A random position with ``empty`` cells left whose game is not over (seeded, so reproducible)."""
    rng = random.Random(seed)
    while True:
        p = game.initial_state()
        while p.count < 42 - empty and not game.is_terminal(p):
            p = game.result(p, rng.choice(game.actions(p)))
        if not game.is_terminal(p):
            return p


@settings(max_examples=60)
@given(st.integers(0, 2**32 - 1), st.integers(1, 7))
def test_solve_equals_a_full_alphabeta_search_seen_from_the_side_to_move(seed, empty):
    p = near_the_end(seed, empty)
    sign = 1 if game.to_move(p) == "MAX" else -1
    assert solve(p.history) == sign * alphabeta(game, p, table=True).value


TECHNIQUES = [dict(order="centre"), dict(order="left", avoid_losing=False), dict(avoid_losing=False),
              dict(table=False), dict(null_window=False),
              dict(order="centre", avoid_losing=False, win_check=False),
              dict(order="left", avoid_losing=False, win_check=False, table=False, null_window=False)]


@pytest.mark.parametrize("options", TECHNIQUES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_switching_a_technique_off_keeps_the_scores(options):
    lines = pons_positions()[3::50]                  # 20 positions, spread over the file
    solver = Solver(**options)
    assert [solver.solve(m) for m, _ in lines] == [s for _, s in lines]


def test_without_pruning_the_solver_still_agrees_but_visits_far_more_nodes():
    lines = pons_positions()[:3]
    plain, full = Solver(pruning=False, order="left", win_check=False, avoid_losing=False, table=False,
                         null_window=False), Solver()
    assert [plain.solve(m) for m, _ in lines] == [full.solve(m) for m, _ in lines] == [s for _, s in lines]
    assert plain.nodes > 10 * full.nodes


def test_winning_cells_finds_the_gaps_of_every_direction():
    p = game.play("1122336")                 # X: a1 b1 c1 → d1 wins; O: a2 b2 c2 → d2 (not playable yet)
    cells = winning_cells(p.x, p.mask)
    assert cells == 1 << (3 * 7)             # column 4, row 1
    assert winning_cells(p.o, p.mask) == 1 << (3 * 7 + 1)


def test_an_immediate_win_scores_22_minus_the_winners_stones():
    assert solve("112233") == 22 - 4          # X wins with its 4th stone
    assert solve("37475") == -(22 - 4)        # O to move cannot block both ends of X's open three


@pytest.mark.parametrize("moves, error, message", [
    ("1212121", MoveError, "already over"),
    ("9", MoveError, "not a column"),
    ("4444444", MoveError, "column 4 is full"),
    (None, TypeError, "string of column digits"),
])
def test_solve_rejects_bad_or_finished_games(moves, error, message):
    with pytest.raises(error, match=message):
        solve(moves)


def test_bad_solver_options_are_explained():
    with pytest.raises(ValueError, match="order must be"):
        Solver(order="random")
    with pytest.raises(ValueError, match="rely on win_check"):
        Solver(win_check=False)
