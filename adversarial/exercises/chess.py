"""Checks for notebook 12 (move ordering in chess): an MVV-LVA order, a killer-slot update, quiescence's stand-pat.

Each check runs the student's function on fixed cases (the same on every run: no seed decides a verdict),
compares it with the package's, and names a typical mistake only when the answer behaves as that one
mistake does on every case (the shared engine, :mod:`adversarial.exercises.diagnosis`):

>>> from adversarial.games.chess.ordering import update_killers
>>> check_killer_update(update_killers)
✓ Right: your update agrees on all 7 cases.
>>> check_killer_update(lambda slots, move: (slots + [move])[-2:]).ok
False
"""

from __future__ import annotations

import math
from functools import cache
from typing import Callable

from .core import Verdict, call_student, is_stub, not_answered, right, short, unanswered, wrong
from .diagnosis import ERROR, Catalogue, Mistake, Raised
from .nodes import Counted as _Counted

__all__ = ["check_mvv_lva", "check_killer_update", "check_stand_pat", "MVV_LVA_CASES", "STAND_PAT_CASES",
           "mvv_lva_catalogue", "KILLER_CATALOGUE", "stand_pat_catalogue"]


def _outcome(call, value):
    """The diagnosis engine's outcome of one call: a failure's kind, else ``value`` (what the call gave, in the
    form the check compares)."""
    if call.changed or call.called:
        return ERROR
    if call.error is not None:
        return Raised(type(call.error).__name__)
    return value


# -- 1. MVV-LVA ------------------------------------------------------------------------------------

# Positions with captures of several victims by several attackers; the last has an en-passant capture.
MVV_LVA_CASES = (
    "4k3/8/8/3q1r2/4P3/2N5/8/4K3 w - - 0 1",
    "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",                 # Bratko-Kopec 1
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",   # "Kiwipete"
    "3r2k1/2q2ppp/8/2n1b3/3Q4/2NR1B2/5PPP/6K1 w - - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",                                    # exd6 en passant
)

MVV_LVA_HINT = ("put every capture before every quiet move; among captures, the most valuable piece taken "
                "first, and for the same victim the cheapest capturer first; the quiet moves keep the order "
                "they were given in.")


def _value(piece_type) -> int:
    from ..games.chess.ordering import VALUES
    return VALUES[piece_type]


def _mvv_lva_problem(board, moves, answer) -> str | None:
    """What is off with ``answer`` as an MVV-LVA order of ``moves`` at ``board``, or None."""
    from ..games.chess.ordering import mvv_lva_key
    if not isinstance(answer, (list, tuple)):
        return f"your function returned {short(answer)}, not a list of moves"
    if sorted(map(str, answer)) != sorted(map(str, moves)):
        missing = len(set(moves) - set(answer))
        extra = len([m for m in answer if m not in moves]) + max(0, len(answer) - len(set(answer)))
        return (f"your list is not the moves it was given, reordered ({missing} left out, {extra} extra or "
                "repeated)")
    captures = [m for m in answer if board.is_capture(m)]
    count = len(captures)
    if any(not board.is_capture(m) for m in answer[:count]):
        return "a quiet move comes before a capture"
    keys = [mvv_lva_key(board, m) for m in captures]
    for a, b, ka, kb in zip(captures, captures[1:], keys, keys[1:]):
        if kb < ka:
            return f"{board.san(a)} comes before {board.san(b)}"
    quiet = [m for m in moves if not board.is_capture(m)]
    if list(answer[count:]) != quiet:
        return "the quiet moves are not in the order they were given"
    return None


def _mvv_lva_call(fn, fen):
    """(board, moves, call) of ``fn`` on the legal moves of ``fen`` (a fresh board each time)."""
    import chess
    board = chess.Board(fen)
    moves = list(board.legal_moves)
    return board, moves, call_student(fn, board, moves)


def _mvv_lva_run(fn, fen):
    call = _mvv_lva_call(fn, fen)[2]
    return _outcome(call, list(call.value) if isinstance(call.value, (list, tuple)) else call.value)


