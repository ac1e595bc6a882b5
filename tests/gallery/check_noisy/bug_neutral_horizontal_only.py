# BUG neutral: a hand-written four test that looks along the rows only (columns and diagonals forgotten).
from adversarial.beyond.techniques import connectfour_pass
from adversarial.games.connectfour import ConnectFour

game = ConnectFour()


def _four_in_a_row(position):
    for line in position.rows():
        if "XXXX" in line or "OOOO" in line:
            return True
    return False


def answer(p):
    for side in (p, connectfour_pass(p)):
        if any(_four_in_a_row(game.result(side, column)) for column in game.actions(side)):
            return True
    return False
