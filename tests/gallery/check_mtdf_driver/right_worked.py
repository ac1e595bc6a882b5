# RIGHT: the notebook's worked answer: ask at lower + 1 when the guess is lower.
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
    return lower
