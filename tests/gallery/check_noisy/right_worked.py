# RIGHT: the notebook's worked answer: the side to move's discs, then the opponent's after a pass.
from adversarial.beyond.techniques import connectfour_pass
from adversarial.games.connectfour import ConnectFour

game = ConnectFour()


def answer(p):
    if any(game.result(p, column).winner for column in game.actions(p)):
        return True
    passed = connectfour_pass(p)
    return any(game.result(passed, column).winner for column in game.actions(passed))
