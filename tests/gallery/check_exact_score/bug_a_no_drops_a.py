# BUG a no drops a: after a no the upper end moves below the middle.
def answer(is_above, low, high):
    while low < high:
        middle = (low + high) // 2
        if is_above(middle):
            low = middle + 1
        else:
            high = middle - 1
    return low
