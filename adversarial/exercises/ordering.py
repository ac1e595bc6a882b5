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

knuth_moore = _knuth_moore
alphabeta = _alphabeta


def check_best_order_leaves(answer, b: int, d: int) -> Verdict:
    """Exercise: how many leaves does alpha-beta read with the best order on a (b, d) tree?"""
    if unanswered(answer):
        return not_answered()
    problem = number_problem(answer, "the number of leaves")
    if problem:
        return wrong(problem, "count the leaves of the two proof trees.")
    truth = _knuth_moore(b, d)   # equal to best-first's count on every tree (tests/test_experiments.py)
    key = ("best order leaves", b, d)
    ladder = ["one proof tree has b choices at MIN's levels and 1 at MAX's, the other the reverse; they "
              "share exactly one leaf.",
              "count each proof's leaves as b to the power of the number of levels where it branches, add "
              "the two, and subtract the leaf they share."]
    a = plain_number(answer)
    if same(a, truth):
        return right(f"{short(answer)}, the Knuth–Moore minimum", key=key)
    hint: str | list[str]
    if same(a, b ** d):
        hint = "that is every leaf (minimax, or the worst order); the best order prunes most."
    elif same(a, round(b ** (d / 2))) or same(a, b ** (d // 2)):
        hint = ("b^(d/2) is the order of magnitude, not the count: MAX must prove its move is at "
                "least v AND MIN must prove it is at most v; count both proofs.")
    elif same(a, b ** ((d + 1) // 2) + b ** (d // 2)):
        hint = "close: the two proofs share one leaf, the end of the principal variation."
    elif same(a, 2 * b ** (d // 2) - 1) or same(a, 2 * b ** ((d + 1) // 2) - 1):
        hint = ("for an odd depth the two proofs differ in size: MAX moves at one more level "
                "than MIN, so MIN's proof branches at one more level.")
    else:
        hint = ladder
    return wrong(f"you answered {short(answer)}", hint, key=key)


MINIMAL_LADDER = [
    "MAX's proof branches at MIN's levels and MIN's at MAX's: one proof has b^⌈d/2⌉ leaves, the other "
    "b^⌊d/2⌋, and they share one leaf. Keep it in whole numbers: 3 ** 1.5 is not a number of leaves.",
    "⌊d/2⌋ is d // 2 and ⌈d/2⌉ is (d + 1) // 2 (or -(-d // 2)); return b ** ((d + 1) // 2) + b ** (d // 2) - 1.",
]


def _minimal_slip(case, got, want):
    b, d = case
    slips = [
        (b ** (d // 2 + 1) + b ** (d // 2) - 1,
         f"d = {d} is even: then both proofs branch at d/2 levels, but d // 2 + 1 gives one level too many; "
         "the ceiling of d/2 is (d + 1) // 2, equal to d // 2 only when d is even."),
        (2 * b ** (d // 2) - 1,
         f"d = {d} is odd: then the proofs differ, MAX moves at one more level than MIN, so one proof has "
         "b^⌈d/2⌉ leaves and the other b^⌊d/2⌋; yours uses ⌊d/2⌋ for both."),
        (b ** ((d + 1) // 2) + b ** (d // 2),
         "close: the two proofs share exactly one leaf (the end of the principal variation): subtract it."),
    ]
    for value, hint in slips:
        if value != want and same(got, value):
            return hint
    if isinstance(got, float) and not isinstance(want, float):
        return ("keep it in whole numbers: ** with a fractional exponent (d / 2) gives a float; use // for the "
                "floor and (d + 1) // 2 for the ceiling.")
    return None


def check_minimal_leaves(fn) -> Verdict:
    """Exercise: a function ``minimal_leaves(b, d)`` giving the Knuth–Moore count for any b, d."""
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    cases = [(b, d) for b in range(1, 8) for d in range(9)]
    return check_function(fn, _knuth_moore, cases, spread=True, hint=MINIMAL_LADDER, key=("minimal leaves",),
                          show=lambda case: f"b = {case[0]}, d = {case[1]}", forbid=(_knuth_moore,),
                          diagnose=_minimal_slip)


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
    hint: str | list[str]
    if same(a, minimax_depth):
        hint = "that is how deep minimax (every leaf, b^d) gets; count the Knuth–Moore minimum instead."
    elif isinstance(a, int) and truth < a < 64:
        hint = (f"at depth {a} the minimum is knuth_moore({b}, {a}) = {_knuth_moore(b, a):,} leaves, more than "
                f"the budget of {budget:,}: that search does not fit.")
    elif isinstance(a, int) and 0 <= a < truth:
        hint = (f"depth {a} fits (knuth_moore({b}, {a}) = {_knuth_moore(b, a):,} leaves), but a deeper "
                "search fits too: keep going while the minimum stays within the budget.")
    else:
        hint = ["try d = 1, 2, 3, ... and keep the last d with knuth_moore(b, d) <= budget.",
                "the answer is a whole number of moves: the largest d for which knuth_moore(b, d) <= budget."]
    return wrong(f"you answered {short(answer)}", hint, key=key)


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
        return wrong(str(error).split(";")[0],
                      "return every legal move exactly once, only in a better order.")
    except (Exception, SystemExit) as error:  # noqa: BLE001 (the student's code failed on some position)
        return wrong(f"your order raised {type(error).__name__}: {error}",
                      "test it on a few boards first: my_order(board, game.actions(board)).")
    static = nodes_on_positions(tictactoe_centre_first, positions)
    if mine < static:
        return right(f"{mine:,} nodes on the {len(positions)} positions, against {static:,} "
                      f"for centre-corners-edges ({mine / static:.0%})")
    return wrong(f"your order needs {mine:,} nodes, centre-corners-edges {static:,}",
                  "a move that wins at once, or blocks the opponent's two in a row, is very "
                  "likely best: try those first, then the centre and the corners.")


__all__ = ["check_best_order_leaves", "check_minimal_leaves", "check_deepest",
           "check_beats_static", "ordering_positions", "nodes_on_positions"]
