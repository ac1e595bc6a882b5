"""Notebook 6's exercise checks: typical wrong answers get ✗ with a hint, right ones ✓."""

import math

import pytest

from adversarial.beyond.ordering import as_given, reversed_order, tictactoe_centre_first
from adversarial.exercises import (
    check_beats_static,
    check_best_order_leaves,
    check_deepest,
    check_minimal_leaves,
)
from adversarial.games.tictactoe import LINES
from adversarial.lab.experiments import UniformTree, knuth_moore, leaves_read

from .test_exercises_notebooks import SOLUTION


def not_answered(verdict):
    return not verdict.ok and verdict.message.startswith("Not answered yet")


# -- exercise 1: predict the best order's leaves (b = 9, d = 5, in the notebook) -------------

@pytest.mark.parametrize("wrong", [9 ** 5, 243, 81, 729, 810, 161, 1457, 0])
def test_best_order_prediction_rejects_typical_wrong_answers(wrong):
    verdict = check_best_order_leaves(wrong, 9, 5)
    assert not verdict.ok and "Hint" in verdict.message


def test_best_order_prediction_accepts_the_count_and_waits_for_an_answer():
    assert check_best_order_leaves(809, 9, 5).ok and check_best_order_leaves(9 ** 3 + 9 ** 2 - 1, 9, 5).ok
    assert not_answered(check_best_order_leaves(..., 9, 5))
    assert "share one leaf" in check_best_order_leaves(810, 9, 5).message
    assert "odd depth" in check_best_order_leaves(161, 9, 5).message


def test_the_best_order_count_is_what_the_search_reads():
    assert check_best_order_leaves(leaves_read(UniformTree(3, 4, seed=0), "best"), 3, 4).ok


# -- exercise 2: the Knuth–Moore count as a function ------------------------------------

