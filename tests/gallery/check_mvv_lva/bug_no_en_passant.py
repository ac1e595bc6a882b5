# BUG no en passant: a capture is a move to an occupied square.
from adversarial.games.chess.ordering import VALUES


def answer(board, moves):
    takes = [m for m in moves if board.piece_type_at(m.to_square) is not None]
    takes.sort(key=lambda m: (-VALUES[board.piece_type_at(m.to_square)], VALUES[board.piece_type_at(m.from_square)]))
    return takes + [m for m in moves if m not in takes]
