# BUG sign kept: the child is searched with the parent's sign.
def answer(spec, sign):
    if not isinstance(spec, list):
        return sign * spec
    return max(-answer(child, sign) for child in spec)
