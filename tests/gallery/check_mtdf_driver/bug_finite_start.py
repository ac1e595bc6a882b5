# BUG finite start: the interval starts at (-10, 10), as if no score lay beyond.
from adversarial.exercises.beyond import at_least


def answer(spec, guess):
    lower, upper, g = -10, 10, guess
    while lower < upper:
        gamma = g + 1 if g == lower else g
        v = at_least(spec, gamma)
        if v >= gamma:
            lower = v
        else:
            upper = v
        g = v
    return lower
