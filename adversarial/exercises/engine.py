"""Checks for notebooks 9 and 10 (engine techniques): the student's PVS and Zobrist update (notebook 9),
aspiration windows and the birthday estimate of collisions (notebook 10).

**PVS.** The function has the signature of notebook 2's alpha-beta::

    def my_pvs(node, depth, alpha, beta, maximising):
        ...   # return the node's value

(``node``: an :class:`~adversarial.exercises.nodes.ExerciseNode`; reading ``node.value``
evaluates it and is recorded, every time.) The first child of a node is searched with the
window (α, β); each later child is first *tested* with a null window — at a MAX node
``(α, α + 1)``, "better than α?", at a MIN node ``(β − 1, β)``, "worse than β?" (scores are
whole numbers) — and searched again with a real window only when the test's answer ``v``
lies strictly between α and β, the child is not a leaf and ``depth > 1`` (a test at a leaf
or at depth 0 already read the child's exact value). :func:`check_pvs` compares the value
and *every* node read, in order, repeats included, with a reference on hundreds of varied trees, and names the usual
mistakes: no re-search, the re-search condition reversed, a full window for the later
children (that is alpha-beta, not PVS), and leaves or depth-0 children searched again. Fail-soft and fail-hard
versions pass, and so does a re-search with the window narrowed to ``(v, β)`` (or
``(α, v)`` at a MIN node).

>>> import math
>>> def my_pvs(node, depth, alpha, beta, maximising):
...     if depth == 0 or node.is_leaf:
...         return node.value
...     best = -math.inf if maximising else math.inf
...     for i, child in enumerate(node.children):
...         leaf = depth == 1 or child.is_leaf
...         if i == 0:
...             v = my_pvs(child, depth - 1, alpha, beta, not maximising)
...         elif maximising:
...             v = my_pvs(child, depth - 1, alpha, alpha + 1, False)
...             if alpha < v < beta and not leaf:
...                 v = my_pvs(child, depth - 1, alpha, beta, False)
...         else:
...             v = my_pvs(child, depth - 1, beta - 1, beta, True)
...             if alpha < v < beta and not leaf:
...                 v = my_pvs(child, depth - 1, alpha, beta, True)
...         if maximising:
...             best = max(best, v)
...             alpha = max(alpha, best)
...         else:
...             best = min(best, v)
...             beta = min(beta, best)
...         if alpha >= beta:
...             break
...     return best
>>> check_pvs(my_pvs, seed=1)  # doctest: +ELLIPSIS
✓ Right: your PVS returns the right value and reads exactly the nodes ... trees.
"""

from __future__ import annotations

import functools
import math
import random
from fractions import Fraction

from ..tree import Tree, tree
from .alphabeta import ExerciseNode, cases, estimate, right_value
from .core import (
    COUNTED,
    CheckOptionError,
    Verdict,
    call_student,
    check_function,
    check_options,
    draw_seed,
    hand_over,
    is_stub,
    naming,
    not_answered,
    number_problem,
    plain_number,
    returned_problem,
    right,
    same,
    same_number,
    short,
    unanswered,
    wrong,
)
from .diagnosis import Catalogue, Mistake, Raised
from .nodes import Search as _Search

INF = math.inf


# -- running a PVS on the exercise trees ----------------------------------------------------

def _depth(spec) -> int:
    return 1 + max(map(_depth, spec)) if isinstance(spec, list) else 0


def _size(spec) -> int:
    return 1 + sum(map(_size, spec)) if isinstance(spec, list) else 1


def _build(spec, maximising, salt, log) -> tuple[ExerciseNode, Tree]:
    t = tree(spec, root_player="MAX" if maximising else "MIN")

    def build(node):
        value = node.value if node.is_leaf else estimate(node.path, salt)
        return ExerciseNode(node.path, node.player, node.label, value,
                            tuple(build(c) for c in node.children), log)
    return build(t.root), t


