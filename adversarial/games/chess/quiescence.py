"""Quiescence search: at the horizon, play out the captures before trusting the evaluation.

A depth-limited search scores the positions where it stops with a static evaluation. Stop in the
middle of an exchange (a queen has just taken a pawn, and the pawn's defender has not recaptured
yet) and the evaluation counts a pawn won where a queen is about to be lost: the **horizon effect**.
A quiescence search replaces that evaluation: at the horizon it searches on, captures only, until
the position is quiet.

At each of its nodes the side to move may **stand pat**: decline every capture and take the static
evaluation, because in chess some quiet move is almost always at least as good as doing nothing.
So the evaluation is a lower bound on the node's value (for the side to move): if it already reaches
β, the node fails high at once; otherwise it raises α, and only captures that beat it matter.
Captures are tried by MVV-LVA. (Real engines also search checks and escape from check here; this
one, to stay short, stands pat even in check.)

>>> from adversarial import alphabeta
>>> from adversarial.games.chess import Chess
>>> from adversarial.games.chess.evaluation import centipawns, material_and_squares
>>> game = Chess()
>>> p = game.position(HORIZON)          # White's queen can take a pawn that a pawn defends
>>> blind = alphabeta(game, p, depth=1, evaluate=material_and_squares)
>>> seeing = alphabeta(game, p, depth=1, evaluate=Quiescent(material_and_squares))
>>> game.san(p, blind.move), game.san(p, seeing.move) != "Qxd5"
('Qxd5', True)
>>> centipawns(blind.value) > centipawns(seeing.value)
True
"""

from __future__ import annotations

import math

import chess

from . import ChessState
from .ordering import mvv_lva_key
from .scores import final_score

__all__ = ["quiesce", "Quiescent", "captures", "HORIZON"]

# White's queen on d1 may take the pawn on d5, which the pawn on e6 defends: one ply deep, Qxd5 wins a pawn.
HORIZON = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1"


def captures(state) -> list:
    """The legal captures at ``state``, by MVV-LVA."""
    board = state.board
    found = list(board.generate_legal_captures())
    found.sort(key=lambda m: mvv_lva_key(board, m))
    return found


def quiesce(state, alpha: float, beta: float, evaluate, counter: list | None = None) -> float:
    """The capture search's value of ``state`` for the side to move (negamax form, fail-soft).

    ``evaluate(state)`` scores from White's point of view; ``counter``, a one-item list, counts the
    nodes entered.
    """
    if counter is not None:
        counter[0] += 1
    sign = 1 if state.board.turn == chess.WHITE else -1
    if state.ending():
        return sign * final_score(state)
    stand_pat = sign * evaluate(state)
    if stand_pat >= beta:
        return stand_pat                        # even doing nothing is too good: fail high
    best = stand_pat
    alpha = max(alpha, stand_pat)
    for move in captures(state):
        v = -quiesce(ChessState(state, move), -beta, -alpha, evaluate, counter)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


class Quiescent:
    """An evaluation that runs a quiescence search first: ``evaluate=Quiescent(material_and_squares)``
    in any search. ``nodes`` counts the capture-search nodes it entered."""

    def __init__(self, evaluate):
        if not callable(evaluate):
            raise TypeError(f"Quiescent needs an evaluation function of a state, got {evaluate!r}")
        self.evaluate = evaluate
        self.counter = [0]
        self.__name__ = f"quiescence over {getattr(evaluate, '__name__', 'an evaluation')}"

    @property
    def nodes(self) -> int:
        return self.counter[0]

    def __call__(self, state: ChessState) -> float:
        sign = 1 if state.board.turn == chess.WHITE else -1
        return sign * quiesce(state, -math.inf, math.inf, self.evaluate, self.counter)

    def __repr__(self) -> str:
        return f"Quiescent({getattr(self.evaluate, '__name__', self.evaluate)!s})"