WRONG_COUNTS = [
    lambda b, d: b ** d,                                    # every leaf
    lambda b, d: b ** (d / 2),                              # the order of magnitude
    lambda b, d: 2 * b ** (d // 2) - 1,                     # floor twice: wrong for odd d
    lambda b, d: b ** math.ceil(d / 2) + b ** (d // 2),     # forgets the shared leaf
    lambda b, d: round(b ** (0.75 * d)),                    # the random-order estimate
]


@pytest.mark.parametrize("wrong", WRONG_COUNTS)
def test_minimal_leaves_rejects_typical_wrong_functions(wrong):
    verdict = check_minimal_leaves(wrong)
    assert not verdict.ok and "Hint" in verdict.message


def test_minimal_leaves_accepts_two_different_right_functions():
    def closed_form(b, d):
        return b ** ((d + 1) // 2) + b ** (d // 2) - 1

    def by_node_types(b, d, kind="pv"):
        if d == 0:
            return 1
        if kind == "pv":
            return by_node_types(b, d - 1) + (b - 1) * by_node_types(b, d - 1, "cut")
        if kind == "cut":
            return by_node_types(b, d - 1, "all")
        return b * by_node_types(b, d - 1, "cut")

    assert check_minimal_leaves(closed_form).ok and check_minimal_leaves(by_node_types).ok


def test_minimal_leaves_stubs_are_not_answered():
    def stub(b, d):
        ...

    def todo(b, d):
        raise NotImplementedError

    assert all(not_answered(check_minimal_leaves(f)) for f in (stub, todo, ..., None))


# -- exercise 3: how deep in the same budget ------------------------------------------------

# In the notebook: chess-like b = 35 and 2,000,000 leaves: minimax reaches 4, doubling says 8.
@pytest.mark.parametrize("wrong", [4, 8, 6, 3.5])
def test_deepest_rejects_minimax_depth_and_plain_doubling(wrong):
    verdict = check_deepest(wrong, 35, 2_000_000)
    assert not verdict.ok and "Hint" in verdict.message


def test_deepest_accepts_the_largest_depth_that_fits():
    d = 0
    while knuth_moore(35, d + 1) <= 2_000_000:
        d += 1
    assert check_deepest(d, 35, 2_000_000).ok
    assert check_deepest(max(k for k in range(20) if 35 ** (k // 2) + 35 ** ((k + 1) // 2) - 1
                             <= 2_000_000), 35, 2_000_000).ok
    assert not_answered(check_deepest(..., 35, 2_000_000))


# -- exercise 4: an order that beats centre-corners-edges ---------------------------------------

CENTRE = (3, 2, 3, 2, 4, 2, 3, 2, 3)


def win_block_centre(board, moves):
    me, them = board.player, "O" if board.player == "X" else "X"
    def urgency(m):
        score = CENTRE[m]
        for line in LINES:
            if m in line:
                others = [board.cells[i] for i in line if i != m]
                score += 100 * (others == [me, me]) + 10 * (others == [them, them])
        return score
    return sorted(moves, key=urgency, reverse=True)


def threats_first(board, moves):
    """Differently written: immediate wins, then blocks, then the static order."""
    def completes(m, mark):
        cells = board.cells[:m] + mark + board.cells[m + 1:]
        return any(all(cells[i] == mark for i in line) for line in LINES if m in line)
    other = "O" if board.player == "X" else "X"
    wins = [m for m in moves if completes(m, board.player)]
    blocks = [m for m in moves if m not in wins and completes(m, other)]
    rest = [m for m in tictactoe_centre_first(board, moves) if m not in wins + blocks]
    return wins + blocks + rest


@pytest.mark.parametrize("wrong", [as_given, reversed_order, tictactoe_centre_first,
                                   lambda board, moves: moves[:1],            # drops moves
                                   lambda board, moves: list(moves) + [99],   # invents a move
                                   lambda board, moves: sorted(moves, key=lambda m: board.cells[m])])
def test_beats_static_rejects_orders_that_are_no_better_or_not_orders(wrong):
    verdict = check_beats_static(wrong)
    assert not verdict.ok and "Hint" in verdict.message


def test_beats_static_accepts_two_different_threat_aware_orders():
    assert check_beats_static(win_block_centre).ok and check_beats_static(threats_first).ok


def test_beats_static_stubs_and_crashes():
    def stub(board, moves):
        ...

    def crashes(board, moves):
        return sorted(moves, key=lambda m: board.squares[m])

    assert not_answered(check_beats_static(stub)) and not_answered(check_beats_static(...))
    verdict = check_beats_static(crashes)
    assert not verdict.ok and "AttributeError" in verdict.message


def test_answers_that_are_not_numbers_are_explained():
    assert "without quotes" in check_best_order_leaves("809", 9, 5).message
    assert "bool" in check_deepest(True, 35, 2_000_000).message


# -- the same checks as notebook 6 runs them, on its own cells ---------------------------------

NOTEBOOK_ANSWERS = [    # per exercise: (wrong answers, right answers); SOLUTION = the worked answer
    # issue 30: the two proofs, separately; the closed formula's total (pasted from the prose) is refused
    (["answer1 = 9 ** 2 + 9 ** 3 - 1", "answer1 = (9 ** 3, 9 ** 2)", "answer1 = (9 ** 5, 9 ** 5)",
      "answer1 = (9 ** 2.5, 9 ** 2.5)", "answer1 = ('81', '729')", "answer1 = (81, 729, 809)"],
     [SOLUTION, "answer1 = [81, 729]", "answer1 = (81.0, 729)"]),
    (["def proofs(b, d):\n    return b ** ((d + 1) // 2) + b ** (d // 2) - 1",
      "def proofs(b, d):\n    return b ** ((d + 1) // 2), b ** (d // 2)",
      "def proofs(b, d):\n    return b ** (d / 2), b ** (d / 2)",
      "def proofs(b, d):\n    return b ** (d // 2), b ** (d // 2)"],
     [SOLUTION, "import math\ndef proofs(b, d):\n    return [b ** (d // 2), b ** math.ceil(d / 2)]",
      "def proofs(b, d):\n    levels = ['MAX' if k % 2 == 0 else 'MIN' for k in range(d)]\n"
      "    return b ** levels.count('MIN'), b ** levels.count('MAX')"]),
    (["answer3 = 4", "answer3 = 8", "answer3 = True"],
     [SOLUTION, "answer3 = 7"]),
    (["def my_order(board, moves):\n    return list(reversed(moves))",
      "def my_order(board, moves):\n    return moves[:1]"],
     [SOLUTION, "my_order = threats_first"]),
]


def test_notebook_6_checks_reject_wrong_answers_and_accept_right_ones(monkeypatch):
    import matplotlib

    from .test_exercises_notebooks import NOTEBOOKS, check_every_exercise

    matplotlib.use("Agg")
    monkeypatch.chdir(NOTEBOOKS)
    # The lesson's long experiments give their written-down results (adversarial/lab/ahead.py): nbval computes
    # them for real and compares; here only the exercises' checks matter.
    monkeypatch.setenv("ADVERSARIAL_AHEAD", "use")
    check_every_exercise("07_move_ordering", NOTEBOOK_ANSWERS, namespace={"threats_first": threats_first},
                         says_hint=True)


@pytest.fixture(autouse=True)
def fresh_hints():
    """Hints climb a ladder per exercise; every test starts from the first rung, whatever ran before."""
    from adversarial.exercises.core import reset_hints
    reset_hints()


# -- issue 20: numpy and exact answers, hints about the bug that failed, odd inputs ---------------------

def test_numpy_and_exact_answers_pass():
    from fractions import Fraction

    import numpy as np
    assert check_best_order_leaves(np.int64(809), 9, 5) and check_best_order_leaves(Fraction(809), 9, 5)
    assert check_deepest(np.int64(7), 35, 2_000_000) or check_deepest(np.int64(8), 35, 2_000_000)
    truth = max(d for d in range(64) if knuth_moore(35, d) <= 2_000_000)
    assert check_deepest(np.int64(truth), 35, 2_000_000) and check_deepest(float(truth), 35, 2_000_000)
    assert check_minimal_leaves(lambda b, d: np.int64(b) ** ((d + 1) // 2) + np.int64(b) ** (d // 2) - 1)


def test_the_ceiling_bug_is_told_about_the_even_depth_where_it_fails():
    verdict = check_minimal_leaves(lambda b, d: b ** (d // 2 + 1) + b ** (d // 2) - 1)
    d = int(verdict.message.split("d = ")[1].split(",")[0].split(":")[0])
    assert not verdict and d % 2 == 0 and "is even" in verdict.message and "odd depth" not in verdict.message


def test_the_floor_twice_bug_is_told_about_the_odd_depth_where_it_fails():
    verdict = check_minimal_leaves(lambda b, d: 2 * b ** (d // 2) - 1)
    assert not verdict and "at an odd depth" in verdict.message


def test_calling_knuth_moore_is_refused():
    verdict = check_minimal_leaves(knuth_moore)
    assert not verdict and "called the package's knuth_moore" in verdict.message


def test_the_deepest_hints_never_bracket_the_answer():
    """Issue 30: "too deep" for 8 and "a deeper one fits" for 6 gave 7 away by the second try. A depth on
    either side now gets the same words (the same rung of one ladder), never a direction."""
    from adversarial.exercises.core import reset_hints
    truth = max(d for d in range(64) if knuth_moore(35, d) <= 2_000_000)
    reset_hints()
    too_deep = check_deepest(truth + 1, 35, 2_000_000).message.replace(str(truth + 1), "N")
    reset_hints()
    too_shallow = check_deepest(truth - 1, 35, 2_000_000).message.replace(str(truth - 1), "N")
    assert too_deep == too_shallow and not check_deepest(truth + 1, 35, 2_000_000)
    for words in ("more than the budget", "deeper search fits", "does not fit"):
        assert words not in too_deep


class EqualsEverything(int):
    def __eq__(self, other):
        return True
    __hash__ = int.__hash__


@pytest.mark.parametrize("answer", [EqualsEverything(1), 10**400, float("nan"), "809", [809], True])
def test_odd_answers_and_cheats_get_a_verdict_not_a_pass(answer):
    for verdict in (check_best_order_leaves(answer, 9, 5), check_deepest(answer, 35, 2_000_000)):
        assert not verdict and verdict.answered


@pytest.mark.parametrize("odd, says", [
    (lambda board, moves: None if moves else moves, "returned None"),
    (lambda board, moves: __import__("sys").exit(), "sys.exit"),
    (lambda board, moves: 1 / 0, "raised ZeroDivisionError"),
    (lambda board, moves: list(moves)[:1], "same moves"),
])
def test_odd_orders_get_a_verdict(odd, says):
    verdict = check_beats_static(odd)
    assert not verdict and verdict.answered and says in verdict.message, verdict.message


def test_the_knuth_moore_and_proofs_catalogues_tell_their_mistakes_apart_and_name_each():
    from adversarial.exercises.ordering import MINIMAL_CATALOGUE, PROOFS_CATALOGUE, check_proofs_function
    for catalogue, check in ((MINIMAL_CATALOGUE, check_minimal_leaves), (PROOFS_CATALOGUE, check_proofs_function)):
        assert catalogue.twins() == []
        for mistake in catalogue.mistakes:
            verdict = check(mistake.model)
            assert not verdict.ok and mistake.cause.rstrip(".") in verdict.message, (mistake.name, verdict.message)


def test_best_order_prediction_names_a_mistake_only_when_no_other_gives_that_count():
    """On a (2, 2) tree b^d = 4 is also the two proofs with their shared leaf counted twice: neither is named
    (issue 42: the first matching branch of an if-chain used to be); on (9, 5) each count has one cause."""
    from adversarial.exercises.ordering import BEST_ORDER_HINT
    assert BEST_ORDER_HINT in check_best_order_leaves(4, 2, 2).message
    assert "every leaf" in check_best_order_leaves(9 ** 5, 9, 5).message
    assert "order of magnitude" in check_best_order_leaves(81, 9, 4).message     # b^(d/2), one cause at even d
