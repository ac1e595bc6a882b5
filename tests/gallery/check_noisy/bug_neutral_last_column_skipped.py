# BUG neutral: column 7 is never tried (the columns taken as 0 to 6).
from adversarial.beyond.techniques import connectfour_pass
from adversarial.games.connectfour import ConnectFour

game = ConnectFour()


def answer(p):
    for q in (p, connectfour_pass(p)):
        for column in game.actions(q):
            if column < 7 and game.result(q, column).winner:
                return True
    return False
