# BUG neutral: one slot only.
def answer(slots, move):
    return [move]
