# BUG neutral: b × levels instead of b to the power of the levels (MAX's levels, then MIN's).
def answer(b, d):
    return b * (d // 2), b * (d - d // 2)
