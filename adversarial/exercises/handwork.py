"""Checks for the by-hand exercises of notebooks 0-2: a tree's value, the best move, the leaves
alpha-beta skips, and the rule for a prune.

Each check is given the exercise's setting (the tree, who moves first) and computes the answer itself
with the package's search, bound when this module is imported, so the notebook's check cell shows
neither the answer nor the method. Typical slips get their own message; otherwise the hints climb from
the idea to the step to look at with each wrong try.

>>> check_tree_value(3, [[3, 5], [2], [9, 1]])
✓ Right: 3.
>>> check_tree_value(9, [[3, 5], [2], [9, 1]])  # doctest: +ELLIPSIS
✗ Not yet: you answered 9, the largest leaf: that is what MAX gets if MIN helps; ...
"""

from __future__ import annotations

from ..search import alphabeta as _alphabeta
from ..search import minimax as _minimax
from ..trace import Enter as _Enter
from ..trace import Leaf as _Leaf
from ..tree import tree as _tree
from .core import (
    Verdict,
    check_move,
    check_rule,
    check_set,
    not_answered,
    number_problem,
    plain_number,
    right,
    same,
    short,
    unanswered,
    wrong,
)

__all__ = ["check_tree_value", "check_tree_move", "check_skipped_leaves", "check_window_rule"]


def _build(spec, root_player, branching):
    return _tree(spec, root_player=root_player) if branching is None else \
        _tree(spec, branching=branching, root_player=root_player)


def _other(player: str) -> str:
    return "MIN" if player == "MAX" else "MAX"


def _levels(t) -> str:
    """The players level by level from the root, e.g. 'MAX, MIN'."""
    names, node = [], t.root
    while not node.is_leaf:
        names.append(node.player)
        node = node.children[0]
    return ", ".join(names)


def _value_ladder(t) -> list[str]:
    top = t.root.player
    pick = "largest" if top == "MAX" else "smallest"
    return [
        f"work from the leaves up. The levels are {_levels(t)} from the root: a MAX node takes the largest "
        "value of its children, a MIN node the smallest, because each side picks what is best for itself.",
        f"write down the value of each of the root's {len(t.root.children)} children first (each one is "
        f"decided by the player who moves there), then {top} at the root takes the {pick} of them.",
    ]


def check_tree_value(answer, spec, *, root_player: str = "MAX", branching: int | None = None) -> Verdict:
    """Is ``answer`` the minimax value of ``tree(spec, branching=..., root_player=...)``?"""
    if unanswered(answer):
        return not_answered()
    t = _build(spec, root_player, branching)
    result = _minimax(t)
    key = ("tree value", repr(spec), root_player, branching)
    ladder = _value_ladder(t)
    if same(answer, result.value):
        return right(short(answer), key=key)
    problem = number_problem(answer)
    if problem:
        return wrong(problem, ladder, key=key)
    leaves = [leaf.value for leaf in t.leaves()]
    other = _minimax(_build(spec, _other(root_player), branching)).value
    a = plain_number(answer)
    if same(a, other):
        return wrong(f"you answered {short(answer)}, the value when {_other(root_player)} moves first; here "
                     f"{root_player} moves at the root, so the levels are {_levels(t)}", ladder, key=key)
    if same(a, max(leaves)) and t.root.player == "MAX":
        return wrong(f"you answered {short(answer)}, the largest leaf: that is what MAX gets if MIN helps; "
                     "MIN replies with what is worst for MAX", ladder, key=key)
    if same(a, min(leaves)) and t.root.player == "MIN":
        return wrong(f"you answered {short(answer)}, the smallest leaf: that is what MIN gets if MAX helps; "
                     "MAX replies with what is best for MAX", ladder, key=key)
    if result.move is not None and same(a, result.move) and not any(same(a, v) for v in leaves):
        return wrong(f"you answered {short(answer)}, which is a move number; the question asks for the "
                     "value (a score)", ladder, key=key)
    return wrong(f"you answered {short(answer)}", ladder, key=key)