def run(fn, case, salt):
    """``(value, every node read in order with repeats, error)`` of ``fn`` on one case."""
    spec, maximising, depth, window = case
    log: list = []
    root, _ = _build(spec, maximising, salt, log)
    alpha, beta = (-INF, INF) if window is None else window
    try:
        hand_over()
        value = fn(root, _depth(spec) + 1 if depth is None else depth, alpha, beta, maximising)
    except RecursionError:
        return None, log, RecursionError("your function calls itself without end")
    except SystemExit:
        return None, log, SystemExit("your function called sys.exit() (or exit()): return a value instead")
    except Exception as error:  # noqa: BLE001 (the student's code failed: report it, no traceback)
        return None, log, error
    return value, log, None


def pvs_model(bug=None, *, hard=False, narrow=False):
    """A PVS written like a student would, with one known mistake (``bug``) or none.

    ``hard``: fail-hard (a node's value clamped into its window); ``narrow``: the
    re-search uses the window (v, β) at MAX, (α, v) at MIN. Both are right.
    """
    def pvs(node, depth, alpha, beta, maximising):
        if depth == 0 or node.is_leaf:
            return node.value
        a0, b0 = alpha, beta
        best = -INF if maximising else INF
        for i, child in enumerate(node.children):
            leaf = depth == 1 or child.is_leaf
            if i == 0 or bug == "full window":
                v = pvs(child, depth - 1, alpha, beta, not maximising)
            else:
                test = (alpha, alpha + 1) if maximising or bug == "MAX's window at MIN" else (beta - 1, beta)
                if bug == "full-window test":
                    test = (alpha, beta)
                v = pvs(child, depth - 1, *test, not maximising)
                surprise = alpha < v < beta
                if bug == "reversed":
                    surprise = not surprise
                again = (bug == "re-search leaves" or not leaf
                         or (bug == "re-search at depth 0" and not child.is_leaf))
                if bug != "no re-search" and surprise and again:
                    window = (alpha, beta)
                    if narrow:
                        window = (v, beta) if maximising else (alpha, v)
                    v = pvs(child, depth - 1, *window, not maximising)
            if maximising:
                best = max(best, v)
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                beta = min(beta, best)
            if alpha >= beta:
                break
        if hard:
            return max(a0, min(best, b0))
        return best
    return pvs


RIGHT_MODELS = [pvs_model(), pvs_model(hard=True), pvs_model(narrow=True), pvs_model(hard=True, narrow=True)]
BUGS = ["no re-search", "reversed", "full window", "full-window test", "re-search leaves", "re-search at depth 0",
        "MAX's window at MIN"]
BUG_HINTS = {
    "no re-search": "a later child's null-window test only says 'better' or 'not better'; when it says better "
                    "(α < v < β) its value is just a bound: search that child again with the window (α, β).",
    "reversed": "the re-search condition is reversed: search again when the test says the child IS better "
                "(α < v < β), not when it fails.",
    "full window": "every child gets the full window (α, β): that is alpha-beta, not PVS. Only the first child "
                   "gets (α, β); the later ones are tested with a null window, (α, α + 1) at a MAX node and "
                   "(β − 1, β) at a MIN node.",
    "full-window test": "a later child is tested with the full window (α, β), then searched again: the test "
                        "reads as much as a real search. Test a later child with a null window, (α, α + 1) at a "
                        "MAX node and (β − 1, β) at a MIN node; only the first child gets (α, β).",
    "re-search leaves": "a leaf (or a node at depth 0) is searched again after its test, but the test already "
                        "read its exact value: skip the re-search when depth == 1 or child.is_leaf.",
    "MAX's window at MIN": "a later child of a MIN node is tested with the null window at α, as at a MAX node: "
                           "a MIN node asks whether the child is worse for MAX than β, so its test window sits at "
                           "β.",
    "re-search at depth 0": "a child searched at depth 0 (depth == 1 here) is searched again after its test, "
                            "but a search at depth 0 only reads the node's value, which the test already "
                            "read: re-search only when depth > 1 and the child is not a leaf.",
}
GENERIC_HINT = ("compare with the pseudocode, one child at a time: which window does the first child get, which "
                "window tests a later child, and when is a tested child searched again?")

