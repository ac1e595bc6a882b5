"""The scores of finished chess games, from White's (MAX's) point of view: the lowest layer of
:mod:`adversarial.games.chess`, imported by it and by its evaluations (it imports neither)."""

from __future__ import annotations

__all__ = ["mate_score", "final_score"]


def mate_score(plies: int) -> float:
    """The score of a checkmate for the side that gave it, ``plies`` half-moves into the game.

    >>> mate_score(0), mate_score(1), mate_score(3)
    (2.0, 1.5, 1.25)
    """
    return 1 + 1 / (1 + plies)


def final_score(state) -> float:
    """The score of a finished game from White's (MAX's) point of view: a mate ``±mate_score(plies)``,
    a draw 0."""
    end = state.ending()
    if end == "checkmate":                                   # the side to move is mated
        score = mate_score(state.ply)
        return -score if state.white_to_move else score
    if end == "king left in check":                          # after a pass in check: the side that passed loses
        score = mate_score(state.ply)
        return score if state.white_to_move else -score
    if end is None:
        raise ValueError(f"utility() of a position where the game goes on: {state.fen()!r}")
    return 0
