"""Every exercise of notebooks 0-4, checked by its own check cell: the typical wrong answers fail, the worked
answer and a differently written right answer pass.

The notebook's code cells run in order in one namespace (no kernel needed). At each exercise the check cell
is run once per answer below, with the answer's code in place of the stub.
"""

import ast
from pathlib import Path

import matplotlib
import nbformat
import pytest

matplotlib.use("Agg")

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SOLUTION = "<worked answer>"

BUGGY_ALPHABETAS = {
    "strict rule": """
import math
def my_alphabeta(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    value = -math.inf if maximising else math.inf
    for child in node.children:
        v = my_alphabeta(child, depth - 1, alpha, beta, not maximising)
        if maximising:
            value = max(value, v); alpha = max(alpha, value)
        else:
            value = min(value, v); beta = min(beta, value)
        if alpha > beta:
            break
    return value""",
    "no pruning": """
def my_alphabeta(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    values = [my_alphabeta(c, depth - 1, alpha, beta, not maximising) for c in node.children]
    return max(values) if maximising else min(values)""",
    "alpha at MIN": """
import math
def my_alphabeta(node, depth, alpha, beta, maximising):
    if depth == 0 or node.is_leaf:
        return node.value
    value = -math.inf if maximising else math.inf
    for child in node.children:
        v = my_alphabeta(child, depth - 1, alpha, beta, not maximising)
        if maximising:
            value = max(value, v); alpha = max(alpha, value)
        else:
            value = min(value, v); alpha = min(alpha, value)
        if alpha >= beta:
            break
    return value""",
}

RIGHT_ALPHABETA_NEGAMAX = """
import math
def my_alphabeta(node, depth, alpha, beta, maximising):
    sign = 1 if maximising else -1
    def nega(node, depth, alpha, beta, sign):
        if depth == 0 or node.is_leaf:
            return sign * node.value
        best = -math.inf
        for child in node.children:
            best = max(best, -nega(child, depth - 1, -beta, -alpha, -sign))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best
    window = (alpha, beta) if maximising else (-beta, -alpha)
    return sign * nega(node, depth, *window, sign)"""

