# BUG neutral: the upper exponent from round(d / 2), which rounds half to even (round(2.5) is 2, not 3).
def answer(b, d):
    return b ** int(d / 2), b ** round(d / 2)
