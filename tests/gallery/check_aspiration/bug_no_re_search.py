# BUG no re-search: the first answer is returned whatever it is.
def answer(search, previous, delta):
    return search(previous - delta, previous + delta)
