"""Issue 42, item by item: the wrong verdicts fixed, no bug named that the answer did not make, no answer read off
a message in one try. (The gallery, tests/test_gallery.py, and the automated student, tests/test_automated_
student.py, test every check at once; these are the cases the issue lists.)"""

from __future__ import annotations

import math

import pytest

from adversarial.exercises import (
    check_board_value,
    check_careful_table,
    check_mtdf_driver,
    check_negamax,
    check_positions_up_to_symmetry,
    check_tree_move,
    check_tree_size_without_wins,
    check_tree_value,
    check_two_proofs,
)
from adversarial.exercises.beyond import at_least
from adversarial.exercises.diagnosis import Catalogue, Mistake, value_catalogue


def test_a_mistake_is_named_only_when_the_answer_behaves_as_it_and_no_other():
    catalogue = Catalogue([Mistake("plus one", lambda x: x + 1, "c1"), Mistake("times two", lambda x: 2 * x, "c2")],
                          cases=[1, 5], neutral="idea")
    assert catalogue.diagnose(lambda x: x + 1).name == "plus one"
    assert catalogue.diagnose(lambda x: x + 1 if x < 3 else 0) is None      # like "plus one" on one case only
    ambiguous = Catalogue([Mistake("a", lambda x: 2, "c"), Mistake("b", lambda x: 2 if x < 9 else 3, "d")],
                          cases=[1, 5], neutral="idea")
    assert ambiguous.diagnose(lambda x: 2) is None and ambiguous.twins() == [("a", "b")]
    assert catalogue.diagnose(lambda x: 1 / 0) is None


def test_a_value_two_mistakes_share_names_neither():
    catalogue = value_catalogue([Mistake("a", 4, "ca"), Mistake("b", 4, "cb"), Mistake("c", 7, "cc"),
                                 Mistake("right", 3, "never")], 3, neutral="idea")
    assert catalogue.names() == ["c"] and catalogue.hint(4) == "idea" and catalogue.hint(7) == "cc"


def test_numpy_numbers_of_every_kind_match_a_wrong_value():
    import numpy as np
    catalogue = value_catalogue([Mistake("largest leaf", 9, "cause")], 3, neutral="idea")
    assert all(catalogue.hint(x) == "cause" for x in (np.int8(9), np.int64(9), np.float32(9), np.uint16(9), 9.0))


@pytest.mark.parametrize("check, answer, not_says", [
    (lambda a: check_tree_value(a, [[3, 5], [2], [9, 1]]), 2, "MIN moves first"),        # 0 ex 1 -> ex 2's answer
    (lambda a: check_tree_move(a, [[3, 5], [2], [9, 1]]), 3, "value of the position"),   # 0 ex 3 -> ex 1's answer
    (lambda a: check_board_value(a, "X../X../OO."), 1, "whose side"),                  # 3 ex 1
    (check_tree_size_without_wins, 986409, "root"),                                     # 3 ex 3
    (lambda a: check_board_value(a, ".O./.../XOX", depth_aware=True), 4, "winning move"),   # 3 ex 4
    (lambda a: check_board_value(a, ".O./.../XOX", depth_aware=True), -3, "whose side"),
    (lambda a: check_two_proofs(a, 9, 5), (729, 81), "other player"),                  # 7 ex 1, swapped
])
def test_no_one_try_give_away(check, answer, not_says):
    verdict = check(answer)
    assert not verdict and not_says not in verdict.message, verdict.message


def test_rotations_only_is_named_and_never_called_the_count_divided_by_8():
    verdict = check_positions_up_to_symmetry(1383)
    assert "rotation" in verdict.message and "divided by 8" not in verdict.message


def test_a_driver_stepping_one_score_at_a_time_is_not_mtdf():
    def stepper(spec, guess):
        lower, upper, g = -math.inf, math.inf, guess
        while lower < upper:
            v = at_least(spec, g)
            if v >= g:
                lower, g = g, g + 1
            else:
                upper, g = g - 1, g - 1
            g = min(max(g, lower + 1), upper) if lower < upper else g
        return lower
    for seed in range(3):
        verdict = check_mtdf_driver(stepper, seed=seed, n=3)
        assert not verdict and "already answered" in verdict.message, verdict.message


def test_a_float_truncating_negamax_is_not_told_its_base_case_knows_whole_numbers_only():
    def cast(spec, sign):
        return sign * int(spec) if not isinstance(spec, list) else max(-cast(c, -sign) for c in spec)
    verdict = check_negamax(cast)
    assert not verdict and "whole numbers only" not in verdict.message


def test_swapped_table_labels_do_not_get_the_called_window_hint():
    def swapped(game, board, alpha=-math.inf, beta=math.inf, table=None):
        table = {} if table is None else table
        if board in table:
            value, kind = table[board]
            if kind == "exact" or (kind == "upper" and value >= beta) or (kind == "lower" and value <= alpha):
                return value
        if game.is_terminal(board):
            return game.utility(board)
        a0, b0 = alpha, beta
        maximising = game.to_move(board) == "MAX"
        best = -math.inf if maximising else math.inf
        for move in game.actions(board):
            v = swapped(game, game.result(board, move), alpha, beta, table)
            if maximising:
                best, alpha = max(best, v), max(alpha, v)
            else:
                best, beta = min(best, v), min(beta, v)
            if alpha >= beta:
                break
        table[board] = (best, "lower" if best <= a0 else "upper" if best >= b0 else "exact")   # labels swapped
        return best
    verdict = check_careful_table(swapped, seed=1, n=3)
    assert not verdict and "the loop has changed" not in verdict.message, verdict.message
