"""The automated student (issue 42): it plays every value, set and rule check, reading only the literal content
of the messages (the numbers, members and yes/no verdicts they state), and counts the tries it needs, against a
student told only right or wrong.

Both students try candidates from the same space in the same (seeded) order; the one who reads messages first
tries what the messages suggest:

- **values** (pattern fitting on printed numbers): every number a message states that is a candidate not tried
  yet is tried next;
- **sets** (set arithmetic on listed members): members a message lists are taken out of the answer when it had
  them and put in when it did not;
- **rules** (boundary walking): a counterexample "for x = 3.5 your rule says yes, but the search says no" is a
  fact about the search, so every candidate rule that disagrees with it is dropped.

``tools/feedback_table.py`` prints the table of both counts per check for the README; ``tests/test_automated_
student.py`` asserts the bound (reading the messages never helps) for every check not marked as an exception.
"""

from __future__ import annotations

import itertools
import math
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from adversarial.exercises.core import reset_hints

_NUMBER = re.compile(r"(?<![\w.])-?\d[\d,]*(?:\.\d+)?")


def numbers_in(message: str) -> list:
    """The numbers a message states, as written (``986,410`` read as 986410), in order."""
    found = []
    for text in _NUMBER.findall(message):
        text = text.replace(",", "")
        try:
            found.append(int(text) if "." not in text else float(text))
        except ValueError:
            continue
    return found


@dataclass
class Problem:
    """One exercise: its check (answer -> verdict), its space of candidate answers and its kind."""
    name: str
    check: Callable[[Any], Any]
    candidates: Sequence
    kind: str                        # "value", "set" or "rule"
    universe: Sequence = ()          # a set exercise's possible members
    exception: str = ""              # why the bound cannot hold (a rule whose counterexample is the lesson)
    mistakes: int = 0                # how many mistakes the check catalogues
    orders: int = 5                  # how many seeded orders to average over
    accepts: Callable[[Any], bool] | None = None       # a fast stand-in for the check's yes/no (blind student)
    case_of: Callable[[str], Any] | None = None          # a function check: the failing case its message names


def _key(answer):
    if isinstance(answer, (set, frozenset)):
        return frozenset(answer)
    if callable(answer):
        return id(answer)
    return answer


def blind_tries(problem: Problem, order: list) -> int:
    """Tries of a student told only right or wrong: the candidates in order until one is accepted."""
    for tries, answer in enumerate(order, 1):
        if problem.accepts is not None and not problem.accepts(answer):
            continue                       # the stand-in says no: the check would too (asserted when it says yes)
        if problem.check(answer):
            return tries
        assert problem.accepts is None, f"{problem.name}: the stand-in accepted what the check refuses"
    raise AssertionError(f"{problem.name}: no candidate is accepted")


def reading_tries(problem: Problem, order: list, limit: int = 10_000) -> int:
    """Tries of a student who reads the messages (see the module's docstring)."""
    tried: set = set()
    queue: list = []
    facts: list = []                 # (x, the search's yes/no at x), from rule counterexamples
    pending = list(order)
    for tries in range(1, limit + 1):
        answer = None
        while queue:
            candidate = queue.pop(0)
            if _key(candidate) not in tried:
                answer = candidate
                break
        if answer is None:
            while pending:
                candidate = pending.pop(0)
                if _key(candidate) in tried:
                    continue
                if problem.kind == "rule" and not all(bool(candidate(x)) == said for x, said in facts):
                    continue
                if problem.kind == "function" and any(_identical(_gives(candidate, case), wrong_output)
                                                      for case, wrong_output in facts):
                    continue
                answer = candidate
                break
        if answer is None:
            raise AssertionError(f"{problem.name}: the reading student ran out of candidates")
        tried.add(_key(answer))
        verdict = problem.check(answer)
        if verdict:
            return tries
        message = verdict.message.split(" Hint")[0] + " " + verdict.message.split(" Hint")[-1]
        stated = numbers_in(message)
        if problem.kind == "value":
            wanted = {_key(c): c for c in problem.candidates}
            queue += [wanted[n] for n in stated if n in wanted and n != answer]
        elif problem.kind == "set":
            listed = {n for n in stated if n in set(problem.universe)}
            if listed:
                queue.append(frozenset((set(answer) - listed) | (listed - set(answer))))
        elif problem.kind == "function":
            case = problem.case_of(verdict.message)
            if case is not None:           # every candidate that gives what this answer gave there fails there too
                facts.append((case, _gives(answer, case)))
        elif problem.kind == "rule":
            match = re.search(r"for (?:\w+ = |first guess )(-?\d[\d.e+-]*).*?your rule says (yes|no)",
                              verdict.message)
            if match:
                x = float(match.group(1))
                facts.append((x, match.group(2) == "no"))
    raise AssertionError(f"{problem.name}: more than {limit} tries")


