"""Checks for notebook 5 (Connect Four: depth limits, evaluation, the horizon effect, the solver).

>>> check_positions_after(49, plies=2)
✓ Right: 49.
>>> check_solver_score(18, "112233")
✓ Right: 18.
"""

from __future__ import annotations

import functools
import random

from ..games.connectfour import ConnectFour, solve
from ..games.connectfour_eval import centre_control, no_evaluation, open_windows
from ..lab.connectfour_lab import match
from ..search import alphabeta
from .core import (
    Verdict,
    call_student,
    is_stub,
    not_answered,
    number_problem,
    plain_number,
    returned_problem,
    right,
    same,
    short,
    unanswered,
    wrong,
)
from .diagnosis import Catalogue, Mistake, value_catalogue

_GAME = ConnectFour()
NOT_ANSWERED = not_answered()


@functools.cache
def _levels(plies: int, opening: str = "") -> tuple:
    """The number of different positions after 0 to ``plies`` moves from ``opening`` (a move string; the empty
    board by default), and whether a game ends on the way (the positions of every level are played on)."""
    level = {_GAME.play(opening)}
    counts, ended = [1], False
    for _ in range(plies):
        level = {_GAME.result(p, m) for p in level for m in _GAME.actions(p)}
        ended = ended or any(_GAME.is_terminal(p) for p in level)
        counts.append(len(level))
    return tuple(counts), ended


def positions_after(plies: int, opening: str = "") -> int:
    """How many different positions (transpositions counted once) the game can reach in ``plies`` moves (from
    ``opening``, a move string such as ``"4453"``; the empty board by default)."""
    return _levels(plies, opening)[0][-1]


def check_positions_after(answer, plies: int = 6, opening: str = "") -> Verdict:
    """How many different positions after ``plies`` moves (from ``opening``, an assignment's variant: the
    position after that move string)?"""
    if unanswered(answer):
        return NOT_ANSWERED
    problem = number_problem(answer, "a whole number")
    if problem:
        return wrong(problem, "count the different positions; the answer is one whole number.")
    if same(answer, positions_after(plies, opening)):
        return right(short(answer))
    return wrong(f"you answered {short(answer)}", positions_catalogue(plies, opening).hint(plain_number(answer)))


@functools.cache
def positions_catalogue(plies: int, opening: str = "") -> Catalogue:
    """Typical wrong counts of the positions after ``plies`` moves (from ``opening``), each with its cause."""
    levels = list(_levels(plies + 1, opening)[0])
    start = f"the opening {opening}" if opening else "the empty board"
    mistakes = [Mistake("move sequences", 7 ** plies,
                        f"that is the number of move *sequences* (7 choices, {plies} times): different orders can "
                        "build the same board (X 1, O 2, X 3 equals X 3, O 2, X 1), so count each board once.")]
    mistakes += [Mistake(f"levels {first} to {plies} added", sum(levels[first:plies + 1]),
                         f"that is the positions after {first} to {plies} moves added up: the question asks for the "
                         f"positions after exactly {plies} moves, the last level only.") for first in (0, 1)]
    mistakes += [Mistake(f"after {k} moves", levels[k],
                         f"that is the number of positions after {k} moves: count the levels your loop builds; "
                         f"it should make exactly {plies} moves from {start}.")
                 for k in range(1, plies)]
    mistakes.append(Mistake("one move too many", levels[plies + 1],
                            f"that is the number of positions after {plies + 1} moves: count the levels your loop "
                            "builds."))
    if opening:
        mistakes.append(Mistake("from the empty board", positions_after(plies),
                                f"that is the number of positions {plies} moves after the empty board: start from "
                                f"the position after the opening, game.play({opening!r})."))
    return value_catalogue(mistakes, levels[plies],
                           neutral=f"build the positions level by level from {start}, exactly {plies} "
                                   "moves, and count each board once: different move orders can build the same "
                                   "board.")


