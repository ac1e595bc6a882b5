# BUG PV's later children ALL: a PV node's later children typed ALL.
def answer(parent, rank):
    if parent == "PV":
        return "PV" if rank == 0 else "ALL"
    return "ALL" if parent == "CUT" else "CUT"
