"""The check helpers: right answers pass, wrong ones fail with the hint."""

from adversarial import minimax, random_tree, tree
from adversarial.exercises import check_function, check_rule, check_set, check_value


def test_check_value():
    assert check_value(7, 7, hint="h")
    wrong = check_value(3, 7, hint="Take the largest.")
    assert not wrong and repr(wrong) == "✗ Not yet: you answered 3. Hint: Take the largest."
    assert not check_value(..., 7, hint="h") and "No answer yet" in repr(check_value(..., 7, hint="h"))
    assert 'class="adversarial-verdict"' in wrong._repr_html_()


def test_check_set_ignores_order_and_says_what_is_off():
    assert check_set([0, 2], {2, 0}, hint="h")
    verdict = check_set([2, 5], {2, 0}, hint="h", name="leaves")
    assert not verdict and "not these: 5" in repr(verdict) and "1 missing" in repr(verdict)


def reference(spec):
    return minimax(tree(spec)).value


def test_check_function_accepts_any_correct_function():
    def mine(node, maximising=True):
        if not isinstance(node, list):
            return node
        values = [mine(child, not maximising) for child in node]
        return max(values) if maximising else min(values)
    cases = [random_tree(3, 3, seed=s).to_list() for s in range(20)]
    assert check_function(mine, reference, cases, hint="h")


def test_check_function_reports_the_first_case_it_gets_wrong_or_crashes_on():
    cases = [[[3, 5], [2]], [[1], [4, 0]]]
    always_max = lambda spec: max(max(c) for c in spec)
    verdict = check_function(always_max, reference, cases, hint="MIN moves second.")
    assert not verdict and "your function gives 5, but the right answer is 3" in repr(verdict)
    crash = check_function(lambda spec: spec.value, reference, cases, hint="h")
    assert not crash and "raised AttributeError" in repr(crash)


def test_check_rule_compares_with_the_truth_on_every_candidate():
    truth = lambda x: x > 5
    assert check_rule(lambda x: x >= 6, truth, range(-10, 11), hint="h")
    verdict = check_rule(lambda x: x >= 5, truth, range(-10, 11), hint="h")
    assert not verdict and "for value 5 your rule says yes, but the search says no" in repr(verdict)
