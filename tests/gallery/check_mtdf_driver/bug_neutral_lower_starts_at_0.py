# BUG neutral: lower starts at 0 (upper at infinity), as if no value could be negative.
import math

from adversarial.exercises.beyond import at_least


def answer(spec, guess):
    lower, upper, g = 0, math.inf, guess
    while lower < upper:
        gamma = g + 1 if g <= lower else g
        v = at_least(spec, gamma)
        if v >= gamma:
            lower = v
        else:
            upper = v
        g = v
    return lower
