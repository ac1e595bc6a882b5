# BUG first child: follows only the first child at every node.
def answer(node, maximising=True):
    while isinstance(node, list):
        node = node[0]
    return node
