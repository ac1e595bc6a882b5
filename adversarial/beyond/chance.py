"""Games with chance: dice, shuffled cards, coin flips. Expectiminimax.

When a die decides what happens next, nobody chooses that move, so neither
max nor min applies. A **chance node** takes the *expected* value of its
children instead: each child's value times its probability, summed.

A game with chance nodes follows the usual protocol (:mod:`adversarial.game`),
plus one method: where ``to_move(s)`` is ``CHANCE``, ``chances(s)`` returns the
outcomes with their probabilities, ``((outcome, p), ...)``; ``result(s, outcome)``
is the state after it.

Hand-made trees write a chance node with :func:`chance`, as
``(probability, subtree)`` pairs:

>>> t = chance_tree([chance((0.5, [3, 5]), (0.5, [1, 9])), chance((0.9, 2), (0.1, 20))])
>>> r = expectiminimax(t)
>>> r.value, r.move
(3.8, 1)

MAX and MIN still alternate between decision nodes; chance nodes sit between
them (under the root MAX's move, a chance node's decision children are MIN's).
:func:`star1` computes the same value while skipping children, once bounds on
the leaf values prove they cannot matter.
"""

from __future__ import annotations

import dataclasses
import decimal
import math
import numbers
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..formatting import fmt
from ..game import CHANCE, MAX, MIN, State, check_number, check_player
from ..search import INF, SearchError, SearchResult, _reject, _Search
from ..tree import Node, Tree

if TYPE_CHECKING:
    from ..search import Evaluate, GameLike

OPTIONS = ("state", "depth", "evaluate", "trace")
TOLERANCE = 1e-9   # how far from 1 a sum of probabilities may be (rounding, e.g. 3 × 1/3)


class ChanceError(ValueError):
    """A chance node's outcomes or probabilities are not usable; the message says how to fix them."""


# -- searching -------------------------------------------------------------------

def expectiminimax(game: GameLike, state: State = None, *, depth: int | None = None,
                   evaluate: Evaluate | None = None, trace: bool = False, **unknown: Any) -> SearchResult:
    """Minimax with chance nodes: MAX takes the largest, MIN the smallest, CHANCE the average.

    Args:
        game: a game with chance nodes (see the module docstring), a
            :class:`ChanceTree`, or any game without chance (then it is minimax).
        state: where to search from (default: the game's initial state).
        depth: stop after this many moves *or dice rolls* and use ``evaluate``.
        evaluate: heuristic score of a non-terminal state (default ``game.evaluate``).
        trace: record the search (``draw(t, result)`` then shows every value).

    Returns:
        A :class:`~adversarial.search.SearchResult`. ``move`` is the best first
        move when a player moves at the root; ``pv`` follows best moves and, at
        chance nodes, the most likely outcome.

    Example:
        >>> from adversarial.beyond.chance import chance, chance_tree
        >>> expectiminimax(chance_tree([chance((0.25, 8), (0.75, 0)), [1, 3]])).value
        2.0
    """
    if unknown:
        _reject("expectiminimax", unknown, OPTIONS)
    s = _Search("expectiminimax", game, state, depth, evaluate, None, trace, True, {})
    game, stats, trace = s.game, s.stats, s.recorder

    def value(state, depth, path):
        stats.nodes += 1
        player = game.to_move(state)
        if trace: trace.enter(path, player, None, None, state)
        if game.is_terminal(state):
            return s.utility(state, path), ()
        if depth == 0:
            return s.evaluate(state, path), ()
        if player == CHANCE:
            weighted, likeliest, line = [], -1.0, ()
            for outcome, p in outcomes(game, state, s.name(path)):
                v, rest = value(game.result(state, outcome), depth - 1, path + (outcome,))
                weighted.append((p, v))
                if p > likeliest:
                    likeliest, line = p, (outcome,) + rest
            best = expected(weighted)             # the sum of p · v
        else:
            best, line = (-INF if player == MAX else INF), None
            for move in s.moves(state, path):
                v, rest = value(game.result(state, move), depth - 1, path + (move,))
                if line is None or (v > best if player == MAX else v < best):
                    best, line = v, (move,) + rest
        if trace: trace.leave(path, best)
        return best, line

    result = s.run(lambda root: value(root, s.depth, ()))
    if s.game.to_move(s.root) == CHANCE:          # nobody chooses at the root: no best move
        result = dataclasses.replace(result, move=None)
    return result


