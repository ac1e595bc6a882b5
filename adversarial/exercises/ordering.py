"""Checks for notebook 6 (move ordering): predictions, the Knuth–Moore count, a better order.

>>> check_best_order_leaves(17, 3, 4)
✓ Right: 17, the Knuth–Moore minimum.
>>> check_best_order_leaves(9, 3, 4).ok
False
"""

from __future__ import annotations

import random

from ..beyond.ordering import tictactoe_centre_first
from ..games.tictactoe import TicTacToe, reachable_positions
from ..lab.experiments import knuth_moore as _knuth_moore
from ..search import SearchError
from ..search import alphabeta as _alphabeta
from .core import (
    Verdict,
    call_student,
    check_function,
    is_stub,
    not_answered,
    number_problem,
    plain_number,
    right,
    same,
    short,
    unanswered,
    wrong,
)
from .diagnosis import Catalogue, Mistake

knuth_moore = _knuth_moore
alphabeta = _alphabeta


BEST_ORDER_HINT = ("one proof tree has b choices at MIN's levels and 1 at MAX's, the other the reverse; they share "
                   "exactly one leaf.")


def best_order_catalogue(b: int, d: int):
    """The usual wrong counts of the best order's leaves on a (b, d) tree, each a value with its cause. A value
    two causes give (or the right count gives) names none of them (:func:`value_catalogue`): on a (2, 2) tree,
    b^d is also the two proofs with their shared leaf counted twice."""
    from .diagnosis import value_catalogue
    half, more = d // 2, (d + 1) // 2
    _magnitude = ("b^(d/2) is the order of magnitude, not the count: MAX must prove its move is at least v AND MIN "
                  "must prove it is at most v; count both proofs.")
    mistakes = [
        Mistake("every leaf", b ** d, "that is every leaf (minimax, or the worst order); the best order prunes most."),
        Mistake("b^(d/2) rounded", round(b ** (d / 2)), _magnitude),
        Mistake("b^(d//2)", b ** half, _magnitude),
        Mistake("shared leaf twice", b ** more + b ** half,
                "close: the two proofs share one leaf, the end of the principal variation."),
        Mistake("equal proofs, floor", 2 * b ** half - 1,
                "for an odd depth the two proofs differ in size: MAX moves at one more level than MIN, so MIN's "
                "proof branches at one more level."),
        Mistake("equal proofs, ceiling", 2 * b ** more - 1,
                "for an odd depth the two proofs differ in size: MAX moves at one more level than MIN, so MIN's "
                "proof branches at one more level."),
    ]
    # the same number with the same words is one mistake (b^(d/2) rounded and b^(d//2) at an even depth)
    mistakes = list({(m.model, m.cause): m for m in mistakes}.values())
    return value_catalogue(mistakes, _knuth_moore(b, d), neutral=BEST_ORDER_HINT)


def check_best_order_leaves(answer, b: int, d: int) -> Verdict:
    """Exercise: how many leaves does alpha-beta read with the best order on a (b, d) tree?

    A typical wrong count is named only when no other typical mistake (and not the right count) gives the same
    number on this tree (:func:`best_order_catalogue`); the hint never depends on earlier tries."""
    if unanswered(answer):
        return not_answered()
    problem = number_problem(answer, "the number of leaves")
    if problem:
        return wrong(problem, "count the leaves of the two proof trees.")
    truth = _knuth_moore(b, d)   # equal to best-first's count on every tree (tests/test_experiments.py)
    a = plain_number(answer)
    if same(a, truth):
        return right(f"{short(answer)}, the Knuth–Moore minimum")
    return wrong(f"you answered {short(answer)}", best_order_catalogue(b, d).hint(a))


MINIMAL_LADDER = [
    "the minimum is two proofs that share one leaf: MAX's proof branches only at MIN's levels, MIN's only at "
    "MAX's. How many levels does each player have in a tree of depth d, for d even and for d odd? Keep it in "
    "whole numbers: 3 ** 1.5 is not a number of leaves.",
    "look at the exponents: each proof's size is b to the number of levels where it branches. Test your "
    "function on d = 0, 1, 2 and 3 with b = 2, counting the leaves of each proof on paper.",
]

