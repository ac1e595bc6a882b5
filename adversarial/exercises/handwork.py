"""Checks for the by-hand exercises of notebooks 0-2: a tree's value, the best move, the leaves
alpha-beta skips, and the rule for a prune.

Each check is given the exercise's setting (the tree, who moves first) and computes the answer itself
with the package's search, bound when this module is imported, so the notebook's check cell shows
neither the answer nor the method. Typical slips get their own message; otherwise the hints climb from
the idea to the step to look at with each wrong try.

>>> check_tree_value(3, [[3, 5], [2], [9, 1]])
✓ Right: 3.
>>> check_tree_value(9, [[3, 5], [2], [9, 1]])  # doctest: +ELLIPSIS
✗ Not yet: you answered 9. Hint: that is the largest leaf: what MAX gets if MIN helps; ...
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
from .diagnosis import Catalogue, Mistake, value_catalogue

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


def _value_hint(t) -> str:
    top = t.root.player
    pick = "largest" if top == "MAX" else "smallest"
    return (f"work from the leaves up. The levels are {_levels(t)} from the root: a MAX node takes the largest "
            "value of its children, a MIN node the smallest, because each side picks what is best for itself; "
            f"{top} at the root takes the {pick} of its children's values.")


def value_catalogue_for(spec, root_player: str = "MAX", branching: int | None = None) -> Catalogue:
    """The typical wrong values for a tree's value, each with its cause (only the certain ones are kept)."""
    t = _build(spec, root_player, branching)
    leaves = [leaf.value for leaf in t.leaves()]
    mistakes = []
    if t.root.player == "MAX":
        mistakes.append(Mistake("largest leaf", max(leaves),
                                "that is the largest leaf: what MAX gets if MIN helps; MIN replies with what is "
                                "worst for MAX."))
    else:
        mistakes.append(Mistake("smallest leaf", min(leaves),
                                "that is the smallest leaf: what MIN gets if MAX helps; MAX replies with what "
                                "is best for MAX."))
    # Not catalogued, though typical: the value with the players' levels swapped, and the best move's number.
    # Naming either would state another exercise's answer (notebook 0 asks for both), issue 42.
    return value_catalogue(mistakes, _minimax(t).value, neutral=_value_hint(t))


def check_tree_value(answer, spec, *, root_player: str = "MAX", branching: int | None = None) -> Verdict:
    """Is ``answer`` the minimax value of ``tree(spec, branching=..., root_player=...)``?"""
    if unanswered(answer):
        return not_answered()
    t = _build(spec, root_player, branching)
    result = _minimax(t)
    if same(answer, result.value):
        return right(short(answer))
    catalogue = value_catalogue_for(spec, root_player, branching)
    problem = number_problem(answer)
    if problem:
        return wrong(problem, catalogue.neutral)
    return wrong(f"you answered {short(answer)}", catalogue.hint(plain_number(answer)))


def _move_hint(t) -> str:
    top = t.root.player
    return (f"work out what each move is worth: the value of the child it leads to, with {_other(top)} "
            f"replying as well as it can; a big leaf {_other(top)} would never allow does not count.")


def move_catalogue_for(spec, root_player: str = "MAX", branching: int | None = None) -> Catalogue:
    t = _build(spec, root_player, branching)
    top = t.root.player
    moves = range(len(t.root.children))
    pick = max if top == "MAX" else min
    by_leaf = pick(moves, key=lambda m: pick(leaf.value for leaf in t.leaves() if leaf.path[0] == m))
    extreme = "largest" if top == "MAX" else "smallest"
    swapped = _minimax(_build(spec, _other(root_player), branching)).move
    mistakes = [Mistake("towards the extreme leaf", by_leaf,
                        f"that is the move towards the {extreme} leaf; but {_other(top)} replies there and never "
                        f"lets {top} have it."),
                Mistake("players traded places", swapped,
                        f"that is the move that is best when MIN and MAX trade places (each level choosing what "
                        f"the other player would); here {top} moves at the root and the levels are "
                        f"{_levels(t)}.")]
    # Not catalogued: a move counted from 1 (naming it gives the answer away).
    return value_catalogue(mistakes, _minimax(t).move, neutral=_move_hint(t))


