"""The check for a student's alpha-beta (notebook 2), graded like an autograder.

**The function you write** has this signature (the notebook's pseudocode)::

    def my_alphabeta(node, depth, alpha, beta, maximising):
        ...   # return the node's value

- ``node`` is an :class:`ExerciseNode`: ``node.is_leaf``, ``node.children``
  (left to right), ``node.player`` (``"MAX"`` or ``"MIN"``) and ``node.value``.
- **Reading** ``node.value`` **is evaluating the node**: at a leaf it is the score,
  at an inner node a heuristic estimate (used when ``depth`` reaches 0). The
  check records every node whose value you read, in order.
- ``depth`` is how many more moves to look ahead: at ``depth == 0`` (or at a
  leaf) return ``node.value``; pass ``depth - 1`` to the children.
- ``maximising`` is True when MAX moves at ``node`` (the same as
  ``node.player == "MAX"``; use either).

The check calls ``my_alphabeta(root, depth, -math.inf, math.inf, root.player == "MAX")``
on hundreds of varied trees (ragged, MIN at the root, depth limits, ties) and
compares two things with the package's :func:`~adversarial.alphabeta`: the root's
value, and the exact nodes evaluated, in order. Under the textbook rule a node
stops when α ≥ β (``prune_on_equal=True``); ``check_alphabeta(fn,
prune_on_equal=False)`` checks the strict rule α > β instead. A function that
returns a bound rather than the exact value inside the tree ("fail-hard") passes:
under α ≥ β it reads the same leaves as fail-soft; under α > β it can read more
(a returned bound equal to the other bound is a tie, which the strict rule does
not cut), and the check compares it with a fail-hard reference there.

When the function goes wrong, the check shows the smallest tree found where it
does, drawn as the right search sees it, and names the mistake when it is a known
one (pruning at the wrong node type, ≥ against >, the bound not passed down, α
updated at a MIN node, a bound returned instead of the value, leaves read past a
cutoff, the depth off by one, the player not alternating).

>>> import math
>>> def my_alphabeta(node, depth, alpha, beta, maximising):
...     if depth == 0 or node.is_leaf:
...         return node.value
...     if maximising:
...         value = -math.inf
...         for child in node.children:
...             value = max(value, my_alphabeta(child, depth - 1, alpha, beta, False))
...             alpha = max(alpha, value)
...             if alpha >= beta:
...                 break
...         return value
...     value = math.inf
...     for child in node.children:
...         value = min(value, my_alphabeta(child, depth - 1, alpha, beta, True))
...         beta = min(beta, value)
...         if alpha >= beta:
...             break
...     return value
>>> check_alphabeta(my_alphabeta, seed=1)  # doctest: +ELLIPSIS
✓ Right: your alpha-beta returns the right value and evaluates exactly the same nodes, ... all 253 trees (rule α ≥ β).
"""

from __future__ import annotations

import math
import random

from ..drawing.render import draw as _draw
from ..game import MAX, MIN
from ..search import alphabeta as _package_alphabeta
from ..search import minimax as _package_minimax
from ..search import negamax as _package_negamax
from ..trace import Cutoff as _Cutoff
from ..trace import Leaf as _Leaf
from ..tree import tree as _make_tree
from .core import (
    COUNTED,
    CheckOptionError,
    Verdict,
    call_student,
    check_options,
    draw_seed,
    is_stub,
    naming,
    not_answered,
    plain_number,
    returned_problem,
    right,
    same,
    short,
    unanswered,
    wrong,
)
from .diagnosis import ERROR, Catalogue, Mistake
from .minimax import _distinct, _measure, _smaller, random_spec
from .nodes import ExerciseNode

_FORBID = (_package_minimax, _package_alphabeta, _package_negamax)

INF = math.inf


# -- the cases -----------------------------------------------------------------------

def estimate(path: tuple, salt: int) -> int:
    """The heuristic estimate of the inner node at ``path``: fixed per case, unrelated to its value."""
    return random.Random(f"{salt}:{path}").randint(-9, 9)


def _depth(spec) -> int:
    return 1 + max(map(_depth, spec)) if isinstance(spec, list) else 0


