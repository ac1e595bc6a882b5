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

__all__ = ["VALUES", "victim", "attacker", "mvv_lva", "mvv_lva_key", "tactical_first", "killer_ply"]

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


def tactical_first(state, moves):
    """Captures by MVV-LVA, then promotions (to a queen first), then checks, then the rest in the order given."""
    board = state.board
    captures, promotions, checks, quiet = [], [], [], []
    for m in moves:
        if board.is_capture(m):
            captures.append(m)
        elif m.promotion:
            promotions.append(m)
        elif board.gives_check(m):
            checks.append(m)
        else:
            quiet.append(m)
    captures.sort(key=lambda m: mvv_lva_key(board, m))
    promotions.sort(key=lambda m: -VALUES[m.promotion])
    return captures + promotions + checks + quiet


tactical_first.name = "captures, promotions, checks"  # type: ignore[attr-defined]


def killer_ply(state) -> int:
    """Half-moves since the game's start: the ply killer moves are kept by (``Killers(ply=killer_ply)``)."""
    return state.board.ply()
