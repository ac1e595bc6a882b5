"""The general check helpers: right answers pass, wrong ones fail with a hint that fits the mistake,
and answers that only look right (or functions that cheat) cannot pass."""

import numpy as np
import pytest

from adversarial import minimax, random_tree, tree
from adversarial.exercises import (
    check_function,
    check_move,
    check_rule,
    check_set,
    check_value,
)


class AlwaysEqual:
    """An object that claims to equal everything."""
    def __eq__(self, other):
        return True
    __hash__ = object.__hash__


def test_check_value():
    assert check_value(7, 7, hint="h") and check_value(7.0, 7, hint="h")
    wrong = check_value(3, 7, hint="Take the largest.")
    assert not wrong and repr(wrong) == "✗ Not yet: you answered 3. Hint: Take the largest."
    assert 'class="adversarial-verdict"' in wrong._repr_html_()


@pytest.mark.parametrize("stub", [..., None])
def test_an_unanswered_stub_reveals_nothing(stub):
    verdict = check_value(stub, 7, hint="the secret hint")
    assert not verdict and not verdict.answered
    assert "Not answered yet" in repr(verdict) and "7" not in repr(verdict) and "secret" not in repr(verdict)


@pytest.mark.parametrize("fake, says", [
    (AlwaysEqual(), "not a number"),
    (True, "bool"),
    (7 + 0j, "complex"),
    (np.array([7]), "not a single number"),
    (np.array([7, 7]), "not a single number"),     # used to crash: the truth of an array is ambiguous
    ("7", "without quotes"),
    (float("nan"), "NaN"),
])
def test_check_value_wants_a_real_number_of_the_right_kind(fake, says):
    verdict = check_value(fake, 7 if fake is not True else 1, hint="h")
    assert not verdict and says in repr(verdict)


def test_numpy_numbers_are_real_numbers():
    assert check_value(np.int64(7), 7, hint="h") and check_value(np.float64(2.5), 2.5, hint="h")


def test_the_whole_result_object_gets_a_hint_about_value():
    result = minimax(tree([[3, 5], [2], [9, 1]]))
    verdict = check_value(result, 3, hint="h")
    assert not verdict and ".value" in repr(verdict)
    assert ".move" in repr(check_move(result, 0, hint="h"))


def test_a_value_given_for_a_move_or_a_move_for_a_value_is_not_confirmed_as_the_other_answer():
    """Issue 42: "which is the value of the position" confirmed another exercise's answer."""
    verdict = check_move(3, 0, value=3, moves=[0, 1, 2], hint="h")
    assert not verdict and "not a legal move" in repr(verdict) and "value of the position" not in repr(verdict)
    verdict = check_value(0, 3, move=0, hint="h")
    assert not verdict and "best move" not in repr(verdict)


def test_check_move_rejects_false_for_move_0_and_moves_that_do_not_exist():
    assert check_move(0, 0, hint="h")
    assert "bool" in repr(check_move(False, 0, hint="h"))
    assert "not a legal move" in repr(check_move(5, 0, moves=[0, 1, 2], hint="h"))


def test_check_set_ignores_order_and_says_what_is_off():
    assert check_set([0, 2], {2, 0}, hint="h")
    verdict = check_set([2, 5], {2, 0}, hint="h", name="leaves")
    assert not verdict and "one of your leaves does not belong" in repr(verdict)
    assert "one leaf is missing" in repr(verdict) and "5" not in verdict.message   # counts, never members


@pytest.mark.parametrize("fake, says", [({True}, "bool"), ("46", "not a set"), ({AlwaysEqual()}, "not a number"),
                                        (4, "write a set even for one"), (4.5, "write a set even for one"),
                                        (object(), "not a set")])
def test_check_set_wants_items_of_the_right_kind(fake, says):
    expected = {1} if fake == {True} else {4, 6}
    verdict = check_set(fake, expected, hint="h")
    assert not verdict and says in repr(verdict)


def reference(spec):
    return minimax(tree(spec)).value


def fresh_tree(rng):
    return random_tree(rng.randint(1, 3), rng.randint(1, 3), seed=rng.randrange(10**6)).to_list()


def my_minimax(node, maximising=True):
    if not isinstance(node, list):
        return node
    values = [my_minimax(child, not maximising) for child in node]
    return max(values) if maximising else min(values)


def test_check_function_accepts_any_correct_function():
    cases = [random_tree(3, 3, seed=s).to_list() for s in range(20)]
    assert check_function(my_minimax, reference, cases, hint="h")
    assert check_function(my_minimax, reference, generate=fresh_tree, hint="h")


def test_check_function_reports_the_first_case_it_gets_wrong_or_crashes_on():
    cases = [[[3, 5], [2]], [[1], [4, 0]]]
    always_max = lambda spec: max(max(c) for c in spec)
    verdict = check_function(always_max, reference, cases, hint="MIN moves second.")
    assert not verdict and "your function gives 5, but the right answer is 3" in repr(verdict)
    crash = check_function(lambda spec: spec.value, reference, cases, hint="h")
    assert not crash and "raised AttributeError" in repr(crash)


