"""Evaluation functions and depth-limited search on Connect Four."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adversarial import alphabeta, minimax
from adversarial.games.connectfour import ConnectFour, centre_first, solve
from adversarial.games.connectfour_eval import (
    CELL_WEIGHTS,
    WINDOWS,
    centre_control,
    no_evaluation,
    open_windows,
    with_threats,
)

game = ConnectFour()
EVALUATIONS = [no_evaluation, centre_control, open_windows, with_threats(open_windows),
               with_threats(centre_control, plies=2)]


def random_position(seed, stones):
    """A random position after up to ``stones`` moves (seeded, so each example is reproducible)."""
    rng, p = random.Random(seed), game.initial_state()
    while p.count < stones and not game.is_terminal(p):
        moves = game.actions(p)
        quiet = [m for m in moves if not game.result(p, m).winner]     # long games: avoid ending early
        p = game.result(p, rng.choice(quiet or moves))
    return p


def test_there_are_69_windows_and_the_centre_is_in_13_of_them():
    assert len(WINDOWS) == 69 and all(w.bit_count() == 4 for w in WINDOWS)
    assert CELL_WEIGHTS[(3, 2)] == 13 and CELL_WEIGHTS[(0, 0)] == 3
    assert sum(CELL_WEIGHTS.values()) == 69 * 4


@pytest.mark.parametrize("evaluate", EVALUATIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("seed", range(60))
def test_evaluations_agree_with_the_result_at_the_end_and_stay_inside_minus_one_one_before(evaluate, seed):
    p = random_position(seed, 42)                        # a finished game
    assert evaluate(p) == game.utility(p)
    q = random_position(seed, seed % 30)                 # an unfinished one (or a finished one)
    if not game.is_terminal(q) and evaluate.__name__ in ("centre_control", "open_windows", "no_evaluation"):
        assert -1 < evaluate(q) < 1


@pytest.mark.parametrize("evaluate", [centre_control, open_windows], ids=lambda f: f.__name__)
def test_evaluations_are_from_max_point_of_view(evaluate):
    """The mirror-colour position (X and O swapped) gets the negated score."""
    checked = 0
    for seed in range(40):
        p = random_position(seed, 10)
        if game.is_terminal(p):
            continue
        swapped = game.board("/".join(r.translate(str.maketrans("XO", "OX")) for r in p.rows()))
        assert evaluate(swapped) == pytest.approx(-evaluate(p))
        checked += 1
    assert checked > 20
    assert evaluate(game.play("414")) > 0 > evaluate(game.play("1424"))


def test_open_windows_prefers_the_open_three():
    assert open_windows(game.play("44556")) < open_windows(game.play("4455")) + 1
    assert open_windows(game.play("445")) > open_windows(game.play("441"))


def test_the_threat_extension_sees_forced_wins_and_losses_the_static_guess_misses():
    win_now = game.play("445566")                # X to move wins in row 1
    assert open_windows(win_now) < 1 and with_threats(open_windows)(win_now) == 22 - 4
    lost = game.play("3747" + "5")                # O to move faces an open three: two threats
    assert with_threats(open_windows)(lost) == 22 - 4
    forced = game.play("112233" + "4"[:0])        # X threatens 4; after X plays it, X has won
    assert with_threats(no_evaluation)(forced) == 18
    with pytest.raises(ValueError, match="plies"):
        with_threats(open_windows, plies=-1)


@settings(max_examples=80)
@given(st.integers(0, 2**32 - 1), st.integers(26, 38), st.integers(1, 3),
       st.sampled_from([centre_control, open_windows, no_evaluation]))
def test_depth_limited_alphabeta_equals_minimax_near_the_end(seed, stones, depth, evaluate):
    """Near the end transpositions are common (moves in different columns commute)."""
    p = random_position(seed, stones)
    expected = minimax(game, p, depth=depth, evaluate=evaluate).value
    assert alphabeta(game, p, depth=depth, evaluate=evaluate).value == expected
    assert alphabeta(game, p, depth=depth, evaluate=evaluate, order=centre_first).value == expected
    assert alphabeta(game, p, depth=depth, evaluate=evaluate, table=True).value == expected


@settings(max_examples=40)
@given(st.integers(0, 2**32 - 1), st.integers(33, 38))
def test_searching_to_the_end_with_any_evaluation_gives_the_solver_score(seed, stones):
    p = random_position(seed, stones)
    if game.is_terminal(p):
        return
    sign = 1 if game.to_move(p) == "MAX" else -1
    value = alphabeta(game, p, depth=42 - p.count, evaluate=open_windows, table=True).value
    assert sign * value == solve(p.history)