@cache
def mvv_lva_catalogue() -> Catalogue:
    """The usual MVV-LVA mistakes, each a small wrong function (board, moves) -> moves, with its cause."""
    from ..games.chess.ordering import attacker

    def victim_of(board, m):
        t = board.piece_type_at(m.to_square)
        return 0 if t is None else _value(t)

    def order(key, *, is_capture=lambda board, m: board.is_capture(m), quiet=True):
        """Captures (as ``is_capture`` sees them) sorted by ``key(board, move, victim, attacker)``, then the
        quiet moves in the order given, unless ``quiet`` is False."""
        def mutant(board, moves):
            c = [m for m in moves if is_capture(board, m)]
            c.sort(key=lambda m: key(victim_of(board, m), _value(attacker(board, m))))
            return c + ([m for m in moves if m not in c] if quiet else [])
        return mutant

    return Catalogue([
        Mistake("most valuable attacker", order(lambda v, a: (-v, -a)),
                "for the same victim, take with the least valuable attacker first (a pawn taking a queen "
                "before the queen taking it): if the defender recaptures, you lose the least."),
        Mistake("attacker first", order(lambda v, a: (a, -v)),
                "the victim decides first: sort by the value of the piece taken, and only among captures of "
                "equal victims by the attacker."),
        Mistake("smallest victim", order(lambda v, a: (v, a)),
                "the most valuable victim first: taking a queen is tried before taking a pawn."),
        # the square an en-passant capture lands on is empty
        Mistake("no en passant", order(lambda v, a: (-v, a),
                                       is_capture=lambda board, m: board.piece_type_at(m.to_square) is not None),
                "an en-passant capture is a capture too (board.is_capture knows it), though its target square "
                "is empty: the pawn taken stands beside it."),
        Mistake("captures only", order(lambda v, a: (-v, a), quiet=False),
                "return every move: the captures first, then the quiet moves in the order given (the search "
                "needs all of them)."),
    ], MVV_LVA_CASES, run=_mvv_lva_run, neutral=MVV_LVA_HINT)


def check_mvv_lva(fn: Callable) -> Verdict:
    """Exercise: ``fn(board, moves)`` returns ``moves`` with the captures first by MVV-LVA, then the quiet moves."""
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    for fen in MVV_LVA_CASES:
        board, moves, call = _mvv_lva_call(fn, fen)
        if call.stub:
            return not_answered(function=True)
        problem = call.problem("a list of moves") or _mvv_lva_problem(board, moves, call.value)
        if problem:
            return wrong(f"in {fen}, {problem}", mvv_lva_catalogue().hint(fn))
    return right(f"your order agrees on all {len(MVV_LVA_CASES)} positions")


# -- 2. killer slots ------------------------------------------------------------------------------------

# (slots before, the move that caused a cutoff): two slots, the newest killer first.
KILLER_CASES: tuple[tuple[list, str], ...] = (
    ([], "Nf3"),
    (["Nf3"], "Bb5"),
    (["Bb5", "Nf3"], "Qh5"),
    (["Bb5", "Nf3"], "Nf3"),         # the second killer cuts again: it moves to the front
    (["Bb5", "Nf3"], "Bb5"),         # the first one cuts again: nothing changes
    (["Nf3"], "Nf3"),
    (["Qh5", "Bb5"], "Nf3"),
)

KILLER_HINT = "the slots after a cutoff: the move first, then the other killers, no move twice, two at most."


def _killer_call(fn, slots, move):
    """(call, slots after): the list returned, or the list it was given, changed in place (None on a failure)."""
    given = list(slots)
    call = call_student(fn, given, move, copy_args=False)
    if call.stub or call.error is not None:
        return call, None
    return call, given if call.value is None else call.value


def _killer_run(fn, case):
    call, got = _killer_call(fn, *case)
    return _outcome(call, list(got) if isinstance(got, (list, tuple)) else got)