EDGE_CASES = [   # (tree, maximising, depth limit or None for the whole tree, window or None for (-∞, +∞))
    (7, True, None, None),                                 # the root is a leaf
    ([[3, 5, 6], [1, 2, 0], [9, 7, 8]], True, None, None),   # the notebook's 3x3 tree: one cutoff at B
    ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], True, None, None),
    ([[3, 5], [3, 2]], True, None, None),                  # a tie: α = β = 3 at the second MIN node
    ([[5, 3], [[6, 7], 2]], False, None, None),            # MIN at the root, a cutoff at a MAX node
    ([[2, 9], [[1, 8], 4], [7, [3, 6]]], True, 2, None),   # a depth limit with estimates
    ([[[3, 5], [6, 9]], [[1, 2], [0, -1]]], True, None, None),
    ([4, 4, 4, [4, 4]], True, None, None),                 # all leaves equal
    ([[3, 5], [1, 7]], True, None, (2, 6)),                # called with a window, as inside a bigger tree
    ([[3, 5], [1, 7]], False, None, (2, 6)),
    ([[-40, -25], [-70, -12]], True, None, None),          # large scores: a sentinel of ±10 for ±∞ fails here
    ([[150, 320], [95, 400]], False, None, None),
    ([[2, 9], [[1, 8], 4]], True, 0, None),                # depth 0: the root's estimate, nothing searched
]


def cases(seed: int, n: int) -> list[tuple]:
    """The edge cases, then ``n`` random (tree, maximising, depth, window) cases from ``seed``.

    A third of the random cases call the function with a finite window (α, β), as
    alpha-beta calls itself inside a bigger tree: mistakes in passing bounds down
    that never show from the root's (-∞, +∞) show there.
    """
    rng = random.Random(seed)
    fresh = []
    for _ in range(n):
        spec = random_spec(rng, rng.randint(2, 5), rng.randint(2, 4), [rng.randint(10, 80)],
                           rng.random() < 0.2)
        if rng.random() < 0.4:                     # few leaf values, so ties are common
            spec = _coarsen(spec, rng.randint(2, 4))
        limited = _depth(spec) >= 2 and rng.random() < 0.3
        depth = rng.randint(1, _depth(spec) - 1) if limited else None
        window = None
        if rng.random() < 0.35:
            low = rng.randint(-6, 4)
            window = (low, low + rng.randint(1, 6))
        fresh.append((spec, rng.random() < 0.6, depth, window))
    return EDGE_CASES + fresh


def _coarsen(spec, k):
    return [_coarsen(c, k) for c in spec] if isinstance(spec, list) else round(spec) % k


def _tree(spec, maximising):
    return _make_tree(spec, root_player=MAX if maximising else MIN)


def _nodes(t, salt, log) -> ExerciseNode:
    def build(node):
        value = node.value if node.is_leaf else estimate(node.path, salt)
        return ExerciseNode(node.path, node.player, node.label, value,
                            tuple(build(c) for c in node.children), log)
    return build(t.root)


def reference(case, salt, prune_on_equal):
    """The right answer: (value, the paths evaluated in order, the traced result or None).

    From the full window it is the package's :func:`~adversarial.alphabeta`; with a
    finite window (which the package's search never starts from) it is the same
    algorithm written out below (tests check the two agree wherever both apply).
    """
    spec, maximising, depth, window = case
    if window is not None:
        value, reads, _ = run(_model(None, prune_on_equal), case, salt)
        return value, reads, None
    t = _tree(spec, maximising)
    r = _package_alphabeta(t, depth=depth, evaluate=lambda node: estimate(node.path, salt),
                           prune_on_equal=prune_on_equal, trace=True)
    return r.value, [e.path for e in r.trace if isinstance(e, _Leaf)], r


def run(fn, case, salt):
    """Run a student's (or a model's) function on a fresh copy of the case.

    Returns ``(value, paths read in order, error)``.
    """
    spec, maximising, depth, window = case
    t = _tree(spec, maximising)
    log: list = []
    root = _nodes(t, salt, log)
    alpha, beta = (-INF, INF) if window is None else window
    call = call_student(fn, root, _depth(spec) + 1 if depth is None else depth, alpha, beta, maximising,
                        copy_args=False, forbid=_FORBID)
    if call.called or call.error is not None:
        return None, _first_reads(log), call
    if call.value is None:
        return None, _first_reads(log), call
    return call.value, _first_reads(log), None


