"""check_alphabeta (notebook 2): a gallery of buggy alpha-betas, each rejected with a message naming its
mistake, and right ones written in different styles, each accepted."""

import math

import pytest

from adversarial import alphabeta
from adversarial.drawing.render import Drawing
from adversarial.exercises import check_alphabeta
from adversarial.exercises.alphabeta import (
    BUG_HINTS,
    MODELS,
    _model,
    cases,
    reference,
    run,
)

from . import gallery

INF = math.inf
SEED = 7   # any seed: the check draws fresh trees every run; a fixed one makes failures repeatable here


# -- right answers, written differently ----------------------------------------------

def textbook(node, depth, alpha, beta, maximising, ge=True):
    cut = (lambda a, b: a >= b) if ge else (lambda a, b: a > b)
    if depth == 0 or node.is_leaf:
        return node.value
    if maximising:
        value = -INF
        for child in node.children:
            value = max(value, textbook(child, depth - 1, alpha, beta, False, ge))
            alpha = max(alpha, value)
            if cut(alpha, beta):
                break
        return value
    value = INF
    for child in node.children:
        value = min(value, textbook(child, depth - 1, alpha, beta, True, ge))
        beta = min(beta, value)
        if cut(alpha, beta):
            break
    return value


def negamax(node, depth, alpha, beta, maximising, ge=True):
    def nega(node, depth, alpha, beta, sign):
        if depth == 0 or node.is_leaf:
            return sign * node.value
        best = -INF
        for child in node.children:
            best = max(best, -nega(child, depth - 1, -beta, -alpha, -sign))
            alpha = max(alpha, best)
            if alpha >= beta if ge else alpha > beta:
                break
        return best
    sign = 1 if maximising else -1
    window = (alpha, beta) if maximising else (-beta, -alpha)
    return sign * nega(node, depth, *window, sign)


def explicit_stack(node, depth, alpha, beta, maximising, ge=True):
    """No recursion: one frame per node on the path, each [node, depth, α, β, player, next child, value]."""
    stack = [[node, depth, alpha, beta, node.player == "MAX", 0, None]]
    returned = None
    while stack:
        frame = stack[-1]
        n, d, a, b, is_max, i, value = frame
        if returned is not None:
            v, returned = returned, None
            value = v if value is None else (max(value, v) if is_max else min(value, v))
            a, b = (max(a, value), b) if is_max else (a, min(b, value))
            frame[2:7] = [a, b, is_max, i, value]
            if a >= b if ge else a > b:
                i = frame[5] = len(n.children)
        if d == 0 or n.is_leaf:
            stack.pop()
            returned = (n.value,)
        elif i < len(n.children):
            frame[5] = i + 1
            stack.append([n.children[i], d - 1, a, b, not is_max, 0, None])
            continue
        else:
            stack.pop()
            returned = (value,)
        returned = returned[0]
        if not stack:
            return returned
    return returned


fail_hard = gallery.answer("check_alphabeta", "right_fail_hard")


def by_player(node, depth, alpha, beta, maximising):
    """Ignores the maximising flag and asks the node whose move it is."""
    if depth == 0 or node.is_leaf:
        return node.value
    best = -INF if node.player == "MAX" else INF
    for child in node.children:
        v = by_player(child, depth - 1, alpha, beta, None)
        if node.player == "MAX":
            best, alpha = max(best, v), max(alpha, v)
        else:
            best, beta = min(best, v), min(beta, v)
        if alpha >= beta:
            break
    return best


@pytest.mark.parametrize("right", [textbook, negamax, explicit_stack, fail_hard, by_player])
def test_right_alphabetas_written_differently_pass(right):
    verdict = check_alphabeta(right, seed=SEED)
    assert verdict, repr(verdict)


@pytest.mark.parametrize("right", [textbook, negamax, explicit_stack])
def test_the_strict_rule_is_checked_too(right):
    strict = lambda *args: right(*args, ge=False)
    assert check_alphabeta(strict, prune_on_equal=False, seed=SEED)
    verdict = check_alphabeta(right, prune_on_equal=False, seed=SEED)
    assert not verdict and "strict rule α > β: a tie does not cut" in repr(verdict), repr(verdict)


# -- the gallery of mistakes -----------------------------------------------------------

wrong_node_type = gallery.answer("check_alphabeta", "bug_wrong_node_type")


def strict_rule(node, depth, alpha, beta, maximising):
    return textbook(node, depth, alpha, beta, maximising, ge=False)


stale_bound = gallery.answer("check_alphabeta", "bug_stale_bound")


alpha_at_min = gallery.answer("check_alphabeta", "bug_alpha_at_MIN")


returns_the_bound = gallery.answer("check_alphabeta", "bug_returns_bound")


forgets_to_break = gallery.answer("check_alphabeta", "bug_no_pruning")


