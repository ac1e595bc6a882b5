"""Issue 30 (reliability round 4), the exercise checks: checks that gave the wrong verdict, messages that named the
wrong bug, checks that tested the number rather than the idea. Each test is the typical wrong answer (or the right
answer written differently) that the check used to judge wrongly. The hints that gave answers away are covered for
every check by tests/test_hint_rule.py."""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

import numpy as np
import pytest

from adversarial.exercises import (
    check_aspiration,
    check_beats_static,
    check_careful_table,
    check_chance_value,
    check_expected_collisions,
    check_minimal_leaves,
    check_mtdf_driver,
    check_negamax,
    check_positions_after,
    check_proofs_function,
    check_pvs,
    check_tree_move,
    check_two_proofs,
    check_two_test_guesses,
    check_window_rule,
    check_zobrist_update,
)
from adversarial.exercises.beyond import at_least, check_best_margin
from adversarial.exercises.core import reset_hints

from .hint_cases import (
    aspiration_no_research,
    careless_table,
    margin_adds,
    mtdf_swapped,
    negamax_root_max,
    pvs_full_window,
    table_kind_from_updated_window,
)

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SCOUT = [[3, 5, 6], [1, 2, 0], [9, 7, 8]]


@pytest.fixture(autouse=True)
def fresh_hints():
    reset_hints()
    yield
    reset_hints()


# -- checks that gave the wrong verdict ------------------------------------------------------------------

def careful(key):
    """Notebook 4's worked answer, with the table keyed by ``key(game, board)``."""
    def careful_alphabeta(game, board, alpha=-math.inf, beta=math.inf, table=None):
        table = {} if table is None else table
        k = key(game, board)
        if k in table:
            value, kind = table[k]
            if kind == "exact" or (kind == "lower" and value >= beta) or (kind == "upper" and value <= alpha):
                return value
        if game.is_terminal(board):
            return game.utility(board)
        called_with = alpha, beta
        maximising = game.to_move(board) == "MAX"
        value = -math.inf if maximising else math.inf
        for move in game.actions(board):
            v = careful_alphabeta(game, game.result(board, move), alpha, beta, table)
            if maximising:
                value, alpha = max(value, v), max(alpha, v)
            else:
                value, beta = min(value, v), min(beta, v)
            if alpha >= beta:
                break
        kind = "upper" if value <= called_with[0] else "lower" if value >= called_with[1] else "exact"
        table[k] = (value, kind)
        return value
    return careful_alphabeta


def test_careful_table_rejects_a_table_never_passed_down():
    verdict = check_careful_table(careless_table, seed=3, n=2)
    assert not verdict and verdict.answered
    assert "holds only the position the search was called on" in verdict.message


def test_careful_table_accepts_canonical_keys_and_still_rejects_the_updated_window():
    assert check_careful_table(careful(lambda game, board: game.canonical(board)), seed=3, n=4)
    assert check_careful_table(careful(lambda game, board: board), seed=3, n=4)
    assert not check_careful_table(table_kind_from_updated_window, seed=3, n=4)


def test_mtdf_driver_forbids_the_package_and_asks_for_tests_that_prove_the_value():
    from adversarial import minimax, tree
    cheat = check_mtdf_driver(lambda spec, guess: minimax(tree(spec)).value, seed=2, n=3)
    assert not cheat and "called the package's minimax" in cheat.message

    never = check_mtdf_driver(lambda spec, guess: _value(spec), seed=2, n=3)
    assert not never and "never called at_least" in never.message

    def one_test_then_compute(spec, guess):
        at_least(spec, guess)
        return _value(spec)
    unproved = check_mtdf_driver(one_test_then_compute, seed=2, n=3)
    assert not unproved and "never proved it" in unproved.message


def _value(spec, maximising=True):
    if not isinstance(spec, list):
        return spec
    values = [_value(c, not maximising) for c in spec]
    return max(values) if maximising else min(values)


def test_mtdf_driver_with_bounds_of_ten_fails_on_scores_beyond_them():
    def ten(spec, guess):
        lower, upper, g = -10, 10, guess
        while lower < upper:
            gamma = g + 1 if g == lower else g
            v = at_least(spec, gamma)
            lower, upper = (v, upper) if v >= gamma else (lower, v)
            g = v
        return lower
    verdict = check_mtdf_driver(ten, seed=2, n=3)
    assert not verdict and "start" in verdict.message and "beyond" in verdict.message


