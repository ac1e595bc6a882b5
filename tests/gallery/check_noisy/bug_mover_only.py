# BUG mover only: only the side to move's wins are looked for.
from adversarial.games.connectfour import ConnectFour

game = ConnectFour()


def answer(p):
    return any(game.result(p, column).winner for column in game.actions(p))
