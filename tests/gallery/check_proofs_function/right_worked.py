# RIGHT: the notebook's worked answer: floor and ceiling of d/2 with //.
def answer(b, d):
    return b ** (d // 2), b ** ((d + 1) // 2)