def test_mtdf_swapped_bounds_are_named_as_swapped_not_as_asking_at_lower_again():
    verdict = check_mtdf_driver(mtdf_swapped, seed=2, n=3)
    assert not verdict and "wrong end of the interval" in verdict.message
    assert "lower + 1" not in verdict.message and "in a row" not in verdict.message


def test_mtdf_right_drivers_pass_from_far_guesses():
    def from_above(spec, guess):
        lower, upper, g = -math.inf, math.inf, guess
        while lower < upper:
            gamma = max(g, lower + 1)
            v = at_least(spec, gamma)
            lower, upper = (v, upper) if v >= gamma else (lower, v)
            g = v
        return upper
    assert check_mtdf_driver(from_above, seed=5, n=10)


def test_negamax_base_case_for_int_only_is_rejected_with_its_own_hint():
    def int_only(spec, sign):
        if isinstance(spec, int):
            return sign * spec
        return max(-int_only(child, -sign) for child in spec)
    verdict = check_negamax(int_only)
    assert not verdict and "floats" in verdict.message


@pytest.mark.parametrize("check, fn", [
    (check_pvs, lambda node, depth, alpha, beta, maximising: sys.exit()),
    (check_aspiration, lambda search, previous, delta: sys.exit(0)),
    (check_expected_collisions, lambda n, bits: sys.exit(1)),
])
def test_sys_exit_becomes_a_verdict(check, fn):
    verdict = check(fn)
    assert not verdict and verdict.answered and "sys.exit" in verdict.message


def test_a_huge_answer_is_judged_without_overflow():
    verdict = check_expected_collisions(lambda n, bits: 10 ** 400)
    assert not verdict and verdict.answered


def _pvs_without_return(node, depth, alpha, beta, maximising):
    pvs_full_window(node, depth, alpha, beta, maximising)


def _aspiration_without_return(search, previous, delta):
    aspiration_no_research(search, previous, delta)


def _collisions_without_return(n, bits):
    n * (n - 1) / 2 / 2 ** bits


@pytest.mark.parametrize("check, fn", [(check_pvs, _pvs_without_return),
                                       (check_aspiration, _aspiration_without_return),
                                       (check_expected_collisions, _collisions_without_return)])
def test_a_missing_return_is_said_to_return_none_not_unanswered(check, fn):
    verdict = check(fn)
    assert not verdict and verdict.answered, verdict
    assert "returned None" in verdict.message and "Not answered yet" not in verdict.message


def test_stubs_are_still_unanswered():
    def stub(*args):
        ...
    for check in (check_pvs, check_aspiration, check_expected_collisions, check_mtdf_driver, check_proofs_function):
        assert not check(stub).answered


def test_the_window_rule_tests_what_the_notebook_says_it_tests():
    text = (NOTEBOOKS / "02_alphabeta_by_hand.md").read_text(encoding="utf-8")
    exercise = text[text.index("### Exercise 2: the rule for a MIN root"):text.index("### Exercise 3")]
    assert "every half" in exercise and "closer and closer" in exercise and "5.25" in exercise
    verdict = check_window_rule(lambda x: 5 < x <= 7 and x != 5.25)      # wrong only between the halves
    assert not verdict and "5.25" in verdict.message


def test_float32_answers_are_right_within_their_precision():
    from adversarial.beyond.chance import chance, chance_tree
    t = chance_tree([chance((0.6, [4, 5]), (0.4, [8, 0])), chance((0.9, [7, 3]), (0.1, [0, 2]))])
    assert check_chance_value(np.float32(2.7), t)
    assert check_chance_value(np.float16(2.7), t)
    assert not check_chance_value(np.float32(2.71), t) and not check_chance_value(2.7000001, t)


def test_collisions_approximation_is_explained():
    verdict = check_expected_collisions(lambda n, bits: n ** 2 / 2 ** (bits + 1))
    assert not verdict and "approximation" in verdict.message and "exact expectation" in verdict.message
    assert check_expected_collisions(lambda n, bits: math.comb(n, 2) / 2 ** bits)


# -- messages that named the wrong bug -------------------------------------------------------------------------

@pytest.mark.parametrize("spec", [[[3, 5], [2], [9, 1]], [[3, 12, 8], [2, 4, 6], [14, 5, 2]]])
def test_a_swapped_min_max_move_is_not_only_told_about_counting_from_one(spec):
    verdict = check_tree_move(1, spec)
    assert not verdict and "MIN" in verdict.message and "MAX" in verdict.message


