# BUG neutral: the captures sorted by the victim alone; for the same victim the attackers stay in the order given.
import chess

from adversarial.games.chess.ordering import VALUES


def answer(board, moves):
    captures, quiet = [], []
    for m in moves:
        (captures if board.is_capture(m) else quiet).append(m)
    captures.sort(key=lambda m: VALUES[chess.PAWN if board.is_en_passant(m) else board.piece_type_at(m.to_square)],
                  reverse=True)
    return captures + quiet
