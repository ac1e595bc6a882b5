# BUG neutral: returns the upper end after an early stop.
def answer(is_above, low, high):
    while high - low > 1:
        middle = (low + high) // 2
        if is_above(middle):
            low = middle + 1
        else:
            high = middle
    return high
