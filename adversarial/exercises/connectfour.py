"""Checks for notebook 5 (Connect Four: depth limits, evaluation, the horizon effect, the solver).

>>> check_positions_after(49, plies=2)
✓ Right: 49.
>>> check_solver_score(18, "112233")
✓ Right: 18.
"""

from __future__ import annotations

import random

from ..games.connectfour import ConnectFour, solve
from ..games.connectfour_eval import centre_control, no_evaluation, open_windows
from ..games.connectfour_lab import match
from ..search import alphabeta
from .core import Verdict, check_value, not_answered, unanswered

_GAME = ConnectFour()
NOT_ANSWERED = not_answered()


def positions_after(plies: int) -> int:
    """How many different positions (transpositions counted once) the game can reach in ``plies`` moves."""
    level = {_GAME.initial_state()}
    for _ in range(plies):
        level = {_GAME.result(p, m) for p in level for m in _GAME.actions(p)}
    return len(level)


def check_positions_after(answer, plies: int = 6) -> Verdict:
    """How many different positions after ``plies`` moves?"""
    if unanswered(answer):
        return NOT_ANSWERED
    if answer == 7 ** plies and plies > 2:
        return Verdict(False, f"Not yet: {answer} is the number of move *sequences* (7 choices, {plies} times). "
                              "Hint: different orders can build the same board (X 1, O 2, X 3 equals X 3, O 2, "
                              "X 1): count each board once, e.g. with a set of positions, level by level.")
    return check_value(answer, positions_after(plies),
                       hint="Build the positions level by level: a set of positions, then the set of all "
                            "results of their legal moves; the set's size after the last level is the answer.")


def check_solver_score(answer, moves: str) -> Verdict:
    """Predict ``solve(moves)``: the exact score for the side to move (Pons' convention)."""
    if unanswered(answer):
        return NOT_ANSWERED
    truth = solve(moves)
    if isinstance(answer, (int, float)) and not isinstance(answer, bool) and answer == -truth and truth:
        return Verdict(False, f"Not yet: you answered {answer!r}, the right size with the wrong sign. "
                              "Hint: solve() scores from the point of view of the side to move, not X's.")
    p = _GAME.play(moves)
    return check_value(answer, truth,
                       hint=f"{p.player} is to move with {p.count} discs on the board. A win scores 22 minus "
                            "the discs the winner has played when it connects four; find the fastest win "
                            "(or, if the side to move loses, the slowest loss).")


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
    if answer == truth + 1:
        return Verdict(False, f"Not yet: you answered {answer!r}. Hint: count the moves after {trap} only "
                              "(the opponent's, then the reply, ...) up to and including the winning disc.")
    return check_value(answer, truth, hint="After the trap, the opponent moves, you answer, the opponent moves "
                                           "again...: count the moves up to and including the winning disc, "
                                           "or search the position after the trap at depth 1, 2, 3 and watch "
                                           "the value.")


def _finished_positions(count: int, seed: int):
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
    if unanswered(evaluate) or not callable(evaluate):
        return not_answered(function=True)
    # Seed 11: a fixed sample of finished games (wins for X, wins for O and draws all occur in it).
    for p in _finished_positions(30, seed=11):
        try:
            got = evaluate(p)
        except Exception as error:
            return Verdict(False, f"Not yet: on the finished game {p.history!r} your function raised "
                                  f"{type(error).__name__}: {error}. Hint: handle finished games first.")
        if unanswered(got):
            return NOT_ANSWERED
        if got != _GAME.utility(p):
            return Verdict(False, f"Not yet: the game {p.history!r} is over (utility {_GAME.utility(p)}) but your "
                                  f"function says {got!r}. Hint: start with `if game.is_terminal(p): return "
                                  "game.utility(p)`, so the search never mistakes a guess for a result.")
    try:
        results = [match(evaluate, weak, depth=depth, openings=openings, seed=seed)
                   for weak in (no_evaluation, centre_control)]
    except Exception as error:
        return Verdict(False, f"Not yet: during a match your function raised {type(error).__name__}: {error}.")
    for m in results:
        if m.wins <= m.losses:
            return Verdict(False, f"Not yet: against {m.second} you scored {m.wins} wins, {m.draws} draws, "
                                  f"{m.losses} losses. Hint: reward windows of four that only you can still "
                                  "fill, more for three discs than two, and subtract the opponent's; scores are "
                                  "from X's point of view (positive: good for X), whoever is to move.")
    summary = "; ".join(f"against {m.second}: {m.wins}-{m.draws}-{m.losses}" for m in results)
    return Verdict(True, f"Right: your evaluation wins both matches (wins-draws-losses {summary}).")


__all__ = ["check_positions_after", "check_solver_score", "check_moves_to_loss", "check_evaluation",
           "positions_after", "moves_to_loss"]