def star1(game, state=None, *, low, high) -> SearchResult:
    """Expectiminimax with Star1 pruning: the same value, skipping children that cannot matter.

    Alpha-beta needs no bounds on leaf values, but a chance node does: one
    unseen outcome, however unlikely, could be worth anything and move the
    average anywhere. If every leaf lies in [``low``, ``high``], a chance node
    that has seen some outcomes knows its value lies between

        (sum of p·v seen) + (probability left) · low   and
        (sum of p·v seen) + (probability left) · high,

    and it stops as soon as that interval lies outside its (α, β) window.

    Args:
        low, high: bounds on every leaf value (checked: a leaf outside them is an error).

    It computes in floating point, like :func:`expectiminimax`; when that fails
    (a ``Decimal`` score, or one too large for a float such as ``10**400``), it
    searches again with exact fractions.

    Example:
        >>> t = chance_tree([chance((0.5, 9), (0.5, 7)), chance((0.5, 0), (0.5, 9))])
        >>> r = star1(t, low=0, high=10)
        >>> r.value, r.stats.cutoffs, r.stats.leaves
        (8.0, 1, 3)
    """
    low, high = check_number(low, "low"), check_number(high, "high")
    if not low <= high:
        raise ValueError(f"low ({low}) must not be above high ({high})")
    try:
        return _star1(game, state, low, high, None)
    except (TypeError, OverflowError):       # a Decimal, or an int beyond floats: exact fractions
        result = _star1(game, state, low, high, _exact)
        return dataclasses.replace(result, value=_tidy(result.value))


def _star1(game, state, low, high, number) -> SearchResult:
    """Star1 with the numbers as given (``number`` None: floats and ints mix as Python mixes
    them), or every number converted by ``number`` (exact fractions)."""
    s = _Search("star1", game, state, None, None, None, False, True, {})
    game, stats = s.game, s.stats
    low_, high_ = low, high
    if number is None:
        def number(x):
            return x
    else:
        low, high = number(low), number(high)

    def leaf(state, path):
        v = s.utility(state, path)
        if not low_ <= v <= high_:
            raise SearchError(f"leaf {s.name(path)} is worth {fmt(v)}, outside the bounds "
                              f"[{fmt(low_)}, {fmt(high_)}] given to star1(); widen low/high")
        return number(v)

    def value(state, alpha, beta, path):
        stats.nodes += 1
        if game.is_terminal(state):
            return leaf(state, path), ()
        player = game.to_move(state)
        if player == CHANCE:
            seen, left, line = number(0.0), number(1.0), ()
            items = outcomes(game, state, s.name(path))
            for i, (outcome, p) in enumerate(items):
                p = number(p)
                left -= p
                # The child's own window: values outside it already decide this node.
                a = (alpha - seen - left * high) / p if p else -INF
                b = (beta - seen - left * low) / p if p else INF
                v, rest = value(game.result(state, outcome), max(a, low), min(b, high),
                                path + (outcome,))
                seen += p * v
                if not line:
                    line = (outcome,) + rest
                if seen + left * high <= alpha or seen + left * low >= beta:
                    stats.cutoffs += i + 1 < len(items)
                    return (seen + left * high if seen + left * high <= alpha
                            else seen + left * low), line
            return seen, line
        best, line = None, ()
        for move in s.moves(state, path):
            v, rest = value(game.result(state, move), alpha, beta, path + (move,))
            if best is None or (v > best if player == MAX else v < best):
                best, line = v, (move,) + rest
            if player == MAX:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best, line

    return s.run(lambda root: value(root, low, high, ()))


def expected(weighted):
    """The expected value of ``(probability, value)`` pairs: the sum of p · v.

    In floating point, as a textbook would; when that cannot work (a ``Decimal``
    value, or an int too large for a float, such as ``10**400``) it is computed
    exactly with fractions and given back as a ``Decimal`` (if a value was one), an
    ``int`` (if whole) or a ``Fraction``.

    >>> expected([(0.5, 3), (0.5, 4)]), expected([(0.5, 10**400), (0.5, 0)]) == 10**400 // 2
    (3.5, True)
    """
    try:
        total = 0.0
        for p, v in weighted:
            total += p * v
        return total
    except (TypeError, OverflowError):
        pass
    if any(_infinite(v) for _, v in weighted):
        total = 0.0
        for p, v in weighted:
            total += float(p) * (v if _infinite(v) else _float_or_infinity(v))
        return total
    total = sum((Fraction(p) * _exact(v) for p, v in weighted), Fraction(0))
    if any(isinstance(v, decimal.Decimal) for _, v in weighted):
        return decimal.Decimal(total.numerator) / decimal.Decimal(total.denominator)
    return _tidy(total)


def _infinite(v) -> bool:
    return v in (math.inf, -math.inf)


def _float_or_infinity(v) -> float:
    try:
        return float(v)
    except OverflowError:
        return math.inf if v > 0 else -math.inf


def _exact(x):
    """``x`` as an exact Fraction (infinities stay infinite floats)."""
    return x if _infinite(x) else Fraction(x)


def _tidy(x):
    """An exact result back in the plainest type: an int when whole, else the Fraction."""
    if isinstance(x, Fraction) and x.denominator == 1:
        return x.numerator
    return x


def outcomes(game, state, where="this chance node") -> tuple:
    """A chance node's ``((outcome, probability), ...)``, checked: numbers ≥ 0 summing to 1."""
    listing = getattr(game, "chances", None)
    if not callable(listing):
        raise ChanceError(f"{where} is a CHANCE node, but the game has no chances(state) method "
                          "returning ((outcome, probability), ...)")
    items = tuple(listing(state))
    try:
        pairs = [(o, p) for o, p in items]
    except (TypeError, ValueError):
        raise ChanceError(f"chances() at {where} must give (outcome, probability) pairs, "
                          f"got {items!r}") from None
    check_probabilities([p for _, p in pairs], where)
    return tuple(pairs)


