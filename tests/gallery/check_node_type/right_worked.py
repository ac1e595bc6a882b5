# RIGHT: the notebook's worked answer.
def answer(parent, rank):
    if parent == "PV":
        return "PV" if rank == 0 else "CUT"
    return "ALL" if parent == "CUT" else "CUT"