PVS_DIAGNOSTIC_SEED = 9090     # the diagnosis uses these fixed cases, so it is the same on every seed


def _whole_cases(seed, n):
    """The alpha-beta check's cases with whole-number leaves, windows and estimates (null windows of width 1)."""
    def whole(spec):
        return [whole(c) for c in spec] if isinstance(spec, list) else int(round(spec))
    return [(whole(spec), m, d, w) for spec, m, d, w in cases(seed, n)]


def _outcome_right(outcome, case, salt):
    got, reads, error = outcome
    if error is not None:
        return False
    for model in RIGHT_MODELS:
        value, want_reads, _ = run(model, case, salt)
        if reads == want_reads and right_value(got, value if not case[3] else _true(case, salt), case[3]):
            return True
    return False


def _true(case, salt):
    """The exact minimax value of a case (the reference searched with the whole window)."""
    spec, maximising, depth, _ = case
    value, _, _ = run(pvs_model(), (spec, maximising, depth, None), salt)
    return value


def check_pvs(fn, *, seed: int | None = None, n: int = 240) -> Verdict:
    """Check a student's ``my_pvs(node, depth, alpha, beta, maximising)`` (module docstring)."""
    check_options(seed, n)
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    seed = draw_seed() if seed is None else seed
    # the diagnosis's fixed trees first (the same on every run, so a verdict never depends on the seed: a test
    # window two wide, or a re-search at depth 0, passed the random trees of some seeds), then the seed's own
    fixed = [(case, PVS_DIAGNOSTIC_SEED + i) for i, case in enumerate(_fixed_pvs_cases())]
    drawn = [(case, seed + i) for i, case in enumerate(_whole_cases(seed, n))]
    all_cases = fixed + drawn
    failing = []
    for index, (case, salt) in enumerate(all_cases):
        outcome = run(fn, case, salt)
        if isinstance(outcome[2], NotImplementedError) or (index == 0 and outcome[2] is None
                                                           and outcome[0] is ...):
            return not_answered(function=True)
        if not _outcome_right(outcome, case, salt):
            if not naming():
                return Verdict(False, COUNTED)
            failing.append((index, case, salt, outcome))
            if len(failing) >= 12:
                break
    if not failing:
        return Verdict(True, f"Right: your PVS returns the right value and reads exactly the nodes the reference "
                             f"reads, in the same order, re-searches included, on all {len(all_cases)} trees.")
    bug = _diagnose(fn)
    index, case, salt, outcome = min(failing, key=lambda f: (f[1][3] is not None, _size(f[1][0])))
    return _report(case, salt, outcome, bug, seed, index >= len(fixed) + 10)


@functools.cache
def _fixed_pvs_cases() -> list:
    """The trees the diagnosis runs on, which every check also runs first: fixed, whatever the seed."""
    return _whole_cases(PVS_DIAGNOSTIC_SEED, 60)


STYLES = ((False, False), (False, True), (True, False), (True, True))   # (hard, narrow): all four are right


class _Styles(tuple):
    """A mistake's outcomes on one tree, written in each right style (fail-soft or fail-hard, the re-search
    window full or narrowed): an answer behaves as the mistake when it does what one of them does. (A plain
    class, not a dataclass: the grading tests run this module's source outside the package.)"""


class _Styled:
    """The executable mistake ``bug``, in every right style at once (run by :func:`_catalogue_run`, which knows
    it by its type: no attribute of the student's function is read)."""

    def __init__(self, bug):
        self.styles = tuple(pvs_model(bug, hard=hard, narrow=narrow) for hard, narrow in STYLES)

    def __call__(self, node, depth, alpha, beta, maximising):
        return self.styles[0](node, depth, alpha, beta, maximising)


