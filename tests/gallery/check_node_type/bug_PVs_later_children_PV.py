# BUG PV's later children PV: every child of a PV node is a PV node.
def answer(parent, rank):
    if parent == "PV":
        return "PV"
    return "ALL" if parent == "CUT" else "CUT"
