# RIGHT: a table of the children's types, in lower case (the check reads any case).
CHILD = {"pv": ("pv", "cut"), "cut": ("all", "all"), "all": ("cut", "cut")}


def answer(parent, rank):
    first, later = CHILD[parent.lower()]
    return first if rank == 0 else later