def _catalogue_run(fn, case):
    """One answer's outcome on one fixed tree: ``(value, reads)``; a mistake's is its :class:`_Styles`."""
    tree_case, salt = case
    if type(fn) is _Styled:
        return _Styles(_catalogue_run(model, case) for model in fn.styles)
    value, reads, error = run(fn, tree_case, salt)
    if error is not None:
        return Raised(type(error).__name__)
    return value, tuple(reads)


def _one(outcome) -> tuple:
    return tuple(outcome) if isinstance(outcome, _Styles) else (outcome,)


def _catalogue_agree(a, b) -> bool:
    """Two outcomes agree when some style of one reads the same nodes and returns the same value as one of
    the other's (two mistakes are twins when that holds on every tree)."""
    def alike(x, y):
        if isinstance(x, Raised) or isinstance(y, Raised):
            return x == y
        return x[1] == y[1] and _same_value(x[0], y[0])
    return any(alike(x, y) for x in _one(a) for y in _one(b))


@functools.cache
def pvs_catalogue() -> Catalogue:
    """The PVS check's catalogue: each typical mistake a PVS written with it (in all four right styles), told
    apart on the fixed trees every run checks first."""
    return Catalogue([Mistake(bug, _Styled(bug), BUG_HINTS[bug]) for bug in BUGS],
                     [(case, PVS_DIAGNOSTIC_SEED + i) for i, case in enumerate(_fixed_pvs_cases())],
                     run=_catalogue_run, agree=_catalogue_agree, neutral=GENERIC_HINT)


def _diagnose(fn):
    mistake = pvs_catalogue().diagnose(fn)
    return None if mistake is None else mistake.name


def _same_value(a, b):
    return number_problem(a) is None and same(a, b)


def _reads_text(t, reads) -> str:
    if not reads:
        return "nothing"
    return ", ".join(t.node(path).label for path in reads)


def _lettered(node) -> str:
    """The tree with its nodes' names, as the reads are listed: ``A[B=4, C[D=-7]]``."""
    if node.is_leaf:
        return f"{node.label}={node.value:g}"
    return f"{node.label}[{', '.join(_lettered(c) for c in node.children)}]"


def _report(case, salt, outcome, bug, seed, random_case) -> Verdict:
    spec, maximising, depth, window = case
    got, reads, error = outcome
    _, t = _build(spec, maximising, salt, [])
    value, want_reads, _ = run(pvs_model(), case, salt)
    limit = "the whole tree" if depth is None else f"depth {depth}"
    if window is not None:
        limit += f", called with α = {window[0]:g} and β = {window[1]:g}"
    where = f"; random trees drawn with seed {seed}" if random_case else ""
    head = (f"on the tree {spec!r} ({'MAX' if maximising else 'MIN'} at the root, {limit}{where}), "
            f"its nodes named {_lettered(t.root)},")
    if isinstance(error, SystemExit):
        what = f"{head} {error}"
    elif error is not None:
        what = f"{head} your function raised {type(error).__name__}: {error}"
    else:
        said = []
        true = _true(case, salt)
        if got is None:
            said.append("your function returned None: does every path end in return?")
        elif not right_value(got, true, window):
            problem = number_problem(got)
            said.append(problem or f"it returned {got!r} where PVS returns {value!r}")
        if reads != want_reads:
            said.append(f"it read {_reads_text(t, reads)} where PVS reads {_reads_text(t, want_reads)}, "
                        "in that order (a node read twice is listed twice)")
        what = f"{head} " + "; ".join(said)
    hint = BUG_HINTS.get(bug, GENERIC_HINT)
    return wrong(what, hint)


# -- aspiration windows -------------------------------------------------------------------------