def check_tree_move(answer, spec, *, root_player: str = "MAX", branching: int | None = None) -> Verdict:
    """Is ``answer`` the best move (child index, from 0) at the root of the tree?"""
    if unanswered(answer):
        return not_answered()
    t = _build(spec, root_player, branching)
    result = _minimax(t)
    key = ("tree move", repr(spec), root_player, branching)
    top = t.root.player
    worths = [_minimax(t, t.node((m,))).value for m in range(len(t.root.children))]
    best = [m for m, w in enumerate(worths) if w == result.value]
    ladder = [f"work out what each move is worth: the value of the child it leads to, with "
              f"{_other(top)} replying as well as it can; a big leaf {_other(top)} would never allow does "
              "not count.",
              "write the worth of each move 0, 1, ... in a list, then answer the position (counted from 0) "
              f"of the {'largest' if top == 'MAX' else 'smallest'} one."]
    moves = range(len(t.root.children))
    if len(best) > 1 and any(same(answer, m) for m in best):
        return right(f"move {short(answer)}", key=key)
    a = plain_number(answer)
    if isinstance(a, int) and not _is_bool_like(answer) and a not in best and not same(a, result.value):
        by_leaf = max(moves, key=lambda m: max(leaf.value for leaf in t.leaves() if leaf.path[0] == m)) \
            if top == "MAX" else min(moves, key=lambda m: min(leaf.value for leaf in t.leaves()
                                                              if leaf.path[0] == m))
        if a == by_leaf:
            extreme = "largest" if top == "MAX" else "smallest"
            return wrong(f"you answered {a}, the move towards the {extreme} leaf; but {_other(top)} replies "
                         f"there and never lets {top} have it", ladder, key=key)
        swapped = _minimax(_build(spec, _other(root_player), branching)).move
        if a == swapped and a - 1 in best:
            return wrong(f"you answered {a}: two slips lead there, so check both: moves are counted from 0 on the "
                         f"left (0, 1, 2, ...), and {top} moves at the root (the levels are {_levels(t)}), not "
                         f"{_other(top)}", ladder, key=key)
        if a == swapped:
            return wrong(f"you answered {a}, the move that is best when MIN and MAX trade places (each level "
                         f"choosing what the other player would); here {top} moves at the root and the levels "
                         f"are {_levels(t)}", ladder, key=key)
        if a - 1 in best:
            return wrong(f"you answered {a}: moves are counted from 0 on the left (0, 1, 2, ...), not from 1",
                         ladder, key=key)
    return check_move(answer, result.move, value=result.value, moves=moves, hint=ladder, key=key)


def _is_bool_like(x) -> bool:
    return isinstance(x, bool) or type(x).__name__ in ("bool_",)


def _skipped(t, prune_on_equal=True) -> tuple[set, set]:
    read = {e.path for e in _alphabeta(t, trace=True, prune_on_equal=prune_on_equal).trace or ()
            if isinstance(e, _Leaf)}
    return {leaf.value for leaf in t.leaves() if leaf.path not in read}, \
        {leaf.value for leaf in t.leaves() if leaf.path in read}


def check_skipped_leaves(answer, spec, *, root_player: str = "MAX", branching: int | None = None,
                         prune_on_equal: bool = True) -> Verdict:
    """Is ``answer`` the set of leaf values alpha-beta never looks at (left to right)?"""
    if unanswered(answer):
        return not_answered()
    t = _build(spec, root_player, branching)
    skipped, read = _skipped(t, prune_on_equal)
    key = ("skipped", repr(spec), root_player, branching, prune_on_equal)
    bound, test = ("α", "≤ α") if t.root.player == "MAX" else ("β", "≥ β")
    ladder = [f"go left to right and keep track of what {t.root.player} is already sure of at the root "
              f"({bound}). A node stops as soon as one of its leaves shows it cannot beat that: the leaves "
              "after it are never looked at.",
              f"after the root's first child is done, {bound} is its value. At each later child, read its "
              f"leaves one by one and stop at the first that is {test}: list every leaf to the right of it, "
              "in that child only."]
    verdict = check_set(answer, skipped, name="leaves", item="leaf", hint=ladder, key=key)
    if verdict or not verdict.answered:
        return verdict
    items = answer if isinstance(answer, (set, frozenset, list, tuple)) else None
    if items is not None and read and all(any(same(x, r) for r in read) for x in items) and \
            len(items) > 0 and not any(any(same(x, s) for s in skipped) for x in items):
        return wrong("those are leaves alpha-beta does look at; the question asks for the ones it skips",
                     ladder, key=key)
    return verdict


_WINDOW_TREE = "[x, [5, 7, 0]]"


def _goes_on_then_stops(x, prune_on_equal):
    r = _alphabeta(_tree([x, [5, 7, 0]], root_player="MIN"), trace=True, prune_on_equal=prune_on_equal)
    entered = {e.path for e in r.trace if isinstance(e, _Enter)}
    return (1, 1) in entered and (1, 2) not in entered


def check_window_rule(rule, *, prune_on_equal: bool = True) -> Verdict:
    """Notebook 2: for which x does alpha-beta on ``tree([x, [5, 7, 0]], root_player="MIN")`` go on
    after the 5 and stop after the 7? ``rule(x)`` answers True or False; it is compared with the search
    on every half from -2 to 15, on points closer and closer to both sides of every boundary (such as 5.25),
    and on random points in between (the notebook's text says so)."""
    candidates = [v / 2 for v in range(-4, 31)]
    sign = "≥" if prune_on_equal else ">"
    key = ("window rule", prune_on_equal)
    ladder = [f"at the MAX node the window's β is x (what MIN at the root is already sure of). It stops "
              f"after a leaf v when v {sign} β, and goes on when not.",
              "take the two leaves one at a time: which values of x let the search go on after the 5, and which "
              "make it stop after the 7? Your rule must say yes only where both hold; then test your rule by hand "
              "at the edges, where x equals a leaf."]
    return check_rule(rule, lambda x: _goes_on_then_stops(x, prune_on_equal), candidates, hint=ladder,
                      name="x", key=key)
