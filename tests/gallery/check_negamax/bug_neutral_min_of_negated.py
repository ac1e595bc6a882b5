# BUG neutral: the smallest of the negated children taken, as if the opponent chose at every node.
def answer(spec, sign):
    if not isinstance(spec, list):
        return sign * spec
    return min(-answer(child, -sign) for child in spec)