def _aspiration_reference(search, previous, delta):
    low, high = previous - delta, previous + delta
    while True:
        v = search(low, high)
        if v <= low:
            low = -INF
        elif v >= high:
            high = INF
        else:
            return v


def _aspiration_cases(seed, n):
    rng = random.Random(seed)
    fixed = [(5, 5, 2, False, 0), (5, 9, 2, False, 0), (5, 0, 2, False, 0), (5, 7, 2, True, 0), (5, 3, 2, True, 0),
             (0, 1, 1, True, 0), (0, -1, 1, False, 0), (4, 8, 1, False, 1)]
    fresh = []
    for _ in range(n):
        previous = rng.randint(-10, 10)
        delta = rng.choice((1, 2, 3))
        true = previous + rng.choice((0, 0, 1, -1, delta, -delta, delta + 1, -delta - 1, 8, -8))
        fresh.append((previous, true, delta, rng.random() < 0.5, rng.choice((0, 1, 3))))
    return fixed + fresh


def check_aspiration(fn, *, seed: int | None = None, n: int = 60) -> Verdict:
    """Check a student's ``my_aspiration(search, previous, delta)``.

    ``search(alpha, beta)`` is an alpha-beta search of a hidden position with window (α, β):
    inside the window its answer is exact, at or below α it is only an upper bound, at or above
    β only a lower bound. The function must start with the window ``(previous − delta,
    previous + delta)`` and return the exact value, opening the window on the side where the
    search failed (to ±∞, or wider) and searching again. Typical mistakes are rejected: no
    re-search, the wrong side opened, ``<`` where ``≤`` is needed (a value equal to α is a bound),
    a first window that is not around ``previous``.
    """
    check_options(seed, n)
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    seed = draw_seed() if seed is None else seed
    all_cases = _aspiration_cases(seed, n)
    key = ("aspiration",)
    hint = ASPIRATION_CATALOGUE.neutral
    for index, (previous, true, delta, hard, slack) in enumerate(all_cases):
        search = _Search(true, slack, hard)
        show = (f"previous = {previous}, delta = {delta}, a {'fail-hard' if hard else 'fail-soft'} search"
                + (f" (random case, seed {seed})" if index >= 8 else ""))
        call = call_student(fn, search, previous, delta, copy_args=False)
        if call.stub:
            return not_answered(function=True)
        if call.error is not None:
            return wrong(f"with {show} {call.problem()}", ASPIRATION_CATALOGUE.hint(fn))
        got = call.value
        if not search.windows:
            return wrong(f"with {show} your function never called search(alpha, beta)", hint, key=key)
        first = search.windows[0]
        if first != (previous - delta, previous + delta):
            return wrong(f"with {show} your first search used the window {first}; an aspiration window is "
                         f"centred on the previous value, delta on either side", hint, key=key)
        if got is None:
            return wrong(f"with {show} your function returned None: does every path end in return?", hint,
                         key=key)
        if number_problem(got) is not None or not same(got, true):
            asked = ", ".join(f"({a:g}, {b:g})" for a, b in search.windows)
            return wrong(f"with {show} your function returned {short(got)}, but the position is worth {true!r} "
                         f"(it searched with the windows {asked})", ASPIRATION_CATALOGUE.hint(fn))
        opened = _both_sides_opened(search)
        if opened:
            return wrong(f"with {show} {opened}", ASPIRATION_CATALOGUE.hint(fn))
    return right(f"your aspiration search starts around the previous value and returns the exact value on all "
                 f"{len(all_cases)} searches, fail-soft and fail-hard", key=key)


ASPIRATION_LADDER = ("a search's answer at or beyond an edge of its window is only a bound: which side did it fail "
                     "on, and what does that say about where the value lies?")


