# BUG neutral: the interval is narrowed right, but the first guess is returned instead of the value found.
import math

from adversarial.exercises.beyond import at_least


def answer(spec, guess):
    lower, upper, g = -math.inf, math.inf, guess
    while lower < upper:
        gamma = g + 1 if g == lower else g
        v = at_least(spec, gamma)
        if v >= gamma:
            lower = v
        else:
            upper = v
        g = v
    return guess
