"""The exercises core (issue 20): every real number type accepted and compared exactly where exact, cheats
that claim to equal everything refused, inputs copied, the student's function run safely (raise, None,
recursion, sys.exit, the package's own search), hints that climb a ladder, the star import, answer keys
bound at import time, and every check giving a verdict (never a traceback) on odd inputs."""

import math
import sys
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

import adversarial.search
from adversarial import minimax, tree
from adversarial.beyond.chance import chance, chance_tree
from adversarial.exercises import (
    Verdict,
    check_best_margin,
    check_best_order_leaves,
    check_board_value,
    check_chance_value,
    check_deepest,
    check_function,
    check_move,
    check_moves_to_loss,
    check_negamax,
    check_optimal_moves,
    check_positions_after,
    check_positions_up_to_symmetry,
    check_pvs_order,
    check_reverse_order_nodes,
    check_selfish_move,
    check_set,
    check_skipped_leaves,
    check_solver_score,
    check_symmetric_first_moves,
    check_tree_move,
    check_tree_size_without_wins,
    check_tree_value,
    check_value,
)
from adversarial.exercises.core import (
    call_student,
    hint_for,
    is_stub,
    plain_number,
    reset_hints,
    same,
)


class EqualsEverything(int):
    """An int that says it equals everything (the cheap cheat of issue 20)."""
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False
    __hash__ = int.__hash__


class AlwaysEqual:
    def __eq__(self, other):
        return True
    __hash__ = object.__hash__


# -- numbers ---------------------------------------------------------------------------

@pytest.mark.parametrize("seven", [7, 7.0, np.int64(7), np.int32(7), np.float64(7.0), Fraction(7), Fraction(14, 2),
                                   Decimal("7"), Decimal("7.000"), np.array(7), np.max([3, 7])])
def test_every_real_number_type_is_accepted(seven):
    assert check_value(seven, 7, hint="h"), type(seven)


@pytest.mark.parametrize("fake, says", [
    (True, "bool"), (np.bool_(True), "bool"), ("7", "without quotes"), ("A", "not a name or a word"),
    (7 + 0j, "complex"), (float("nan"), "NaN"), (Decimal("NaN"), "NaN"), (np.array([7]), "array"),
    ([7], "collection"), ((0, 0), "tuple (a collection"), (AlwaysEqual(), "object of type AlwaysEqual"),
])
def test_what_is_not_a_number_is_named_in_plain_words(fake, says):
    verdict = check_value(fake, 7 if not isinstance(fake, (bool, np.bool_)) else 1, hint="h")
    assert not verdict and says in verdict.message, verdict.message
    assert "a Anything" not in verdict.message and "?." not in verdict.message


def test_exact_answers_compare_exactly_and_floats_within_a_tolerance():
    assert check_value(Fraction(1, 3), Fraction(1, 3), hint="h")
    assert not check_value(Fraction(1, 3) + Fraction(1, 10**30), Fraction(1, 3), hint="h")   # exact: no slack
    assert check_value(0.1 + 0.2, 0.3, hint="h") and check_value(Fraction(3, 10), 0.3, hint="h")
    assert check_value(Decimal("0.3"), 0.3, hint="h")
    assert not check_value(0.31, 0.3, hint="h")


def test_huge_and_infinite_answers_get_a_verdict_not_an_overflow():
    assert not check_value(10**400, 1.5, hint="h")
    assert not check_value(math.inf, 7, hint="h") and check_value(math.inf, math.inf, hint="h")
    assert not same(10**400, math.inf)