def _first_reads(log):
    seen, order = set(), []
    for path in log:
        if path not in seen:
            seen.add(path)
            order.append(path)
    return order


def right_value(got, want, window) -> bool:
    """Is ``got`` right for a node whose true value is ``want``, searched with ``window``?

    Inside the window the value must be exact. Outside it any value on the right
    side of the window and no further than the true value is right: fail-soft
    alpha-beta returns something between, fail-hard returns the bound itself.
    """
    g = plain_number(got)
    if g is None:
        return False
    alpha, beta = (-INF, INF) if window is None else window
    if want <= alpha:
        return want - 1e-9 <= g <= alpha + 1e-9
    if want >= beta:
        return beta - 1e-9 <= g <= want + 1e-9
    return same(g, want)


# -- the check -----------------------------------------------------------------------

def check_alphabeta(fn, *, prune_on_equal: bool = True, seed: int | None = None, n: int = 240) -> Verdict:
    """Check a student's ``my_alphabeta(node, depth, alpha, beta, maximising)``.

    Args:
        fn: the student's function (see the module docstring for what it gets).
        prune_on_equal: the rule to check: ``True`` stops a node when α ≥ β (the
            textbook rule), ``False`` only when α > β.
        seed: where the random trees come from (default: fresh every run; a
            failure reports it, so ``check_alphabeta(fn, seed=...)`` repeats it).
        n: how many random trees to try after the edge cases.

    Returns:
        A :class:`Verdict`; on failure its picture is the smallest tree found on
        which ``fn`` differs from alpha-beta, with the right search drawn on it.
    """
    check_options(seed, n)
    if not isinstance(prune_on_equal, bool):
        raise CheckOptionError(f"prune_on_equal must be True (cut when α ≥ β) or False (cut when α > β), "
                               f"got {prune_on_equal!r}")
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    seed = draw_seed() if seed is None else seed
    all_cases = cases(seed, n)
    rule = "α ≥ β" if prune_on_equal else "α > β"
    for index, case in enumerate(all_cases):
        salt = seed + index
        got, reads, error = run(fn, case, salt)
        if error is not None and error.stub:
            return not_answered(function=True)
        if _differs((got, reads, error), case, salt, prune_on_equal):
            if not naming():
                return Verdict(False, COUNTED)
            bug = _diagnose(fn, prune_on_equal)
            small = _shrink(fn, case, salt, prune_on_equal)
            where = "" if index < len(EDGE_CASES) else f"; random trees drawn with seed {seed}"
            return _report(fn, small, salt, prune_on_equal, bug, where)
    return right(f"your alpha-beta returns the right value and evaluates exactly the same nodes, in the "
                 f"same order, as the package on all {len(all_cases)} trees (rule {rule})",
                 key=("alphabeta", prune_on_equal))


def fail_hard(prune_on_equal):
    """Alpha-beta written fail-hard: a node returns a value clamped to its window (α at a MAX node that
    fails low, β at one that fails high). Under α ≥ β it reads exactly the nodes fail-soft reads; under the
    strict rule α > β it can read more, because a returned bound equal to the other bound is a tie, which the
    strict rule does not cut (fail-soft returns a value beyond the bound, which does)."""
    def cut(v, bound, maximising):
        if maximising:
            return v >= bound if prune_on_equal else v > bound
        return v <= bound if prune_on_equal else v < bound

    def ab(node, depth, alpha, beta, maximising):
        if depth == 0 or node.is_leaf:
            return node.value
        for child in node.children:
            v = ab(child, depth - 1, alpha, beta, not maximising)
            if maximising:
                if cut(v, beta, True):
                    return beta
                alpha = max(alpha, v)
            else:
                if cut(v, alpha, False):
                    return alpha
                beta = min(beta, v)
        return alpha if maximising else beta
    return ab


def accepted_reads(case, salt, prune_on_equal) -> list:
    """The read orders a right alpha-beta may have on ``case``: fail-soft's, and fail-hard's when it differs."""
    _, soft, _ = reference(case, salt, prune_on_equal)
    _, hard, _ = run(fail_hard(prune_on_equal), case, salt)
    return [soft] if hard == soft else [soft, hard]


