# BUG swapped: a yes moves upper, a no moves lower.
import math

from adversarial.exercises.beyond import at_least


def answer(spec, guess):
    lower, upper, g = -math.inf, math.inf, guess
    while lower < upper:
        gamma = g + 1 if g == lower else g
        v = at_least(spec, gamma)
        if v >= gamma:
            upper = v
        else:
            lower = v
        g = v
    return lower