def check_solver_score(answer, moves: str) -> Verdict:
    """Predict ``solve(moves)``: the exact score for the side to move (Pons' convention)."""
    if unanswered(answer):
        return NOT_ANSWERED
    truth = solve(moves)
    problem = number_problem(answer)
    if problem:
        return wrong(problem, "solve() returns one whole number: positive if the side to move wins.")
    if same(answer, truth):
        return right(short(answer))
    return wrong(f"you answered {short(answer)}", solver_score_catalogue(moves).hint(plain_number(answer)))


SCORE_HINT = ("solve() scores from the side to move's point of view: positive if it wins, negative if it loses, larger "
              "the sooner the win comes.")


@functools.cache
def solver_score_catalogue(moves: str) -> Catalogue:
    """The usual wrong solver scores of a position: X's point of view instead of the side to move's, and the
    winning disc left out of the count (one too many in size, with either sign)."""
    truth = solve(moves)
    one_more = ("one too many in size: count the discs the winner will have played, the winning one included: 22 "
                "minus that.")
    mistakes = [Mistake("whose side", -truth,
                        "check whose side your number takes: solve() scores from the point of view of the side to "
                        "move, not X's: positive when the side to move wins.")]
    if truth:
        size = abs(truth) + 1
        mistakes += [Mistake("one too many", size if truth > 0 else -size, one_more),
                     Mistake("one too many, the other side", -size if truth > 0 else size, one_more)]
    return value_catalogue(mistakes, truth, neutral=SCORE_HINT)


@functools.cache
def moves_to_loss(moves: str, trap: int, evaluate=open_windows, deepest: int = 8) -> int:
    """After ``trap`` is played at ``moves``, in how many moves does the opponent connect four, at the soonest?

    The smallest depth at which a search of the position after ``trap`` proves the loss.
    """
    p = _GAME.result(_GAME.play(moves), trap)
    loser = 1 if _GAME.to_move(p) == "MIN" else -1          # +1: the trapped side is X (MAX)
    for depth in range(1, deepest + 1):
        if loser * alphabeta(_GAME, p, depth=depth, evaluate=evaluate).value <= -1:
            return depth
    raise ValueError(f"no forced loss within {deepest} moves after {trap}")


def check_moves_to_loss(answer, moves: str, trap: int) -> Verdict:
    """Predict how many moves after ``trap`` the opponent's winning disc falls (with best play)."""
    if unanswered(answer):
        return NOT_ANSWERED
    truth = moves_to_loss(moves, trap)
    problem = number_problem(answer, "a whole number of moves")
    if problem:
        return wrong(problem, "count the moves after the trap, up to and including the winning disc.")
    if same(answer, truth):
        return right(short(answer))
    return wrong(f"you answered {short(answer)}", moves_to_loss_catalogue(moves, trap).hint(plain_number(answer)))


LOSS_HINT = ("after the trap the opponent moves, you answer, the opponent moves again...: count the moves up to and "
             "including the winning disc, with best play on both sides.")


@functools.cache
def moves_to_loss_catalogue(moves: str, trap: int) -> Catalogue:
    """The usual wrong counts of the moves to the loss: the depth-3 search's line (it starts with the trap and
    stops at the horizon), and the trap move counted too; each named only when the other differs."""
    truth = moves_to_loss(moves, trap)
    line = len(alphabeta(_GAME, _GAME.play(moves), depth=3, evaluate=open_windows).pv)
    return value_catalogue([
        Mistake("the depth-3 line", line,
                "that is the length of the depth-3 search's line: it starts with the trap move itself and stops at "
                "the search's horizon, where the loss is not seen yet. The question starts counting after the trap "
                "and goes on to the winning disc: search the position after the trap, deeper and deeper, until the "
                "loss shows."),
        # (no column number in the words: in notebook 5 the trap's column is the answer itself, issue 42's student)
        Mistake("the trap counted", truth + 1,
                "count the moves after the trap only (the opponent's, then the reply, ...) up to and including the "
                "winning disc."),
    ], truth, neutral=LOSS_HINT)


def _finished_positions(count: int, seed: int):
    found: list
    rng, found = random.Random(seed), []
    while len(found) < count:
        p = _GAME.initial_state()
        while not _GAME.is_terminal(p):
            p = _GAME.result(p, rng.choice(_GAME.actions(p)))
        found.append(p)
    return found


