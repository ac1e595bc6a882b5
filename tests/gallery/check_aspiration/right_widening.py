# RIGHT: widens the failed side step by step (doubling), the other side kept.
def answer(search, previous, delta):
    alpha, beta = previous - delta, previous + delta
    step = delta
    while True:
        v = search(alpha, beta)
        if v <= alpha:
            step *= 2
            alpha = alpha - step
        elif v >= beta:
            step *= 2
            beta = beta + step
        else:
            return v
