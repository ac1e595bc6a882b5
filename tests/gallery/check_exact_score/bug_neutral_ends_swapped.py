# BUG neutral: the ends swapped: a yes moves the upper end.
def answer(is_above, low, high):
    while low < high:
        middle = (low + high) // 2
        if is_above(middle):
            high = middle
        else:
            low = middle + 1
    return low