def _differs(outcome, case, salt, prune_on_equal) -> bool:
    got, reads, error = outcome
    if error is not None:
        return True
    want, want_reads, _ = reference(case, salt, prune_on_equal)
    if not right_value(got, want, case[3]):
        return True
    return reads != want_reads and reads not in accepted_reads(case, salt, prune_on_equal)


def _shrink(fn, case, salt, prune_on_equal):
    """The smallest case found (greedily) on which ``fn`` still differs; full windows preferred."""
    def fails(c):
        spec, _, depth, _ = c
        if depth is not None and depth >= _depth(spec):
            return False       # a shrunk tree no deeper than the limit: covered by the unlimited case
        return _differs(run(fn, c, salt), c, salt, prune_on_equal)

    def key(c):
        return c[3] is not None, _measure(c[0]), 0 if c[2] is None else 1 + c[2]
    improved = True
    while improved:
        improved = False
        spec, maximising, depth, window = case
        options = [(s, m, depth, window) for s, m in _smaller(spec, maximising)]
        if depth is not None:
            options += [(spec, maximising, None, window)] + ([(spec, maximising, depth - 1, window)] if depth else [])
        if window is not None:
            options.append((spec, maximising, depth, None))
        options.append((_distinct(spec), maximising, depth, window))   # the same tree without ties
        for option in sorted(options, key=key):
            if key(option) < key(case) and fails(option):
                case, improved = option, True
                break
    return case


def _paths_text(t, paths, salt) -> str:
    if not paths:
        return "nothing"
    parts = []
    for path in paths:
        node = t.node(path)
        parts.append(f"{node.label}={node.value:g}" if node.is_leaf
                     else f"{node.label} (estimate {estimate(path, salt)})")
    return ", ".join(parts)


def _report(fn, case, salt, prune_on_equal, bug, where) -> Verdict:
    spec, maximising, depth, window = case
    want, want_reads, result = reference(case, salt, prune_on_equal)
    got, reads, error = run(fn, case, salt)
    t = _tree(spec, maximising)
    rule = "α ≥ β" if prune_on_equal else "α > β"
    limit = "the whole tree" if depth is None else f"depth {depth}, estimates at the cut-off nodes"
    if window is not None:
        limit += f", called with α = {window[0]:g} and β = {window[1]:g} as if deep inside a bigger tree"
    head = (f"on the tree {spec!r} ({'MAX' if maximising else 'MIN'} at the root, {limit}, rule {rule}; "
            f"the smallest tree found that shows the problem{where})")
    if error is not None:
        what = f"{head}, {error.problem()}"
    else:
        said = []
        if not right_value(got, want, window):
            kind = returned_problem(got)
            said.append(kind.replace("your function", "it", 1) if kind else
                        f"it returned {short(got)} where alpha-beta returns {want!r}")
        if reads != want_reads:
            count = ("wrong number of nodes evaluated: " if len(reads) != len(want_reads) else "")
            said.append(f"{count}it evaluated {_paths_text(t, reads, salt)} where alpha-beta evaluates "
                        f"{_paths_text(t, want_reads, salt)}, in that order")
            if result is not None:
                said.append(_first_difference(t, reads, want_reads, result))
        what = f"{head} " + "; ".join(s for s in said if s)
    try:
        figure = _draw(t, result) if result is not None else _draw(t)
    except Exception:  # noqa: BLE001 (a picture is a bonus: the message alone says what is wrong)
        figure = None
    hint, key = (_bug_hint(bug, prune_on_equal) if bug in BUG_HINTS else _generic_hint(prune_on_equal)), None
    if error is not None and isinstance(error.error, TypeError) and "argument" in str(error.error):
        hint = ("the check calls your function as my_alphabeta(node, depth, alpha, beta, maximising): keep "
                "the five parameters of the stub, in that order.")
    return wrong(what, hint, figure, key=key)


