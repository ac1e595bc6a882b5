# BUG always: every position is noisy.
def answer(p):
    return True