# The usual slips, as small models of the whole function: one is named only when the student's function agrees
# with it, and with no other, on every probe (one case alone can fit two slips: 2 ** 2 is both b^d and b^1 + b^1).
_MINIMAL_SLIPS = [
    Mistake("every leaf", lambda b, d: b ** d,
            "your function counts every leaf of the tree, b^d: that is minimax, or the worst order; the best order "
            "reads only the two proofs."),
    Mistake("a level too many", lambda b, d: b ** (d // 2 + 1) + b ** (d // 2) - 1,
            "at an even depth both proofs branch at d/2 levels, but d // 2 + 1 gives one level too many: the "
            "ceiling of d/2 equals d // 2 when d is even."),
    Mistake("equal proofs", lambda b, d: 2 * b ** (d // 2) - 1,
            "at an odd depth the two proofs differ: MAX moves at one more level than MIN, so one proof branches at "
            "one more level than the other; yours uses the same number of levels for both."),
    Mistake("shared leaf twice", lambda b, d: b ** ((d + 1) // 2) + b ** (d // 2),
            "close: the two proofs share exactly one leaf (the end of the principal variation), and your count "
            "has it twice."),
]
_MINIMAL_PROBES = [(2, 2), (2, 3), (3, 3), (3, 4), (5, 5), (4, 6)]


MINIMAL_CATALOGUE = Catalogue(_MINIMAL_SLIPS, _MINIMAL_PROBES, spread=True, neutral=MINIMAL_LADDER[0])


def _minimal_diagnose(fn):
    def diagnose(case, got, want):
        cause = MINIMAL_CATALOGUE.cause(fn)
        if cause is None and isinstance(got, float) and not isinstance(want, float):
            return ("keep it in whole numbers: ** with a fractional exponent (d / 2) gives a float; // gives "
                    "the floor of a division, and the ceiling is the floor of something else.")
        return cause
    return diagnose


def check_minimal_leaves(fn) -> Verdict:
    """Exercise: a function ``minimal_leaves(b, d)`` giving the Knuth–Moore count for any b, d."""
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    cases = [(b, d) for b in range(1, 8) for d in range(9)]
    return check_function(fn, _knuth_moore, cases, spread=True, hint=MINIMAL_LADDER, key=("minimal leaves",),
                          show=lambda case: f"b = {case[0]}, d = {case[1]}", forbid=(_knuth_moore,),
                          diagnose=_minimal_diagnose(fn))


# -- the two proofs, counted separately (notebook 7, exercises 1 and 2) -----------------------

def proof_sizes(b: int, d: int) -> tuple[int, int]:
    """(leaves of MAX's proof, leaves of MIN's proof) on a uniform (b, d) tree with MAX at the root.

    MAX's proof fixes one MAX move and follows every MIN reply: it branches at MIN's ⌊d/2⌋ levels. MIN's
    proof branches at MAX's ⌈d/2⌉ levels. Together, less their shared leaf, they are the Knuth–Moore minimum.
    """
    return b ** (d // 2), b ** ((d + 1) // 2)


PROOFS_LADDER = ("MAX's proof fixes one good MAX move at every MAX node and follows every MIN reply, so it branches "
                 "only where MIN moves; MIN's proof is the mirror image. With MAX at the root the levels alternate "
                 "MAX, MIN, MAX, ...: count the levels where each player moves.")


def _pair(answer):
    """``answer`` as a pair of plain numbers, or a sentence saying why it is not one."""
    from .core import _sequence
    items = _sequence(answer) if not isinstance(answer, (str, bytes)) else None
    if items is None:
        problem = number_problem(answer)
        if problem is None:
            return None, (f"{short(answer)} is one number; give the two proofs separately, as a pair "
                          "(MAX's proof, MIN's proof)")
        return None, f"{short(answer)} is not a pair of numbers: write (MAX's proof, MIN's proof)"
    if len(items) != 2:
        return None, f"{short(answer)} has {len(items)} items; give a pair: (MAX's proof, MIN's proof)"
    for item in items:
        problem = number_problem(item)
        if problem:
            return None, f"in your pair, {problem}"
    return tuple(plain_number(x) for x in items), None


def check_two_proofs(answer, b: int, d: int) -> Verdict:
    """Notebook 7, exercise 1: the sizes of MAX's and MIN's proofs, as a pair, on a uniform (b, d) tree."""
    if unanswered(answer):
        return not_answered()
    key = ("two proofs", b, d)
    pair, problem = _pair(answer)
    if problem:
        return wrong(problem, PROOFS_LADDER, key=key)
    mine, theirs = proof_sizes(b, d)
    if same(pair, (mine, theirs)):
        return right(f"MAX's proof has {short(pair[0])} leaves and MIN's {short(pair[1])}; with their "
                     "shared leaf counted once, that is the fewest leaves any search can read", key=key)
    # (a swapped pair gets the general hint: "the right way round for the other player" handed over the
    # answer in one try, issue 42)
    if any(same(x, b ** d) for x in pair):
        return wrong(f"you answered {short(answer)}: b^d is every leaf of the tree; a proof keeps one move at "
                     "the levels of the player it speaks for", PROOFS_LADDER, key=key)
    return wrong(f"you answered {short(answer)}", PROOFS_LADDER, key=key)


PROOFS_CATALOGUE = Catalogue([
    Mistake("MIN's first", lambda b, d: proof_sizes(b, d)[::-1],
            "your pair has MIN's proof first: MAX's proof is the one in which MAX fixes its moves, so it branches "
            "where MIN moves."),
    Mistake("equal at odd depth", lambda b, d: (b ** (d // 2), b ** (d // 2)),
            "at an odd depth MAX moves at one more level than MIN, so the two proofs differ in size; yours are "
            "equal."),
    Mistake("one level too many", lambda b, d: (b ** (d // 2 + 1), b ** (d // 2 + 1)),
            "at an even depth each player moves at d/2 levels; count the levels again for d even and d odd."),
], _MINIMAL_PROBES, spread=True, neutral=PROOFS_LADDER)


def _sequence_or_none(x):
    from .core import _sequence
    return None if isinstance(x, (str, bytes)) else _sequence(x)


def check_proofs_function(fn) -> Verdict:
    """Notebook 7, exercise 2: ``proofs(b, d)`` returns (MAX's proof, MIN's proof) for any b ≥ 1, d ≥ 0."""
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    first = call_student(fn, 3, 3)
    if first.stub:
        return not_answered(function=True)
    if first.problem() is None and plain_number(first.value) is not None:
        return wrong(f"proofs(3, 3) gives one number, {short(first.value)}: the exercise asks for the two "
                     "proofs separately, as a pair (MAX's proof, MIN's proof)", PROOFS_LADDER,
                     key=("proofs function",))
    cases = [(b, d) for b in range(1, 8) for d in range(9)]
    verdict = check_function(fn, proof_sizes, cases, spread=True, hint=PROOFS_LADDER,
                             show=lambda case: f"b = {case[0]}, d = {case[1]}", forbid=(_knuth_moore,),
                             diagnose=PROOFS_CATALOGUE.diagnoser(fn), show_expected=False)
    if verdict:
        return right(f"your proofs agree on all {len(cases)} (b, d); their sizes added, less the one leaf they "
                     "share, give the Knuth–Moore minimum", key=("proofs function",))
    return verdict


def check_deepest(answer, b: int, budget: int) -> Verdict:
    """Exercise: the deepest search whose Knuth–Moore minimum fits in ``budget`` leaves."""
    if unanswered(answer):
        return not_answered()
    problem = number_problem(answer, "a depth")
    if problem:
        return wrong(problem, "give the depth as a whole number of moves.")
    truth = max(d for d in range(64) if _knuth_moore(b, d) <= budget)
    minimax_depth = max(d for d in range(64) if b ** d <= budget)
    key = ("deepest", b, budget)
    a = plain_number(answer)
    if same(a, truth):
        return right(f"{short(answer)}, against {minimax_depth} for minimax: nearly twice as deep", key=key)
    return wrong(f"you answered {short(answer)}", deepest_catalogue(b, budget).hint(a), key=key)


# (the same hint whether the depth is too deep or too shallow: two tries must not bracket the answer)
DEEPEST_HINT = ("the answer is the largest d whose Knuth–Moore minimum (the two proofs, less their shared leaf) is "
                "within the budget: work the minimum out at your depth and at the next one.")


def deepest_catalogue(b: int, budget: int):
    """The usual wrong depth: how deep minimax gets (every leaf, b^d), named only when it is not the answer."""
    from .diagnosis import value_catalogue
    truth = max(d for d in range(64) if _knuth_moore(b, d) <= budget)
    minimax_depth = max(d for d in range(64) if b ** d <= budget)
    return value_catalogue([Mistake("minimax's depth", minimax_depth,
                                    "that is how deep minimax (every leaf, b^d) gets; count the Knuth–Moore minimum "
                                    "instead.")], truth, neutral=DEEPEST_HINT)


# -- beating the static order -------------------------------------------------------------

def ordering_positions(n: int = 30, seed: int = 6) -> list:
    """The tic-tac-toe positions the better-order exercise is measured on: a fixed sample
    (``seed`` 6, so everyone measures the same ones) of unfinished positions with 4 to 8
    empty cells, solved to the end."""
    game = TicTacToe()
    pool = sorted((p for p in reachable_positions(game)
                   if 4 <= len(p.empty) <= 8 and not game.is_terminal(p)), key=lambda p: p.cells)
    return random.Random(seed).sample(pool, n)


def nodes_on_positions(order, positions=None) -> int:
    """Total nodes alpha-beta enters solving the exercise's positions with ``order``."""
    game = TicTacToe()
    positions = ordering_positions() if positions is None else positions
    return sum(alphabeta(game, p, order=order).stats.nodes for p in positions)


def check_beats_static(order) -> Verdict:
    """Exercise: an order for tic-tac-toe that needs fewer nodes than centre-corners-edges."""
    if unanswered(order) or not callable(order) or is_stub(order):
        return not_answered(function=True)
    game = TicTacToe()
    positions = ordering_positions()
    first = call_student(order, positions[0], game.actions(positions[0]), copy_args=False)
    if first.stub:
        return not_answered(function=True)
    problem = first.problem()
    if problem:
        return wrong(f"on the board {positions[0]} with moves {game.actions(positions[0])}, {problem}",
                     "test it on a few boards first: my_order(board, game.actions(board)) returns the same "
                     "moves, reordered.")
    try:
        mine = nodes_on_positions(order, positions)
    except SearchError as error:
        return wrong(str(error),
                      "return every legal move exactly once, only in a better order.")
    except (Exception, SystemExit) as error:  # noqa: BLE001 (the student's code failed on some position)
        return wrong(f"your order raised {type(error).__name__}: {error}",
                      "test it on a few boards first: my_order(board, game.actions(board)).")
    static = nodes_on_positions(tictactoe_centre_first, positions)
    if mine < static:
        return right(f"{mine:,} nodes on the {len(positions)} positions, against {static:,} "
                      f"for centre-corners-edges ({mine / static:.0%})")
    return wrong(f"your order needs {mine:,} nodes, centre-corners-edges {static:,}",
                  "in many positions one move is far better than every other, whatever the "
                  "static order says: which moves are those, and can your function recognise them from "
                  "board.cells and LINES?")


__all__ = ["check_best_order_leaves", "check_minimal_leaves", "check_two_proofs", "check_proofs_function",
           "proof_sizes", "check_deepest",
           "check_beats_static", "ordering_positions", "nodes_on_positions"]
