# BUG neutral: after a no upper is set to γ - 1 and the next guess too, not to the bound the test returned.
import math

from adversarial.exercises.beyond import at_least


def answer(spec, guess):
    lower, upper, g = -math.inf, math.inf, guess
    while lower < upper:
        gamma = g + 1 if g == lower else g
        v = at_least(spec, gamma)
        if v >= gamma:
            lower = v
            g = v
        else:
            upper = gamma - 1
            g = gamma - 1
    return lower