def _identical(a, b) -> bool:
    """The same output, False and 0 told apart (a check that asks for None tells them apart too)."""
    return type(a) is type(b) and a == b


def _gives(fn, case):
    try:
        return fn(*case)
    except Exception as error:  # noqa: BLE001 (a candidate that fails gives its failure)
        return type(error).__name__


_MEASURED: dict = {}


def measure(problem: Problem) -> tuple[float, float]:
    """(mean tries told only right/wrong, mean tries reading the messages), over seeded orders; measured once a
    process for each exercise (the bound's test and the README's table read the same numbers)."""
    if problem.name not in _MEASURED:
        _MEASURED[problem.name] = _measure(problem)
    return _MEASURED[problem.name]


def _measure(problem: Problem) -> tuple[float, float]:
    blind, reading = [], []
    for seed in range(problem.orders):
        order = list(problem.candidates)
        random.Random(seed).shuffle(order)
        reset_hints()
        blind.append(blind_tries(problem, order))
        reset_hints()
        reading.append(reading_tries(problem, order))
    return sum(blind) / len(blind), sum(reading) / len(reading)


# -- the exercises' candidate spaces ---------------------------------------------------------------------------

def subsets(universe) -> list:
    items = sorted(set(universe))
    return [frozenset(c) for r in range(len(items) + 1) for c in itertools.combinations(items, r)]


def interval_rules(points) -> list:
    """Rules "lo <(=) x <(=) hi" over ``points``, and the one-sided ones: the space a student guesses in."""
    rules = []
    edges = sorted(set(points))
    for lo, hi in itertools.combinations(edges, 2):
        for lo_strict, hi_strict in itertools.product((True, False), repeat=2):
            rules.append(_interval(lo, hi, lo_strict, hi_strict))
    for edge in edges:
        for strict in (True, False):
            rules.append(_interval(edge, None, strict, True))
            rules.append(_interval(None, edge, True, strict))
    return rules


def _interval(lo, hi, lo_strict, hi_strict):
    def rule(x):
        ok = True
        if lo is not None:
            ok = ok and (x > lo if lo_strict else x >= lo)
        if hi is not None:
            ok = ok and (x < hi if hi_strict else x <= hi)
        return ok
    rule.__name__ = f"rule_{lo}_{hi}_{lo_strict}_{hi_strict}"
    return rule


def decimals(low, high, step=Fraction(1, 10)) -> list:
    values, x = [], Fraction(low)
    while x <= high:
        values.append(float(x) if x.denominator != 1 else int(x))
        x += step
    return values


