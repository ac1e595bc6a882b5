"""Notebook 9's checks (adversarial.exercises.engine): a gallery of wrong answers, each rejected with
the right message, and right answers written differently, each accepted."""

import math

import pytest

from adversarial import pvs, tree
from adversarial.exercises.engine import (
    check_aspiration,
    check_expected_collisions,
    check_pvs,
    check_zobrist_update,
    pvs_model,
    run,
)

from . import gallery


def textbook_pvs(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    best = -math.inf if maximising else math.inf
    for i, child in enumerate(node.children):
        leaf = depth == 1 or child.is_leaf
        if i == 0:
            v = textbook_pvs(child, depth - 1, alpha, beta, not maximising)
        elif maximising:
            v = textbook_pvs(child, depth - 1, alpha, alpha + 1, False)
            if alpha < v < beta and not leaf:
                v = textbook_pvs(child, depth - 1, alpha, beta, False)
        else:
            v = textbook_pvs(child, depth - 1, beta - 1, beta, True)
            if alpha < v < beta and not leaf:
                v = textbook_pvs(child, depth - 1, alpha, beta, True)
        if maximising:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def fail_hard_pvs(node, depth, alpha, beta, maximising):
    """Fail-hard, reads child.player, narrows the re-search window, one loop for both players."""
    if depth == 0 or not node.children:
        return node.value
    first = True
    for child in node.children:
        if first:
            v = fail_hard_pvs(child, depth - 1, alpha, beta, child.player == "MAX")
            first = False
        else:
            lo, hi = (alpha, alpha + 1) if maximising else (beta - 1, beta)
            v = fail_hard_pvs(child, depth - 1, lo, hi, child.player == "MAX")
            if alpha < v < beta and depth > 1 and child.children:
                lo, hi = (v, beta) if maximising else (alpha, v)
                v = fail_hard_pvs(child, depth - 1, lo, hi, child.player == "MAX")
        if maximising and v > alpha:
            alpha = v
        if not maximising and v < beta:
            beta = v
        if alpha >= beta:
            return beta if maximising else alpha
    return alpha if maximising else beta


class Searcher:
    """A class-based PVS with a helper for the test, as a student might organise it."""

    def __call__(self, node, depth, alpha, beta, maximising):
        return self.search(node, depth, alpha, beta, maximising)

    def test(self, child, depth, alpha, beta, maximising):
        if maximising:
            return self.search(child, depth, alpha, alpha + 1, False)
        return self.search(child, depth, beta - 1, beta, True)

    def search(self, node, depth, alpha, beta, maximising):
        if node.is_leaf or depth <= 0:
            return node.value
        values = []
        for k, child in enumerate(node.children):
            if k:
                v = self.test(child, depth - 1, alpha, beta, maximising)
                if alpha < v < beta and not (child.is_leaf or depth - 1 == 0):
                    v = self.search(child, depth - 1, alpha, beta, not maximising)
            else:
                v = self.search(child, depth - 1, alpha, beta, not maximising)
            values.append(v)
            if maximising:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if beta <= alpha:
                break
        return max(values) if maximising else min(values)


@pytest.mark.parametrize("fn", [textbook_pvs, fail_hard_pvs, Searcher(), pvs_model(hard=True, narrow=True)],
                         ids=["textbook", "fail-hard narrowed", "class", "model"])
@pytest.mark.parametrize("seed", [1, 2, 77])
def test_right_pvs_written_differently_pass(fn, seed):
    verdict = check_pvs(fn, seed=seed)
    assert verdict.ok, verdict


def alphabeta_only(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    best = -math.inf if maximising else math.inf
    for child in node.children:
        v = alphabeta_only(child, depth - 1, alpha, beta, not maximising)
        if maximising:
            best, alpha = max(best, v), max(alpha, v)
        else:
            best, beta = min(best, v), min(beta, v)
        if alpha >= beta:
            break
    return best


@pytest.mark.parametrize("fn, words", [
    (pvs_model("no re-search"), "search that child again"),
    (pvs_model("reversed"), "reversed"),
    (pvs_model("full window"), "that is alpha-beta, not PVS"),
    (alphabeta_only, "that is alpha-beta, not PVS"),
    (pvs_model("re-search leaves"), "already read its exact value"),
    (pvs_model("no re-search", hard=True), "search that child again"),
    (pvs_model("re-search leaves", narrow=True), "already read its exact value"),
    (pvs_model("re-search at depth 0"), "re-search only when depth > 1 and the child is not a leaf"),
    (pvs_model("re-search at depth 0", hard=True), "re-search only when depth > 1 and the child is not a leaf"),
])
def test_known_pvs_mistakes_are_named(fn, words):
    verdict = check_pvs(fn, seed=11)
    assert not verdict.ok and words in str(verdict), verdict


def test_a_wrong_pvs_is_shown_the_tree_with_the_names_of_its_reads():
    """The reads are listed by node name, so the message draws the tree with those names."""
    message = str(check_pvs(pvs_model("re-search at depth 0"), seed=3))
    assert "its nodes named root[" in message and "it read " in message, message


def test_other_wrong_pvs_are_rejected_without_revealing():
    def min_tests_like_max(node, depth, alpha, beta, maximising):
        if depth == 0 or node.is_leaf:
            return node.value
        best = -math.inf if maximising else math.inf
        for i, child in enumerate(node.children):
            if i == 0:
                v = min_tests_like_max(child, depth - 1, alpha, beta, not maximising)
            else:
                v = min_tests_like_max(child, depth - 1, alpha, alpha + 1, not maximising)
                if alpha < v < beta and depth > 1 and not child.is_leaf:
                    v = min_tests_like_max(child, depth - 1, alpha, beta, not maximising)
            best = max(best, v) if maximising else min(best, v)
            alpha, beta = (max(alpha, best), beta) if maximising else (alpha, min(beta, best))
            if alpha >= beta:
                break
        return best

    def crashes(node, depth, alpha, beta, maximising):
        return node.children[0].value + None

    for fn, words in ((min_tests_like_max, "read"), (crashes, "your function raised")):
        verdict = check_pvs(fn, seed=5)
        assert not verdict.ok and words in str(verdict)


def test_unanswered_pvs_is_not_answered():
    def stub(node, depth, alpha, beta, maximising):
        ...
    for fn in (stub, None, ...):
        verdict = check_pvs(fn, seed=1)
        assert not verdict.ok and "not answered" in str(verdict).lower()


def test_an_unanswered_zobrist_update_is_not_answered_and_gets_no_hint():
    """The notebook's stub (a body of ...) is told it is not answered, not that it returned None with the
    hint that names the operator."""
    def zobrist_place(key, numbers, cell, piece):
        ...
    for fn in (zobrist_place, None, ...):
        verdict = check_zobrist_update(fn, seed=1)
        assert not verdict.ok and "not answered" in str(verdict).lower() and "^" not in str(verdict)


def test_the_reference_reads_as_many_leaves_as_the_package_pvs():
    """The check's model and adversarial.pvs are the same algorithm: same value, same leaves read."""
    from adversarial.exercises.engine import _whole_cases
    for index, case in enumerate(_whole_cases(3, 120)):
        spec, maximising, depth, window = case
        if window is not None or depth is not None or not isinstance(spec, list):
            continue
        value, reads, _ = run(pvs_model(), case, index)
        r = pvs(tree(spec, root_player="MAX" if maximising else "MIN"))
        assert value == r.value and len(reads) == r.stats.leaves, spec


def test_bad_check_options():
    from adversarial.exercises.core import CheckOptionError
    with pytest.raises(CheckOptionError):
        check_pvs(textbook_pvs, seed="x")
    with pytest.raises(CheckOptionError):
        check_aspiration(textbook_pvs, n=-1)


# -- aspiration windows ---------------------------------------------------------------------------

aspiration = gallery.answer("check_aspiration", "right_textbook")


def aspiration_widening(search, previous, delta):
    """Widens step by step, doubling the margin, on the side that failed."""
    low, high, step = previous - delta, previous + delta, delta
    while True:
        v = search(low, high)
        if v <= low:
            step *= 2
            low = v - step
        elif v >= high:
            step *= 2
            high = v + step
        else:
            return v


def aspiration_recursive(search, previous, delta):
    v = search(previous - delta, previous + delta)
    if v <= previous - delta:
        return search(-math.inf, previous + delta)
    if v >= previous + delta:
        return search(previous - delta, math.inf)
    return v


@pytest.mark.parametrize("fn", [aspiration, aspiration_widening, aspiration_recursive])
def test_right_aspiration_searches_pass(fn):
    assert check_aspiration(fn, seed=3).ok


no_research = gallery.answer("check_aspiration", "bug_no_re_search")


def wrong_side(search, previous, delta):
    alpha, beta = previous - delta, previous + delta
    for _ in range(3):
        v = search(alpha, beta)
        if v <= alpha:
            beta = math.inf
        elif v >= beta:
            alpha = -math.inf
        else:
            return v
    return v


strict = gallery.answer("check_aspiration", "bug_edge_counted_as_exact")


def full_window(search, previous, delta):
    return search(-math.inf, math.inf)


@pytest.mark.parametrize("fn, words", [(no_research, "returned"), (wrong_side, "returned"),
                                       (strict, "returned"), (full_window, "first search used the window")])
def test_wrong_aspiration_searches_are_rejected(fn, words):
    verdict = check_aspiration(fn, seed=3)
    assert not verdict.ok and words in str(verdict), verdict


# -- Zobrist and the birthday estimate --------------------------------------------------------------

def test_zobrist_update_check():
    assert check_zobrist_update(lambda key, numbers, cell, piece: key ^ numbers[cell, piece], seed=1).ok
    for wrong_fn in (lambda k, z, c, p: k + z[c, p], lambda k, z, c, p: k | z[c, p], lambda k, z, c, p: z[c, p]):
        assert not check_zobrist_update(wrong_fn, seed=1).ok


def test_expected_collisions_check():
    assert check_expected_collisions(lambda n, b: n * (n - 1) / 2 ** (b + 1)).ok
    assert check_expected_collisions(lambda n, b: math.comb(n, 2) * 0.5 ** b).ok
    for wrong_fn in (lambda n, b: n * n / 2 ** (b + 1), lambda n, b: n / 2 ** b, lambda n, b: n * (n - 1) / 2 / b):
        assert not check_expected_collisions(wrong_fn).ok
