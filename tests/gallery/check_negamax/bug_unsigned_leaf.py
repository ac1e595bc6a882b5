# BUG unsigned leaf: a leaf returns its score as MAX sees it, whoever moves.
def answer(spec, sign):
    if not isinstance(spec, list):
        return spec
    return max(-answer(child, -sign) for child in spec)
