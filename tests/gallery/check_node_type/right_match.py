# RIGHT: a match statement.
def answer(parent, rank):
    match parent, rank:
        case "PV", 0:
            return "PV"
        case "CUT", _:
            return "ALL"
        case _:
            return "CUT"
