# BUG neutral: returns the edge that failed instead of searching again.
def answer(search, previous, delta):
    alpha, beta = previous - delta, previous + delta
    v = search(alpha, beta)
    return alpha if v <= alpha else beta if v >= beta else v
