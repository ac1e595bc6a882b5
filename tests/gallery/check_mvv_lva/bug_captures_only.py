# BUG captures only: the quiet moves dropped.
import chess

from adversarial.games.chess.ordering import VALUES


def answer(board, moves):
    def victim(m):
        return chess.PAWN if board.is_en_passant(m) else board.piece_type_at(m.to_square)
    captures_ = [m for m in moves if board.is_capture(m)]
    captures_.sort(key=lambda m: (-VALUES[victim(m)], VALUES[board.piece_type_at(m.from_square)]))
    return captures_
