# BUG same question after a yes: asks "at least lower?" again (the guess equals lower): the interval never moves.
import math

from adversarial.exercises.beyond import at_least


def answer(spec, guess):
    lower, upper, g = -math.inf, math.inf, guess
    while lower < upper:
        v = at_least(spec, g)
        if v >= g:
            lower = v
        else:
            upper = v
        g = v
    return lower