def problems() -> list[Problem]:
    """Every value, set and rule check of the notebooks, with its candidate space."""
    from adversarial.beyond.chance import chance, chance_tree
    from adversarial.exercises import (
        check_board_value,
        check_chance_value,
        check_optimal_moves,
        check_positions_up_to_symmetry,
        check_reverse_order_nodes,
        check_skipped_leaves,
        check_symmetric_first_moves,
        check_tree_move,
        check_tree_size_without_wins,
        check_tree_value,
        check_window_rule,
    )
    from adversarial.exercises.beyond import chance_catalogue
    from adversarial.exercises.handwork import move_catalogue_for, value_catalogue_for
    from adversarial.exercises.tictactoe import (
        board_value_catalogue,
        positions_catalogue,
        reverse_order_catalogue,
        tree_size_catalogue,
    )

    nine = [[4, 8, 3], [1, 7, 2], [6, 5, 9]]
    first, textbook, eight = [[3, 5], [2], [9, 1]], [[3, 12, 8], [2, 4, 6], [14, 5, 2]], [3, 5, 2, 9, 12, 5, 23, 2]
    around = lambda truth, k: [truth + d for d in range(-k, k + 1)]   # noqa: E731
    size_truth, positions_truth = 986410, 765
    counts = [m.model for m in tree_size_catalogue().mistakes]
    position_counts = [m.model for m in positions_catalogue().mistakes]
    order_counts = [m.model for m in reverse_order_catalogue().mistakes]
    from adversarial.exercises.tictactoe import _reverse_order_counts
    order_truth = _reverse_order_counts()[0]
    dice = chance_tree([chance((0.6, [4, 5]), (0.4, [8, 0])), chance((0.9, [7, 3]), (0.1, [0, 2]))])
    window_points = [v / 2 for v in range(-4, 31, 2)]
    from adversarial.exercises.handwork import _goes_on_then_stops
    fine = [v / 8 for v in range(-16, 121)]
    truths = {rule: [_goes_on_then_stops(x, rule) for x in fine] for rule in (True, False)}

    def same_as_search(prune_on_equal):
        return lambda r: all(bool(r(x)) == t for x, t in zip(fine, truths[prune_on_equal]))
    return [
        Problem("0 ex 1, check_tree_value", lambda a: check_tree_value(a, first), list(range(-1, 11)), "value",
                mistakes=len(value_catalogue_for(first).mistakes)),
        Problem("0 ex 2, check_tree_value (MIN first)", lambda a: check_tree_value(a, first, root_player="MIN"),
                list(range(-1, 11)), "value", mistakes=len(value_catalogue_for(first, "MIN").mistakes)),
        Problem("0 ex 3, check_tree_move", lambda a: check_tree_move(a, first), [0, 1, 2], "value",
                mistakes=len(move_catalogue_for(first).mistakes)),
        Problem("0 ex 4, check_skipped_leaves", lambda a: check_skipped_leaves(set(a), [[3, 5], [2, 8], [9, 1]]),
                subsets([3, 5, 2, 8, 9, 1]), "set", universe=[3, 5, 2, 8, 9, 1], mistakes=2),
        Problem("1 ex 1, check_tree_value", lambda a: check_tree_value(a, nine), list(range(0, 11)), "value",
                mistakes=len(value_catalogue_for(nine).mistakes)),
        Problem("1 ex 2, check_tree_value (MIN, 8 leaves)",
                lambda a: check_tree_value(a, eight, branching=2, root_player="MIN"), list(range(0, 25)), "value",
                mistakes=len(value_catalogue_for(eight, "MIN", 2).mistakes)),
        Problem("1 ex 3, check_tree_move", lambda a: check_tree_move(a, textbook), [0, 1, 2], "value",
                mistakes=len(move_catalogue_for(textbook).mistakes)),
        Problem("2 ex 1, check_skipped_leaves", lambda a: check_skipped_leaves(set(a), textbook),
                subsets([3, 12, 8, 2, 4, 6, 14, 5]), "set", universe=[3, 12, 8, 2, 4, 6, 14, 5], mistakes=2,
                orders=2),
        Problem("2 ex 2, check_window_rule", check_window_rule, interval_rules(window_points), "rule",
                exception="the counterexample is the lesson", orders=2, accepts=same_as_search(True)),
        Problem("2 ex 3, check_window_rule (α > β)", lambda r: check_window_rule(r, prune_on_equal=False),
                interval_rules(window_points), "rule", exception="the counterexample is the lesson", orders=2,
                accepts=same_as_search(False)),
        Problem("3 ex 1, check_board_value", lambda a: check_board_value(a, "X../X../OO."), [-1, 0, 1], "value",
                mistakes=len(board_value_catalogue("X../X../OO.").mistakes)),
        Problem("3 ex 2, check_optimal_moves", lambda a: check_optimal_moves(set(a), "XXO/.../.O."),
                subsets([3, 4, 5, 6, 8]), "set", universe=[3, 4, 5, 6, 8], mistakes=2),
        Problem("3 ex 3, check_tree_size_without_wins", check_tree_size_without_wins,
                sorted(set(counts + around(size_truth, 3))), "value", mistakes=len(counts)),
        Problem("3 ex 4, check_board_value (depth-aware)",
                lambda a: check_board_value(a, ".O./.../XOX", depth_aware=True), list(range(-9, 10)), "value",
                mistakes=len(board_value_catalogue(".O./.../XOX", True).mistakes)),
        Problem("4 ex 1, check_reverse_order_nodes", check_reverse_order_nodes,
                sorted(set(order_counts + around(order_truth, 3))), "value", mistakes=len(order_counts)),
        Problem("4 ex 3, check_symmetric_first_moves", check_symmetric_first_moves, list(range(1, 10)), "value",
                mistakes=2),
        Problem("4 ex 4, check_positions_up_to_symmetry", check_positions_up_to_symmetry,
                sorted(set(position_counts + around(positions_truth, 3))), "value", mistakes=len(position_counts)),
        Problem("11 ex 2, check_chance_value", lambda a: check_chance_value(a, dice), decimals(0, 9), "value",
                mistakes=len(chance_catalogue(dice).mistakes)),
    ] + more_problems() + function_problems()


