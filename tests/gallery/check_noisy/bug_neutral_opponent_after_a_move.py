# BUG neutral: the opponent's wins looked for after each of the mover's discs, not after a pass.
from adversarial.games.connectfour import ConnectFour

game = ConnectFour()


def answer(p):
    for column in game.actions(p):
        after = game.result(p, column)
        if after.winner:
            return True
        if any(game.result(after, reply).winner for reply in game.actions(after)):
            return True
    return False
