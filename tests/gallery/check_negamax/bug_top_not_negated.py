# BUG top not negated: the root forgets to negate its children (a helper does the levels below right).
def _nega(spec, sign):
    if not isinstance(spec, list):
        return sign * spec
    best = None
    for child in spec:
        value = -_nega(child, -sign)
        if best is None or value > best:
            best = value
    return best


def answer(spec, sign):
    if not isinstance(spec, list):
        return sign * spec
    return max(_nega(child, -sign) for child in spec)