def test_an_int_that_equals_everything_gains_nothing():
    assert plain_number(EqualsEverything(3)) == 3 and type(plain_number(EqualsEverything(3))) is int
    assert not check_value(EqualsEverything(3), 7, hint="h")
    assert not check_best_order_leaves(EqualsEverything(0), 3, 4)
    assert not check_deepest(EqualsEverything(0), 35, 2_000_000)
    assert not check_pvs_order([EqualsEverything(0), 1, 2], [[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    assert not check_negamax(lambda spec, sign: EqualsEverything(0))
    assert not check_best_margin(lambda row: EqualsEverything(0))
    assert not check_set({EqualsEverything(0)}, {4, 6}, hint="h")


# -- safe calls and copies ----------------------------------------------------------------

def reference(spec):
    return minimax(tree(spec)).value


def own(spec, maximising=True):
    """Minimax written out, without the package."""
    if not isinstance(spec, list):
        return spec
    values = [own(c, not maximising) for c in spec]
    return max(values) if maximising else min(values)


CASES = [[[3, 5], [2]], [[1], [4, 0]]]


@pytest.mark.parametrize("fn, says", [
    (lambda spec: 1 / 0, "raised ZeroDivisionError"),
    (lambda spec: sys.exit(3), "called sys.exit()"),
    (lambda spec: (lambda f: f(f))(lambda f: f(f)), "called itself without end"),
    (lambda spec: None if spec[0] == [1] else own(spec), "returned None: does every path end in return?"),
    (lambda spec: minimax(tree(spec)).value, "called the package's minimax"),
    (lambda spec: (spec.append([9]), own(spec[:-1]))[1], "changed its input"),
    (lambda spec: (0, 0), "returned (0, 0), which is a tuple"),
    (lambda spec: str(own(spec)), "without quotes"),
])
def test_a_function_that_misbehaves_gets_a_verdict_naming_what_happened(fn, says):
    verdict = check_function(fn, reference, CASES, hint="h", forbid=(adversarial.search.minimax,))
    assert not verdict and verdict.answered and says in verdict.message, verdict.message


def test_the_reference_is_computed_before_the_student_runs_and_on_its_own_copy():
    seen = []

    def appends_and_is_right(spec):
        value = reference(spec)
        spec.append([100])
        seen.append(spec)
        return value
    cases = [[[3, 5], [2]]]
    verdict = check_function(appends_and_is_right, reference, cases, hint="h")
    assert not verdict and "changed its input" in verdict.message and "100" not in verdict.message
    assert cases == [[[3, 5], [2]]]


def test_a_stub_is_told_apart_from_a_function_that_returns_none_on_some_path():
    def stub(node, maximising=True):
        ...   # a comment

    def documented_stub(x):
        """Return the value."""

    def partial(x):
        if x > 0:
            return x
    assert is_stub(stub) and is_stub(documented_stub) and is_stub(lambda x: ...)
    assert not is_stub(partial) and not is_stub(abs) and not is_stub(lambda x: None if x else 1)
    verdict = check_function(partial, abs, [3, -2], hint="h")
    assert not verdict and "returned None" in verdict.message


def test_call_student_watches_only_during_the_call():
    call = call_student(lambda: minimax(tree([1, 2])).value, forbid=(adversarial.search.minimax,))
    assert call.called == "minimax" and "package's minimax" in call.problem()
    assert sys.getprofile() is None
    assert call_student(lambda: 3, forbid=(adversarial.search.minimax,)).problem() is None


# -- hints climb a ladder ---------------------------------------------------------------------

def test_a_list_of_hints_gives_its_idea_on_every_try():
    """Issue 42: the hint follows the diagnosis, not the number of tries."""
    ladder = ["the idea", "the line to look at"]
    reset_hints()
    messages = [check_value(answer, 7, hint=ladder).message for answer in (3, 4, 5)]
    assert all("Hint: the idea." in m and "the line" not in m for m in messages)
    assert hint_for("plain") == "Hint: plain"


@pytest.mark.parametrize("check, wrong, right", [
    (lambda a: check_tree_value(a, [[4, 8, 3], [1, 7, 2], [6, 5, 9]]), 4, 5),
    (lambda a: check_tree_move(a, [[3, 12, 8], [2, 4, 6], [14, 5, 2]]), 1, 0),
    (lambda a: check_skipped_leaves(a, [[3, 12, 8], [2, 4, 6], [14, 5, 2]]), {4}, {4, 6}),
])
def test_converted_checks_give_the_hint_of_the_diagnosis_whatever_the_try(check, wrong, right):
    """Issue 42: the hint follows the diagnosis, not the number of tries."""
    reset_hints()
    first, second, third = check(wrong), check(wrong), check(wrong)
    assert first.message == second.message == third.message and "Hint 2" not in second.message
    assert check(right)


def test_the_negamax_and_ucb1_hints_do_not_print_the_solution_on_the_first_try():
    from adversarial.exercises import check_ucb1
    reset_hints()
    first = check_ucb1(lambda w, n, big_n, c: w / n)
    assert "math.log" not in first.message and "sqrt" not in first.message.split("Hint")[-1]
    first = check_negamax(lambda spec, sign: 0)
    assert "-sign" not in first.message.split("Hint")[-1] and "−sign" not in first.message.split("Hint")[-1]


# -- the star import and the answer key ---------------------------------------------------------

def test_the_star_import_brings_checks_not_submodules():
    namespace = {}
    exec("from adversarial import minimax, alphabeta\nfrom adversarial.exercises import *", namespace)
    assert callable(namespace["minimax"]) and namespace["minimax"].__module__ == "adversarial.search"
    assert callable(namespace["alphabeta"]) and "check_alphabeta" in namespace and "core" not in namespace


def test_replacing_the_package_search_changes_no_answer_key(monkeypatch):
    monkeypatch.setattr(adversarial.search, "minimax", lambda *a, **k: None)
    monkeypatch.setattr(adversarial.search, "alphabeta", lambda *a, **k: None)
    monkeypatch.setattr(adversarial, "minimax", lambda *a, **k: None)
    assert check_tree_value(3, [[3, 5], [2], [9, 1]])
    assert check_board_value(-1, "X../X../OO.")
    assert check_skipped_leaves({4, 6}, [[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    from adversarial.exercises import check_alphabeta, check_minimax
    assert check_minimax(lambda n, m=True: n if not isinstance(n, list) else
                         (max if m else min)(check_minimax_helper(c, not m) for c in n), seed=1, n=20)
    assert not check_alphabeta(lambda *a: 0, seed=1, n=5)


def check_minimax_helper(n, m):
    return n if not isinstance(n, list) else (max if m else min)(check_minimax_helper(c, not m) for c in n)


# -- every answer check gives a verdict on odd inputs ------------------------------------------------

ODD = [10**400, -10**400, np.array([1, 2]), np.array(2), np.array([]), 2.0, 2.5, "A", "2", True, False,
       float("nan"), float("inf"), Decimal("NaN"), Fraction(1, 3), {1}, [1], (1, 2), {}, AlwaysEqual(),
       EqualsEverything(1), object(), print, minimax(tree([[1, 2]])), b"2", 7 + 1j]

TREE = [[3, 5], [2], [9, 1]]
ANSWER_CHECKS = {
    "check_value": lambda a: check_value(a, 3, hint="h"),
    "check_move": lambda a: check_move(a, 0, value=3, moves=range(3), hint="h"),
    "check_set": lambda a: check_set(a, {8}, hint="h", name="leaves"),
    "check_tree_value": lambda a: check_tree_value(a, TREE),
    "check_tree_move": lambda a: check_tree_move(a, TREE),
    "check_skipped_leaves": lambda a: check_skipped_leaves(a, [[3, 5], [2, 8], [9, 1]]),
    "check_board_value": lambda a: check_board_value(a, ".O./.../XOX", depth_aware=True),
    "check_optimal_moves": lambda a: check_optimal_moves(a, "XXO/.../.O."),
    "check_tree_size_without_wins": check_tree_size_without_wins,
    "check_reverse_order_nodes": check_reverse_order_nodes,
    "check_symmetric_first_moves": check_symmetric_first_moves,
    "check_positions_up_to_symmetry": check_positions_up_to_symmetry,
    "check_positions_after": lambda a: check_positions_after(a, plies=2),
    "check_solver_score": lambda a: check_solver_score(a, "112233"),
    "check_moves_to_loss": lambda a: check_moves_to_loss(a, "7765215363133175327746", 1),
    "check_best_order_leaves": lambda a: check_best_order_leaves(a, 3, 4),
    "check_deepest": lambda a: check_deepest(a, 35, 2_000_000),
    "check_chance_value": lambda a: check_chance_value(
        a, chance_tree([chance((0.25, [8, 4]), (0.75, [2, 6])), chance((0.9, 1), (0.1, 9))])),
    "check_pvs_order": lambda a: check_pvs_order(a, [[3, 5, 6], [1, 2, 0], [9, 7, 8]]),
    "check_selfish_move": lambda a: check_selfish_move(a, [[(3, 1), (0, 5)], [(2, 2), (1, 1)], [(6, 0), (-5, 4)]]),
}


@pytest.mark.parametrize("name", sorted(ANSWER_CHECKS))
def test_every_answer_check_gives_a_verdict_on_odd_inputs(name):
    check = ANSWER_CHECKS[name]
    if name == "check_moves_to_loss":
        from adversarial.exercises.connectfour import _GAME
        from adversarial.games.connectfour_eval import open_windows
        from adversarial.search import alphabeta
        h = "7765215363133175327746"
        trap = alphabeta(_GAME, _GAME.play(h), depth=3, evaluate=open_windows).move
        check = lambda a: check_moves_to_loss(a, h, trap)    # noqa: E731
    for odd in ODD:
        verdict = check(odd)
        assert isinstance(verdict, Verdict), (name, odd)
        if not verdict:
            assert verdict.answered, (name, odd)
            text = verdict.message
            assert "Traceback" not in text and "?." not in text and " a Anything" not in text


FUNCTION_CHECKS = {
    "check_negamax": check_negamax, "check_best_margin": check_best_margin,
}


@pytest.mark.parametrize("name", sorted(FUNCTION_CHECKS))
@pytest.mark.parametrize("odd, says", [
    (lambda *a: 1 / 0, "raised ZeroDivisionError"),
    (lambda *a: sys.exit(), "sys.exit"),
    (lambda *a: None if a else 0, "returned None"),
    (lambda *a: 10**400, "100000"),
    (lambda *a: np.array([1, 2]), "array"),
    (lambda *a: "3", "without quotes"),
])
def test_function_checks_give_a_verdict_on_odd_functions(name, odd, says):
    verdict = FUNCTION_CHECKS[name](odd)
    assert not verdict and verdict.answered and says in verdict.message, verdict.message


@pytest.fixture(autouse=True)
def fresh_hints():
    """Hints climb a ladder per exercise; every test starts from the first rung, whatever ran before."""
    from adversarial.exercises.core import reset_hints
    reset_hints()


def test_a_slip_caught_in_the_act_is_the_verdict_with_its_own_hint():
    """A helper that raises Slip names the mistake itself: no "raised ...", and its hint, not the general one."""
    from adversarial.exercises.core import Slip, check_function

    def caught(x):
        raise Slip("you asked the same thing twice", hint="ask something new")

    verdict = check_function(caught, abs, [3], hint="the general hint")
    assert not verdict and verdict.answered
    assert "you asked the same thing twice" in verdict.message and "ask something new" in verdict.message
    assert "raised" not in verdict.message and "general hint" not in verdict.message
    plain = check_function(lambda x: -x, abs, [3], hint="the general hint")      # no Slip: the general hint
    assert "the general hint" in plain.message
