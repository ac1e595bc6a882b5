# RIGHT: iterative, a post-order walk with an explicit stack.
def answer(node, maximising=True):
    stack, values = [(node, maximising, False)], []
    while stack:
        item, player, expanded = stack.pop()
        if not isinstance(item, list):
            values.append(item)
        elif expanded:
            done = [values.pop() for _ in item]
            values.append(max(done) if player else min(done))
        else:
            stack.append((item, player, True))
            stack.extend((child, not player, False) for child in item)
    return values[0]
