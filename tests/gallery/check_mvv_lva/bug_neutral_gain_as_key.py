# BUG neutral: one key, the victim's value minus the attacker's (the material gained), largest first.
import chess

from adversarial.games.chess.ordering import VALUES


def answer(board, moves):
    def gain(m):
        victim = chess.PAWN if board.is_en_passant(m) else board.piece_type_at(m.to_square)
        return VALUES[victim] - VALUES[board.piece_type_at(m.from_square)]
    captures = [m for m in moves if board.is_capture(m)]
    return sorted(captures, key=gain, reverse=True) + [m for m in moves if not board.is_capture(m)]
