"""Checks for notebook 7 (beyond alpha-beta): negamax, chance nodes, take-from-the-ends, UCB1,
move order for PVS, a non-zero-sum game.

Each check returns a :class:`~adversarial.exercises.core.Verdict`. An unanswered
stub (``...``, ``None``, a function whose body is ``...``, or one that raises
``NotImplementedError``) is told it is not answered yet, and nothing is revealed.

>>> check_ucb1(lambda wins, visits, parent, c: wins / visits + c * (math.log(parent) / visits) ** 0.5)
✓ Right: your function agrees on all 40 cases.
"""

from __future__ import annotations

import math
import random

from ..chance import ChanceNode, expectiminimax
from ..games.ends import solve
from ..search import minimax
from ..tree import tree
from .core import Verdict, not_answered, unanswered, wrong


def _run_cases(fn, cases, reference, hint, show=repr, close=False):
    """Compare fn(*case) with reference(*case) on every case; stubs are 'not answered'."""
    if unanswered(fn) or not callable(fn):
        return not_answered()
    for number, case in enumerate(cases):
        try:
            got = fn(*case)
        except NotImplementedError:
            return not_answered()
        except Exception as error:      # the student's code failed: say where, not a traceback
            return wrong(f"on {show(case)} your function raised {type(error).__name__}: {error}", hint)
        if number == 0 and unanswered(got):
            return not_answered()
        want = reference(*case)
        if isinstance(got, bool) or not isinstance(got, (int, float)):
            return wrong(f"on {show(case)} your function returned {got!r}, not a number", hint)
        same = math.isclose(got, want, rel_tol=1e-9, abs_tol=1e-9) if close else got == want
        if not same:
            return wrong(f"on {show(case)} your function gives {got!r}, but the right answer is {want!r}",
                          hint)
    return Verdict(True, f"Right: your function agrees on all {len(cases)} cases.")


# -- Exercise: negamax ---------------------------------------------------------

def _random_spec(rng, depth):
    """A ragged random tree: leaves at different depths, so signs get tested at both parities."""
    if depth == 0 or (depth < 3 and rng.random() < 0.25):
        return rng.randint(-9, 9)
    return [_random_spec(rng, depth - 1) for _ in range(rng.randint(1, 3))]


def check_negamax(fn) -> Verdict:
    """Is ``fn(spec, sign)`` negamax on a nested list: the value for the side to move?

    ``sign`` is +1 when MAX moves at the root of ``spec``, −1 when MIN does; the
    answer is the value seen by that side (so MIN's value is minus MAX's).
    """
    rng = random.Random(7)      # fixed: the same trees every run, chosen to include odd and even depths
    cases = [([[3, 5, 6], [1, 2, 0], [9, 7, 8]], 1), ([[3, 5, 6], [1, 2, 0], [9, 7, 8]], -1), (4, 1), (4, -1)]
    cases += [(_random_spec(rng, 4), rng.choice((1, -1))) for _ in range(40)]

    def reference(spec, sign):
        root = "MAX" if sign == 1 else "MIN"
        return sign * minimax(tree(spec, root_player=root)).value

    return _run_cases(fn, cases, reference, show=lambda case: f"spec={case[0]!r}, sign={case[1]}",
                      hint="a leaf is worth sign × its value; an inner node is the largest of "
                           "−(child's value with −sign). Negate the child's answer AND flip the sign.")


# -- Exercise: an expectiminimax value by hand ----------------------------------

def check_chance_value(answer, chance_tree_) -> Verdict:
    """Is ``answer`` the expectiminimax value of ``chance_tree_``? Typical slips get their own hint."""
    if unanswered(answer):
        return not_answered()
    if isinstance(answer, bool) or not isinstance(answer, (int, float)):
        return wrong(f"{answer!r} is not a number", "write the value as a number such as 0.3")
    right = expectiminimax(chance_tree_).value
    if math.isclose(answer, right, abs_tol=1e-9):
        return Verdict(True, f"Right: {answer!r}.")
    slips = {"mean": "the outcomes are not equally likely: weight each child by the probability "
                     "on its edge, then add.",
             "max": "nobody chooses at a chance node: it is neither a max nor a min but an "
                    "average, weighted by the probabilities.",
             "min": "nobody chooses at a chance node: it is neither a max nor a min but an "
                    "average, weighted by the probabilities."}
    for rule, hint in slips.items():
        slip = _value(chance_tree_, rule)
        if math.isclose(answer, slip, abs_tol=1e-9) and not math.isclose(slip, right, abs_tol=1e-9):
            return wrong(f"you answered {answer!r}", hint)
    return wrong(f"you answered {answer!r}", "work bottom-up: MAX takes the largest, MIN the "
                  "smallest, a chance node sums probability × value over its children.")