def peeks_at_the_leaves(node, depth, alpha, beta, maximising):
    """Orders the children by their values first: reading a leaf's value is evaluating it."""
    if depth == 0 or node.is_leaf:
        return node.value
    children = sorted(node.children, key=lambda c: c.value if c.is_leaf else 0, reverse=maximising)
    value = -INF if maximising else INF
    for child in children:
        v = peeks_at_the_leaves(child, depth - 1, alpha, beta, not maximising)
        value = max(value, v) if maximising else min(value, v)
        if maximising:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def stops_at_depth_one(node, depth, alpha, beta, maximising):
    if depth == 1 or node.is_leaf:
        return node.value
    return _textbook_step(stops_at_depth_one, node, depth, alpha, beta, maximising, depth - 1)


keeps_the_depth = gallery.answer("check_alphabeta", "bug_depth_kept")


def _textbook_step(recurse, node, depth, alpha, beta, maximising, child_depth):
    value = -INF if maximising else INF
    for child in node.children:
        v = recurse(child, child_depth, alpha, beta, not maximising)
        if maximising:
            value = max(value, v)
            alpha = max(alpha, value)
        else:
            value = min(value, v)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return value


same_player = gallery.answer("check_alphabeta", "bug_same_player")


def plain_minimax(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    values = [plain_minimax(c, depth - 1, alpha, beta, not maximising) for c in node.children]
    return max(values) if maximising else min(values)


GALLERY = [
    (wrong_node_type, "the prune tests are at the wrong node type"),
    (strict_rule, "you stop only when α > β"),
    (stale_bound, "the updated bound is not passed down"),
    (alpha_at_min, "your MIN nodes never lower β"),
    (returns_the_bound, "a bound is returned instead of the node's value"),
    (forgets_to_break, "stop the loop (break) as soon as α ≥ β"),
    (peeks_at_the_leaves, "wrong number of nodes evaluated"),
    (stops_at_depth_one, "the depth is off by one"),
    (keeps_the_depth, "your search goes below the depth limit"),
    (same_player, "the player must alternate"),
    (plain_minimax, "nothing is ever pruned, every node is evaluated"),
]


@pytest.mark.parametrize("bug, says", GALLERY, ids=[says for _, says in GALLERY])
def test_every_buggy_alphabeta_is_rejected_with_its_mistake_named_on_a_small_tree(bug, says):
    verdict = check_alphabeta(bug, seed=SEED)
    assert not verdict and says in repr(verdict), repr(verdict)
    assert isinstance(verdict.figure, Drawing)
    tree_text = repr(verdict).split("on the tree ")[1].split(" (")[0]      # the failing tree shown is small
    assert tree_text.count(",") <= 6, repr(verdict)


def test_reading_past_a_cutoff_names_the_leaf_and_the_cutoff():
    verdict = repr(check_alphabeta(peeks_at_the_leaves, seed=SEED))
    assert "should never be looked at" in verdict and "cutoff at" in verdict, verdict


def test_a_stub_is_not_answered_yet_and_reveals_nothing():
    def stub(node, depth, alpha, beta, maximising):
        ...
    def raises(node, depth, alpha, beta, maximising):
        raise NotImplementedError
    for answer in (stub, raises, ...):
        verdict = check_alphabeta(answer)
        assert not verdict and "Not answered yet" in repr(verdict) and verdict.figure is None


def test_a_crash_is_reported_without_a_traceback():
    verdict = check_alphabeta(lambda node, depth, alpha, beta, maximising: node.score, seed=SEED)
    assert not verdict and "raised AttributeError" in repr(verdict)


def test_the_models_are_alphabeta_when_they_have_no_mistake_and_differ_when_they_do():
    """The diagnosis relies on these models: the bug-free one agrees with the package, each bug does not."""
    every = cases(3, 300)
    for ge in (True, False):
        right = _model(None, ge)
        for index, case in enumerate(every):
            if case[3] is None:
                assert run(right, case, index)[:2] == reference(case, index, ge)[:2]
        for bug in MODELS:
            model = _model(bug, ge)
            assert any(run(model, c, i)[:2] != reference(c, i, ge)[:2] for i, c in enumerate(every)), bug


def embedded(spec, maximising, window):
    """A tree whose search from the full window enters the subtree ``spec`` with exactly ``window``.

    MAX at ``spec``: a MAX root takes leaf α first, then a MIN node takes leaf β first, then ``spec``.
    MIN at ``spec``: the same with the players swapped and β first.
    """
    alpha, beta = window
    return ([alpha, [beta, spec]], True) if maximising else ([beta, [alpha, spec]], False)


def test_the_windowed_reference_agrees_with_the_package_inside_a_bigger_tree():
    """With a finite window the reference is the bug-free model: check it against the package's alphabeta
    on a tree that makes the package enter the subtree with that very window."""
    from adversarial import tree
    from adversarial.trace import Enter, Leaf
    windowed = [c for c in cases(4, 400) if c[3] is not None and c[2] is None and isinstance(c[0], list)]
    assert len(windowed) > 50
    for ge in (True, False):
        for index, (spec, maximising, depth, window) in enumerate(windowed):
            outer, root_max = embedded(spec, maximising, window)
            r = alphabeta(tree(outer, root_player="MAX" if root_max else "MIN"), trace=True, prune_on_equal=ge)
            entered = [e for e in r.trace if isinstance(e, Enter) and e.path == (1, 1)]
            assert entered and (entered[0].alpha, entered[0].beta) == window
            inside = [e.path[2:] for e in r.trace if isinstance(e, Leaf) and e.path[:2] == (1, 1)]
            _value, reads, _ = reference((spec, maximising, None, window), index, ge)
            assert reads == inside


def test_every_named_mistake_has_a_hint():
    from adversarial.exercises.alphabeta import SAME_MISTAKE
    assert {SAME_MISTAKE.get(b, b) for b in MODELS} | {"non-strict"} <= set(BUG_HINTS)


def test_the_cases_have_cutoffs_ties_depth_limits_and_min_roots():
    from adversarial import tree
    every = cases(SEED, 240)
    assert any(d is not None for _, _, d, _ in every) and any(not m for _, m, _, _ in every)
    assert sum(w is not None for _, _, _, w in every) > 50
    assert sum(alphabeta(tree(s, root_player="MAX" if m else "MIN")).stats.cutoffs > 0
               for s, m, _, _ in every if isinstance(s, list)) > 100


def test_bad_options_get_a_clear_error():
    from adversarial.exercises import check_minimax
    from adversarial.exercises.core import CheckOptionError
    with pytest.raises(CheckOptionError, match="prune_on_equal must be True"):
        check_alphabeta(textbook, prune_on_equal="yes")
    with pytest.raises(CheckOptionError, match="seed must be"):
        check_alphabeta(textbook, seed=1.5)
    with pytest.raises(CheckOptionError, match="n must be"):
        check_minimax(textbook, n=True)


def test_a_function_with_the_wrong_parameters_is_told_the_signature():
    from adversarial.exercises import check_minimax
    verdict = check_alphabeta(lambda node, alpha, beta: 0, seed=SEED)
    assert not verdict and "my_alphabeta(node, depth, alpha, beta, maximising)" in repr(verdict)
    verdict = check_minimax(lambda node: 0, seed=SEED)
    assert not verdict and "my_minimax(node, maximising)" in repr(verdict)


# -- issue 20: messages true to what the function did -----------------------------------------------

def _loop(fn, node, depth, alpha, beta, maximising, children, start=None):
    if maximising:
        value = -INF if start is None else -start
    else:
        value = INF if start is None else start
    for child in children:
        v = fn(child, depth - 1, alpha, beta, not maximising)
        if maximising:
            value, alpha = max(value, v), max(alpha, max(value, v))
        else:
            value, beta = min(value, v), min(beta, min(value, v))
        if alpha >= beta:
            break
    return value


right_to_left = gallery.answer("check_alphabeta", "bug_right_to_left")


def peeks_to_sort(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    kids = sorted(node.children, key=lambda c: c.value if c.is_leaf else 0, reverse=maximising)
    return _loop(peeks_to_sort, node, depth, alpha, beta, maximising, kids)


def base_case_ignores_depth(node, depth, alpha, beta, maximising):
    if node.is_leaf:
        return node.value
    return _loop(base_case_ignores_depth, node, depth, alpha, beta, maximising, node.children)


ten_for_infinity = gallery.answer("check_alphabeta", "bug_sentinel")


@pytest.mark.parametrize("bug, says, never", [
    (right_to_left, "children are searched left to right", "which alpha-beta needs"),
    (peeks_to_sort, "reading node.value evaluates a node", "which alpha-beta needs"),
    (base_case_ignores_depth, "return node.value as soon as depth == 0", "pass depth - 1 to the children."),
    (ten_for_infinity, "-math.inf", "xx"),
])
def test_each_message_is_true_of_what_the_function_did(bug, says, never):
    verdict = check_alphabeta(bug, seed=SEED)
    assert not verdict and says in verdict.message and never not in verdict.message, verdict.message


def test_a_node_read_early_is_not_said_to_be_never_read():
    verdict = check_alphabeta(right_to_left, seed=SEED)
    assert "never evaluated" not in verdict.message and "before" in verdict.message


def test_numpy_values_and_the_package_are_handled():
    import numpy as np

    def numpy_textbook(node, depth, alpha, beta, maximising):
        return np.float64(textbook(node, depth, alpha, beta, maximising))
    assert check_alphabeta(numpy_textbook, seed=SEED)
    assert not check_alphabeta(lambda *a: alphabeta([[1, 2]]).value, seed=SEED)


@pytest.mark.parametrize("odd, says", [
    (lambda *a: __import__("sys").exit(), "sys.exit"),
    (lambda node, *a: None if node.is_leaf else 0, "returned None"),
    (lambda *a: "3", "without quotes"),
])
def test_odd_functions_get_a_verdict(odd, says):
    verdict = check_alphabeta(odd, seed=SEED)
    assert not verdict and verdict.answered and says in verdict.message, verdict.message


@pytest.fixture(autouse=True)
def fresh_hints():
    """Hints climb a ladder per exercise; every test starts from the first rung, whatever ran before."""
    from adversarial.exercises.core import reset_hints
    reset_hints()
