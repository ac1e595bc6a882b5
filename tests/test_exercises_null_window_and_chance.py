"""Every exercise of notebooks 8 (null-window searches) and 11 (Monte Carlo, chance and other games), checked
by its own check cell: the typical wrong answers fail, the worked answer and a differently written right
answer pass. Same runner as tests/test_exercises_notebooks.py: the notebook's code cells run in order in one
namespace, and at each exercise the check cell is run once per answer.
"""

import nbformat
import pytest

from .gallery import cell
from .test_exercises_notebooks import NOTEBOOKS, SOLUTION, check_every_exercise, namespace_at_check, run_cell

NEGAMAX_NO_NEGATION = """
def my_negamax(spec, sign):
    if not isinstance(spec, list):
        return sign * spec
    return max(my_negamax(child, -sign) for child in spec)"""

NEGAMAX_UNSIGNED_LEAF = """
def my_negamax(spec, sign):
    if not isinstance(spec, list):
        return spec
    return max(-my_negamax(child, -sign) for child in spec)"""

NEGAMAX_LOOP = """
def my_negamax(spec, sign):
    if isinstance(spec, (int, float)):
        return sign * spec
    best = -math.inf
    for child in spec:
        best = max(best, -my_negamax(child, -sign))
    return best"""

MTDF_FROM_ABOVE = """
def my_mtdf(spec, guess):        # right, written from the upper end: "at least upper?" when g == upper
    lower, upper, g = -math.inf, math.inf, guess
    while lower < upper:
        gamma = g if g != lower else g + 1
        bound = at_least(spec, gamma)
        lower, upper = (bound, upper) if bound >= gamma else (lower, bound)
        g = bound
    return upper"""

MTDF_STUCK_ON_THE_GUESS = """
def my_mtdf(spec, guess):        # never moves its question: always "at least guess?"
    lower, upper = -math.inf, math.inf
    while lower < upper:
        v = at_least(spec, guess)
        if v >= guess:
            lower = v
        else:
            upper = v
    return lower"""

MTDF_MAX_LOWER = """
def my_mtdf(spec, guess):        # right, another way to ask above lower: max(g, lower + 1)
    lower, upper, g = -math.inf, math.inf, guess
    while True:
        gamma = max(g, lower + 1)
        v = at_least(spec, gamma)
        if v >= gamma:
            lower = v
        else:
            upper = v
        if lower >= upper:
            return lower
        g = v"""

NEGAMAX_INT_ONLY = """
def my_negamax(spec, sign):      # issue 30: a base case that knows int leaves only
    if isinstance(spec, int):
        return sign * spec
    return max(-my_negamax(child, -sign) for child in spec)"""

# Answers the gallery of check_mtdf_driver also holds, as notebook 8's cell would define them.
MTDF_SAME_QUESTION = cell("check_mtdf_driver", "bug_same_question", "my_mtdf")
MTDF_SWAPPED = cell("check_mtdf_driver", "bug_swapped", "my_mtdf")
MTDF_ONE_TEST = cell("check_mtdf_driver", "bug_neutral_one_test", "my_mtdf")
MTDF_BOUNDS_TEN = cell("check_mtdf_driver", "bug_finite_start", "my_mtdf")

MTDF_PACKAGE = """
def my_mtdf(spec, guess):        # issue 30: the package's search, no test at all
    return minimax(spec).value"""

MTDF_OWN_RECURSION = """
def my_mtdf(spec, guess):        # issue 30: a minimax of its own, never calls at_least
    def value(node, maximising=True):
        if not isinstance(node, list):
            return node
        values = [value(child, not maximising) for child in node]
        return max(values) if maximising else min(values)
    return value(spec)"""

MARGIN_GREEDY = """
def best_margin(row):
    row, sign, total = list(row), 1, 0
    while row:
        total += sign * (row.pop(0) if row[0] >= row[-1] else row.pop())
        sign = -sign
    return total"""

