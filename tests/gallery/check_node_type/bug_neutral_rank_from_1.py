# BUG neutral: the first child taken as rank 1 (ranks counted from 1), so a PV node's first child is CUT.
def answer(parent, rank):
    if parent == "PV":
        return "PV" if rank == 1 else "CUT"
    return "ALL" if parent == "CUT" else "CUT"
