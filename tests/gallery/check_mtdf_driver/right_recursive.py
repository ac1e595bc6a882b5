# RIGHT: recursive: each call asks one question and narrows the interval it is given.
import math

from adversarial.exercises.beyond import at_least


def _narrow(spec, g, lower, upper):
    if lower >= upper:
        return lower
    gamma = g + 1 if g == lower else g
    v = at_least(spec, gamma)
    if v >= gamma:
        return _narrow(spec, v, v, upper)
    return _narrow(spec, v, lower, v)


def answer(spec, guess):
    return _narrow(spec, guess, -math.inf, math.inf)
