# BUG score by score: a linear scan from the bottom.
def answer(is_above, low, high):
    for score in range(low, high):
        if not is_above(score):
            return score
    return high
