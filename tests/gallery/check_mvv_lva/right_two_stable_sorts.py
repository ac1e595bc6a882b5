# RIGHT: two stable sorts (attacker, then victim, most valuable first), a tuple returned.
from adversarial.games.chess.ordering import VALUES


def answer(board, moves):
    def victim_value(m):
        if board.is_en_passant(m):
            return VALUES[1]
        return VALUES[board.piece_type_at(m.to_square)]
    takes = [m for m in moves if board.is_capture(m)]
    quiet = [m for m in moves if m not in takes]
    takes = sorted(takes, key=lambda m: VALUES[board.piece_type_at(m.from_square)])
    takes = sorted(takes, key=victim_value, reverse=True)
    return tuple(takes + quiet)
