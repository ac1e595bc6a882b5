# BUG neutral: CUT and ALL swapped everywhere.
def answer(parent, rank):
    if parent == "PV":
        return "PV" if rank == 0 else "ALL"
    return "CUT" if parent == "CUT" else "ALL"
