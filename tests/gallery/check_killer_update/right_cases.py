# RIGHT: the cases written out, a tuple returned.
def answer(slots, move):
    if not slots:
        return (move,)
    if slots[0] == move:
        return tuple(slots)
    return (move, slots[0])
