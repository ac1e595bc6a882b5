# BUG neutral: in place, insert in front then pop the last, whatever the number of slots and repeats.
def answer(slots, move):
    slots.insert(0, move)
    slots.pop()
