"""The check for a student's minimax (notebook 1), on trees of every shape.

The student writes ``my_minimax(node, maximising=True)`` on nested lists: a
number is a leaf (its score), a list is an inner node whose children are its
items, and ``maximising`` says whether MAX moves at ``node``. The check runs it
against the package's :func:`~adversarial.minimax` on varied trees (ragged ones,
single leaves, MIN at the root, depths 1 to 6, branching 1 to 5, floats and
negative scores), and when it disagrees it shows the *smallest* tree on which it
goes wrong, drawn.

>>> def my_minimax(node, maximising=True):
...     if not isinstance(node, list):
...         return node
...     values = [my_minimax(child, not maximising) for child in node]
...     return max(values) if maximising else min(values)
>>> check_minimax(my_minimax, seed=1)  # doctest: +ELLIPSIS
✓ Right: your minimax agrees with the package on all 300 trees (ragged ones, single leaves, ...).
"""

from __future__ import annotations

import random

from ..game import MAX, MIN
from .core import (
    Verdict,
    check_options,
    draw_seed,
    not_answered,
    number_problem,
    run_student,
    same,
    unanswered,
    wrong,
)

HINT = ("A leaf (a number) is its own value; at an inner node take the children's values with the "
        "other player to move, then the largest if MAX moves there, the smallest if MIN does.")

# Trees every run sees first: the edge cases a fixed-shape function gets wrong.
EDGE_CASES = [
    (7, True), (-2.5, False),                       # the root is a leaf: the game is already over
    ([4], True), ([4], False),                      # one move only
    ([3, 5, 1], True), ([3, 5, 1], False),          # depth 1, both players at the root
    ([[3, 5], [2, 9]], True), ([[3, 5], [2, 9]], False),
    ([[3, [1, 8]], 4, [[6], -1.5]], True),          # ragged: leaves and inner nodes side by side
    ([[[[[[2, -3], 4]]]]], True),                   # depth 6, branching 1 and 2
    ([[[3, 5], [2, 9]], [[1, 7], [4, 0]]], False),  # complete depth 3 with MIN at the root
]


def random_spec(rng: random.Random, depth: int, branching: int, budget: list[int], floats: bool):
    """A random ragged tree as nested lists: up to ``depth`` levels and ``branching`` children."""
    if depth == 0 or budget[0] <= 1 or (budget[0] < 60 and rng.random() < 0.25):
        budget[0] -= 1
        return round(rng.uniform(-10, 10), 1) if floats else rng.randint(-9, 9)
    return [random_spec(rng, depth - 1, branching, budget, floats)
            for _ in range(rng.randint(1, branching))]


def fresh_cases(seed: int, n: int) -> list[tuple]:
    """``n`` random (tree, maximising) cases from ``seed``: depths 1-6, branching 1-5."""
    rng = random.Random(seed)
    cases = []
    for _ in range(n):
        depth, branching = rng.randint(1, 6), rng.randint(1, 5)
        spec = random_spec(rng, depth, branching, [rng.randint(8, 120)], rng.random() < 0.3)
        cases.append((spec, rng.random() < 0.6))
    return cases


def reference(spec, maximising: bool):
    from ..search import minimax
    from ..tree import tree
    return minimax(tree(spec, root_player=MAX if maximising else MIN)).value


def check_minimax(fn, *, seed: int | None = None, n: int = 289) -> Verdict:
    """Check a student's ``my_minimax(node, maximising)`` on nested-list trees of every shape.

    Args:
        fn: the student's function; it is called as ``fn(node, maximising)`` with a
            fresh copy of the tree each time.
        seed: where the random trees come from (default: fresh every run; a
            failure reports it, so ``check_minimax(fn, seed=...)`` repeats the run).
        n: how many random trees to try after the edge cases.

    Returns:
        A :class:`Verdict`; on failure its picture is the smallest tree found on
        which ``fn`` is wrong, with the right values at every node.
    """
    check_options(seed, n)
    if unanswered(fn) or not callable(fn):
        return not_answered(function=True)
    seed = draw_seed() if seed is None else seed
    cases = EDGE_CASES + fresh_cases(seed, n)
    for index, (spec, maximising) in enumerate(cases):
        problem = _problem(fn, spec, maximising, first=index == 0)
        if problem == "stub":
            return not_answered(function=True)
        if problem:
            spec, maximising = shrink(fn, spec, maximising)
            where = "" if index < len(EDGE_CASES) else f" (random trees drawn with seed {seed})"
            return _report(fn, spec, maximising, where)
    return Verdict(True, f"Right: your minimax agrees with the package on all {len(cases)} trees "
                         "(ragged ones, single leaves, MIN at the root, depths 0 to 6).")


