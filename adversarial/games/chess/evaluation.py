"""A plain chess evaluation: material and piece-square tables, scaled into (−1, 1).

The numbers are Tomasz Michniewski's *Simplified Evaluation Function* (published on the Chess
Programming Wiki, 2006; written for a first engine): a pawn 100 centipawns, a knight 320, a bishop
330, a rook 500, a queen 900, plus a bonus or malus for the square each piece stands on (knights in
the centre, pawns advanced, the king tucked behind its pawns). The king's table is his middle-game
one; his end-game table is left out, to keep one table a piece.

Scores are from MAX's (White's) point of view, and scaled like the Connect Four evaluations: the
centipawn sum divided by :data:`SCALE`, larger than any sum a position can reach, so the result lies
strictly between −1 and 1 and a guess never outranks a checkmate (which scores more than 1).
:func:`centipawns` turns a score back into centipawns for reading.

>>> from adversarial.games.chess import Chess
>>> game = Chess()
>>> centipawns(material_and_squares(game.initial_state()))      # symmetric: level
0
>>> centipawns(material_and_squares(game.position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")))   # a queen up
895
"""

from __future__ import annotations

import chess

from .scores import final_score

__all__ = ["PIECE_VALUES", "TABLES", "SCALE", "material", "material_and_squares", "centipawns"]

PIECE_VALUES = {chess.PAWN: 100, chess.KNIGHT: 320, chess.BISHOP: 330, chess.ROOK: 500, chess.QUEEN: 900,
                chess.KING: 0}

# Written as White sees the board, rank 8 first (the way the tables are published); _square_table turns
# them into python-chess's square order (a1 = 0 ... h8 = 63).
_PUBLISHED = {
    chess.PAWN: """
         0   0   0   0   0   0   0   0
        50  50  50  50  50  50  50  50
        10  10  20  30  30  20  10  10
         5   5  10  25  25  10   5   5
         0   0   0  20  20   0   0   0
         5  -5 -10   0   0 -10  -5   5
         5  10  10 -20 -20  10  10   5
         0   0   0   0   0   0   0   0""",
    chess.KNIGHT: """
       -50 -40 -30 -30 -30 -30 -40 -50
       -40 -20   0   0   0   0 -20 -40
       -30   0  10  15  15  10   0 -30
       -30   5  15  20  20  15   5 -30
       -30   0  15  20  20  15   0 -30
       -30   5  10  15  15  10   5 -30
       -40 -20   0   5   5   0 -20 -40
       -50 -40 -30 -30 -30 -30 -40 -50""",
    chess.BISHOP: """
       -20 -10 -10 -10 -10 -10 -10 -20
       -10   0   0   0   0   0   0 -10
       -10   0   5  10  10   5   0 -10
       -10   5   5  10  10   5   5 -10
       -10   0  10  10  10  10   0 -10
       -10  10  10  10  10  10  10 -10
       -10   5   0   0   0   0   5 -10
       -20 -10 -10 -10 -10 -10 -10 -20""",
    chess.ROOK: """
         0   0   0   0   0   0   0   0
         5  10  10  10  10  10  10   5
        -5   0   0   0   0   0   0  -5
        -5   0   0   0   0   0   0  -5
        -5   0   0   0   0   0   0  -5
        -5   0   0   0   0   0   0  -5
        -5   0   0   0   0   0   0  -5
         0   0   0   5   5   0   0   0""",
    chess.QUEEN: """
       -20 -10 -10  -5  -5 -10 -10 -20
       -10   0   0   0   0   0   0 -10
       -10   0   5   5   5   5   0 -10
        -5   0   5   5   5   5   0  -5
         0   0   5   5   5   5   0  -5
       -10   5   5   5   5   5   0 -10
       -10   0   5   0   0   0   0 -10
       -20 -10 -10  -5  -5 -10 -10 -20""",
    chess.KING: """
       -30 -40 -40 -50 -50 -40 -40 -30
       -30 -40 -40 -50 -50 -40 -40 -30
       -30 -40 -40 -50 -50 -40 -40 -30
       -30 -40 -40 -50 -50 -40 -40 -30
       -20 -30 -30 -40 -40 -30 -30 -20
       -10 -20 -20 -20 -20 -20 -20 -10
        20  20   0   0   0   0  20  20
        20  30  10   0   0  10  30  20""",
}


def _square_table(text: str) -> tuple:
    numbers = [int(x) for x in text.split()]
    assert len(numbers) == 64
    ranks = [numbers[8 * r: 8 * r + 8] for r in range(8)]      # rank 8 first
    return tuple(v for rank in reversed(ranks) for v in rank)   # a1 first


# TABLES[piece][colour][square]: the piece's value plus its square's bonus, in centipawns. Black's
# table is White's mirrored top to bottom (square ^ 56 flips the rank).
TABLES = {}
for _piece, _text in _PUBLISHED.items():
    _white = tuple(PIECE_VALUES[_piece] + b for b in _square_table(_text))
    TABLES[_piece] = {chess.WHITE: _white, chess.BLACK: tuple(_white[s ^ 56] for s in range(64))}

# No side has more than 15 pieces besides its king, none worth more than a queen on its best square, and
# no square-table entry below -50: a whole position's sum stays well inside ±SCALE.
_BOUND = 15 * max(max(t[chess.WHITE]) for p, t in TABLES.items() if p != chess.KING) + 30 + 50
SCALE = 20_000
assert _BOUND < SCALE


def material(state) -> float:
    """Material alone (pawn 100, knight 320, bishop 330, rook 500, queen 900), White's minus Black's,
    divided by :data:`SCALE`; the true result at a finished game."""
    board = state.board
    if state.ending():
        return _finished(state)
    total = 0
    for piece in (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN):
        mask = board.pieces_mask(piece, chess.WHITE), board.pieces_mask(piece, chess.BLACK)
        total += PIECE_VALUES[piece] * (bin(mask[0]).count("1") - bin(mask[1]).count("1"))
    return total / SCALE


def material_and_squares(state) -> float:
    """Material plus piece-square bonuses (Michniewski's tables), White's minus Black's, divided by
    :data:`SCALE`; the true result at a finished game. Worked out once per position among states sharing a
    memo (``Chess.position(fen, memo=...)``; a memo outlives no change of the tables: make a new one)."""
    if state.ending():
        return _finished(state)
    return state.remember("material_and_squares", lambda: centipawn_sum(state.board) / SCALE)


def centipawn_sum(board: chess.Board) -> int:
    """Material plus square bonuses of a board, in centipawns, White's minus Black's."""
    total = 0
    white_men, black_men = board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK]
    for piece, men in ((chess.PAWN, board.pawns), (chess.KNIGHT, board.knights), (chess.BISHOP, board.bishops),
                       (chess.ROOK, board.rooks), (chess.QUEEN, board.queens), (chess.KING, board.kings)):
        table = TABLES[piece]
        white, black = table[chess.WHITE], table[chess.BLACK]
        bits = men & white_men
        while bits:                                  # each set bit: a square with a White piece
            low = bits & -bits
            total += white[low.bit_length() - 1]
            bits ^= low
        bits = men & black_men
        while bits:
            low = bits & -bits
            total -= black[low.bit_length() - 1]
            bits ^= low
    return total


def centipawns(score: float) -> int:
    """A score of these evaluations back in centipawns (100 = a pawn), from White's point of view."""
    return round(score * SCALE)


def _finished(state) -> float:
    return final_score(state)
