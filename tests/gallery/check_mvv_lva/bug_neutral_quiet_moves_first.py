# BUG neutral: the captures ordered right, but placed after the quiet moves.
import chess

from adversarial.games.chess.ordering import VALUES


def answer(board, moves):
    def order(m):
        victim = chess.PAWN if board.is_en_passant(m) else board.piece_type_at(m.to_square)
        return -VALUES[victim], VALUES[board.piece_type_at(m.from_square)]
    captures = sorted((m for m in moves if board.is_capture(m)), key=order)
    return [m for m in moves if not board.is_capture(m)] + captures
