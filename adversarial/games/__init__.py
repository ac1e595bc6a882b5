"""Real games on the game protocol: the same search code as for hand-made trees."""

from .connectfour import ConnectFour, Position
from .tictactoe import Board, TicTacToe

__all__ = ["TicTacToe", "Board", "ConnectFour", "Position"]