MARGIN_PLAIN = """
def best_margin(row):            # right, but without a memory: every stretch worked out again
    def best(i, j):
        return 0 if i == j else max(row[i] - best(i + 1, j), row[j - 1] - best(i, j - 1))
    return best(0, len(row))"""

MARGIN_TABLE = """
def best_margin(row):            # bottom-up: a table of stretches, the shortest first
    n = len(row)
    best = {(i, i): 0 for i in range(n + 1)}
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length
            best[i, j] = max(row[i] - best[i + 1, j], row[j - 1] - best[i, j - 1])
    return best[0, n]"""

MARGIN_LRU = """
from functools import lru_cache
def best_margin(row):
    @lru_cache(maxsize=None)
    def best(i, j):
        return 0 if i > j else max(row[i] - best(i + 1, j), row[j] - best(i, j - 1))
    return best(0, len(row) - 1)"""

# notebook -> one entry per exercise, in order: (wrong answers, right answers). Each answer is code that
# replaces the stub; SOLUTION stands for the worked answer in the notebook's solution cell.
ANSWERS = {
    "08_null_window_searches": [
        ([NEGAMAX_NO_NEGATION, NEGAMAX_UNSIGNED_LEAF, NEGAMAX_INT_ONLY], [SOLUTION, NEGAMAX_LOOP]),
        (["order2 = [0, 1, 2]", "order2 = [1, 0, 2]", "order2 = [0, 2, 1]", "order2 = [1, 2, 0]",
          "order2 = [2, 2, 2]", "order2 = 2"], [SOLUTION, "order2 = (2, 1, 0)"]),
        (["rule3 = lambda g: g == 7", "rule3 = lambda g: 3 <= g <= 9", "rule3 = lambda g: 3 < g < 9",
          "rule3 = lambda g: 7 <= g <= 9", "rule3 = lambda g: abs(g - 7) <= 2", "rule3 = lambda g: g > 3"],
         [SOLUTION, "rule3 = lambda g: g > 3 and not g > 9"]),
        ([MTDF_SAME_QUESTION, MTDF_SWAPPED, MTDF_ONE_TEST, MTDF_STUCK_ON_THE_GUESS, MTDF_PACKAGE,
          MTDF_OWN_RECURSION, MTDF_BOUNDS_TEN],
         [SOLUTION, MTDF_FROM_ABOVE, MTDF_MAX_LOWER]),
    ],
    "11_monte_carlo_and_chance": [
        (["def ucb1(wins, visits, parent_visits, c):\n    return wins / visits + c * math.log(parent_visits) / visits",
          "def ucb1(wins, visits, parent_visits, c):\n"
          "    return wins / visits + c * math.sqrt(math.log(visits) / parent_visits)",
          "def ucb1(wins, visits, parent_visits, c):\n    return wins / visits"],
         [SOLUTION, "def ucb1(w, n, big_n, c):\n    return (w / n) + c * (math.log(big_n) / n) ** 0.5"]),
        (["answer2 = 2.0", "answer2 = 4", "answer2 = 0", "answer2 = 6.5", "answer2 = 4.6", "answer2 = 2.4",
          "answer2 = '2.7'"], [SOLUTION, "answer2 = 27 / 10"]),
        ([MARGIN_GREEDY, MARGIN_PLAIN], [SOLUTION, MARGIN_LRU, MARGIN_TABLE]),
        (["answer4 = 0", "answer4 = 1", "answer4 = 3"], [SOLUTION]),
    ],
}


@pytest.mark.parametrize("name", sorted(ANSWERS))
def test_every_check_rejects_the_typical_wrong_answers_and_accepts_right_ones(name, monkeypatch):
    monkeypatch.chdir(NOTEBOOKS)
    check_every_exercise(name, ANSWERS[name])
    assert len(ANSWERS[name]) >= 4


