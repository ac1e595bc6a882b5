# RIGHT: the notebook's worked answer.
def answer(slots, move):
    return ([move] + [m for m in slots if m != move])[:2]