def _value(t, chance_rule):
    """The tree's value with chance nodes computed by a (wrong) rule: 'mean', 'max' or 'min'."""
    def value(node):
        if node.is_leaf:
            return node.value
        values = [value(child) for child in node.children]
        if isinstance(node, ChanceNode):
            return {"mean": sum(values) / len(values), "max": max(values), "min": min(values)}[chance_rule]
        return max(values) if node.player == "MAX" else min(values)
    return value(t.root)


# -- Exercise: take from the ends ----------------------------------------------

def check_best_margin(fn) -> Verdict:
    """Is ``fn(row)`` the margin the first player secures in the take-from-either-end game?"""
    rng = random.Random(11)     # fixed: rows where taking the larger end first is a mistake
    cases = [([3, 9, 1, 2],), ([5],), ([],), ([1, 5, 1],), ([8, 15, 3, 7],)]
    cases += [([rng.randint(-5, 20) for _ in range(rng.randint(2, 16))],) for _ in range(30)]
    return _run_cases(fn, cases, lambda row: solve(row).value, show=lambda case: f"row={case[0]}",
                      hint="taking the larger end is not always best (try [8, 15, 3, 7]); a move gains "
                           "row[i] (or row[j-1]) and then loses what the opponent secures from the rest. "
                           "Remember each (i, j) so a row of 16 stays fast.")


# -- Exercise: UCB1 --------------------------------------------------------------

def check_ucb1(fn) -> Verdict:
    """Is ``fn(wins, visits, parent_visits, c)`` the UCB1 score wins/visits + c·sqrt(ln(parent)/visits)?"""
    rng = random.Random(3)      # fixed: varied counts, parents with many more visits than children
    cases = [(3, 4, 10, math.sqrt(2)), (0, 1, 1, 1.0), (5, 10, 10, 0.0)]
    cases += [(w, n, n + rng.randint(1, 500), rng.choice((0.5, 1.0, math.sqrt(2), 2.0)))
              for n in [rng.randint(1, 60) for _ in range(37)] for w in [rng.randint(0, n)]]
    return _run_cases(fn, cases,
                      lambda w, n, big_n, c: w / n + c * math.sqrt(math.log(big_n) / n),
                      show=lambda case: "wins={}, visits={}, parent_visits={}, c={:.3g}".format(*case),
                      close=True,
                      hint="exploit + explore: the win rate wins/visits, plus c times the square root "
                           "of ln(parent's visits) divided by the child's visits (math.log is ln).")


# -- Exercise: an order that spares PVS its re-searches ---------------------------

def check_pvs_order(order, spec) -> Verdict:
    """Does reordering the root's children of ``spec`` by ``order`` leave PVS no re-search?"""
    from ..nullwindow import pvs
    if unanswered(order):
        return not_answered()
    try:
        order = list(order)
    except TypeError:
        return wrong(f"{order!r} is not a list of child numbers",
                      f"write the root's children as a list such as {list(range(len(spec)))[::-1]}")
    if sorted(order) != list(range(len(spec))) or any(isinstance(i, bool) for i in order):
        return wrong(f"{order!r} is not a reordering of the children {list(range(len(spec)))}",
                      "use every child number once")
    result = pvs(tree([spec[i] for i in order]))
    if result.stats.researches == 0:
        return Verdict(True, f"Right: with {order} PVS makes no re-search.")
    return wrong(f"with {order} PVS still makes {result.stats.researches} re-search(es)",
                  "a move is searched again when its test says it beats what the node already has; "
                  "which child should come first so that no later child can beat it?")


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
    if isinstance(answer, bool) or answer not in moves:
        return wrong(f"{answer!r} is not one of the moves {list(moves)}", "answer with a move number")
    earned = [_selfish_reply(options)[0] for options in payoffs]
    if earned[answer] == max(earned):
        return Verdict(True, f"Right: move {answer} earns {earned[answer]} against this opponent.")
    minimax_move = max(moves, key=lambda m: min(mine for mine, _ in payoffs[m]))
    hopeful_move = max(moves, key=lambda m: max(mine for mine, _ in payoffs[m]))
    if answer == minimax_move:
        hint = ("that is minimax's move: it assumes the opponent wants to hurt you. This one wants "
                "its own score high: for each move, find the reply it likes best, then compare what you get.")
    elif answer == hopeful_move:
        hint = ("the opponent will not hand you your best outcome: after each move it picks the pair "
                "with the largest second number.")
    else:
        hint = "for each move, find the reply with the largest second number, and compare the first numbers."
    return wrong(f"you answered move {answer}", hint)