def test_a_swapped_move_that_is_not_off_by_one_is_named_as_swapped():
    spec = [[1, 2], [9, 8], [6, 7]]    # best: 1 (MIN values 1, 8, 6); MIN and MAX traded places: 0 (2, 9, 7)
    verdict = check_tree_move(0, spec)
    assert not verdict and "trade places" in verdict.message and "from 1" not in verdict.message


def test_levels_added_up_are_named():
    verdict = check_positions_after(22100, plies=6)
    assert not verdict and "added up" in verdict.message and "move sequences" not in verdict.message


def test_notebook_5_exercise_2_tells_the_depth_3_line_from_the_answer():
    """The old position's answer (3) was also the length of the depth-3 search's line, trap move included: the
    exercise could be answered with the wrong idea. In the new one the loss comes 5 moves after the trap."""
    from adversarial.exercises import check_moves_to_loss
    from adversarial.exercises.connectfour import moves_to_loss
    text = (NOTEBOOKS / "05_depth_limits_evaluation.md").read_text(encoding="utf-8")
    from adversarial import alphabeta
    from adversarial.games.connectfour import ConnectFour
    from adversarial.games.connectfour_eval import open_windows
    moves = re.search(r'H2 = "(\d+)"', text).group(1)
    searched = alphabeta(ConnectFour(), ConnectFour().play(moves), depth=3, evaluate=open_windows)
    truth = moves_to_loss(moves, searched.move)
    assert truth != len(searched.pv) and check_moves_to_loss(truth, moves, searched.move)
    verdict = check_moves_to_loss(len(searched.pv), moves, searched.move)
    assert not verdict and "depth-3 search's line" in verdict.message


def test_zobrist_nested_lookup_is_named_and_the_number_is_shown():
    nested = check_zobrist_update(lambda key, numbers, cell, piece: key ^ numbers[cell][piece])
    assert not nested and "numbers[cell, piece]" in nested.message and "XOR" not in nested.message
    plus = check_zobrist_update(lambda key, numbers, cell, piece: key + numbers[cell, piece], seed=1)
    assert not plus and re.search(r"numbers\[cell, piece\] = \d+", plus.message)


def test_a_memo_that_adds_is_told_about_adding():
    verdict = check_best_margin(margin_adds)
    assert not verdict and "add up the whole row" in verdict.message
    assert "larger end" not in verdict.message


def test_the_root_sign_slip_gets_its_own_hint():
    verdict = check_negamax(negamax_root_max)
    assert not verdict and "whatever the sign" in verdict.message


def test_every_leaf_is_not_mistaken_for_a_forgotten_shared_leaf():
    verdict = check_minimal_leaves(lambda b, d: b ** d)
    assert not verdict and "every leaf" in verdict.message and "share" not in verdict.message


def test_beats_static_shows_the_whole_message_of_a_bad_order():
    verdict = check_beats_static(lambda board, moves: list(moves)[:-1] if len(moves) > 2 else list(moves))
    assert not verdict and "returned [" in verdict.message


# -- checks that test the idea ----------------------------------------------------------------------------------

def test_the_two_proofs_are_asked_separately():
    assert check_two_proofs((81, 729), 9, 5) and check_two_proofs([81.0, 729], 9, 5)
    total = check_two_proofs(809, 9, 5)
    assert not total and "one number" in total.message
    swapped = check_two_proofs((729, 81), 9, 5)     # issue 42: the swap is not confirmed (it was the answer)
    assert not swapped and "other player's proof" not in swapped.message


def test_the_proofs_function_refuses_the_pasted_closed_formula():
    verdict = check_proofs_function(lambda b, d: b ** ((d + 1) // 2) + b ** (d // 2) - 1)
    assert not verdict and "one number" in verdict.message
    assert check_proofs_function(lambda b, d: (b ** (d // 2), b ** -(-d // 2)))


def test_two_test_guesses_check_keeps_the_oracle_inside():
    assert check_two_test_guesses(lambda g: 3 < g <= 9, SCOUT)
    assert not check_two_test_guesses(lambda g: 3 <= g <= 9, SCOUT)


def test_no_visible_check_cell_runs_a_search():
    """A check cell shows the student the check, not the answer key: no package search is called there."""
    searches = re.compile(r"\b(minimax|alphabeta|negamax|pvs|mtdf|knuth_moore|solve|expectiminimax)\(")
    for md in sorted(NOTEBOOKS.glob("[0-9]*.md")):
        text = md.read_text(encoding="utf-8")
        for cell in re.findall(r"```\{code-cell\} ipython3\n:tags: \[check\]\n(.*?)\n```", text, re.S):
            assert not searches.search(cell), f"{md.name}: a check cell computes its answer in view:\n{cell}"
