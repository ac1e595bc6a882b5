"""check_minimax (notebook 1): wrong minimax functions that passed the old check on complete depth-3
trees now fail on the smallest tree that shows it; right ones written differently pass."""

import pytest

from adversarial.drawing.render import Drawing
from adversarial.exercises import check_minimax
from adversarial.exercises.minimax import fresh_cases

from . import gallery


def recursive(node, maximising=True):
    if not isinstance(node, list):
        return node
    values = [recursive(child, not maximising) for child in node]
    return max(values) if maximising else min(values)


with_a_stack = gallery.answer("check_minimax", "right_stack")


def negamax_style(node, maximising=True):
    def nega(n, sign):
        if not isinstance(n, list):
            return sign * n
        return max(-nega(c, -sign) for c in n)
    return nega(node, 1 if maximising else -1) * (1 if maximising else -1)


@pytest.mark.parametrize("right", [recursive, with_a_stack, negamax_style])
def test_right_functions_written_differently_pass(right):
    verdict = check_minimax(right, seed=5)
    assert verdict, repr(verdict)


hard_coded_depth_3 = gallery.answer("check_minimax", "bug_fixed_depth")


bottom_level_always_max = gallery.answer("check_minimax", "bug_bottom_max")


no_leaf_base_case = gallery.answer("check_minimax", "bug_no_base_case_at_the_root")


always_max = gallery.answer("check_minimax", "bug_always_max")


ignores_who_is_at_the_root = gallery.answer("check_minimax", "bug_root_always_max")


def old_cases():
    """The old check's trees: complete, depth 3, branching 3, integers."""
    from adversarial import random_tree
    return [random_tree(3, 3, low=-9, high=9, seed=s).to_list() for s in range(1, 201)]


@pytest.mark.parametrize("bug", [hard_coded_depth_3, bottom_level_always_max, no_leaf_base_case])
def test_the_bugs_the_old_check_missed_passed_it(bug):
    assert all(bug(case) == recursive(case) for case in old_cases())


@pytest.mark.parametrize("bug, says", [
    (hard_coded_depth_3, "any shape"),
    (bottom_level_always_max, "the level just above the leaves is not always MAX"),
    (no_leaf_base_case, "base case"),
    (ignores_who_is_at_the_root, "treats the root as MAX even when maximising=False"),
    (always_max, "the largest value at every level"),
])
def test_wrong_functions_fail_on_a_small_drawn_tree_with_a_fitting_hint(bug, says):
    verdict = check_minimax(bug, seed=5)
    assert not verdict and says in repr(verdict), repr(verdict)
    assert isinstance(verdict.figure, Drawing)
    nodes = int(repr(verdict.figure).split(":")[1].split()[0])
    assert nodes <= 7, repr(verdict)


def test_the_smallest_failing_tree_is_found_even_when_the_first_failure_is_big():
    def wrong_on_negative_leaves_deep_down(node, maximising=True, depth=0):
        if not isinstance(node, list):
            return abs(node) if depth >= 3 else node
        values = [wrong_on_negative_leaves_deep_down(c, not maximising, depth + 1) for c in node]
        return max(values) if maximising else min(values)
    verdict = check_minimax(wrong_on_negative_leaves_deep_down, seed=5)
    assert not verdict
    assert "on the tree [[[" in repr(verdict) and repr(verdict).count("[") <= 5, repr(verdict)


def test_a_stub_is_not_answered_yet_and_a_mutating_function_is_reported():
    def stub(node, maximising=True):
        ...
    assert "Not answered yet" in repr(check_minimax(stub))
    assert "Not answered yet" in repr(check_minimax(...))

    def sorts(node, maximising=True):
        if isinstance(node, list):
            node.sort(key=repr)
        return recursive(node, maximising)
    assert "changed its input" in repr(check_minimax(sorts, seed=5))