def more_problems() -> list[Problem]:
    """Notebooks 5 (exercises 1 and 2), 7 (1 and 3), 8 (2 and 3) and 11 (4)."""
    from adversarial.beyond.nullwindow import mtdf
    from adversarial.exercises import (
        check_deepest,
        check_moves_to_loss,
        check_positions_after,
        check_pvs_order,
        check_selfish_move,
        check_two_proofs,
        check_two_test_guesses,
    )
    from adversarial.exercises.beyond import selfish_catalogue
    from adversarial.exercises.connectfour import moves_to_loss_catalogue, positions_after, positions_catalogue
    from adversarial.exercises.ordering import deepest_catalogue
    from adversarial.games.connectfour import ConnectFour
    from adversarial.games.connectfour_eval import open_windows
    from adversarial.search import alphabeta
    from adversarial.tree import tree

    game = ConnectFour()
    h2 = "543155133351644442246636"                    # notebook 5's second horizon trap, and its trap move
    trap2 = alphabeta(game, game.play(h2), depth=3, evaluate=open_windows).move
    after6 = positions_after(6)
    counts = [m.model for m in positions_catalogue(6).mistakes]
    scout = [[3, 5, 6], [1, 2, 0], [9, 7, 8]]
    payoffs = [[(2, 1), (2, 0)], [(6, 0), (1, 5)], [(3, 2), (0, 0)]]
    powers = [9 ** k for k in range(6)]
    guesses = [v / 2 for v in range(-2, 25)]
    fine = [v / 8 for v in range(-16, 121)]
    two = [mtdf(tree(scout), guess=g).stats.researches + 1 == 2 for g in fine]
    return [
        Problem("5 ex 1, check_positions_after", lambda a: check_positions_after(a, plies=6),
                sorted(set(counts + [after6 + d for d in range(-3, 4)])), "value",
                mistakes=len(positions_catalogue(6).mistakes)),
        Problem("5 ex 2, check_moves_to_loss", lambda a: check_moves_to_loss(a, h2, trap2), list(range(1, 13)),
                "value", mistakes=len(moves_to_loss_catalogue(h2, trap2).mistakes)),
        Problem("7 ex 1, check_two_proofs", lambda a: check_two_proofs(a, 9, 5),
                [(a, b) for a in powers for b in powers], "value", mistakes=3),
        Problem("7 ex 3, check_deepest", lambda a: check_deepest(a, 35, 2_000_000), list(range(0, 13)), "value",
                mistakes=len(deepest_catalogue(35, 2_000_000).mistakes)),
        Problem("8 ex 2, check_pvs_order", lambda a: check_pvs_order(a, scout),
                list(itertools.permutations(range(3))), "value"),
        Problem("8 ex 3, check_two_test_guesses", lambda r: check_two_test_guesses(r, scout),
                interval_rules(guesses), "rule", exception="the counterexample is the lesson", orders=2,
                accepts=lambda r: all(bool(r(x)) == t for x, t in zip(fine, two))),
        Problem("11 ex 4, check_selfish_move", lambda a: check_selfish_move(a, payoffs), [0, 1, 2], "value",
                mistakes=len(selfish_catalogue(payoffs).mistakes)),
    ]


# -- function checks whose answer is a formula in small numbers (issue 42: "7 ex 2") ----------------------------

def _numbers(text: str) -> tuple:
    return tuple(int(x) if x.lstrip("-").isdigit() else x for x in re.findall(r"-?\d+|inf|True|False", text))


def _case_reader(pattern: str, convert=lambda groups: groups):
    """Reads the failing case a function check's message names (``on b = 2, d = 0, ...``), or None."""
    def case_of(message):
        match = re.search(pattern, message)
        return None if match is None else convert(match.groups())
    return case_of


def _value(text):
    return {"inf": math.inf, "True": True, "False": False}.get(text) if text in ("inf", "True", "False") else (
        float(text) if "." in text else int(text))


