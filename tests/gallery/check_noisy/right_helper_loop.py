# RIGHT: a helper asked for both sides, a plain loop, and an explicit True/False.
from adversarial.beyond.techniques import connectfour_pass
from adversarial.games.connectfour import ConnectFour

game = ConnectFour()


def _wins_next(position):
    for column in game.actions(position):
        if game.result(position, column).winner is not None:
            return True
    return False


def answer(p):
    for side in (p, connectfour_pass(p)):
        if _wins_next(side):
            return True
    return False
