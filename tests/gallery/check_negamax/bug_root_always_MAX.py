# BUG root always MAX: the sign is ignored at the root (the search starts with +1 whatever it is given).
def _nega(spec, sign):
    if not isinstance(spec, list):
        return sign * spec
    return max(-_nega(child, -sign) for child in spec)


def answer(spec, sign):
    return _nega(spec, 1)
