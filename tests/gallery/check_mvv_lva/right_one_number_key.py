# RIGHT: one number as the key (1000 × victim − attacker), quiet moves keyed below every capture.
import chess

from adversarial.games.chess.ordering import VALUES


def answer(board, moves):
    def score(m):
        if not board.is_capture(m):
            return -10 ** 6
        victim = chess.PAWN if board.is_en_passant(m) else board.piece_type_at(m.to_square)
        return 1000 * VALUES[victim] - VALUES[board.piece_type_at(m.from_square)]
    return sorted(moves, key=score, reverse=True)
