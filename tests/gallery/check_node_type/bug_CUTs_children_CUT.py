# BUG CUT's children CUT: a CUT node's children inherit its type, as if a cut were passed down.
def answer(parent, rank):
    if parent == "PV":
        return "PV" if rank == 0 else "CUT"
    if parent == "CUT":
        return "CUT"
    return "CUT"
