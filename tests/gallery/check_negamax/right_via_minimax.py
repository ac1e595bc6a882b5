# RIGHT: plain minimax for MAX with a helper, then turned to the side to move's view.
def _value(spec, maximising):
    if not isinstance(spec, list):
        return spec
    values = [_value(child, not maximising) for child in spec]
    return max(values) if maximising else min(values)


def answer(spec, sign):
    return sign * _value(spec, sign == 1)
