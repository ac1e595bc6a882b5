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
✓ Right: your minimax agrees with the package on all 302 trees (ragged ones, single leaves, ...).
"""

from __future__ import annotations

import random

from ..drawing.render import draw as _draw
from ..game import MAX, MIN
from ..search import alphabeta as _package_alphabeta
from ..search import minimax as _package_minimax
from ..search import negamax as _package_negamax
from ..tree import tree as _tree
from .core import (
    COUNTED,
    Verdict,
    call_student,
    check_options,
    draw_seed,
    is_stub,
    naming,
    not_answered,
    returned_problem,
    right,
    same,
    short,
    unanswered,
    wrong,
)
from .diagnosis import Catalogue, Mistake

_FORBID = (_package_minimax, _package_alphabeta, _package_negamax)

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
    ([[-40, -25], [-70, -12]], True),               # large scores: a sentinel of ±10 for ±∞ fails here
    ([[150, 320], [95]], False),
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
        if rng.random() < 0.15:                  # large scores now and then
            spec = _scale(spec, rng.choice((25, -25, 100)))
        cases.append((spec, rng.random() < 0.6))
    return cases


def _scale(spec, k):
    return [_scale(c, k) for c in spec] if isinstance(spec, list) else spec * k


def reference(spec, maximising: bool):
    return _package_minimax(_tree(spec, root_player=MAX if maximising else MIN)).value


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
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    seed = draw_seed() if seed is None else seed
    cases = EDGE_CASES + fresh_cases(seed, n)
    for index, (spec, maximising) in enumerate(cases):
        problem = _problem(fn, spec, maximising, first=index == 0)
        if problem == "stub":
            return not_answered(function=True)
        if problem and not naming():
            return Verdict(False, COUNTED)
        if problem:
            spec, maximising = shrink(fn, spec, maximising)
            where = "" if index < len(EDGE_CASES) else f" (random trees drawn with seed {seed})"
            return _report(fn, spec, maximising, where)
    return right(f"your minimax agrees with the package on all {len(cases)} trees (ragged ones, single "
                 "leaves, MIN at the root, depths 0 to 6)", key=("minimax",))


def _problem(fn, spec, maximising, first=False):
    """None if ``fn`` is right on this tree, else a short description of what went wrong."""
    want = reference(spec, maximising)
    call = call_student(fn, spec, maximising, forbid=_FORBID)
    if call.stub:
        return "stub"
    problem = call.problem()
    if problem:
        return problem.replace("your function ", "", 1)
    if not same(call.value, want):
        kind = returned_problem(call.value)
        return kind.replace("your function ", "", 1) if kind else \
            f"gives {short(call.value)}, but minimax gives {short(want)}"
    return None


def shrink(fn, spec, maximising):
    """The smallest tree found (greedily) on which ``fn`` still goes wrong; one without ties if it can."""
    def fails(smaller, player):
        return _problem(fn, smaller, player) not in (None, "stub")
    improved = True
    while improved:
        improved = False
        relabelled = _distinct(spec)
        if _measure(relabelled) < _measure(spec) and fails(relabelled, maximising):
            spec, improved = relabelled, True
            continue
        for smaller, player in sorted(_smaller(spec, maximising), key=lambda c: _measure(c[0])):
            if _measure(smaller) < _measure(spec) and fails(smaller, player):
                spec, maximising, improved = smaller, player, True
                break
    return spec, maximising


def _size(spec) -> int:
    return 1 + sum(_size(c) for c in spec) if isinstance(spec, list) else 1


def _ties(spec) -> int:
    leaves = _leaves(spec)
    return len(leaves) - len(set(leaves))


def _measure(spec) -> tuple:
    """How big a tree is: ties first (a tree without ties is clearer), then nodes, then how far its
    leaves are from small whole numbers. Every shrinking step makes this strictly smaller, so it ends."""
    leaves = _leaves(spec)
    return _ties(spec), _size(spec), sum(x != int(x) for x in leaves), sum(abs(x) for x in leaves)


def _distinct(spec):
    """The same tree with leaves renumbered 0, 1, 2, ... in the order of their values (no ties)."""
    leaves = _leaves(spec)
    order = sorted(range(len(leaves)), key=lambda i: (leaves[i], i))
    rank = {i: r for r, i in enumerate(order)}
    counter = iter(range(len(leaves)))

    def build(node):
        if isinstance(node, list):
            return [build(c) for c in node]
        return rank[next(counter)]
    return build(spec)


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
    problem = _problem(fn, spec, maximising)
    root = "MAX" if maximising else "MIN"
    t = _tree(spec, root_player=root)
    try:
        figure = _draw(t, _package_minimax(t, trace=True))
    except Exception:  # noqa: BLE001 (a picture is a bonus: the message alone says what is wrong)
        figure = None
    what = (f"on the tree {spec!r} with {root} at the root (maximising={maximising}), the smallest "
            f"tree found that shows the problem{where}, your function {problem}")
    hint, key = _hint(fn, problem)
    return wrong(what, hint, figure, key=key)


# -- the usual mistakes, as small models: the one that behaves like the student's function names it --

def _leaf(node) -> bool:
    return not isinstance(node, list)


def _always_max(node, maximising=True):
    return node if _leaf(node) else max(_always_max(c) for c in node)


def _mutant(*, leaf=_leaf, alternate=True, swapped=False, bottom_max=False, start=None, root=None):
    """Minimax on nested lists with one idea wrong: what a leaf is, whether the player alternates, which of
    max and min each player takes, MAX just above the leaves, a finite ``start`` for the best value so far,
    or a fixed player ``root`` at the root whatever ``maximising`` says."""
    def value(node, maximising=True):
        if leaf(node):
            return node
        if bottom_max and all(_leaf(c) for c in node):
            return max(node)
        values = [value(c, not maximising if alternate else maximising) for c in node]
        if start is not None:
            values.append(-start if maximising else start)
        return max(values) if maximising != swapped else min(values)
    return value if root is None else lambda node, maximising=True: value(node, root)


def _first_child(node, maximising=True):
    return node if _leaf(node) else _first_child(node[0], not maximising)


def _fixed_depth(node, maximising=True):
    if _leaf(node):
        return node
    return max(min(max(leaves) for leaves in mid) for mid in node)


def _no_root_leaf(node, maximising=True):
    values = [c if _leaf(c) else _no_root_leaf(c, not maximising) for c in node]
    return max(values) if maximising else min(values)


_PROBES = [(spec, m) for spec, m in EDGE_CASES if isinstance(spec, list) and _ties(spec) == 0] + [
    ([[[0, 1], [2, 3]], [[4, 5], [6, 7]]], True), ([[[0, 1], [2, 3]], [[4, 5], [6, 7]]], False),
    ([[0, 1], [2, 3]], True), ([[5, 1], [2, 7], [4, 3]], False), ([[1, 6], [4, 2]], True),
    (7, True), (-2.5, True), ([[3.5, 5], [2, 9.25]], True), ([5], True), ([5], False), ([-250], True),
    ([250], False), ([[-40, -25], [-70, -12]], False)]

CATALOGUE = Catalogue([
    Mistake("always max", _always_max,
            "your function takes the largest value at every level, MIN's included: a MIN node takes the "
            "smallest. Pass `not maximising` to the children and choose max or min with it."),
    Mistake("swapped", _mutant(swapped=True),
            "your function takes the smallest value where MAX moves and the largest where MIN moves: MAX "
            "(maximising=True) takes the largest of its children's values, MIN the smallest. Swap max and min."),
    Mistake("no alternation", _mutant(alternate=False),
            "the player never changes on the way down: the children of a MAX node are MIN nodes and the "
            "other way round, so call the children with `not maximising`."),
    Mistake("root always MAX", _mutant(root=True),
            "your function treats the root as MAX even when maximising=False: use the maximising argument "
            "it is given at the root as well."),
    Mistake("bottom MAX", _mutant(bottom_max=True),
            "the level just above the leaves is not always MAX: the player alternates at every level, the "
            "last one included, so decide with `maximising` there too."),
    Mistake("int leaves only", _mutant(leaf=lambda node: isinstance(node, int)),
            "your base case recognises whole numbers only: leaves can be floats (like -2.5) too, so tell a "
            "leaf by what it is not: an inner node is a list, anything else is a leaf."),
    Mistake("sentinel", _mutant(start=10),
            "scores can be any size: start MAX's best at -math.inf (and MIN's at math.inf), not at a number "
            "like -10 that a score can be below, or take max() / min() of the children's values."),
    Mistake("first child", _first_child,
            "your function follows the first child only: a node's value comes from all its children, each "
            "searched with the other player to move."),
    Mistake("no base case at the root", _no_root_leaf,
            "the root itself can be a leaf (the game is already over): a number is its own value, so the "
            "function needs a base case that returns it before it looks at children."),
    Mistake("fixed depth", _fixed_depth,
            "trees here have any shape: a node's children can be numbers and lists side by side, and depths "
            "vary, so recurse on each child rather than assuming a fixed depth."),
], [(spec, m) for spec, m in _PROBES], spread=True, neutral=HINT)


def _hint(fn, problem):
    """The hint for ``fn``: its mistake's cause when the catalogue is certain of it, else the idea."""
    if "package's" in problem:
        return HINT, None
    if "positional argument" in problem or "keyword argument" in problem:
        return ("the check calls your function as my_minimax(node, maximising): keep the two parameters of "
                "the stub, def my_minimax(node, maximising=True)."), None
    return CATALOGUE.hint(fn), None