def function_problems() -> list[Problem]:
    """Families of candidate functions a student might try for the formula-like function checks: every
    combination of the usual choices, the right one among them. The student who reads the messages learns the
    failing case each names, and drops every candidate that gives there what the failed answer gave."""
    from adversarial.exercises import check_lmr_depth, check_node_type, check_null_depth, check_proofs_function
    from adversarial.exercises.ordering import PROOFS_CATALOGUE
    from adversarial.exercises.techniques import LMR_CATALOGUE, NULL_CATALOGUE, TYPE_CATALOGUE

    exponents = {"d // 2": lambda d: d // 2, "(d + 1) // 2": lambda d: (d + 1) // 2, "d": lambda d: d,
                 "d // 2 + 1": lambda d: d // 2 + 1, "0": lambda d: 0, "1": lambda d: 1,
                 "(d + 1) // 2 + 1": lambda d: (d + 1) // 2 + 1, "d - d // 2 - 1": lambda d: max(d - d // 2 - 1, 0)}
    proofs = [(lambda f, g: lambda b, d: (b ** f(d), b ** g(d)))(f, g) for f in exponents.values()
              for g in exponents.values()]

    def lmr(rank_test, depth_test, ply, sign):
        def depth_of(depth, rank, after, min_depth, reduction):
            reduced = rank_test(rank, after) and depth_test(depth, min_depth)
            return depth - ply + (sign * reduction if reduced else 0)
        return depth_of
    ranks = [lambda r, a: r >= a, lambda r, a: r > a, lambda r, a: r >= a - 1, lambda r, a: r < a, lambda r, a: True]
    depths = [lambda d, m: d >= m, lambda d, m: d > m, lambda d, m: True]
    lmrs = [lmr(r, d, ply, sign) for r in ranks for d in depths for ply in (1, 0) for sign in (-1, 1)]

    types = ("PV", "CUT", "ALL")

    def node_rule(table):
        return lambda parent, rank: table[(parent, rank > 0)]
    keys = [(parent, later) for parent in types for later in (False, True)]
    node_rules = [node_rule(dict(zip(keys, choice))) for choice in itertools.product(types, repeat=len(keys))]

    # The null-move rule with one part changed, as the check's catalogue makes it.
    from adversarial.exercises.techniques import _null_mutant
    enoughs = [lambda d, m: d >= m, lambda d, m: d > m, lambda d, m: True]
    plies = [lambda d, R: d - 1 - R, lambda d, R: d - R, lambda d, R: d - 1, lambda d, R: d - 1 + R]
    null_rules = [_null_mutant(root=a, twice=b, infinite=c, enough=e, plies=p, no_pass=n)
                  for a in (True, False) for b in (True, False) for c in (True, False)
                  for e in enoughs for p in plies for n in (None, False)]

    number = r"(-?\d+(?:\.\d+)?|inf)"
    return [
        Problem("7 ex 2, check_proofs_function", check_proofs_function, proofs, "function", orders=5,
                case_of=_case_reader(r"on b = (\d+), d = (\d+)", lambda g: tuple(map(int, g))),
                exception="the failing case is shown", mistakes=len(PROOFS_CATALOGUE.mistakes)),
        Problem("9 ex 3, check_node_type", check_node_type, node_rules, "function", orders=2,
                case_of=_case_reader(r"of rank (\d+) of an? (PV|CUT|ALL) node", lambda g: (g[1], int(g[0]))),
                exception="the failing case is shown", mistakes=len(TYPE_CATALOGUE.mistakes)),
        Problem("10 ex 3, check_lmr_depth", lambda fn: check_lmr_depth(fn, seed=1, n=10), lmrs, "function",
                case_of=_case_reader(r"on depth (\d+), rank (\d+), after (\d+), min_depth (\d+), reduction (\d+)",
                                     lambda g: tuple(map(int, g))), exception="the failing case is shown",
                mistakes=len(LMR_CATALOGUE.mistakes)),
        Problem("10 ex 4, check_null_depth", lambda fn: check_null_depth(fn, seed=1, n=10), null_rules, "function",
                orders=3,
                case_of=_case_reader(rf"on depth (\d+), beta {number}, at_root (True|False), passed_before "
                                     r"(True|False), R (\d+), min_depth (\d+)", lambda g: tuple(map(_value, g))),
                exception="the failing case is shown", mistakes=len(NULL_CATALOGUE.mistakes)),
    ]
