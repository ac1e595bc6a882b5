"""Checks for notebooks 8 (null-window searches) and 11 (Monte Carlo, chance and other games): negamax,
move order for PVS, chance nodes, take-from-the-ends, UCB1, a non-zero-sum game.

Each check returns a :class:`~adversarial.exercises.core.Verdict`. An unanswered
stub (``...``, ``None``, a function whose body is ``...``, or one that raises
``NotImplementedError``) is told it is not answered yet, and nothing is revealed.

>>> check_ucb1(lambda wins, visits, parent, c: wins / visits + c * (math.log(parent) / visits) ** 0.5)
✓ Right: your function agrees on all 40 cases.
"""

from __future__ import annotations

import math
import random
import sys

from ..beyond.chance import ChanceNode
from ..beyond.chance import expectiminimax as _expectiminimax
from ..beyond.nullwindow import pvs as _pvs
from ..games.ends import solve as _solve_ends
from ..search import alphabeta as _alphabeta
from ..search import minimax as _minimax
from ..search import negamax as _negamax
from ..tree import tree as _tree
from .core import (
    Slip,
    Verdict,
    _sequence,
    call_student,
    check_function,
    check_rule,
    is_stub,
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
from .nodes import QUESTIONS, AskedAgain, TooManyCalls, at_least, budget_profile

__all__ = ["AskedAgain", "check_negamax", "check_chance_value", "check_best_margin", "check_ucb1", "check_pvs_order",
           "check_selfish_move", "check_two_test_guesses", "check_mtdf_driver", "at_least"]


def _run_cases(fn, cases, reference, hint, show=repr, close=False, forbid=(), key=None, diagnose=None,
               show_expected=True):
    """Compare fn(*case) with reference(*case) on every case, through the core (copies, safe calls)."""
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered()
    return check_function(fn, lambda *case: reference(*case), cases, spread=True, hint=hint,
                          show=lambda case: show(case), forbid=forbid, key=key, diagnose=diagnose,
                          show_expected=show_expected)


# -- Exercise: negamax ---------------------------------------------------------

def _random_spec(rng, depth):
    """A ragged random tree: leaves at different depths, so signs get tested at both parities."""
    if depth == 0 or (depth < 3 and rng.random() < 0.25):
        return rng.randint(-9, 9)
    return [_random_spec(rng, depth - 1) for _ in range(rng.randint(1, 3))]


NEGAMAX_LADDER = ("in negamax every value is seen from the side to move: a leaf is worth its score times sign, and "
                  "a node takes the largest of its children's values, each seen from the node's side.")


def _nega_true(spec, sign):
    return sign * spec if not isinstance(spec, list) else max(-_nega_true(c, -sign) for c in spec)


def _nega_unsigned(spec, sign):
    return spec if not isinstance(spec, list) else max(-_nega_unsigned(c, -sign) for c in spec)


def _nega_no_negation(spec, sign):
    return sign * spec if not isinstance(spec, list) else max(_nega_no_negation(c, -sign) for c in spec)


def _nega_top_not_negated(spec, sign):
    return sign * spec if not isinstance(spec, list) else max(_nega_true(c, -sign) for c in spec)


def _nega_sign_kept(spec, sign):
    return sign * spec if not isinstance(spec, list) else max(-_nega_sign_kept(c, sign) for c in spec)


def _nega_root_max(spec, sign):
    return _nega_true(spec, 1)


def _nega_max_view(spec, sign):
    return sign * _nega_true(spec, sign)


_NEGAMAX_SLIPS = [
    (_nega_root_max, "sign says who moves at the root: with sign = −1 MIN moves there, and the answer is seen "
                     "from MIN's side; your function gives the same answer whatever the sign (as if MAX always "
                     "moved first)."),
    (_nega_max_view, "the answer is for the side to move at the root: for a MIN root (sign = −1) that is minus "
                     "MAX's score, and your function gives MAX's score there."),
    (_nega_unsigned, "a leaf must be seen from the side to move too: return sign × its score, not the score."),
    (_nega_no_negation, "a child's value is from the opponent's side: negate it (−value) before taking the "
                        "largest."),
    (_nega_top_not_negated, "a child's value is from the opponent's side: negate it (−value) before taking "
                            "the largest."),
    (_nega_sign_kept, "the side to move changes at every level: call the child with −sign."),
]
_NEGAMAX_PROBES = [([[3, 5, 6], [1, 2, 0], [9, 7, 8]], 1), ([[3, 5, 6], [1, 2, 0], [9, 7, 8]], -1),
                   ([[2, [7, -4]], [5]], 1), ([[2, [7, -4]], [5]], -1), ([[[8, 1]], [[[-8, 3]]]], 1), (6, -1)]


def _nega_int_leaves(spec, sign):
    return sign * spec if isinstance(spec, int) else max(-_nega_int_leaves(c, -sign) for c in spec)


def _negamax_catalogue():
    from .diagnosis import Catalogue, Mistake
    names = ["root always MAX", "MAX's view", "unsigned leaf", "no negation", "top not negated", "sign kept"]
    mistakes = [Mistake(name, model, cause) for name, (model, cause) in zip(names, _NEGAMAX_SLIPS)]
    mistakes.append(Mistake("int leaves only", _nega_int_leaves,
                            "your base case recognises whole numbers only: leaves can be floats (like 2.5) too, so "
                            "tell a leaf by what it is not: an inner node is a list, anything else is a leaf."))
    probes = _NEGAMAX_PROBES + [([[3.5, 5], [2]], 1), ([[2.5, -1.5], [3]], -1), (-0.5, -1)]
    return Catalogue(mistakes, probes, spread=True, neutral=NEGAMAX_LADDER)


NEGAMAX_CATALOGUE = _negamax_catalogue()


def check_negamax(fn) -> Verdict:
    """Is ``fn(spec, sign)`` negamax on a nested list: the value for the side to move?

    ``sign`` is +1 when MAX moves at the root of ``spec``, −1 when MIN does; the
    answer is the value seen by that side (so MIN's value is minus MAX's).
    """
    rng = random.Random(7)      # fixed: the same trees every run, chosen to include odd and even depths
    cases = [([[3, 5, 6], [1, 2, 0], [9, 7, 8]], 1), ([[3, 5, 6], [1, 2, 0], [9, 7, 8]], -1), (4, 1), (4, -1),
             ([[-40, -25], [-70, -12]], 1), ([[150, 320], [95]], -1),     # large scores: no ±10 sentinel
             ([[2.5, -1.5], [3]], 1), ([[2.5, -1.5], [3]], -1), (-0.5, -1)]  # float leaves: not only int
    cases += [(_random_spec(rng, 4), rng.choice((1, -1))) for _ in range(40)]

    def reference(spec, sign):
        root = "MAX" if sign == 1 else "MIN"
        return sign * _minimax(_tree(spec, root_player=root)).value

    return _run_cases(fn, cases, reference, show=lambda case: f"spec={case[0]!r}, sign={case[1]}",
                      hint=NEGAMAX_LADDER, forbid=(_minimax, _alphabeta, _negamax),
                      diagnose=NEGAMAX_CATALOGUE.diagnoser(fn))


# -- Exercise: an expectiminimax value by hand ----------------------------------

CHANCE_LADDER = ("work bottom-up: MAX takes the largest, MIN the smallest, and a chance node is worth its average "
                 "outcome, each child weighted by the probability on its edge (probability × value, added up).")
_SLIPS = {"mean": "the outcomes are not equally likely: weight each child by the probability on its edge, "
                  "then add.",
          "max": "nobody chooses at a chance node: it is neither a max nor a min but an average, weighted by "
                 "the probabilities.",
          "min": "nobody chooses at a chance node: it is neither a max nor a min but an average, weighted by "
                 "the probabilities.",
          "ignore MIN": "the MIN nodes below the chance node choose too: each is worth its smallest child "
                        "before the chance node averages them."}


def check_chance_value(answer, chance_tree_) -> Verdict:
    """Is ``answer`` the expectiminimax value of ``chance_tree_``?

    A typical slip (an unweighted average, a max or a min at the chance nodes, MIN's choice skipped) gets its
    own hint only when that slip's value on this tree differs from the right one, so the hint is never a
    false accusation; otherwise the hints climb from the idea to the step to look at.
    """
    if unanswered(answer):
        return not_answered()
    problem = number_problem(answer, "a number such as 0.3")
    if problem:
        return wrong(problem, CHANCE_LADDER)
    truth = _expectiminimax(chance_tree_).value
    if same(answer, truth):
        return right(short(answer))
    return wrong(f"you answered {short(answer)}", chance_catalogue(chance_tree_).hint(plain_number(answer)))


def chance_catalogue(chance_tree_):
    """The typical wrong values of a chance tree's value; a slip whose value is the right one (or another
    slip's) on this tree is left out, so the hint is never a false accusation."""
    from .diagnosis import Mistake, value_catalogue
    mistakes = []
    for rule, hint in _SLIPS.items():
        try:
            mistakes.append(Mistake(rule, plain_number(_value(chance_tree_, rule)), hint))
        except Exception:  # noqa: BLE001 (a slip that does not apply to this tree's shape)
            continue
    return value_catalogue(mistakes, plain_number(_expectiminimax(chance_tree_).value), neutral=CHANCE_LADDER)


def _value(t, chance_rule):
    """The tree's value with chance nodes computed by a (wrong) rule: 'mean', 'max' or 'min'."""
    def value(node):
        if node.is_leaf:
            return node.value
        values = [value(child) for child in node.children]
        if isinstance(node, ChanceNode):
            if chance_rule == "ignore MIN":
                return sum(p * v for p, v in zip(node.probabilities, values))
            return {"mean": sum(values) / len(values), "max": max(values), "min": min(values)}[chance_rule]
        if chance_rule == "ignore MIN" and node.player == "MIN":
            return sum(values) / len(values)
        return max(values) if node.player == "MAX" else min(values)
    return value(t.root)


# -- Exercise: take from the ends ----------------------------------------------

MARGIN_LADDER = ("taking the larger end is not always best (try [8, 15, 3, 7]): a move gains the number taken and "
                 "then loses what the opponent secures from the rest, so compare both ends that way.")


def _greedy(row):
    row, total, sign = list(row), 0, 1
    while row:
        total += sign * (row.pop(0) if row[0] >= row[-1] else row.pop())
        sign = -sign
    return total


MARGIN_PROBES = [[3, 9, 1, 2], [5], [1, 5, 1], [8, 15, 3, 7], [400, -250, 30, 1000], [4, 7, 2, 9, 5, 1],
                 [2, 2, 8, 1, 6], [10, -3, 4, 12, 0, 7, 9]]


def _margin_catalogue():
    from .diagnosis import Catalogue, Mistake
    return Catalogue([
        Mistake("greedy", _greedy,
                "your function takes the larger end every time; that can lose: a move also decides what the "
                "opponent can take next, so weigh each end by what you gain and what the opponent then secures "
                "from the rest."),
        Mistake("alternate positions", lambda row: sum(row[::2]) - sum(row[1::2]),
                "the players do not alternate over the row's positions: each turn takes an end, the first or the "
                "last number."),
        Mistake("the whole row", lambda row: sum(row),
                "your margins add up the whole row, as if you took every number: after your move the opponent "
                "moves, and what the opponent secures from the rest counts against you, not for you."),
    ], MARGIN_PROBES, neutral=MARGIN_LADDER)


MARGIN_CATALOGUE = _margin_catalogue()


LONG_ROW = [(7 * i * i + 3 * i) % 23 - 6 for i in range(40)]   # 2^40 ways to play it: only a memo finishes
CALL_BUDGET = 200_000       # Python calls allowed on LONG_ROW; a memo or a table needs a few thousand


def _within_budget(fn, row, budget):
    """``fn(row)`` while counting the Python function calls it makes (generators resumed included):
    (its Call, False), or (None, True) when it went over ``budget``. Counted, not timed: the same
    function gets the same verdict on a busy machine. (The profile function lives in .nodes: the student's
    code can read it with ``sys.getprofile()``.)"""
    old = sys.getprofile()
    sys.setprofile(budget_profile(budget))
    try:
        call = call_student(fn, row)
    except TooManyCalls:
        return None, True
    finally:
        sys.setprofile(old)
    return call, False


def check_best_margin(fn) -> Verdict:
    """Is ``fn(row)`` the margin the first player secures in the take-from-either-end game, and does it
    remember each stretch (a row of 40 numbers within :data:`CALL_BUDGET` Python calls)?"""
    rng = random.Random(11)     # fixed: rows where taking the larger end first is a mistake
    cases = [([3, 9, 1, 2],), ([5],), ([],), ([1, 5, 1],), ([8, 15, 3, 7],), ([400, -250, 30, 1000],)]
    cases += [([rng.randint(-5, 20) for _ in range(rng.randint(2, 16))],) for _ in range(30)]
    verdict = _run_cases(fn, cases, lambda row: _solve_ends(row).value, show=lambda case: f"row={case[0]}",
                         hint=MARGIN_LADDER, forbid=(_solve_ends,), diagnose=MARGIN_CATALOGUE.diagnoser(fn))
    if not verdict:
        return verdict
    want = _solve_ends(LONG_ROW).value
    call, slow = _within_budget(fn, list(LONG_ROW), CALL_BUDGET)
    if slow:
        return wrong(f"your function is right on short rows, but on a row of {len(LONG_ROW)} numbers it made more "
                     f"than {CALL_BUDGET:,} calls without finishing: without a memory it works out the same "
                     f"stretch row[i:j] again every time it is reached, and there are about 2^{len(LONG_ROW)} "
                     "ways to reach them", "remember the answer for each stretch (i, j) the first time it is "
                     "computed, in a dict or with functools.lru_cache, and look it up after that (or fill a "
                     "table of stretches from the shortest up).")
    problem = call.problem() or (None if same(call.value, want) else
                                 f"your function gives {short(call.value)}, but the right answer is {short(want)}")
    if problem:
        return wrong(f"on a row of {len(LONG_ROW)} numbers, {problem}", MARGIN_LADDER)
    return right(f"your function agrees on all {len(cases) + 1} rows, one of {len(LONG_ROW)} numbers among them")


# -- Exercise: UCB1 --------------------------------------------------------------

UCB1_LADDER = ("UCB1 adds two parts: how well the child has done so far (exploit), and a bonus that is large for a "
               "child tried few times compared with its parent (explore), scaled by c.")


def _ucb1_mutant(bonus):
    return lambda w, n, big_n, c: w / n + bonus(n, big_n, c)


UCB1_PROBES = [(3, 4, 10, math.sqrt(2)), (0, 1, 1, 1.0), (5, 10, 10, 0.0), (2, 5, 40, 1.0), (7, 9, 300, 2.0),
               (1, 3, 7, 0.5)]


def _ucb1_catalogue():
    from .diagnosis import Catalogue, Mistake
    return Catalogue([
        Mistake("parent's visits below", _ucb1_mutant(lambda n, big_n, c: c * math.sqrt(math.log(big_n) / big_n)),
                "the bonus divides by the child's visits, not the parent's: ln(parent_visits) / visits."),
        Mistake("log10", _ucb1_mutant(lambda n, big_n, c: c * math.sqrt(math.log10(big_n) / n)),
                "math.log10 is the base-10 log; UCB1 uses the natural log, math.log."),
        Mistake("no square root", _ucb1_mutant(lambda n, big_n, c: c * math.log(big_n) / n),
                "the bonus is the square root of ln(parent_visits) / visits."),
        Mistake("c inside the root", _ucb1_mutant(lambda n, big_n, c: math.sqrt(c * math.log(big_n) / n)),
                "c multiplies the square root; it is not inside it."),
    ], UCB1_PROBES, spread=True, neutral=UCB1_LADDER)


UCB1_CATALOGUE = _ucb1_catalogue()


def check_ucb1(fn) -> Verdict:
    """Is ``fn(wins, visits, parent_visits, c)`` the UCB1 score wins/visits + c·sqrt(ln(parent)/visits)?"""
    rng = random.Random(3)      # fixed: varied counts, parents with many more visits than children
    cases = [(3, 4, 10, math.sqrt(2)), (0, 1, 1, 1.0), (5, 10, 10, 0.0)]
    cases += [(w, n, n + rng.randint(1, 500), rng.choice((0.5, 1.0, math.sqrt(2), 2.0)))
              for n in [rng.randint(1, 60) for _ in range(37)] for w in [rng.randint(0, n)]]
    return _run_cases(fn, cases,
                      lambda w, n, big_n, c: w / n + c * math.sqrt(math.log(big_n) / n),
                      show=lambda case: "wins={}, visits={}, parent_visits={}, c={:.3g}".format(*case),
                      close=True, hint=UCB1_LADDER, diagnose=UCB1_CATALOGUE.diagnoser(fn), show_expected=False)


# -- Exercise: an order that spares PVS its re-searches ---------------------------

def check_pvs_order(order, spec) -> Verdict:
    """Does reordering the root's children of ``spec`` by ``order`` leave PVS no re-search?"""
    if unanswered(order):
        return not_answered()
    children = list(range(len(spec)))
    key = ("pvs order", repr(spec))
    items = _sequence(order) if not isinstance(order, (set, frozenset, dict, str, bytes)) else None
    if items is None:
        return wrong(f"{short(order)} is not a list of child numbers",
                     "write the root's children as a list of their numbers, e.g. [a, b, c], each child once")
    moves = []
    for item in items:
        n = plain_number(item)
        whole = n is not None and not isinstance(item, bool) and not (isinstance(n, float) and math.isinf(n)) \
            and n == int(n)
        if not whole:
            return wrong(f"{short(order)} is not a reordering of the children {children}: "
                         f"{short(item)} is not a child number", "use every child number once")
        moves.append(int(n))
    if sorted(moves) != children:
        return wrong(f"{short(order)} is not a reordering of the children {children}",
                     "use every child number once")
    result = _pvs(_tree([spec[i] for i in moves]))
    if result.stats.researches == 0:
        return right(f"with {moves} PVS makes no re-search", key=key)
    return wrong(f"with {moves} PVS still makes {result.stats.researches} re-search(es)",
                 ["a move is searched again when its null-window test says it beats what the node already has; "
                  "which child should come first so that no later child can beat it?",
                  "compute each child's value first; the child with the best value for the player at the root "
                  "must come first."], key=key)


# -- Exercise: playing a selfish opponent in a non-zero-sum game ------------------

def _selfish_reply(options):
    """The reply an opponent picks when it maximises its own score (the first of equals)."""
    return max(options, key=lambda pair: pair[1])


def check_selfish_move(answer, payoffs) -> Verdict:
    """Is ``answer`` MAX's best move when the opponent maximises its *own* score?

    ``payoffs[m]`` lists the opponent's options after MAX's move ``m``, each a pair
    (MAX's score, the opponent's score).
    """
    if unanswered(answer):
        return not_answered()
    moves = range(len(payoffs))
    n = plain_number(answer)
    if n is None or isinstance(answer, bool) or not any(same_number(n, m) for m in moves):
        what = number_problem(answer, "a move number") or f"{short(answer)} is not one of the moves {list(moves)}"
        return wrong(what, "answer with a move number")
    move = int(n)
    earned = [_selfish_reply(options)[0] for options in payoffs]
    key = ("selfish move", repr(payoffs))
    if earned[move] == max(earned):
        return right(f"move {move} earns {earned[move]} against this opponent", key=key)
    return wrong(f"you answered move {move}", selfish_catalogue(payoffs).hint(move), key=key)


SELFISH_HINT = ("for each move, find the reply the opponent likes best (its own score, the second number), and compare "
                "what that reply gives you.")


def selfish_catalogue(payoffs):
    """The usual wrong moves against a selfish opponent: minimax's (fearing the worst reply) and the hopeful one
    (expecting the best reply), each named only when the other does not give the same move."""
    from .diagnosis import Mistake, value_catalogue
    moves = range(len(payoffs))
    earned = [_selfish_reply(options)[0] for options in payoffs]
    minimax_move = max(moves, key=lambda m: min(mine for mine, _ in payoffs[m]))
    hopeful_move = max(moves, key=lambda m: max(mine for mine, _ in payoffs[m]))
    mistakes = [
        Mistake("minimax", minimax_move,
                "that is minimax's move: it assumes the opponent wants to hurt you. This one wants its own score "
                "high: for each move, find the reply it likes best, then compare what you get."),
        Mistake("hopeful", hopeful_move,
                "the opponent will not hand you your best outcome: after each move it picks the pair with the "
                "largest second number."),
    ]
    # a move that earns the most is right, whichever it is: no mistake may be one of them
    best = max(earned)
    mistakes = [m for m in mistakes if earned[m.model] != best]
    return value_catalogue(mistakes, earned.index(best), neutral=SELFISH_HINT)


# -- Notebook 8, exercise 3: which first guesses take MTD(f) two root tests ------------------------

def check_two_test_guesses(rule, spec) -> Verdict:
    """Is ``rule(g)`` True exactly for the first guesses ``g`` from which MTD(f) solves ``tree(spec)`` in two
    root tests? The answer key (MTD(f) itself, run at every probed guess) stays inside this check."""
    from ..beyond.nullwindow import mtdf as _mtdf
    t = _tree(spec)
    leaves = [leaf.value for leaf in t.leaves()]
    candidates = range(int(math.floor(min(leaves))) - 5, int(math.ceil(max(leaves))) + 7)
    hint = ("a test returns a bound, and that bound is the next guess. Two tests are enough exactly when the "
            "first test's bound is already the value. Which child answers the first test, and with which number, "
            "when g is small, middling, or larger than every leaf?")
    return check_rule(rule, lambda g: _mtdf(t, guess=g).stats.researches + 1 == 2, candidates,
                      name="first guess", hint=hint)


# -- Notebook 8, exercise 4: MTD(f)'s driver ------------------------------------------------------



def _driver_model(swapped=False, step=True, start=math.inf):
    """MTD(f)'s driver as a student writes it, right or with one known slip."""
    def drive(spec, guess):
        lower, upper, g = -start, start, guess
        while lower < upper:
            gamma = g + 1 if step and g == lower else g
            v = at_least(spec, gamma)
            if (v >= gamma) != swapped:
                lower = v
            else:
                upper = v
            g = v
        return lower
    return drive


MTDF_LADDER = ("after each test only one of lower and upper can move: which one, and to what? A test answers "
               "with a bound, and the loop ends when the two ends meet.")


def _asks_lower_again(spec, guess):
    """The driver that asks "at least g?" with g = lower after a yes: at_least stops it (AskedAgain)."""
    lower, upper, g = -math.inf, math.inf, guess
    while lower < upper:
        v = at_least(spec, g)
        if v >= g:
            lower = v
        else:
            upper = v
        g = v
    return lower


_DRIVER_PROBES = [([[3, 5, 6], [1, 2, 0], [9, 7, 8]], 0), ([[3, 5, 6], [1, 2, 0], [9, 7, 8]], 100),
                  ([[40, -35], [27, 60]], 0), ([[-120, 80], [-45, -60]], 30)]


def _driver_run(fn, case, limit=20):
    """What ``fn`` asks (its first ``limit`` questions) and returns (or the kind of error it raises) on one
    probe: a driver's behaviour, for the diagnosis."""
    from .diagnosis import Raised
    spec, guess = case
    QUESTIONS.reset(budget=400)
    try:
        call = call_student(fn, spec, guess, copy_args=False)
        asked = tuple(g for g, _ in QUESTIONS.asked[:limit])
    finally:
        QUESTIONS.reset()
    if call.error is not None:
        return asked, Raised(type(call.error).__name__)
    return asked, plain_number(call.value) if plain_number(call.value) is not None else call.value


def _mtdf_catalogue():
    from .diagnosis import Catalogue, Mistake
    return Catalogue([
        Mistake("swapped", _driver_model(swapped=True),
                "your driver moves the wrong end of the interval: a yes (bound v ≥ γ) proves the value is at least "
                "v, a no that it is at most v. Which of lower and upper does each answer move?"),
        Mistake("finite start", _driver_model(start=10),
                "your interval starts at a finite pair of bounds, and scores can lie beyond them: before the first "
                "test nothing is known about the value, so lower and upper start beyond every possible score."),
        Mistake("same question after a yes", _asks_lower_again,
                "a test is worth asking only if its answer is not known yet: a yes at γ moves lower up to the "
                "bound; the next question must be above lower."),
    ], _DRIVER_PROBES, run=_driver_run, neutral=MTDF_LADDER)


MTDF_CATALOGUE = _mtdf_catalogue()


def _settled_question(asked):
    """The first question (γ, its index) whose answer the fail-soft bounds of the tests before it already
    gave (a yes with bound v: the value is at least v; a no with bound v: at most v), or None. A driver that
    ignores the bounds and steps one score at a time asks such questions (issue 42)."""
    lower, upper = -math.inf, math.inf
    for index, (gamma, v) in enumerate(asked):
        if gamma <= lower or gamma > upper:
            return gamma, index
        if v >= gamma:
            lower = max(lower, v)
        else:
            upper = min(upper, v)
    return None


def _mtdf_cases(seed, n):
    from ..tree import random_tree
    fixed = [([[3, 5, 6], [1, 2, 0], [9, 7, 8]], 0), ([[3, 5, 6], [1, 2, 0], [9, 7, 8]], 7),
             ([[3, 5, 6], [1, 2, 0], [9, 7, 8]], 100), ([[4]], 4), ([3, 8, 2], -3), (5, 0),
             ([[40, -35], [27, 60]], 0), ([[-120, 80], [-45, -60]], 30), ([[15, 25], [12]], -15)]
    rng = random.Random(seed)
    fresh = [(random_tree(rng.randint(1, 3), rng.randint(1, 4), low=-60, high=60,
                          seed=rng.randrange(10**6)).to_list(), rng.randint(-80, 80)) for _ in range(n)]
    return fixed, fresh


def check_mtdf_driver(fn, *, seed: int | None = None, n: int = 40) -> Verdict:
    """Notebook 8, exercise 4: ``fn(spec, guess)`` finds the value of a nested list (MAX at the root, whole
    numbers) with :func:`at_least` only. The check forbids the package's searches, records every test, and
    asks that the tests themselves prove the value returned (a yes and a no with that bound), on trees whose
    scores go well beyond ±10 and from guesses far from the value."""
    from ..beyond.nullwindow import mtdf as _mtdf
    from .core import check_options, draw_seed
    check_options(seed, n)
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    seed = draw_seed() if seed is None else seed
    fixed, fresh = _mtdf_cases(seed, n)
    key = ("mtdf driver",)
    forbid = (_minimax, _alphabeta, _negamax, _pvs, _mtdf)
    for index, (spec, guess) in enumerate(fixed + fresh):
        label = f"spec={spec!r}, guess={guess}" + (f" (a fresh case, seed {seed})" if index >= len(fixed) else "")
        want = _minimax(_tree(spec)).value
        QUESTIONS.reset(budget=400)
        try:
            call = call_student(fn, spec, guess, copy_args=False, forbid=forbid)
            asked = list(QUESTIONS.asked)
        finally:
            QUESTIONS.reset()
        if call.stub:
            return not_answered(function=True)
        problem = call.problem()
        if problem is None and not asked:
            problem = ("your driver never called at_least(spec, gamma): the exercise is to find the value with "
                       "null-window tests only")
        if problem is None and not same(call.value, want):
            problem = returned_problem(call.value) or f"your driver gives {short(call.value)}, but the value is {want}"
        if problem is None and (wasted := _settled_question(asked)) is not None:
            problem = (f"your driver asked \"at least {wasted[0]:g}?\" although its earlier tests had already "
                       f"answered it (test {wasted[1] + 1} of {len(asked)}): a test returns a bound, not just a "
                       "yes or a no: what does that bound tell you about the value?")
        if problem is None and not (any(v >= g and same(v, want) for g, v in asked)
                                    and any(v < g and same(v, want) for g, v in asked)):
            problem = (f"your driver returned {short(call.value)} after {len(asked)} test(s), but its tests never "
                       "proved it: the value is known only when one test said 'at least v' and another 'less "
                       "than γ, at most v' with the same v")
        if problem:
            ladder = call.error.hint if isinstance(call.error, Slip) and call.error.hint else MTDF_LADDER
            mistake = MTDF_CATALOGUE.diagnose(fn)
            if mistake is None:
                return wrong(f"on {label}, {problem}", ladder)
            if isinstance(call.error, Slip) and mistake.name != "same question after a yes":
                # the check's own stop (the same question asked again, too many questions) says where the driver
                # got stuck, not why: with the cause certain, say only what happened (its words pointed at a line
                # that was right, issue 42)
                problem = f"your driver did not find the value: it was stopped after {len(asked)} tests"
            return wrong(f"on {label}, {problem}", mistake.cause)
    return right(f"your driver finds the value with null-window tests alone on all {len(fixed) + len(fresh)} "
                 "trees, and its own tests prove every answer", key=key)
