# RIGHT: the number of winning drops for both sides, read by its truth (a whole number is accepted).
from adversarial.beyond.techniques import connectfour_pass
from adversarial.games.connectfour import ConnectFour

game = ConnectFour()


def answer(p):
    return sum(game.result(q, c).winner is not None for q in (p, connectfour_pass(p)) for c in game.actions(q))
