# BUG oldest first: the new killer appended at the end.
def answer(slots, move):
    if move in slots:
        return slots
    return (slots + [move])[-2:]