KILLER_CATALOGUE = Catalogue([
    Mistake("oldest first", lambda s, m: (s + [m])[-2:] if m not in s else s,
            "the newest killer goes first (slot 0 is tried first), the older one moves down."),
    Mistake("move twice", lambda s, m: ([m] + s)[:2],
            "a move already in a slot must not fill both slots: take it out before putting it in front."),
    Mistake("no limit", lambda s, m: [m] + [x for x in s if x != m],
            "keep two slots: the oldest killer drops out when a new one comes in."),
    Mistake("first slot replaced", lambda s, m: ([m] + s[1:])[:2] if m not in s else s,
            "the old first killer is not forgotten: it moves down to the second slot, and the old second drops "
            "out."),
    Mistake("repeat kept in place", lambda s, m: s if m in s else ([m] + s)[:2],
            "a killer that causes a cutoff again moves to the front: it is the most recent one now."),
], KILLER_CASES, run=_killer_run, neutral=KILLER_HINT)


def check_killer_update(fn: Callable) -> Verdict:
    """Exercise: ``fn(slots, move)`` gives the killer slots (a list, newest first, two at most, no move twice)
    after ``move`` caused a cutoff; changing ``slots`` in place and returning nothing is right too."""
    from ..games.chess.ordering import update_killers
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    for slots, move in KILLER_CASES:
        call, got = _killer_call(fn, slots, move)
        if call.stub:
            return not_answered(function=True)
        case = f"slots {slots} and the cutoff move {move!r}"
        if got is None:
            return wrong(f"on {case}, {call.problem('a list')}", "return the new list of slots.")
        if not isinstance(got, (list, tuple)) or list(got) != update_killers(list(slots), move):
            return wrong(f"on {case}, your slots are {short(got)}", KILLER_CATALOGUE.hint(fn))
    return right(f"your update agrees on all {len(KILLER_CASES)} cases")


# -- 3. quiescence's stand-pat -------------------------------------------------------------------------

# (FEN, alpha, beta) for the side to move; the windows are in the units of the evaluation (a pawn = 0.005).
STAND_PAT_CASES = (
    ("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", -math.inf, math.inf),       # Qxd5? exd5: stand pat
    ("3qk3/8/8/8/3p4/4P3/8/4K3 b - - 0 1", -math.inf, math.inf),       # Black to move, the mirror image
    ("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", -math.inf, math.inf),        # exd5 wins a queen
    ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", -math.inf, math.inf),          # no capture at all
    ("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", -1.0, -0.5),                  # the evaluation alone reaches β
    ("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1", -math.inf, math.inf),
    ("4k3/8/2n5/3p4/4P3/2N2B2/8/4K3 w - - 0 1", -math.inf, math.inf),   # an exchange on d5
    ("4k3/8/2n5/3p4/4P3/2N2B2/8/4K3 w - - 0 1", 0.0, 0.01),
    # an exchange on d5 with rooks behind: a child given (α, β) instead of (−β, −α) keeps the right value but
    # evaluates 14 positions where 8 suffice (issue 42's gallery: no case above showed it)
    ("4k3/3r4/2n5/3p4/4P3/2N2B2/3R4/4K3 w - - 0 1", -math.inf, math.inf),
)
# Few pieces, few captures: a capture search without stand-pat (a typical mistake) searches every capture
# sequence to the end, which on a full middle-game board takes minutes.

STAND_PAT_HINT = ("at each node the side to move may stand pat: its evaluation (for the side to move) is a lower "
                  "bound. If it reaches β, return it at once; otherwise it raises α and is the best so far; then "
                  "try the captures.")



def _quiesce_mutant(*, stand_pat=True, side_to_move=True, cut=True, captures_tried=True):
    """The capture search with one piece of it wrong: no stand-pat (evaluate only where no capture is left),
    White's evaluation for both sides, no return when stand-pat reaches β, or no captures tried at all."""
    import chess

    from ..games.chess import ChessState
    from ..games.chess.quiescence import captures

    def score(state, evaluate):
        return evaluate(state) if state.board.turn == chess.WHITE or not side_to_move else -evaluate(state)

    def search(state, alpha, beta, evaluate):
        best = -math.inf
        if stand_pat:
            best = score(state, evaluate)
            if cut and best >= beta:
                return best
            alpha = max(alpha, best)
        for m in captures(state) if captures_tried else ():
            v = -search(ChessState(state, m), -beta, -alpha, evaluate)
            best = max(best, v)
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return score(state, evaluate) if best == -math.inf else best
    return search


