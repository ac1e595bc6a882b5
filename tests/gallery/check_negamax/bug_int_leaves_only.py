# BUG int leaves only: a leaf is told by isinstance(spec, int).
def answer(spec, sign):
    if isinstance(spec, int):
        return sign * spec
    return max(-answer(child, -sign) for child in spec)
