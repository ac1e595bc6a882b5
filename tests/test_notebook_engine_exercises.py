"""Notebooks 9 and 10's exercises (engine techniques) as the notebooks run them: each check cell rejects the
typical wrong answers and accepts the worked answer and a differently written right one (the demo cells are
skipped: the checks need only the imports cell)."""

import ast
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
WORKED = "<worked answer>"

PVS_NO_RESEARCH = """
def my_pvs(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    best = -math.inf if maximising else math.inf
    for i, child in enumerate(node.children):
        window = (alpha, beta) if i == 0 else (alpha, alpha + 1) if maximising else (beta - 1, beta)
        v = my_pvs(child, depth - 1, *window, not maximising)
        best = max(best, v) if maximising else min(best, v)
        alpha, beta = (max(alpha, best), beta) if maximising else (alpha, min(beta, best))
        if alpha >= beta:
            break
    return best"""

PVS_ALPHABETA = """
def my_pvs(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    best = -math.inf if maximising else math.inf
    for child in node.children:
        v = my_pvs(child, depth - 1, alpha, beta, not maximising)
        best = max(best, v) if maximising else min(best, v)
        alpha, beta = (max(alpha, best), beta) if maximising else (alpha, min(beta, best))
        if alpha >= beta:
            break
    return best"""

PVS_FAIL_HARD = """
def my_pvs(node, depth, alpha, beta, maximising):
    if depth == 0 or not node.children:
        return node.value
    for k, child in enumerate(node.children):
        if k == 0:
            v = my_pvs(child, depth - 1, alpha, beta, not maximising)
        else:
            lo, hi = (alpha, alpha + 1) if maximising else (beta - 1, beta)
            v = my_pvs(child, depth - 1, lo, hi, not maximising)
            if alpha < v < beta and depth > 1 and child.children:
                v = my_pvs(child, depth - 1, alpha, beta, not maximising)
        if maximising:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        if alpha >= beta:
            return beta if maximising else alpha
    return alpha if maximising else beta"""

ASPIRATION_NO_RESEARCH = """
def my_aspiration(search, previous, delta):
    return search(previous - delta, previous + delta)"""

ASPIRATION_STRICT = """
def my_aspiration(search, previous, delta):
    alpha, beta = previous - delta, previous + delta
    while True:
        v = search(alpha, beta)
        if v < alpha:
            alpha = -math.inf
        elif v > beta:
            beta = math.inf
        else:
            return v"""

ASPIRATION_WIDENING = """
def my_aspiration(search, previous, delta):
    low, high, step = previous - delta, previous + delta, delta
    while True:
        v = search(low, high)
        if low < v < high:
            return v
        step *= 2
        if v <= low:
            low = v - step
        else:
            high = v + step"""

PVS = ([PVS_NO_RESEARCH, PVS_ALPHABETA], [WORKED, PVS_FAIL_HARD])
ASPIRATION = ([ASPIRATION_NO_RESEARCH, ASPIRATION_STRICT], [WORKED, ASPIRATION_WIDENING])
ZOBRIST = (["def zobrist_place(key, numbers, cell, piece):\n    return key + numbers[cell, piece]",
      "def zobrist_place(key, numbers, cell, piece):\n    return key | numbers[cell, piece]"],
     [WORKED, "def zobrist_place(key, numbers, cell, piece):\n    return numbers[cell, piece] ^ key"])
COLLISIONS = (["def expected_collisions(n, bits):\n    return n * n / 2 ** (bits + 1)",
      "def expected_collisions(n, bits):\n    return n / 2 ** bits"],
     [WORKED, "import math\ndef expected_collisions(n, bits):\n    return math.comb(n, 2) / 2 ** bits"])

NODE_TYPE = (["def node_type(parent, rank):\n    return parent if rank == 0 else 'CUT'",
              "def node_type(parent, rank):\n    return {'PV': 'PV', 'CUT': 'ALL', 'ALL': 'ALL'}[parent]"],
             [WORKED, "def node_type(parent, rank):\n"
                      "    return {'CUT': 'ALL', 'ALL': 'CUT'}.get(parent, 'CUT' if rank else 'PV')"])
LMR_DEPTH = (["def lmr_depth(depth, rank, after, min_depth, reduction):\n"
              "    return depth - 1 - reduction if rank > after and depth >= min_depth else depth - 1",
              "def lmr_depth(depth, rank, after, min_depth, reduction):\n"
              "    return depth - reduction if rank >= after and depth >= min_depth else depth"],
             [WORKED, "def lmr_depth(depth, rank, after, min_depth, reduction):\n"
                      "    if rank < after or depth < min_depth:\n        return depth - 1\n"
                      "    return depth - (1 + reduction)"])
NULL_DEPTH = (["def null_depth(depth, beta, at_root, passed_before, R, min_depth):\n"
               "    return None if at_root or passed_before or depth < min_depth else depth - 1 - R",
               "def null_depth(depth, beta, at_root, passed_before, R, min_depth):\n"
               "    ok = not at_root and not passed_before and beta < math.inf and depth > min_depth\n"
               "    return depth - 1 - R if ok else None"],
              [WORKED, "def null_depth(depth, beta, at_root, passed_before, R, min_depth):\n"
                       "    skip = at_root or passed_before or not math.isfinite(beta) or depth < min_depth\n"
                       "    return None if skip else depth - R - 1"])