def _stand_pat_call(fn, fen, alpha, beta):
    """(call, evaluations) of ``fn`` on a fresh position of ``fen``."""
    from ..games.chess import Chess
    from ..games.chess.evaluation import material_and_squares
    counted = _Counted(material_and_squares)
    call = call_student(fn, Chess().position(fen), alpha, beta, counted, copy_args=False)
    return call, counted.calls


def _stand_pat_run(fn, case):
    """The value's place (below the window, above it, or the value inside it) and the evaluations made:
    fail-soft and fail-hard answers alike are the same behaviour."""
    fen, alpha, beta = case
    call, calls = _stand_pat_call(fn, fen, alpha, beta)
    got = call.value
    if call.error is not None or not isinstance(got, (int, float)):
        return _outcome(call, ERROR)
    return _outcome(call, ("at or below α" if got <= alpha else "at or above β" if got >= beta else got, calls))


@cache
def stand_pat_catalogue() -> Catalogue:
    """The usual stand-pat mistakes, each a wrong capture search (state, alpha, beta, evaluate) -> value."""
    return Catalogue([
        Mistake("no stand-pat", _quiesce_mutant(stand_pat=False),
                "stand pat first: the side to move need not capture, so its evaluation is a floor on the node's "
                "value; a capture counts only if it beats that."),
        Mistake("White's view", _quiesce_mutant(side_to_move=False),
                "evaluate(state) is from White's point of view; in negamax the stand-pat score is for the side "
                "to move, so negate it when Black is to move."),
        Mistake("no cut", _quiesce_mutant(cut=False),
                "when the stand-pat score already reaches β, return it at once: the opponent will not allow "
                "this position, so no capture needs trying."),
        Mistake("only stand-pat", _quiesce_mutant(captures_tried=False),
                "after standing pat, try the captures: one may be better than doing nothing (a queen left "
                "hanging should be taken)."),
    ], STAND_PAT_CASES, run=_stand_pat_run, neutral=STAND_PAT_HINT)


def _consistent(got, want, alpha, beta) -> bool:
    """Fail-soft or fail-hard alike: outside the window only the side of it matters."""
    if want <= alpha:
        return got <= alpha
    if want >= beta:
        return got >= beta
    return got == want or math.isclose(got, want, rel_tol=1e-12, abs_tol=1e-12)


def check_stand_pat(fn: Callable) -> Verdict:
    """Exercise: ``fn(state, alpha, beta, evaluate)``, a quiescence search with stand-pat in negamax form: the
    value of ``state`` for the side to move. Fail-soft and fail-hard answers are both right; so is any answer
    that tries no more captures than the package's search (which tries them by MVV-LVA)."""
    from ..games.chess.quiescence import quiesce
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    for fen, alpha, beta in STAND_PAT_CASES:
        call, calls = _stand_pat_call(fn, fen, alpha, beta)
        if call.stub:
            return not_answered(function=True)
        want_call, want_calls = _stand_pat_call(quiesce, fen, alpha, beta)
        want, got = want_call.value, call.value
        problem = call.problem()
        if problem is None and not isinstance(got, (int, float)):
            problem = f"your function returned {short(got)}, not a number"
        if problem is None and not _consistent(got, want, alpha, beta):
            problem = f"your function gives {got:.5g}" + (
                f", but the value lies {'at or below α' if want <= alpha else 'at or above β'}"
                if want <= alpha or want >= beta else f", but the value is {want:.5g}")
        if problem is None and calls > want_calls:
            problem = (f"your value is right, but your search evaluated {calls} positions where "
                       f"{want_calls} suffice")
        if problem:
            return wrong(f"on {fen} with α = {alpha:g}, β = {beta:g}, {problem}", stand_pat_catalogue().hint(fn))
    return right(f"your quiescence search agrees on all {len(STAND_PAT_CASES)} cases")
