# BUG MAX's view: the search is right, but the answer is turned back to MAX's side at the root (times sign).
def _nega(spec, sign):
    if not isinstance(spec, list):
        return sign * spec
    return max(-_nega(child, -sign) for child in spec)


def answer(spec, sign):
    return sign * _nega(spec, sign)
