# BUG neutral: a PV node's children all typed CUT, its first child included (PV kept for the root only).
def answer(parent, rank):
    if parent == "PV":
        return "CUT"
    return "ALL" if parent == "CUT" else "CUT"
