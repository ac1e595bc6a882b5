# BUG neutral: one test at the guess, its bound taken as the value.
from adversarial.exercises.beyond import at_least


def answer(spec, guess):
    return at_least(spec, guess)
