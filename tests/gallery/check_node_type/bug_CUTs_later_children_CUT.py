# BUG CUT's later children CUT: only a CUT node's first child is ALL.
def answer(parent, rank):
    if parent == "PV":
        return "PV" if rank == 0 else "CUT"
    if parent == "CUT":
        return "ALL" if rank == 0 else "CUT"
    return "CUT"