# notebook -> one entry per exercise, in order: (wrong answers, right answers). Each answer is code that
# replaces the stub; SOLUTION stands for the worked answer in the notebook's solution cell.
ANSWERS = {
    "00_start_here": [
        ([("answer = 9", "the largest leaf"), "answer = 5", "answer = 1", ("answer = '3'", "without quotes"),
          ("answer = 0", "you answered 0")],
         [SOLUTION, "answer = 3.0", "import numpy as np\nanswer = np.max([np.min([3, 5]), 2, np.min([9, 1])])",
          "from fractions import Fraction\nanswer = Fraction(6, 2)"]),
        ([("value_min_first = 3", "you answered 3"), "value_min_first = 9", "value_min_first = 5",
          ("value_min_first = 1", "the smallest leaf")],
         [SOLUTION, "value_min_first = min(max(g) for g in [[3, 5], [2], [9, 1]])"]),
        ([("best_move = 3", "not a legal move"), ("best_move = 2", "largest leaf"),
          ("best_move = False", "bool"), ("best_move = 1", "you answered 1")],
         [SOLUTION, "import numpy as np\nbest_move = np.argmax([3, 2, 1])"]),
        ([("skipped = {3, 5, 2, 9, 1}", "leaves alpha-beta does look at"), "skipped = {1}", "skipped = {5}",
          ("skipped = set()", "one leaf is missing"), ("skipped = '8'", "text"), ("skipped = 8", "even for one leaf")],
         [SOLUTION, "skipped = [8]", "skipped = {8.0}"]),
    ],
    "01_minimax_by_hand": [
        (["answer1 = 9", "answer1 = 3", "answer1 = 1", "answer1 = 2", "answer1 = True"], [SOLUTION]),
        (["answer2 = 12", "answer2 = 2", "answer2 = 23"], [SOLUTION, "answer2 = minimax(tree([3, 5, 2, 9, 12, 5, "
                                                                     "23, 2], branching=2, root_player='MIN')).value"]),
        (["answer3 = 3", "answer3 = 2", "answer3 = 1"], [SOLUTION]),
        ([  # hard-coded depth 3; the bottom level always MAX; no base case for a leaf; MAX everywhere
            "def my_minimax(node, maximising=True):\n"
            "    if not isinstance(node, list): return node\n"
            "    return max(min(max(l) for l in m) for m in node)",
            "def my_minimax(node, maximising=True):\n"
            "    if not isinstance(node, list): return node\n"
            "    if all(not isinstance(c, list) for c in node): return max(node)\n"
            "    vs = [my_minimax(c, not maximising) for c in node]\n"
            "    return max(vs) if maximising else min(vs)",
            "def my_minimax(node, maximising=True):\n"
            "    vs = [c if not isinstance(c, list) else my_minimax(c, not maximising) for c in node]\n"
            "    return max(vs) if maximising else min(vs)",
            "def my_minimax(node, maximising=True):\n"
            "    if not isinstance(node, list): return node\n"
            "    return max(my_minimax(c) for c in node)",
        ], [SOLUTION,
            "def my_minimax(node, maximising=True):\n"
            "    sign = 1 if maximising else -1\n"
            "    def nega(n, s):\n"
            "        return s * n if not isinstance(n, list) else max(-nega(c, -s) for c in n)\n"
            "    return sign * nega(node, sign)"]),
    ],
    "02_alphabeta_by_hand": [
        (["answer1 = {4}", "answer1 = {6}", "answer1 = {12, 8}", "answer1 = {2, 4, 6}", "answer1 = '46'"],
         [SOLUTION, "answer1 = [6, 4]"]),
        (["rule2 = lambda x: 5 <= x <= 7", "rule2 = lambda x: 5 < x < 7", "rule2 = lambda x: x > 5",
          "rule2 = lambda x: 5.5 <= x <= 7"], [SOLUTION, "rule2 = lambda x: x > 5 and not x > 7"]),
        (["rule3 = lambda x: 5 < x <= 7", "rule3 = lambda x: 5 < x < 7", "rule3 = lambda x: 5 <= x <= 7",
          "rule3 = lambda x: x > 5", "rule3 = lambda x: 4.9 < x < 7"],
         [SOLUTION, "rule3 = lambda x: x >= 5 and not x >= 7"]),
        (list(BUGGY_ALPHABETAS.values()), [SOLUTION, RIGHT_ALPHABETA_NEGAMAX]),
    ],
    "03_tictactoe_minimax": [
        (["answer1 = 0", "answer1 = 1", "answer1 = True"], [SOLUTION, "answer1 = -1.0"]),
        (["answer2 = {3, 4, 5, 6, 8}", "answer2 = {3, 4, 5}", "answer2 = {6}", "answer2 = {8}"],
         [SOLUTION, "answer2 = [8, 6]"]),
        ([("answer3 = 362880", "full boards"), ("answer3 = 549946", "the real game tree"),
          ("answer3 = 387420489", "9 choices"), ("answer3 = 986409", "you answered 986409")],
         [SOLUTION, "import math\nanswer3 = sum(math.factorial(9) // math.factorial(9 - k) for k in range(10))"]),
        (["answer4 = 1", "answer4 = 5", "answer4 = 4", "answer4 = 6"], [SOLUTION]),
    ],
    "04_alphabeta_tictactoe": [
        (["answer1 = methods['+ centre and corners first'].stats.nodes",
          "answer1 = methods['minimax'].stats.nodes", "answer1 = methods['alpha-beta, α ≥ β'].stats.nodes",
          ("answer1 = alphabeta(game, order=lambda b, ms: sorted(ms, key=PRIORITY.index, reverse=True))",
           "whole search result"),
          ("answer1 = alphabeta(game, order=lambda b, ms: sorted(ms, key=PRIORITY.index, reverse=True)).value",
           "the value of the game")],
         [SOLUTION, "import numpy as np\nanswer1 = np.int64(alphabeta(game, order=lambda b, ms: "
                    "list(reversed(sorted(ms, key=PRIORITY.index)))).stats.nodes)"]),
        (["careful_alphabeta = careless_alphabeta", ("careful_alphabeta = lambda game, board, alpha=-math.inf, "
                                                      "beta=math.inf, table=None: alphabeta(game, board).value",
                                                      "called the package's alphabeta")], [SOLUTION]),
        ([("answer3 = 9", "every cell"), "answer3 = 1", ("answer3 = 8", "symmetries"), "answer3 = 4"],
         [SOLUTION, "import numpy as np\nanswer3 = np.int64(3)"]),
        ([("answer4 = len(reachable_positions(game))", "every reachable position"),
          ("answer4 = len(reachable_positions(game)) // 8", "divided by 8"),
          ("answer4 = len(reachable_positions(game)) / 8", "divided by 8"),
          ("answer4 = len({game.canonical(b) for b in reachable_positions(game) if not game.is_terminal(b)})",
           "left out the finished ones"),
          ("answer4 = sum(not game.is_terminal(b) for b in reachable_positions(game))", "every unfinished"),
          ("from adversarial.games.tictactoe import count_games\nanswer4 = sum(count_games(game).values())",
           "complete games")],
         [SOLUTION, "answer4 = len(set(map(game.canonical, reachable_positions(game)))) * 1.0"]),
    ],
}


def tags(cell):
    return cell.metadata.get("tags", [])


def run_cell(source, namespace):
    """Run a cell's code; return the value of its last line when that is an expression (as Jupyter shows)."""
    body = ast.parse(source)
    last = body.body.pop() if body.body and isinstance(body.body[-1], ast.Expr) else None
    exec(compile(body, "<cell>", "exec"), namespace)
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace) if last else None