def _first_difference(t, reads, want_reads, result) -> str:
    """Say where the reads first part ways, and about which cutoff, in one clause."""
    for i, (mine, theirs) in enumerate(zip(reads, want_reads)):
        if mine != theirs:
            break
    else:
        i = min(len(reads), len(want_reads))
    if i < len(reads) and reads[i] not in want_reads:
        extra = reads[i]
        for event in result.trace:
            if isinstance(event, _Cutoff) and any(extra[:len(event.path) + 1] == event.path + (m,)
                                                  for m in event.skipped):
                kind = "the cutoff at MAX node" if event.player == MAX else "the cutoff at MIN node"
                return (f"{t.label(extra)} should never be looked at: {kind} {t.label(event.path)} "
                        f"skips it (α = {event.alpha:g}, β = {event.beta:g})")
        return f"{t.label(extra)} should not be evaluated"
    if i < len(reads) and i < len(want_reads):
        return (f"it evaluated {t.label(reads[i])} before {t.label(want_reads[i])}, which alpha-beta "
                "evaluates first: the order matters, because it decides what is pruned")
    if i < len(want_reads):
        return f"it never evaluated {t.label(want_reads[i])}, which alpha-beta needs"
    return ""


# -- the known mistakes, as small models, to name the one a student made ----------

GENERIC_HINT = (
    "compare your code with the pseudocode line by line: a MAX node raises α with each child's value and stops "
    "once α ≥ β; a MIN node lowers β and stops once α ≥ β; the children get the updated α and β; a leaf, or "
    "depth 0, returns node.value.")


def _generic_hint(prune_on_equal: bool) -> str:
    """The neutral hint (no mistake is certain), worded for the rule being checked."""
    return GENERIC_HINT if prune_on_equal else GENERIC_HINT.replace("α ≥ β", "α > β")


def _bug_hint(bug: str, prune_on_equal: bool) -> str:
    text = BUG_HINTS[bug]
    return text if prune_on_equal or bug in ("strict", "non-strict") else text.replace("α ≥ β", "α > β")

BUG_HINTS = {
    "wrong node type": "the prune tests are at the wrong node type: a MAX node stops when its value reaches β, "
                       "a MIN node when its value falls to α; both must test.",
    "strict": "you stop only when α > β, but this check uses the rule α ≥ β: a tie also cuts. "
              "(check_alphabeta(fn, prune_on_equal=False) checks the strict rule.)",
    "non-strict": "you stop when α ≥ β, but this check uses the strict rule α > β: a tie does not cut.",
    "stale bound": "the updated bound is not passed down: after a child raises α (or lowers β), the next "
                   "child must be searched with the new α and β, not the ones the node was called with.",
    "alpha at MIN": "your MIN nodes never lower β, so they never cut: a MIN node lowers β with each child's "
                    "value (β = min(β, value)) and passes it down; α is MAX's bound, which a MIN node leaves alone.",
    "returns bound": "a bound is returned instead of the node's value: return the value the node found "
                     "(or, fail-hard, its own bound: α at a MAX node, β at a MIN node), never the other "
                     "player's bound or the one it was called with.",
    "no pruning": "nothing is ever pruned, every node is evaluated: after each child, update the bound (α at "
                  "MAX, β at MIN), pass the updated α and β to the next child, and stop the loop (break) as "
                  "soon as α ≥ β.",
    "depth shallow": "the depth is off by one: stop at depth == 0, not 1 (the root is searched with the full "
                     "depth and each child with depth - 1).",
    "depth deep": "the depth is off by one: stop when depth == 0; your search goes one level deeper.",
    "depth kept": "your search goes below the depth limit: return node.value as soon as depth == 0 (before "
                  "looking at the children), and call each child with depth - 1.",
    "right to left": "children are searched left to right, in the order node.children gives them; your "
                     "function takes them in another order (reversed?).",
    "peeks": "reading node.value evaluates a node, and the check counts it: read a child's value only where "
             "the search reaches it (at a leaf or at depth 0), never to sort or test the children first.",
    "sentinel": "scores can be any size: start MAX's value at -math.inf and MIN's at math.inf, not at a number "
                "like ±10 that a score can lie beyond.",
    "same player": "the player must alternate: pass `not maximising` (or read child.player) to the children.",
}


