"""The Bratko–Kopec test positions (``bratko_kopec.epd`` beside this module names its source).

>>> suite = bratko_kopec()
>>> len(suite), suite[0].id, suite[0].best
(24, 'BK.01', ('Qd1+',))
>>> suite[4].best                      # two moves judged best
('Nd5', 'a4')
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import chess

__all__ = ["TestPosition", "bratko_kopec", "EPD"]

EPD = Path(__file__).with_name("bratko_kopec.epd")


@dataclass(frozen=True)
class TestPosition:
    """One position of a test suite: its name, its FEN and the best moves in SAN."""
    id: str
    fen: str
    best: tuple

    def best_moves(self) -> set:
        """The best moves as python-chess moves."""
        board = chess.Board(self.fen)
        return {board.parse_san(m) for m in self.best}


def bratko_kopec() -> list[TestPosition]:
    """The 24 positions, in the order of the test."""
    found = []
    for line in EPD.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        board, ops = chess.Board.from_epd(line)
        best: Any = ops["bm"]
        found.append(TestPosition(str(ops["id"]), board.fen(), tuple(board.san(m) for m in best)))
    return found