def test_a_failure_reports_the_seed_of_the_random_trees():
    def wrong_on_five_children(node, maximising=True):
        if isinstance(node, list) and len(node) == 5:
            return 0
        return recursive(node, maximising)
    verdict = check_minimax(wrong_on_five_children, seed=123)
    assert not verdict and "seed 123" in repr(verdict)


def test_the_cases_cover_the_shapes_the_issue_lists():
    def depth(s):
        return 1 + max(map(depth, s)) if isinstance(s, list) else 0
    def widths(s):
        return ({len(s)} | set().union(*map(widths, s))) if isinstance(s, list) else set()
    cases = fresh_cases(5, 289)
    assert {depth(s) for s, _ in cases} >= {1, 2, 3, 4, 5, 6}
    assert set().union(*(widths(s) for s, _ in cases)) >= {1, 2, 3, 4, 5}
    assert any(not m for _, m in cases) and any(isinstance(s, list) and any(isinstance(c, list) for c in s)
                                                 and any(not isinstance(c, list) for c in s) for s, _ in cases)
    leaves = [x for s, _ in cases for x in _leaves(s)]
    assert any(isinstance(x, float) for x in leaves) and any(x < 0 for x in leaves)


def _leaves(s):
    return [x for c in s for x in _leaves(c)] if isinstance(s, list) else [s]


# -- issue 20: messages true to the mistake, trees without ties, large scores --------------------------

swapped_max_min = gallery.answer("check_minimax", "bug_swapped")


whole_numbers_only = gallery.answer("check_minimax", "bug_int_leaves_only")


ten_as_infinity = gallery.answer("check_minimax", "bug_sentinel")


def numpy_minimax(node, maximising=True):
    import numpy as np
    if not isinstance(node, list):
        return np.float64(node)
    values = [numpy_minimax(c, not maximising) for c in node]
    return np.max(values) if maximising else np.min(values)


@pytest.mark.parametrize("bug, says, not_says", [
    (swapped_max_min, "Swap max and min", "pass `not maximising`"),
    (whole_numbers_only, "recognises whole numbers only", "needs a base case"),
    (ten_as_infinity, "-math.inf", "HINT"),
])
def test_the_hint_names_what_the_function_did_and_not_a_mistake_it_did_not_make(bug, says, not_says):
    verdict = check_minimax(bug, seed=5)
    assert not verdict and says in verdict.message and not_says not in verdict.message, verdict.message


def test_the_smallest_failing_tree_has_no_ties_when_one_exists():
    verdict = check_minimax(swapped_max_min, seed=5)
    shown = verdict.message.split("on the tree ")[1].split(" with ")[0]
    leaves = [int(x) for x in shown.replace("[", " ").replace("]", " ").replace(",", " ").split()]
    assert len(leaves) == len(set(leaves)) and len(leaves) >= 2


def test_numpy_and_package_free_answers_pass_and_the_package_is_refused():
    from adversarial import minimax, tree
    assert check_minimax(numpy_minimax, seed=2)
    verdict = check_minimax(lambda node, m=True: minimax(tree(node, root_player="MAX" if m else "MIN")).value,
                            seed=2)
    assert not verdict and "called the package's minimax" in verdict.message


@pytest.mark.parametrize("odd, says", [
    (lambda node, m=True: __import__("sys").exit(), "sys.exit"),
    (lambda node, m=True: (lambda f: f(f))(lambda f: f(f)), "without end"),
    (lambda node, m=True: None if isinstance(node, list) else node, "returned None"),
    (lambda node, m=True: [node], "not a single number"),
])
def test_odd_functions_get_a_verdict(odd, says):
    verdict = check_minimax(odd, seed=1)
    assert not verdict and verdict.answered and says in verdict.message, verdict.message


@pytest.fixture(autouse=True)
def fresh_hints():
    """Hints climb a ladder per exercise; every test starts from the first rung, whatever ran before."""
    from adversarial.exercises.core import reset_hints
    reset_hints()
