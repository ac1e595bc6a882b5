# BUG ALL's first child PV: every node's first child treated like a PV node's first child.
TYPES = {"PV": ("PV", "CUT"), "CUT": ("ALL", "ALL"), "ALL": ("PV", "CUT")}


def answer(parent, rank):
    first, later = TYPES[parent]
    return first if rank == 0 else later
