"""Move orders for chess: captures by MVV-LVA, then promotions and checks.

Each is an ``order(state, moves)`` policy (see :mod:`adversarial.beyond.ordering`), so it goes to any
search as ``order=``, and under :class:`~adversarial.beyond.ordering.Killers` and
:class:`~adversarial.beyond.ordering.History` as their ``base``.

**MVV-LVA** (Most Valuable Victim, Least Valuable Attacker): captures first, the most valuable piece
taken first, and among captures of equal victims the cheapest capturer first (pawn takes queen,
then knight takes queen, ..., then queen takes pawn); the quiet moves follow in the order given.

>>> from adversarial.games.chess import Chess
>>> game = Chess()
>>> p = game.position("4k3/8/8/3q1r2/4P3/2N5/8/4K3 w - - 0 1")
>>> [game.san(p, m) for m in mvv_lva(p, game.actions(p))[:4]]
['exd5', 'Nxd5', 'exf5', 'Nb5']
"""

from __future__ import annotations

from typing import Any

import chess

__all__ = ["VALUES", "victim", "attacker", "mvv_lva", "mvv_lva_key", "groups", "tactical_first", "killer_ply",
           "EngineOrder", "update_killers"]

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 100}


def victim(board: chess.Board, move: chess.Move) -> Any:
    """The piece type ``move`` captures (a pawn for en passant), or ``None`` for a quiet move."""
    if board.is_en_passant(move):
        return chess.PAWN
    return board.piece_type_at(move.to_square)


def attacker(board: chess.Board, move: chess.Move) -> Any:
    """The piece type that makes ``move``."""
    return board.piece_type_at(move.from_square)


def mvv_lva_key(board: chess.Board, move: chess.Move) -> tuple:
    """Sort key of a capture: the victim's value, highest first, then the attacker's, lowest first."""
    return -VALUES[victim(board, move)], VALUES[attacker(board, move)]


def mvv_lva(state, moves):
    """Captures first by MVV-LVA, then the quiet moves in the order given."""
    board = state.board
    captures = [m for m in moves if board.is_capture(m)]
    if not captures:
        return moves
    captures.sort(key=lambda m: mvv_lva_key(board, m))
    return captures + [m for m in moves if not board.is_capture(m)]


mvv_lva.name = "captures by MVV-LVA"  # type: ignore[attr-defined]


def groups(board: chess.Board, moves, *, tactics: bool = True, gives_check=None) -> tuple:
    """The moves in four lists: captures by MVV-LVA, promotions (to a queen first), checks and the rest, the
    last two in the order given. Without ``tactics`` promotions and checks stay among the rest.
    ``gives_check(move)`` (default ``board.gives_check``: a push, a look and a pop) says which moves check."""
    gives_check = gives_check or board.gives_check
    captures, promotions, checks, quiet = [], [], [], []
    for m in moves:
        if board.is_capture(m):
            captures.append(m)
        elif tactics and m.promotion:
            promotions.append(m)
        elif tactics and gives_check(m):
            checks.append(m)
        else:
            quiet.append(m)
    captures.sort(key=lambda m: mvv_lva_key(board, m))
    promotions.sort(key=lambda m: -VALUES[m.promotion])
    return captures, promotions, checks, quiet


def tactical_first(state, moves):
    """Captures by MVV-LVA, then promotions (to a queen first), then checks, then the rest in the order given."""
    captures, promotions, checks, quiet = groups(state.board, moves)
    return captures + promotions + checks + quiet


tactical_first.name = "captures, promotions, checks"  # type: ignore[attr-defined]


def killer_ply(state) -> int:
    """Half-moves since the game's start: the ply killer moves are kept by (``Killers(ply=killer_ply)``)."""
    return state.board.ply()


class EngineOrder:
    """The order of a chess engine, built up one idea at a time (each a switch, all learned from cutoffs):

    captures by MVV-LVA; then, with ``tactics``, promotions and checks; with ``killers``, the (at most
    ``slots``) quiet moves that last caused a cutoff at the same ply; then the other quiet moves, with
    ``history`` highest history score first (each quiet move that caused a cutoff scores depth²).
    The search tells it of each cutoff through :meth:`cutoff`.

    >>> from adversarial.beyond.techniques import engine
    >>> from adversarial.games.chess import Chess
    >>> game = Chess()
    >>> p = game.position("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1")
    >>> order = EngineOrder(killers=True, history=True)
    >>> r = engine(game, p, depth=3, order=order)
    >>> r.stats.order, len(order.killers) > 0, len(order.history) > 0
    ('captures, tactics, killers, history', True, True)
    """

    def __init__(self, *, tactics: bool = True, killers: bool = False, history: bool = False, slots: int = 2,
                 checks: dict | None = None):
        if isinstance(slots, bool) or not isinstance(slots, int) or slots < 1:
            raise ValueError(f"slots must be a whole number, 1 or more, got {slots!r}")
        if checks is not None and not isinstance(checks, dict):
            raise TypeError(f"checks must be None or a dict (shared by orders searching the same positions), "
                            f"got {checks!r}")
        self.checks = checks
        self.tactics, self.use_killers, self.use_history, self.slots = tactics, killers, history, slots
        self.killers: dict = {}
        self.history: dict = {}
        self.name = ", ".join(["captures"] + [n for n, on in (("tactics", tactics), ("killers", killers),
                                                              ("history", history)) if on])

    def __call__(self, state, moves):
        board = state.board
        captures, promotions, checks, quiet = groups(board, moves, tactics=self.tactics,
                                                     gives_check=self._gives_check(state))
        first = []
        if self.use_killers:
            for m in self.killers.get(board.ply(), ()):
                for group in (checks, quiet):
                    if m in group:
                        group.remove(m)
                        first.append(m)
        if self.use_history:
            scores = self.history
            checks.sort(key=lambda m: -scores.get(m, 0))
            quiet.sort(key=lambda m: -scores.get(m, 0))
        return captures + promotions + first + checks + quiet

    def _gives_check(self, state):
        """``board.gives_check`` at ``state``; with a ``checks`` dict, each answer is remembered there by
        position, so orders sharing it (the rungs of a ladder, the iterations of a deepening) play each
        move out once."""
        board = state.board
        if self.checks is None:
            return board.gives_check
        said = self.checks.setdefault(state.key(), {})

        def gives_check(move):
            check = said.get(move)
            if check is None:
                check = said[move] = board.gives_check(move)
            return check
        return gives_check

    def cutoff(self, state, move, depth):
        """``move`` refuted ``state``: remember it, when quiet, as a killer at this ply and in the history."""
        board = state.board
        if board.is_capture(move) or move.promotion:
            return                              # captures are tried early anyway
        if self.use_killers:
            slot = self.killers.setdefault(board.ply(), [])
            self.killers[board.ply()] = update_killers(slot, move, self.slots)
        if self.use_history and depth != float("inf"):
            self.history[move] = self.history.get(move, 0) + depth * depth


def update_killers(slots: list, move, size: int = 2) -> list:
    """The killer slots after ``move`` caused a cutoff: it goes first, the others move down, no move
    twice, at most ``size`` kept.

    >>> update_killers([], "a"), update_killers(["a"], "b"), update_killers(["b", "a"], "c")
    (['a'], ['b', 'a'], ['c', 'b'])
    >>> update_killers(["b", "a"], "a")     # already a killer: it moves to the front
    ['a', 'b']
    """
    return ([move] + [m for m in slots if m != move])[:size]
