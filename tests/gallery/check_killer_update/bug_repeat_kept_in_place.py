# BUG repeat kept in place: a killer already in a slot leaves the slots as they are (even from the second slot).
def answer(slots, move):
    if move in slots:
        return list(slots)
    return [move] + list(slots[:1])
