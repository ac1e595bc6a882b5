# RIGHT: the list changed in place, nothing returned.
def answer(slots, move):
    if move in slots:
        slots.remove(move)
    slots.insert(0, move)
    del slots[2:]