def check_probabilities(probabilities, where="a chance node") -> None:
    """Raise :class:`ChanceError` unless these are numbers ≥ 0 that sum to 1."""
    if not probabilities:
        raise ChanceError(f"{where} has no outcomes; a chance node needs at least one")
    for p in probabilities:
        if isinstance(p, bool) or not isinstance(p, numbers.Real) or math.isnan(p):
            raise ChanceError(f"{where} has probability {p!r}; probabilities must be numbers "
                              "such as 0.5 or 1/6")
        if p < 0:
            raise ChanceError(f"{where} has a negative probability {p!r}; "
                              "probabilities are 0 or more")
    total = sum(probabilities)
    if abs(total - 1) > TOLERANCE:
        raise ChanceError(f"the probabilities at {where} sum to {total!r}, not 1 (they may be "
                          f"off by at most {TOLERANCE:g}); make them add up to 1 "
                          "(e.g. [0.5, 0.5] or [1/6] * 6)")


# -- hand-made trees with chance nodes ----------------------------------------

class Chance:
    """A chance node in a tree specification: ``(probability, subtree)`` pairs (see :func:`chance`)."""

    def __init__(self, branches):
        self.branches = tuple(branches)

    def __repr__(self) -> str:
        return "chance(" + ", ".join(f"({p!r}, {sub!r})" for p, sub in self.branches) + ")"

    def __eq__(self, other):
        return isinstance(other, Chance) and self.branches == other.branches


def chance(*branches) -> Chance:
    """A chance node for :func:`chance_tree`: ``chance((0.5, [3, 5]), (0.5, 2))``."""
    for branch in branches:
        if not (isinstance(branch, tuple) and len(branch) == 2):
            raise ChanceError(f"each branch of chance(...) is a (probability, subtree) pair, "
                              f"got {branch!r}; write chance((0.5, [3, 5]), (0.5, 2))")
    return Chance(branches)


class ChanceNode(Node):
    """A node where chance picks the child; ``probabilities[i]`` is child i's."""

    __slots__ = ("probabilities",)
    probabilities: tuple


class ChanceTree(Tree):
    """An explicit tree with MAX, MIN and CHANCE nodes. Build one with :func:`chance_tree`."""

    def chances(self, node) -> tuple:
        return tuple(zip(node.moves, node.probabilities))

    def probability(self, path) -> float | None:
        """The probability on the edge into the node at ``path`` (None below a decision)."""
        if not path:
            return None
        parent = self.node(path[:-1])
        return parent.probabilities[path[-1]] if isinstance(parent, ChanceNode) else None

    def to_list(self):
        def nested(node):
            if isinstance(node, ChanceNode):
                return Chance(zip(node.probabilities, map(nested, node.children)))
            return node.value if node.is_leaf else [nested(c) for c in node.children]
        return nested(self.root)

    def __repr__(self) -> str:
        chance_nodes = sum(isinstance(n, ChanceNode) for n in self.nodes())
        return (f"<ChanceTree: {len(self)} nodes, {chance_nodes} chance nodes, "
                f"{len(self.leaves())} leaves>")


def chance_tree(spec, *, root_player: str = MAX, labels=None) -> ChanceTree:
    """Build a tree with chance nodes: nested lists as for :func:`~adversarial.tree.tree`,
    plus :func:`chance` nodes.

    Args:
        spec: lists are decision nodes, numbers leaves, ``chance(...)`` chance nodes.
        root_player: who makes the first decision (``"MAX"`` or ``"MIN"``).
        labels: node names, as for :func:`~adversarial.tree.tree`.

    >>> chance_tree([chance((0.5, 1), (0.5, 3)), 2]).to_list()
    [chance((0.5, 1), (0.5, 3)), 2]
    """
    return ChanceTree(_build(spec, (), check_player(root_player)), labels)


def _build(spec, path, player):
    where = f"the node at path {path}" if path else "the root"
    if isinstance(spec, Chance):
        check_probabilities([p for p, _ in spec.branches], where)
        node = ChanceNode(path, CHANCE, children=tuple(
            _build(sub, path + (i,), player) for i, (_, sub) in enumerate(spec.branches)))
        node.probabilities = tuple(p for p, _ in spec.branches)
        return node
    if isinstance(spec, (list, tuple)):
        if not spec:
            raise ValueError(f"{where} is an empty list; an inner node needs at least one child")
        other = MIN if player == MAX else MAX
        return Node(path, player, children=tuple(
            _build(sub, path + (i,), other) for i, sub in enumerate(spec)))
    return Node(path, player, value=check_number(spec, f"the leaf at path {path}"))


__all__ = [
    "ChanceError",
    "ChanceTree",
    "chance",
    "chance_tree",
    "check_probabilities",
    "expectiminimax",
    "outcomes",
    "star1",
]
