# BUG move twice: a killer already in a slot is put in front again, and kept where it was.
def answer(slots, move):
    return ([move] + slots)[:2]
