# BUG no limit: the list grows with every killer.
def answer(slots, move):
    return [move] + [m for m in slots if m != move]