STUCK_DRIVERS = (MTDF_SAME_QUESTION, MTDF_STUCK_ON_THE_GUESS)


@pytest.fixture(scope="module")
def at_the_mtdf_check():
    """Notebook 8 run up to exercise 4's check, once for the stuck drivers (its experiments' cells, which the check
    needs, are most of the cost: 7 CPU-s): each test runs its driver and the check in its own copy."""
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(NOTEBOOKS)
        return namespace_at_check("08_null_window_searches", 4, STUCK_DRIVERS)


@pytest.mark.parametrize("driver, words", [
    (MTDF_SAME_QUESTION, ['asked "is the value at least', "in a row", "already known",
                          "never moved", "ask at lower + 1"]),
    (MTDF_STUCK_ON_THE_GUESS, ['asked "is the value at least', "in a row", "never moved"]),
])
def test_the_mtdf_driver_that_asks_the_same_question_again_is_told_so(driver, words, at_the_mtdf_check, monkeypatch):
    """Notebook 8, exercise 4: a driver stuck on one question is stopped, and the verdict says what happened
    in the student's terms (not "RuntimeError"), with a hint of its own."""
    monkeypatch.chdir(NOTEBOOKS)
    shared, check = at_the_mtdf_check
    namespace = dict(shared)
    run_cell(driver, namespace)
    verdict = run_cell(check, namespace)
    assert not verdict and verdict.answered
    assert all(w in verdict.message for w in words), verdict.message
    assert "Error" not in verdict.message and "raised" not in verdict.message


@pytest.mark.parametrize("slip, expected", [("unweighted average", 2.0), ("max at chance", 4), ("min at chance", 0),
                                         ("MIN's reply forgotten (max)", 6.5), ("MIN's reply averaged", 4.6),
                                         ("the leaf first", 6.3), ("every node averaged", 4.25),
                                         ("probabilities swapped", 1.6)])
def test_every_slip_on_the_chance_exercise_tree_gives_its_own_wrong_value(slip, expected):
    """Notebook 11's dice exercise: each listed slip, computed on the notebook's tree, gives a value of its own,
    different from the right one (2.7) and from every other slip, so a check can tell them apart."""
    cells = nbformat.read(NOTEBOOKS / "11_monte_carlo_and_chance.ipynb", as_version=4).cells
    source = next(c.source for c in cells if c.cell_type == "code" and c.source.startswith("exercise_tree ="))
    namespace = {}
    exec("from adversarial.chance import chance, chance_tree\n" + source.splitlines()[0], namespace)
    gambles = namespace["exercise_tree"].to_list()

    def outcome_value(outcome, reply):
        return {"min": min, "max": max, "mean": lambda v: sum(v) / len(v), "first": lambda v: v[0]}[reply](outcome)

    def value(chance_rule, reply, swap=False):
        worths = []
        for gamble in gambles:
            probabilities = [p for p, _ in gamble.branches][::-1] if swap else [p for p, _ in gamble.branches]
            values = [outcome_value(o, reply) for _, o in gamble.branches]
            worths.append({"weighted": sum(p * v for p, v in zip(probabilities, values)),
                           "mean": sum(values) / len(values), "max": max(values), "min": min(values)}[chance_rule])
        return max(worths)

    slips = {"unweighted average": value("mean", "min"), "max at chance": value("max", "min"),
             "min at chance": value("min", "min"), "MIN's reply forgotten (max)": value("weighted", "max"),
             "MIN's reply averaged": value("weighted", "mean"), "the leaf first": value("weighted", "first"),
             "every node averaged": value("mean", "mean"), "probabilities swapped": value("weighted", "min", True)}
    right = value("weighted", "min")
    assert right == pytest.approx(2.7)
    assert slips[slip] == pytest.approx(expected)
    others = [v for name, v in slips.items() if name != slip] + [right]
    assert all(abs(slips[slip] - other) > 1e-9 for other in others)
