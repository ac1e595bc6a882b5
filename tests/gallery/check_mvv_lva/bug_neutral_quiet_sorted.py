# BUG neutral: everything sorted by one key, the quiet moves by their mover too (their order is lost).
from adversarial.games.chess.ordering import VALUES


def answer(board, moves):
    def key(m):
        target = board.piece_type_at(m.to_square)
        victim = 1 if board.is_en_passant(m) else (target or 0)
        return (-VALUES.get(victim, 0), VALUES[board.piece_type_at(m.from_square)])
    return sorted(moves, key=key)