def test_a_function_that_mutates_its_input_is_reported_and_spoils_no_later_check():
    cases = [[[3, 5], [2]], [[1], [4, 0]]]

    def sorts_in_place(spec):
        for child in spec:
            child.sort()
        return my_minimax(spec)

    verdict = check_function(sorts_in_place, reference, cases, hint="h")
    assert not verdict and "changed its input" in repr(verdict)
    assert cases == [[[3, 5], [2]], [[1], [4, 0]]]
    assert not check_function(lambda spec: 3, reference, cases, hint="h")


def test_a_lookup_table_of_the_cases_fails_on_fresh_cases():
    fixed = [[[3, 5], [2]], [[1], [4, 0]]]
    table = {repr(case): reference(case) for case in fixed}
    lookup = lambda spec: table.get(repr(spec), 0)
    assert check_function(lookup, reference, fixed, hint="h")          # the fixed cases alone are fooled
    verdict = check_function(lookup, reference, fixed, generate=fresh_tree, seed=3, hint="h")
    assert not verdict and "a fresh case, seed 3" in repr(verdict)


def test_fresh_cases_differ_between_runs_but_repeat_with_the_seed():
    seen = []
    record = lambda spec: seen.append(repr(spec)) or my_minimax(spec)
    check_function(record, reference, generate=fresh_tree, n=5, seed=11, hint="h")
    first = list(seen)
    seen.clear()
    check_function(record, reference, generate=fresh_tree, n=5, seed=11, hint="h")
    assert seen == first
    seen.clear()
    check_function(record, reference, generate=fresh_tree, n=5, hint="h")
    check_function(record, reference, generate=fresh_tree, n=5, hint="h")
    assert len(set(seen)) > 5


@pytest.mark.parametrize("stub", [lambda spec: None, lambda spec: ...])
def test_a_stub_function_is_not_answered_yet(stub):
    verdict = check_function(stub, reference, [[[3, 5], [2]]], hint="secret")
    assert not verdict and "Not answered yet" in repr(verdict) and "secret" not in repr(verdict)


def test_a_function_raising_not_implemented_is_not_answered_yet():
    def stub(spec):
        raise NotImplementedError
    assert "Not answered yet" in repr(check_function(stub, reference, [[[3, 5], [2]]], hint="h"))
    assert "Not answered yet" in repr(check_function(..., reference, [[[3, 5], [2]]], hint="h"))


def test_check_function_names_a_string_or_result_object_instead_of_a_number():
    cases = [[[3, 5], [2]]]
    assert "without quotes" in repr(check_function(lambda s: str(reference(s)), reference, cases, hint="h"))
    verdict = check_function(lambda s: minimax(tree(s)), reference, cases, hint="h")
    assert ".value" in repr(verdict)


def test_check_rule_compares_with_the_truth_on_every_candidate():
    truth = lambda x: x > 5
    assert check_rule(lambda x: x > 5, truth, range(-10, 11), hint="h")
    verdict = check_rule(lambda x: x >= 5, truth, range(-10, 11), hint="h")
    assert not verdict and "for value 5 your rule says yes, but the search says no" in repr(verdict)


@pytest.mark.parametrize("near", [lambda x: x > 4.7, lambda x: x >= 5.3, lambda x: x > 4.999, lambda x: x >= 6])
def test_check_rule_checks_the_boundary_exactly(near):
    candidates = [v / 2 for v in range(-4, 31)]
    verdict = check_rule(near, lambda x: x > 5, candidates, hint="h")
    assert not verdict


def test_check_rule_wants_true_or_false_and_knows_a_stub():
    assert "True or False" in repr(check_rule(lambda x: "yes", lambda x: x > 5, range(10), hint="h"))
    assert "Not answered yet" in repr(check_rule(lambda x: ..., lambda x: x > 5, range(10), hint="h"))
    assert "Not answered yet" in repr(check_rule(..., lambda x: x > 5, range(10), hint="h"))


def test_a_verdict_with_a_figure_shows_the_drawing_under_the_message():
    from adversarial.exercises import check_minimax
    verdict = check_minimax(lambda node, maximising=True: 0, seed=1)
    assert not verdict and "<svg" in verdict._repr_html_()
    assert "<svg" not in repr(verdict)


@pytest.mark.parametrize("call, says", [
    (lambda: check_function(abs, abs, [1], hint="h", seed="1"), "seed must be a whole number"),
    (lambda: check_function(abs, abs, [1], hint="h", n=-1), "n must be a whole number"),
    (lambda: check_function(abs, abs, [1], hint="h", generate=5), "generate must be a function"),
])
def test_bad_options_get_a_clear_error(call, says):
    from adversarial.exercises.core import CheckOptionError
    with pytest.raises(CheckOptionError, match=says):
        call()


@pytest.fixture(autouse=True)
def fresh_hints():
    """Hints climb a ladder per exercise; every test starts from the first rung, whatever ran before."""
    from adversarial.exercises.core import reset_hints
    reset_hints()
