# BUG neutral: moves one score at a time and ignores the bound the test returns (issue 42: not MTD(f)).
import math

from adversarial.exercises.beyond import at_least


def answer(spec, guess):
    lower, upper, g = -math.inf, math.inf, guess
    while lower < upper:
        v = at_least(spec, g)
        if v >= g:
            lower = g
            g += 1
        else:
            upper = g - 1
            g -= 1
    return lower