NOISY = (["def my_noisy(p):\n"                                       # only the side to move's wins
          "    return any(game.result(p, c).winner for c in game.actions(p))",
          "from adversarial.games.connectfour_solver import winning_cells\n"    # threes not playable yet count
          "def my_noisy(p):\n    return bool(winning_cells(p.x, p.x | p.o) | winning_cells(p.o, p.x | p.o))"],
         [WORKED, "from adversarial.games.connectfour import BOTTOM, FULL\n"
                  "from adversarial.games.connectfour_solver import winning_cells\n"
                  "def my_noisy(p):\n    mask = p.x | p.o\n"
                  "    return (winning_cells(p.x, mask) | winning_cells(p.o, mask)) & (mask + BOTTOM) & FULL"])

ANSWERS = {   # (wrong answers, right answers), one pair per exercise, in the notebook's order
    "09_engine_techniques": [PVS, ZOBRIST, NODE_TYPE],
    "10_engine_pruning": [ASPIRATION, COLLISIONS, LMR_DEPTH, NULL_DEPTH, NOISY],
}


def tags(cell):
    return cell.metadata.get("tags", [])


def run_cell(source, namespace):
    body = ast.parse(source)
    last = body.body.pop() if body.body and isinstance(body.body[-1], ast.Expr) else None
    exec(compile(body, "<cell>", "exec"), namespace)
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace) if last else None


SHARED = {"game"}     # names the worked answers use besides the imports (notebook 10's: game = ConnectFour())


def imports_only(source):
    """The imports of a cell, and its assignments to the names in SHARED (the checks need nothing else)."""
    body = ast.parse(source)
    body.body = [node for node in body.body if isinstance(node, (ast.Import, ast.ImportFrom))
                 or (isinstance(node, ast.Assign) and {getattr(t, "id", None) for t in node.targets} <= SHARED)]
    return ast.unparse(body)


@pytest.mark.parametrize("name", ANSWERS)
def test_every_check_rejects_the_typical_wrong_answers_and_accepts_right_ones(name):
    cells = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4).cells
    namespace = {"__name__": "__main__"}
    code = [c for c in cells if c.cell_type == "code" and "install" not in tags(c)]
    run_cell(imports_only(code[0].source), namespace)
    exercise = -1
    for index, cell in enumerate(cells):
        if "exercise" in tags(cell):
            exercise += 1
            run_cell(cell.source, namespace)
            answer = next(c for c in cells[index + 1:] if "solution" in tags(c)).source
            worked = answer.split("```python\n", 1)[1].split("\n```", 1)[0]
        elif "check" in tags(cell):
            assert not run_cell(cell.source, namespace), f"exercise {exercise + 1}: the stub passes"
            wrong_answers, right_answers = ANSWERS[name][exercise]
            for answer in wrong_answers:
                run_cell(answer, namespace)
                verdict = run_cell(cell.source, namespace)
                assert not verdict and verdict.answered, f"exercise {exercise + 1} accepts {answer!r}"
            for answer in right_answers:
                run_cell(worked if answer == WORKED else answer, namespace)
                verdict = run_cell(cell.source, namespace)
                assert verdict, f"exercise {exercise + 1} rejects {answer!r}: {verdict!r}"
    assert exercise + 1 == len(ANSWERS[name]) >= 2


def test_noisy_worked_answer_says_what_the_engine_does():
    """Exercise 5's worked answer states what its use does in notebook 5's horizon trap: the plain depth-3 search
    plays the trap (a loss, says the solver), with the student's noisy as quiescence another column, and the
    extended search finds O's win after the trap."""
    import re

    cells = nbformat.read(NOTEBOOKS / "10_engine_pruning.ipynb", as_version=4).cells
    code = [c for c in cells if c.cell_type == "code" and "install" not in tags(c)]
    namespace = {"__name__": "__main__"}
    run_cell(imports_only(code[0].source), namespace)
    stub = next(c for c in cells if "exercise" in tags(c) and "def my_noisy" in c.source)
    run_cell(stub.source, namespace)
    worked = next(c for c in cells if "solution" in tags(c) and "def my_noisy" in c.source).source
    run_cell(worked.split("```python\n", 1)[1].split("\n```", 1)[0], namespace)
    said = re.search(r"plain search plays column (\d), the trap; with (Quiescence\(my_noisy, cap=\d\)) it plays "
                     r"column (\d)", worked)
    assert said, "the worked answer no longer says which columns are played"
    game, engine, evaluate, order = (namespace[k] for k in ("game", "engine", "open_windows", "centre_first"))
    h = game.play(namespace["HORIZON"])
    quiescence = eval(said.group(2), namespace)
    plain = engine(game, h, depth=3, evaluate=evaluate, order=order)
    extended = engine(game, h, depth=3, evaluate=evaluate, order=order, quiescence=quiescence)
    assert (plain.move, extended.move) == (int(said.group(1)), int(said.group(3)))
    after_trap = engine(game, game.result(h, plain.move), depth=2, evaluate=evaluate, order=order,
                        quiescence=quiescence)
    assert after_trap.value < 0 and after_trap.value == int(after_trap.value), "O's win (an exact score) is found"
    assert namespace["solve"](namespace["HORIZON"] + str(plain.move)) > 0, "the exercise says the trap loses"
