# BUG neutral: the levels raised to the power b (base and exponent swapped).
def answer(b, d):
    return (d // 2) ** b, ((d + 1) // 2) ** b