def check_tree_move(answer, spec, *, root_player: str = "MAX", branching: int | None = None) -> Verdict:
    """Is ``answer`` the best move (child index, from 0) at the root of the tree?"""
    if unanswered(answer):
        return not_answered()
    t = _build(spec, root_player, branching)
    result = _minimax(t)
    worths = [_minimax(t, t.node((m,))).value for m in range(len(t.root.children))]
    best = [m for m, w in enumerate(worths) if w == result.value]
    moves = range(len(t.root.children))
    if any(same(answer, m) for m in best) and not _is_bool_like(answer):
        return right(f"move {short(answer)}")
    catalogue = move_catalogue_for(spec, root_player, branching)
    a = plain_number(answer)
    if isinstance(a, int) and not _is_bool_like(answer) and a in moves:
        return wrong(f"you answered {a}", catalogue.hint(a))
    return check_move(answer, result.move, moves=moves, hint=catalogue.neutral)


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
    bound, test = ("α", "≤ α") if t.root.player == "MAX" else ("β", "≥ β")
    neutral = (f"go left to right and keep track of what {t.root.player} is already sure of at the root "
               f"({bound}). After the root's first child is done, {bound} is its value; at each later child, a "
               f"leaf that is {test} stops that child: the leaves after it, in that child only, are never "
               "looked at.")
    other, _ = _skipped(t, not prune_on_equal)
    rule, other_rule = ("α ≥ β", "α > β") if prune_on_equal else ("α > β", "α ≥ β")
    catalogue = value_catalogue([
        Mistake("the leaves read", read, "those are the leaves alpha-beta does look at; the question asks for "
                                         "the ones it skips."),
        Mistake("the other rule", other, f"that is what {other_rule} would skip: here a node stops when "
                                         f"{rule}, so look again at the ties."),
    ], skipped, neutral=neutral)
    verdict = check_set(answer, skipped, name="leaves", item="leaf", hint=neutral)
    if verdict or not verdict.answered:
        return verdict
    items = answer if isinstance(answer, (set, frozenset, list, tuple)) else None
    if items is not None:
        mistake = catalogue.diagnose(set(items))
        if mistake is not None:
            return Verdict(False, verdict.message.replace(f"Hint: {neutral}", f"Hint: {mistake.cause}"))
    return verdict


# The lesson's MAX node under the MIN root: its leaves, the first two the rule is about, then "the rest".
WINDOW_LEAVES = (5, 7, 0)


def _goes_on_then_stops(x, prune_on_equal, leaves=WINDOW_LEAVES):
    r = _alphabeta(_tree([x, list(leaves)], root_player="MIN"), trace=True, prune_on_equal=prune_on_equal)
    entered = {e.path for e in r.trace if isinstance(e, _Enter)}
    return (1, 1) in entered and (1, 2) not in entered


def window_candidates(leaves=WINDOW_LEAVES) -> list:
    """The x the window rule is checked on: every half from 7 below the rule's first two leaves to 8 above them
    (-2 to 15 for the lesson's 5 and 7)."""
    low, high = min(leaves[:2]), max(leaves[:2])
    return [v / 2 for v in range(2 * (low - 7), 2 * (high + 8) + 1)]


def _window_leaves(leaves) -> tuple:
    if not isinstance(leaves, (tuple, list)) or len(leaves) != 3 or \
            any(isinstance(v, bool) or not isinstance(v, int) for v in leaves):
        raise ValueError(f"leaves must be the MAX node's three whole-number leaves, e.g. (5, 7, 0), not {leaves!r}")
    return tuple(leaves)


def check_window_rule(rule, *, leaves=WINDOW_LEAVES, prune_on_equal: bool = True) -> Verdict:
    """Notebook 2: for which x does alpha-beta on ``tree([x, list(leaves)], root_player="MIN")`` (the lesson's
    ``[x, [5, 7, 0]]``) go on after the first of ``leaves`` and stop after the second? ``rule(x)`` answers True or
    False; it is compared with the search on every half from 7 below those two leaves to 8 above them (-2 to 15
    in the lesson), on points closer and closer to both sides of every boundary (such as 5.25), and on random
    points in between (the notebook's text says so). ``leaves`` is an assignment's variant of the lesson's tree
    (adversarial.exercises.variants)."""
    leaves = _window_leaves(leaves)
    first, second = leaves[0], leaves[1]
    sign = "≥" if prune_on_equal else ">"
    key = ("window rule", prune_on_equal)
    ladder = [f"at the MAX node the window's β is x (what MIN at the root is already sure of). It stops "
              f"after a leaf v when v {sign} β, and goes on when not.",
              f"take the two leaves one at a time: which values of x let the search go on after the {first}, and "
              f"which make it stop after the {second}? Your rule must say yes only where both hold; then test your "
              "rule by hand at the edges, where x equals a leaf."]
    return check_rule(rule, lambda x: _goes_on_then_stops(x, prune_on_equal, leaves), window_candidates(leaves),
                      hint=ladder, name="x", key=key)
