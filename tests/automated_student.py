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


def _key(answer):
    if isinstance(answer, (set, frozenset)):
        return frozenset(answer)
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
        elif problem.kind == "rule":
            match = re.search(r"for \w+ = (-?[\d.e+-]+).*?your rule says (yes|no)", verdict.message)
            if match:
                x = float(match.group(1))
                facts.append((x, match.group(2) == "no"))
    raise AssertionError(f"{problem.name}: more than {limit} tries")


def measure(problem: Problem) -> tuple[float, float]:
    """(mean tries told only right/wrong, mean tries reading the messages), over seeded orders."""
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
    ]