def _both_sides_opened(search) -> str | None:
    """Why the windows break "open the side that failed", or None: after a fail-low the next window keeps
    its β (or narrows it), after a fail-high its α; reopening the full window is not what the exercise asks."""
    for (a, b), (a2, b2) in zip(search.windows, search.windows[1:]):
        v = search.true
        low = v <= a
        if low and b2 > b:
            return (f"after the search failed low with the window ({a:g}, {b:g}), your next window ({a2:g}, {b2:g}) "
                    "also opened the side that did not fail; the exercise asks to open only the side that failed")
        if not low and a2 < a:
            return (f"after the search failed high with the window ({a:g}, {b:g}), your next window ({a2:g}, {b2:g}) "
                    "also opened the side that did not fail; the exercise asks to open only the side that failed")
    return None


def _aspiration_run(fn, case):
    previous, true, delta, hard, slack = case
    search = _Search(true, slack, hard)
    call = call_student(fn, search, previous, delta, copy_args=False)
    if call.error is not None:
        return Raised(type(call.error).__name__)
    return plain_number(call.value), tuple(search.windows)


def _aspiration_mutant(test_low=lambda v, a: v <= a, test_high=lambda v, b: v >= b, research=True, swap=False,
                       full=False):
    def aspiration(search, previous, delta):
        alpha, beta = previous - delta, previous + delta
        while True:
            v = search(alpha, beta)
            if not research:
                return v
            if test_low(v, alpha):
                if full:
                    alpha, beta = -INF, INF
                elif swap:
                    beta = INF
                else:
                    alpha = -INF
            elif test_high(v, beta):
                if full:
                    alpha, beta = -INF, INF
                elif swap:
                    alpha = -INF
                else:
                    beta = INF
            else:
                return v
    return aspiration


ASPIRATION_CATALOGUE = Catalogue([
    Mistake("no re-search", _aspiration_mutant(research=False),
            "your function returns the first search's answer even when it failed: at or beyond an edge of the "
            "window the answer is only a bound, and the position must be searched again."),
    Mistake("wrong side opened", _aspiration_mutant(swap=True),
            "after a failure your function opens the other side of the window: a fail-low says the value is at "
            "most the answer, so that is the side to widen."),
    Mistake("edge counted as exact", _aspiration_mutant(test_low=lambda v, a: v < a, test_high=lambda v, b: v > b),
            "an answer equal to an edge of the window is a bound too: only an answer strictly inside the window "
            "is the value."),
    Mistake("full window", _aspiration_mutant(full=True),
            "after a failure your function opens both sides of the window: the exercise asks to open the side "
            "that failed, and keep the other."),
], _aspiration_cases(0, 0), run=_aspiration_run, neutral=ASPIRATION_LADDER)


# -- Zobrist keys and the birthday estimate ------------------------------------------------------

ZOBRIST_LADDER = ("a key is the XOR of the numbers of the occupied cells: what changes when one more cell is "
                  "occupied?")


def check_zobrist_update(fn, *, seed: int | None = None, n: int = 60) -> Verdict:
    """Check ``fn(key, numbers, cell, piece)``: the Zobrist key after ``piece`` is placed on the empty
    ``cell`` (``numbers[cell, piece]`` is that cell's random number) — one XOR."""
    if unanswered(fn) or not callable(fn) or is_stub(fn):     # before the wrapper below hides the stub
        return not_answered(function=True)
    probe = call_student(fn, 0, {(4, "X"): 12, (4, "O"): 5}, 4, "X")
    if isinstance(probe.error, (KeyError, TypeError)) and not probe.stub:
        return wrong(f"with key = 0, cell = 4, piece = 'X' and numbers = {{(4, 'X'): 12, (4, 'O'): 5}}, "
                     f"{probe.problem()}",
                     "numbers is one dictionary keyed by pairs (cell, piece): look a number up with both at "
                     "once, numbers[cell, piece], not one after the other.")

    def reference(case):
        key, numbers, cell, piece = case
        return key ^ numbers[cell, piece]

    def generate(rng):
        numbers = {(c, p): rng.getrandbits(16) for c in range(9) for p in "XO"}
        return (rng.getrandbits(16), numbers, rng.randrange(9), rng.choice("XO"))

    return check_function(lambda case: fn(*case), reference, [(0, {(4, "X"): 12, (4, "O"): 5}, 4, "X"),
                                                               (9, {(0, "X"): 12, (0, "O"): 5}, 0, "O")],
                          hint=ZOBRIST_LADDER, generate=generate, n=n, seed=seed, show_expected=False,
                          show=lambda case: f"key = {case[0]}, cell = {case[2]}, piece = {case[3]!r}, "
                                            f"numbers[cell, piece] = {case[1][case[2], case[3]]}")


