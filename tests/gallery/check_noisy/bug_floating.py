# BUG floating: every empty cell that would complete four counts, even one a disc cannot drop into yet.
from adversarial.games.connectfour import HEIGHT, WIDTH, bit, has_four


def answer(p):
    taken = p.x | p.o
    for column in range(WIDTH):
        for row in range(HEIGHT):
            cell = bit(column, row)
            if cell & taken:
                continue
            if has_four(p.x | cell) or has_four(p.o | cell):
                return True
    return False