def _model(bug, rule_ge):
    """An alpha-beta with one known mistake (or none), written like a student would."""
    def cuts(alpha, beta):
        ge = rule_ge != (bug in ("strict", "non-strict"))
        return alpha >= beta if ge else alpha > beta

    def ab(node, depth, alpha, beta, maximising):
        stop = (depth <= 1 if bug == "depth shallow" else depth == 1 if bug == "depth one"
                else depth < 0 if bug == "depth deep"
                else False if bug == "depth ignored" else depth == 0)
        if stop or node.is_leaf:
            return node.value
        a0, b0 = alpha, beta
        down = depth if bug == "depth kept" else depth - 1
        big = int(bug.split()[1]) if bug and bug.startswith("sentinel") else INF
        value = -big if maximising else big
        children = node.children[::-1] if bug == "right to left" else node.children
        if bug == "peeks":
            children = sorted(node.children, key=lambda c: c.value if c.is_leaf else 0, reverse=maximising)
        for child in children:
            turn = maximising if bug == "same player" else not maximising
            passed = (a0, b0) if bug == "stale bound" else (alpha, beta)
            v = ab(child, down, *passed, turn)
            if maximising:
                value = max(value, v)
                if bug == "wrong node type" and value <= alpha:    # MIN's test, at a MAX node
                    break
                alpha = max(alpha, value)
            else:
                value = min(value, v)
                if bug == "wrong node type" and value >= beta:     # MAX's test, at a MIN node
                    break
                if bug == "alpha at MIN":
                    alpha = min(alpha, value)
                elif bug == "alpha raised at MIN":
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
            if bug not in ("no pruning", "wrong node type") and cuts(alpha, beta):
                break
        if bug == "returns bound" or (bug == "returns bound at MAX" and maximising):
            return b0 if maximising else a0
        if bug == "returns bound at MIN" and not maximising:
            return a0
        return value
    return ab


MODELS = ["right to left", "peeks", "strict", "wrong node type", "stale bound", "alpha at MIN",
          "alpha raised at MIN", "returns bound", "returns bound at MAX", "returns bound at MIN", "no pruning",
          "depth shallow", "depth deep", "depth kept", "depth ignored", "same player", "sentinel 10",
          "sentinel 100", "depth one"]
SAME_MISTAKE = {"alpha raised at MIN": "alpha at MIN", "depth ignored": "depth kept",
                "returns bound at MAX": "returns bound", "returns bound at MIN": "returns bound",
                "sentinel 10": "sentinel", "sentinel 100": "sentinel", "depth one": "depth shallow"}


def _catalogue_run(fn, case_and_salt):
    case, salt = case_and_salt
    got, reads, error = run(fn, case, salt)
    if error is not None:
        return ERROR
    return (got, tuple(reads))


def _catalogue_agree(a, b) -> bool:
    if a is ERROR or b is ERROR:
        return False
    return a[1] == b[1] and (same(a[0], b[0]) if _number(b[0]) and plain_number(a[0]) is not None
                             else a[0] == b[0])


DIAGNOSTIC_SEED = 20260  # the fixed cases every diagnosis uses: the same on every seed of the check
_CATALOGUES: dict = {}


def catalogue(prune_on_equal: bool) -> Catalogue:
    """The typical mistakes under one rule, and the fixed cases that tell them apart."""
    if prune_on_equal not in _CATALOGUES:
        fixed = cases(DIAGNOSTIC_SEED, 80)
        mistakes = []
        for bug in MODELS:
            name = "non-strict" if bug == "strict" and not prune_on_equal else bug
            mistakes.append(Mistake(name, _model(bug, prune_on_equal),
                                    _bug_hint(SAME_MISTAKE.get(name, name), prune_on_equal)))
        _CATALOGUES[prune_on_equal] = Catalogue(
            mistakes, [(c, DIAGNOSTIC_SEED + i) for i, c in enumerate(fixed)], run=_catalogue_run,
            agree=_catalogue_agree, neutral=_generic_hint(prune_on_equal))
    return _CATALOGUES[prune_on_equal]


def _diagnose(fn, prune_on_equal):
    """The known mistake whose model behaves exactly like ``fn`` on the fixed cases, if only one does."""
    mistake = catalogue(prune_on_equal).diagnose(fn)
    return None if mistake is None else SAME_MISTAKE.get(mistake.name, mistake.name)


def _agree(model_run, outcome) -> bool:
    value, reads, error = model_run
    return error is None and reads == outcome[1] and (same(outcome[0], value) if _number(value)
                                                      else outcome[0] == value)


def _number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)
