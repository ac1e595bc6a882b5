# RIGHT: a bounded for loop, the question chosen with max() and the interval kept as floats.
from adversarial.exercises.beyond import at_least


def answer(spec, guess):
    lower, upper = float("-inf"), float("inf")
    g = guess
    for _ in range(1000):
        if not lower < upper:
            break
        gamma = max(g, lower + 1)
        bound = at_least(spec, gamma)
        lower, upper = (bound, upper) if bound >= gamma else (lower, bound)
        g = bound
    return upper
