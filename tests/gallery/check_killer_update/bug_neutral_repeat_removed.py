# BUG neutral: a killer already in a slot is taken out, and not put back in front.
def answer(slots, move):
    if move in slots:
        return [m for m in slots if m != move]
    return [move] + list(slots[:1])
