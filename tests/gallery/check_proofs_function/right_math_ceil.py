# RIGHT: math.floor and math.ceil, a list instead of a tuple.
import math


def answer(b, d):
    return [b ** math.floor(d / 2), b ** math.ceil(d / 2)]
