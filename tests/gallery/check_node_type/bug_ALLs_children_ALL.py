# BUG ALL's children ALL: a node's type passed down unchanged below an ALL node.
def answer(parent, rank):
    if parent == "PV":
        return "PV" if rank == 0 else "CUT"
    return "ALL"
