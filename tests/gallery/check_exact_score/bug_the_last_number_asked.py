# BUG the last number asked: returns the last middle, not the end.
def answer(is_above, low, high):
    middle = low
    while low < high:
        middle = (low + high) // 2
        if is_above(middle):
            low = middle + 1
        else:
            high = middle
    return middle
