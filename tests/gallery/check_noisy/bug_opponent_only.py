# BUG opponent only: only the opponent's wins are looked for.
from adversarial.beyond.techniques import connectfour_pass
from adversarial.games.connectfour import ConnectFour

game = ConnectFour()


def answer(p):
    passed = connectfour_pass(p)
    return any(game.result(passed, column).winner for column in game.actions(passed))
