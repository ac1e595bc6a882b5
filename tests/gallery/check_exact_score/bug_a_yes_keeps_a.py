# BUG a yes keeps a: after a yes the lower end stays at the middle.
def answer(is_above, low, high):
    while low < high:
        middle = (low + high) // 2
        if is_above(middle):
            low = middle
        else:
            high = middle
    return low
