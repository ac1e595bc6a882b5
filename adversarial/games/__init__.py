"""Real games on the game protocol: the same search code as for hand-made trees."""

from .tictactoe import Board, TicTacToe

__all__ = ["TicTacToe", "Board"]
