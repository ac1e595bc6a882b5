# BUG neutral: after a yes lower is set to γ, not to the bound the test returned (a no uses its bound).
import math

from adversarial.exercises.beyond import at_least


def answer(spec, guess):
    lower, upper, g = -math.inf, math.inf, guess
    while lower < upper:
        gamma = g + 1 if g == lower else g
        v = at_least(spec, gamma)
        if v >= gamma:
            lower = gamma
            g = gamma
        else:
            upper = v
            g = v
    return lower
