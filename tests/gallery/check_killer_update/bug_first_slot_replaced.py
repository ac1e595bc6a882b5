# BUG first slot replaced: the new killer overwrites slot 0.
def answer(slots, move):
    if move in slots:
        return slots
    new = list(slots)
    if new:
        new[0] = move
    else:
        new.append(move)
    return new
