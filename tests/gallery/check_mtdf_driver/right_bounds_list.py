# RIGHT: the interval as a two-item list, a `while True` loop that stops when the ends meet.
from adversarial.exercises.beyond import at_least


def answer(spec, guess):
    bounds = [float("-inf"), float("inf")]
    gamma = guess
    while True:
        if gamma <= bounds[0]:
            gamma = bounds[0] + 1
        v = at_least(spec, gamma)
        bounds[0 if v >= gamma else 1] = v
        if bounds[0] >= bounds[1]:
            return bounds[0]
        gamma = v
