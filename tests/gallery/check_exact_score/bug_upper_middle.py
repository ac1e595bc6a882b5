# BUG upper middle: the middle rounded up, the ends moved as for rounding down.
def answer(is_above, low, high):
    while low < high:
        middle = (low + high + 1) // 2
        if is_above(middle):
            low = middle + 1
        else:
            high = middle
    return low
