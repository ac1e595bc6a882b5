# BUG no negation: the children's values are taken as they come, not negated.
def answer(spec, sign):
    if not isinstance(spec, list):
        return sign * spec
    return max(answer(child, -sign) for child in spec)