def solution_code(cell):
    return cell.source.split("```python\n", 1)[1].split("\n```", 1)[0]


def _names(source: str) -> tuple[set, set]:
    """The names a cell's code binds (or changes: ``x.a = ...``, ``x[i] = ...``) and the names it reads."""
    binds, reads = set(), set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            (reads if isinstance(node.ctx, ast.Load) else binds).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            binds.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            binds |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, ast.Store):
            base = node.value
            while isinstance(base, (ast.Attribute, ast.Subscript)):
                base = base.value
            if isinstance(base, ast.Name):
                binds.add(base.id)
    return binds, reads


def needed_cells(cells, answers=()) -> set:
    """The indices of the code cells the exercises need: every exercise, solution and check cell, and, going
    back from them, each cell that binds a name a needed cell (or one of ``answers``) reads. The lessons' long
    experiments whose results no exercise reads are left out: nbval runs every cell of every lesson, and these
    tests are about the checks."""
    wanted = set().union(*(_names(answer)[1] for answer in answers))
    needed = set()
    for index in reversed(range(len(cells))):
        cell = cells[index]
        if "solution" in tags(cell):            # the worked answer, folded in a Markdown cell
            wanted |= _names(solution_code(cell))[1]
            continue
        if cell.cell_type != "code" or "install" in tags(cell):
            continue
        binds, reads = _names(cell.source)
        if {"exercise", "check"} & set(tags(cell)) or binds & wanted:
            needed.add(index)
            wanted |= reads
    return needed


def check_every_exercise(name, answers, namespace=None, says_hint=False):
    """Run notebook ``name``'s cells that its exercises need in one namespace; at each exercise, its check on
    the stub (must fail), on each wrong answer of ``answers`` (must fail, having recognised an answer, and say
    the words given with it, or a hint with ``says_hint``) and on each right one (must pass)."""
    cells = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4).cells
    sources = [a[0] if isinstance(a, tuple) else a for wrong, right in answers for a in (*wrong, *right)]
    needed = needed_cells(cells, [s for s in sources if s != SOLUTION])
    namespace, exercise, worked = {"__name__": "__main__", **(namespace or {})}, -1, None
    for index, cell in enumerate(cells):
        if index not in needed:
            continue
        if "exercise" in tags(cell):
            exercise += 1
            worked = solution_code(next(c for c in cells[index + 1:] if "solution" in tags(c)))
            run_cell(cell.source, namespace)
            continue
        if "check" in tags(cell):
            where = f"{name} exercise {exercise + 1}"
            assert not run_cell(cell.source, namespace), f"{where}: the stub passes"
            wrong_answers, right_answers = answers[exercise]
            for answer in wrong_answers:
                answer, says = answer if isinstance(answer, tuple) else (answer, "")
                run_cell(answer, namespace)
                verdict = run_cell(cell.source, namespace)
                assert not verdict and verdict.answered, f"{where} accepts {answer!r}"
                assert says in verdict.message, f"{where}, {answer!r}: {verdict.message}"
                assert not says_hint or "Hint" in verdict.message, f"{where}, {answer!r}: {verdict.message}"
            for answer in right_answers:
                run_cell(worked if answer == SOLUTION else answer, namespace)
                verdict = run_cell(cell.source, namespace)
                assert verdict, f"{where} rejects {answer!r}: {verdict!r}"
            continue
        run_cell(cell.source, namespace)
    assert exercise + 1 == len(answers)


def namespace_at_check(name, number, answers=()):
    """The namespace of notebook ``name`` run up to exercise ``number``'s check cell (the cells it needs, with
    ``answers`` to be tried there), and that cell's source."""
    cells = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4).cells
    exercise, check = 0, None
    for index, cell in enumerate(cells):
        exercise += cell.cell_type == "code" and "exercise" in tags(cell)
        if cell.cell_type == "code" and "check" in tags(cell) and exercise == number:
            check = index
            break
    assert check is not None, f"{name} has no exercise {number}"
    needed = needed_cells(cells[:check + 1], answers)
    namespace = {"__name__": "__main__"}
    for index in sorted(needed - {check}):
        run_cell(cells[index].source, namespace)
    return namespace, cells[check].source


@pytest.mark.parametrize("name", sorted(ANSWERS))
def test_every_check_rejects_the_typical_wrong_answers_and_accepts_right_ones(name, monkeypatch):
    monkeypatch.chdir(NOTEBOOKS)
    check_every_exercise(name, ANSWERS[name])
    assert len(ANSWERS[name]) >= 4


@pytest.fixture(autouse=True)
def fresh_hints():
    """Hints climb a ladder per exercise; every test starts from the first rung, whatever ran before."""
    from adversarial.exercises.core import reset_hints
    reset_hints()