def _problem(fn, spec, maximising, first=False):
    """None if ``fn`` is right on this tree, else a short description of what went wrong."""
    got, error, changed = run_student(fn, spec, maximising)
    if isinstance(error, NotImplementedError) or (first and error is None and unanswered(got)):
        return "stub"
    if error is not None:
        return f"raised {type(error).__name__}: {error}"
    if changed:
        return "changed the tree it was given (a search must leave its input as it was)"
    want = reference(spec, maximising)
    if unanswered(got):
        return f"returned {got!r}: does every path end in return?"
    if not same(got, want):
        kind = number_problem(got)
        return kind if kind else f"gives {got!r}, but minimax gives {want!r}"
    return None


def shrink(fn, spec, maximising):
    """The smallest tree found (greedily) on which ``fn`` still goes wrong."""
    improved = True
    while improved:
        improved = False
        for smaller, player in sorted(_smaller(spec, maximising), key=lambda c: _measure(c[0])):
            if _measure(smaller) < _measure(spec) and _problem(fn, smaller, player) not in (None, "stub"):
                spec, maximising, improved = smaller, player, True
                break
    return spec, maximising


def _size(spec) -> int:
    return 1 + sum(_size(c) for c in spec) if isinstance(spec, list) else 1


def _measure(spec) -> tuple:
    """How big a tree is: nodes first, then how far its leaves are from small whole numbers.

    Every shrinking step makes this strictly smaller, so shrinking ends.
    """
    leaves = _leaves(spec)
    return _size(spec), sum(x != int(x) for x in leaves), sum(abs(x) for x in leaves)


def _leaves(spec) -> list:
    return [x for c in spec for x in _leaves(c)] if isinstance(spec, list) else [spec]


def _smaller(spec, maximising):
    """Trees one step smaller than ``spec``: a subtree, a child fewer, a simpler leaf."""
    if not isinstance(spec, list):
        for simpler in (0, 1, round(spec)):
            if simpler != spec:
                yield simpler, maximising
        return
    for i, child in enumerate(spec):
        yield child, not maximising                          # the child's subtree on its own
        if len(spec) > 1:
            yield spec[:i] + spec[i + 1:], maximising        # one child fewer
        for smaller, _ in _smaller(child, not maximising):   # shrink inside the child
            yield spec[:i] + [smaller] + spec[i + 1:], maximising


def _report(fn, spec, maximising, where) -> Verdict:
    from ..render import draw
    from ..search import minimax
    from ..tree import tree
    problem = _problem(fn, spec, maximising)
    root = "MAX" if maximising else "MIN"
    t = tree(spec, root_player=root)
    figure = draw(t, minimax(t, trace=True))
    what = (f"on the tree {spec!r} with {root} at the root (maximising={maximising}), the smallest "
            f"tree found that shows the problem{where}, your function {problem}")
    return wrong(what, _hint(fn, spec, problem), figure)


def _hint(fn, spec, problem) -> str:
    """A hint aimed at the mistake: small probe trees tell the usual mistakes apart."""
    def gives(probe, maximising):
        got, error, _ = run_student(fn, probe, maximising)
        return error if error is not None else got
    if "positional argument" in problem or "keyword argument" in problem:
        return ("the check calls your function as my_minimax(node, maximising): keep the two parameters "
                "of the stub, def my_minimax(node, maximising=True).")
    if not isinstance(spec, list) or isinstance(gives(7, True), Exception):
        return ("the root itself can be a leaf (the game is already over): a number is its own value, "
                "so the function needs a base case before it looks at children.")
    if problem.startswith("raised"):
        return ("trees here have any shape: a node's children can be numbers and lists side by side, and "
                "depths vary, so recurse on each child rather than assuming a fixed depth. " + HINT)
    if same(gives([[[0, 1], [2, 3]], [[4, 5], [6, 7]]], True), 7):
        return ("your function seems to take the largest value at every level: MIN nodes take the smallest. "
                "Pass `not maximising` to the children and use it to choose max or min.")
    if same(gives([[0, 1]], True), 1):
        return ("the level just above the leaves is not always MAX: the player alternates at every level, "
                "the last one included, so pass `not maximising` down and decide with it.")
    if same(gives([0, 1], False), 1):
        return ("MIN can move at the root (maximising=False): then the root takes the smallest child "
                "value, and the players below swap too. " + HINT)
    return HINT


def _value(spec, maximising, bottom_max=False):
    """Minimax, or with ``bottom_max`` the 'bottom level is always MAX' mistake, for naming it."""
    if not isinstance(spec, list):
        return spec
    if bottom_max and all(not isinstance(c, list) for c in spec):
        return max(spec)
    values = [_value(c, not maximising, bottom_max) for c in spec]
    return max(values) if maximising else min(values)
