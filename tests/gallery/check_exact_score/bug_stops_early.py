# BUG stops early: the loop ends while two scores are possible.
def answer(is_above, low, high):
    while high - low > 1:
        middle = (low + high) // 2
        if is_above(middle):
            low = middle + 1
        else:
            high = middle
    return low
