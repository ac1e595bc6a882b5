# BUG neutral: the running best starts at -10, as if no score were below it.
def answer(spec, sign):
    if not isinstance(spec, list):
        return sign * spec
    best = -10
    for child in spec:
        best = max(best, -answer(child, -sign))
    return best
