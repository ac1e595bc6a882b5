# BUG never: no position is noisy.
def answer(p):
    return False
