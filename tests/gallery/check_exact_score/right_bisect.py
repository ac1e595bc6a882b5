# RIGHT: two ends, the middle rounded down.
def answer(is_above, low, high):
    while low < high:
        middle = (low + high) // 2
        if is_above(middle):
            low = middle + 1
        else:
            high = middle
    return low
