# BUG neutral: b ** (d / 2) for both, a float at odd depths.
def answer(b, d):
    return b ** (d / 2), b ** (d / 2)