COLLISIONS_LADDER = ("an expected count is a sum over the things counted: here every pair of keys, each adding the "
                     "chance that its two keys are equal.")

COLLISION_CASES = [(2, 1), (10, 4), (1000, 16), (100_000, 32), (10**6, 64), (1, 8), (3000, 12)]

COLLISIONS_CATALOGUE = Catalogue([
    Mistake("the approximation", lambda n, bits: Fraction(n * n, 2 ** (bits + 1)),
            "that is the approximation n²/2^(bits+1), good for large n (the zobrist docstring's). This exercise "
            "asks for the exact expectation, which differs when n is small: how many pairs do n keys make?"),
    Mistake("ordered pairs", lambda n, bits: Fraction(n * (n - 1), 2 ** bits),
            "each pair of keys is counted twice (a, b and b, a): a pair is two different keys, in any order."),
    Mistake("n squared over 2^bits", lambda n, bits: Fraction(n * n, 2 ** bits),
            "n² counts every ordered pair, a key with itself included: count the pairs of two different keys, "
            "each once."),
    Mistake("one chance per key", lambda n, bits: Fraction(n, 2 ** bits),
            "a collision takes two keys: the sum runs over pairs of keys, not over keys."),
    Mistake("chance 1/bits", lambda n, bits: Fraction(n * (n - 1), 2 * bits),
            "two random bits-bit keys are equal with chance 1 in the number of different keys, 2^bits, not 1 in "
            "bits."),
], COLLISION_CASES, spread=True, neutral=COLLISIONS_LADDER,
    agree=lambda a, b: plain_number(a) is not None and plain_number(b) is not None
    and same_number(plain_number(a), plain_number(b), rel=1e-6))


def check_expected_collisions(fn) -> Verdict:
    """Check ``fn(n, bits)``: the expected number of colliding pairs among ``n`` random ``bits``-bit
    keys, n(n − 1)/2 pairs each colliding with probability 1/2^bits.

    The exact expectation is asked, not the approximation n²/2^(bits+1) (the ``zobrist`` docstring's, fine
    for large n): on small n the two differ, and a function that gets them right there has the idea. A wrong
    formula is named only when it matches one catalogued formula on every case (issue 42: two formulas were
    both called the approximation)."""
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    for n, bits in COLLISION_CASES:
        want = Fraction(n * (n - 1), 2 ** (bits + 1))
        call = call_student(fn, n, bits, copy_args=False)
        if call.stub:
            return not_answered(function=True)
        problem = call.problem()
        if problem:
            return wrong(f"for n = {n}, bits = {bits} {problem}", COLLISIONS_LADDER)
        got = plain_number(call.value)
        if got is None:
            return wrong(f"for n = {n}, bits = {bits} {returned_problem(call.value)}", COLLISIONS_LADDER)
        if not same_number(got, want, rel=1e-6):
            return wrong(f"for n = {n} keys of {bits} bits your function gives {short(call.value)}",
                         COLLISIONS_CATALOGUE.hint(fn))
    return right(f"your estimate agrees on all {len(COLLISION_CASES)} cases")


__all__ = ["check_pvs", "check_aspiration", "check_zobrist_update", "check_expected_collisions", "pvs_model",
           "CheckOptionError"]