def check_evaluation(evaluate, *, depth: int = 2, openings: int = 20, seed: int = 5) -> Verdict:
    """Does ``evaluate`` agree with the result at the end, and beat both weak evaluations in seeded matches?

    The matches are played at ``depth`` from ``openings`` seeded two-move openings, each twice
    (once as X, once as O), against :func:`no_evaluation` and against :func:`centre_control`.
    """
    if unanswered(evaluate) or not callable(evaluate) or is_stub(evaluate):
        return NOT_ANSWERED        # (notebook 5's stored output says this; the function form would fit better)
    # Seed 11: a fixed sample of finished games (wins for X, wins for O and draws all occur in it).
    for p in _finished_positions(30, seed=11):
        call = call_student(evaluate, p, copy_args=False)
        if call.stub:
            return NOT_ANSWERED
        problem = call.problem()
        if problem:
            return wrong(f"on the finished game {p.history!r}, {problem}",
                         "handle finished games first: there the result is known, so no guess is needed.")
        kind = returned_problem(call.value)
        if kind:
            return wrong(f"on the finished game {p.history!r}, {kind}",
                         "return one number: game.utility(p) at a finished game, a guess otherwise.")
        if not same(call.value, _GAME.utility(p)):
            return wrong(f"the game {p.history!r} is over (utility {_GAME.utility(p)}) but your function says "
                         f"{short(call.value)}", "a finished game has a result, not a guess: the function's "
                         "first job is to recognise one and give its utility, so the search never mistakes a "
                         "guess for a result.")
    # Seed 12: unfinished positions, where a guess must stay strictly between -1 and 1.
    for p in _unfinished_positions(40, seed=12):
        call = call_student(evaluate, p, copy_args=False)
        problem = call.problem()
        if problem:
            return wrong(f"on the unfinished position {p.history!r}, {problem}",
                         "test your function on a few positions first, e.g. my_evaluate(game.play('4453')).")
        v = plain_number(call.value)
        if v is None:
            return wrong(f"on the unfinished position {p.history!r}, your function returned {short(call.value)}, "
                         "not a number", "return one number: a guess between -1 and 1 from X's point of view.")
        if not -1 < v < 1:
            return wrong(f"on the unfinished position {p.history!r} your function says {short(call.value)}: a "
                         "guess must stay strictly between -1 and 1, or the search would rank it above even the "
                         "smallest proved win (+1, a win on the last disc) or below the smallest proved loss (-1)",
                         "scale the guess into (-1, 1): divide your points by more than they can ever reach.")
    try:
        results = [match(evaluate, weak, depth=depth, openings=openings, seed=seed)
                   for weak in (no_evaluation, centre_control)]
    except (Exception, SystemExit) as error:  # noqa: BLE001 (the student's code failed: a verdict, no traceback)
        return wrong(f"during a match your function raised {type(error).__name__}: {error}",
                     "test your function on a few positions first, e.g. my_evaluate(game.play('4453')).")
    for m in results:
        if m.wins <= m.losses:
            return wrong(f"against {m.second} you scored {m.wins} wins, {m.draws} draws, {m.losses} losses",
                         "look at what your function rewards, on a position from a game you lost: does it "
                         "reward what each side can still complete, does the opponent's chance count against X as "
                         "much as X's own counts for it, and is a longer chain worth more than a short one? Scores "
                         "are from X's point of view (positive: good for X), whoever is to move.")
    summary = "; ".join(f"against {m.second}: {m.wins}-{m.draws}-{m.losses}" for m in results)
    return right(f"your evaluation wins both matches (wins-draws-losses {summary})")


def _unfinished_positions(count: int, seed: int):
    found: list
    rng, found = random.Random(seed), []
    while len(found) < count:
        p = _GAME.initial_state()
        for _ in range(rng.randint(2, 30)):
            if _GAME.is_terminal(p):
                break
            p = _GAME.result(p, rng.choice(_GAME.actions(p)))
        if not _GAME.is_terminal(p):
            found.append(p)
    return found


__all__ = ["check_positions_after", "check_solver_score", "check_moves_to_loss", "check_evaluation",
           "positions_after", "moves_to_loss"]
