# RIGHT: the notebook's form: a leaf seen by the side to move, one max of negated children.
def answer(spec, sign):
    if not isinstance(spec, list):
        return sign * spec
    return max(-answer(child, -sign) for child in spec)
