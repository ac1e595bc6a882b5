# BUG MIN's first: the pair the other way round.
def answer(b, d):
    return b ** ((d + 1) // 2), b ** (d // 2)
