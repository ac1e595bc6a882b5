# RIGHT: recursive, the upper half asked about with a helper.
def split(low, high):
    return low + (high - low) // 2


def answer(is_above, low, high):
    if low == high:
        return low
    middle = split(low, high)
    return answer(is_above, middle + 1, high) if is_above(middle) else answer(is_above, low, middle)
