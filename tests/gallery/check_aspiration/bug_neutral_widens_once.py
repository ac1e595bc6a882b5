# BUG neutral: widens the failed side by delta once, then returns whatever the second search gives.
def answer(search, previous, delta):
    alpha, beta = previous - delta, previous + delta
    v = search(alpha, beta)
    if v <= alpha:
        return search(alpha - delta, beta)
    if v >= beta:
        return search(alpha, beta + delta)
    return v
