"""Minimax, alpha-beta and negamax: one search core for trees and real games.

Every function takes a game (see :mod:`adversarial.game`; a nested list is read
as a tree) and returns a :class:`SearchResult`:

>>> r = alphabeta([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
>>> r.value, r.move, r.pv
(7, 2, (2, 1))
>>> r.stats.leaves, minimax([[3, 5, 6], [1, 2, 0], [9, 7, 8]]).stats.leaves
(7, 9)

Scores are always from MAX's point of view. Children are searched in the order
``game.actions`` gives them, unless ``order`` reorders them.

Put the inner ``value`` functions next to the pseudocode in the notebooks: the
lines are the same. The lines starting ``if trace:`` only record what happened.
"""

from __future__ import annotations

import difflib
import math
import operator
from dataclasses import dataclass, field
from typing import Any

from .game import MAX, MIN, as_game, check_number, path_label
from .trace import Recorder, Trace, bound_of

INF = math.inf


@dataclass
class Stats:
    """What a search cost."""
    nodes: int = 0     # nodes entered, the root included
    leaves: int = 0    # nodes scored: terminal ones, and those cut off by the depth limit
    cutoffs: int = 0   # times alpha met beta with moves left to skip
    table_hits: int = 0  # nodes answered from the transposition table
    first_cutoffs: int = 0  # cutoffs made by the first move tried (good ordering: nearly all)
    order: str = "as given"  # the move-ordering policy's name


@dataclass(frozen=True)
class SearchResult:
    """The answer of a search: value, best first move, principal variation, cost, trace."""
    value: float
    move: Any              # the best first move (for a tree, a child index); None at a terminal root
    pv: tuple              # the principal variation: the moves both sides play, best against best
    stats: Stats = field(default_factory=Stats)
    trace: Trace | None = field(default=None, repr=False)
    algorithm: str = "alphabeta"

    def __repr__(self) -> str:
        s = self.stats
        return (f"SearchResult({self.algorithm}: value={self.value!r}, move={self.move!r}, "
                f"pv={self.pv!r}, nodes={s.nodes}, leaves={s.leaves}, cutoffs={s.cutoffs})")


class SearchError(ValueError):
    """A search cannot go on: the message says what is wrong and how to fix it."""


# -- the three searches --------------------------------------------------------

def minimax(game, state=None, *, depth=None, evaluate=None, order=None, trace=False,
            **unknown) -> SearchResult:
    """Plain minimax: visit every node, MAX takes the largest child value, MIN the smallest.

    Args:
        game: a game, or a nested list (read as a tree with MAX at the root).
        state: where to search from (default: the game's initial state).
        depth: stop after this many moves and score the state with ``evaluate``
            (default: search to the end of the game).
        evaluate: heuristic score of a non-terminal state (default: ``game.evaluate``).
        order: ``order(state, moves)`` returns the moves in the order to try them.
        trace: record every step in ``result.trace``.
    """
    s = _Search("minimax", game, state, depth, evaluate, order, trace, True, unknown)
    game, stats, trace = s.game, s.stats, s.recorder

    def value(state, depth, path):
        stats.nodes += 1
        player = game.to_move(state)
        if trace: trace.enter(path, player, None, None, state)
        if game.is_terminal(state):
            return s.utility(state, path), ()
        if depth == 0:
            return s.evaluate(state, path), ()
        best, line = (-INF if player == MAX else INF), None     # line: None until a child is back
        for move in s.moves(state, path):
            v, rest = value(game.result(state, move), depth - 1, path + (move,))
            if line is None or (v > best if player == MAX else v < best):
                best, line = v, (move,) + rest
        if trace: trace.leave(path, best)
        return best, line

    return s.run(lambda root: value(root, s.depth, ()))


def alphabeta(game, state=None, *, depth=None, evaluate=None, order=None,
              prune_on_equal=True, table=False, trace=False, **unknown) -> SearchResult:
    """Minimax with alpha-beta pruning: the same value, usually from far fewer nodes.

    α is the best score MAX is already sure of on the path to the node, β the
    best (lowest) score MIN is already sure of. Once α ≥ β the node's remaining
    moves cannot change the result and are skipped.

    Args:
        prune_on_equal: ``True`` (the textbook rule) cuts when α ≥ β;
            ``False`` cuts only when α > β.
        table: remember positions already searched (a transposition table): ``True``
            keys it by the state itself; a function keys it by ``table(state)``, e.g.
            ``TicTacToe().canonical`` to share entries between symmetric positions.
            Values are stored with the window they were found in, so a stored bound is
            used only when it settles the new window.
        Other arguments as for :func:`minimax`.
    """
    s = _Search("alphabeta", game, state, depth, evaluate, order, trace, prune_on_equal, unknown)
    game, stats, trace = s.game, s.stats, s.recorder
    cut = operator.ge if prune_on_equal else operator.gt      # α ≥ β, or α > β
    tt = _Table(table, prune_on_equal) if table else None

    def value(state, alpha, beta, depth, path):
        stats.nodes += 1
        player = game.to_move(state)
        if trace: trace.enter(path, player, alpha, beta, state)
        if game.is_terminal(state):
            return s.utility(state, path), ()
        if depth == 0:
            return s.evaluate(state, path), ()
        if tt:
            known = tt.lookup(state, alpha, beta, depth)
            if known is not None:
                stats.table_hits += 1
                if trace: trace.leave(path, known[0])
                return known
            window = alpha, beta
        moves = s.moves(state, path)
        if player == MAX:
            best, line = -INF, None
            for i, move in enumerate(moves):
                v, rest = value(game.result(state, move), alpha, beta, depth - 1,
                                path + (move,))
                if line is None or v > best:
                    best, line = v, (move,) + rest
                if best > alpha:
                    if trace: trace.bound(path, "alpha", alpha, best)
                    alpha = best
                if cut(alpha, beta):
                    s.cutoff(path, MAX, best, alpha, beta, moves[i + 1:], state, move, depth, i)
                    break
        else:
            best, line = INF, None
            for i, move in enumerate(moves):
                v, rest = value(game.result(state, move), alpha, beta, depth - 1,
                                path + (move,))
                if line is None or v < best:
                    best, line = v, (move,) + rest
                if best < beta:
                    if trace: trace.bound(path, "beta", beta, best)
                    beta = best
                if cut(alpha, beta):
                    s.cutoff(path, MIN, best, alpha, beta, moves[i + 1:], state, move, depth, i)
                    break
        if tt: tt.store(state, *window, depth, best, line)
        if trace: trace.leave(path, best)
        return best, line

    return s.run(lambda root: value(root, -INF, INF, s.depth, ()))


def negamax(game, state=None, *, depth=None, evaluate=None, order=None,
            prune_on_equal=True, trace=False, **unknown) -> SearchResult:
    """Alpha-beta written as negamax: one branch instead of a MAX and a MIN branch.

    Inside, every value is seen from the side to move (``sign`` is +1 for MAX,
    -1 for MIN), so a child's value is negated and the window (α, β) becomes
    (-β, -α). Where the same side moves twice in a row (several MIN agents),
    nothing is negated. The result, the trace and ``value`` are still from MAX's
    point of view, and agree with :func:`alphabeta` exactly.
    """
    s = _Search("negamax", game, state, depth, evaluate, order, trace, prune_on_equal, unknown)
    game, stats, trace = s.game, s.stats, s.recorder
    cut = operator.ge if prune_on_equal else operator.gt

    def value(state, alpha, beta, depth, path):
        stats.nodes += 1
        player = game.to_move(state)
        sign = 1 if player == MAX else -1
        if trace: trace.enter(path, player, *_max_view(sign, alpha, beta), state)
        if game.is_terminal(state):
            return sign * s.utility(state, path), ()
        if depth == 0:
            return sign * s.evaluate(state, path), ()
        moves = s.moves(state, path)
        best, line = -INF, None
        for i, move in enumerate(moves):
            child = game.result(state, move)
            if game.to_move(child) == player:
                v, rest = value(child, alpha, beta, depth - 1, path + (move,))
            else:
                v, rest = value(child, -beta, -alpha, depth - 1, path + (move,))
                v = -v
            if line is None or v > best:
                best, line = v, (move,) + rest
            if best > alpha:
                if trace: trace.bound(path, *_max_view_bound(sign, alpha, best))
                alpha = best
            if cut(alpha, beta):
                s.cutoff(path, player, sign * best, *_max_view(sign, alpha, beta), moves[i + 1:],
                         state, move, depth, i)
                break
        if trace: trace.leave(path, sign * best)
        return best, line

    def run(root):
        v, line = value(root, -INF, INF, s.depth, ())
        return (v if game.to_move(root) == MAX else -v), line

    return s.run(run)


class _Table:
    """A transposition table that is correct with α/β windows.

    A value found with window (α, β) is exact only when it fell strictly inside
    it; otherwise it is an upper bound (≤, it failed low) or a lower bound (≥, it
    failed high). A stored bound answers a later visit only when it settles that
    visit's window. Entries found with a shallower depth limit are not reused.
    """

    def __init__(self, table, prune_on_equal):
        self.key = table if callable(table) else (lambda state: state)
        self.exact_lines = not callable(table)   # moves found on a symmetric image don't apply here
        self.prune_on_equal = prune_on_equal
        self.entries = {}

    def lookup(self, state, alpha, beta, depth):
        entry = self.entries.get(self.key(state))
        if entry is None or entry[0] < depth:
            return None
        _, value, bound, line = entry
        if (bound == "exact" or (bound == "lower" and value >= beta)
                or (bound == "upper" and value <= alpha)):
            return value, line
        return None

    def store(self, state, alpha, beta, depth, value, line):
        bound = bound_of(value, alpha, beta, self.prune_on_equal)
        self.entries[self.key(state)] = (depth, value, bound, line if self.exact_lines else ())


def _max_view(sign, alpha, beta):
    """A negamax window (α, β) of the side to move, seen from MAX's side."""
    return (alpha, beta) if sign == 1 else (-beta, -alpha)


def _max_view_bound(sign, old, new):
    """A negamax α update, seen from MAX's side (for MIN it lowers β)."""
    return ("alpha", old, new) if sign == 1 else ("beta", -old, -new)


# -- what the three searches share -------------------------------------------

class _Search:
    """Options, counters and bookkeeping shared by the searches, kept out of their way."""

    OPTIONS = ("state", "depth", "evaluate", "order", "prune_on_equal", "table", "trace")

    def __init__(self, algorithm, game, state, depth, evaluate, order, trace, prune_on_equal,
                 unknown):
        if unknown:
            allowed = self.OPTIONS if algorithm == "alphabeta" else tuple(
                o for o in self.OPTIONS if o != "table" and (algorithm != "minimax" or o != "prune_on_equal"))
            _reject(algorithm, unknown, allowed)
        self.algorithm = algorithm
        self.game = as_game(game)
        self.root = self.game.initial_state() if state is None else state
        self.depth = _check_depth(depth)
        if evaluate is None:
            evaluate = getattr(self.game, "evaluate", None)
        for name, function in (("evaluate", evaluate), ("order", order)):
            if function is not None and not callable(function):
                raise TypeError(f"{name} must be a function, got {function!r}")
        self.evaluate_function = evaluate
        self.order = order
        self.notify = getattr(order, "cutoff", None)    # killer/history policies learn from cutoffs
        if not isinstance(prune_on_equal, bool):
            raise TypeError(f"prune_on_equal must be True or False, got {prune_on_equal!r}")
        self.prune_on_equal = prune_on_equal
        if not isinstance(trace, bool):
            raise TypeError(f"trace must be True or False, got {trace!r}")
        self.stats = Stats()
        if order is not None:
            self.stats.order = getattr(order, "name", None) or getattr(order, "__name__", "custom")
        self.recorder = Recorder(prune_on_equal) if trace else None

    def run(self, search_root) -> SearchResult:
        try:
            value, line = search_root(self.root)
        except SearchError as error:
            raise error.with_traceback(None) from None
        trace = None
        if self.recorder:
            trace = Trace(self.recorder.events, self.game, self.algorithm, self.prune_on_equal)
        return SearchResult(value, line[0] if line else None, line, self.stats, trace,
                            self.algorithm)

    def name(self, path) -> str:
        namer = getattr(self.game, "label", None)
        try:
            return namer(path) if namer else path_label(path)
        except Exception:
            return path_label(path)

    def utility(self, state, path):
        """Score a terminal state (counted as a leaf)."""
        self.stats.leaves += 1
        value = self.game.utility(state)
        if type(value) is not int and type(value) is not float or value != value:
            value = self._number(value, f"utility() at node {self.name(path)}")
        if self.recorder:
            self.recorder.leaf(path, value, terminal=True)
        return value

    def evaluate(self, state, path):
        """Score a non-terminal state at the depth limit (counted as a leaf)."""
        if self.evaluate_function is None:
            raise SearchError(
                f"the depth limit was reached at node {self.name(path)}, which is not terminal, "
                "and there is no evaluation function: pass evaluate=... (a function of a state "
                "returning a score from MAX's point of view), or search deeper (depth=None "
                "searches to the end of the game)"
            )
        self.stats.leaves += 1
        value = self.evaluate_function(state)
        if type(value) is not int and type(value) is not float or value != value:
            value = self._number(value, f"evaluate() at node {self.name(path)}")
        if self.recorder:
            self.recorder.leaf(path, value, terminal=False)
        return value

    def _number(self, value, where):
        try:
            return check_number(value, where)
        except (TypeError, ValueError) as error:
            raise SearchError(str(error)) from None

    def moves(self, state, path):
        """The legal moves at a non-terminal state, in the order to try them."""
        moves = self.game.actions(state)
        if self.order is not None:
            given = moves
            moves = self.order(state, moves)
            moves = moves if isinstance(moves, (tuple, list)) else tuple(moves)
            if len(moves) != len(given) or set(moves) != set(given):
                raise SearchError(
                    f"order() must return the same moves it was given, reordered; at node "
                    f"{self.name(path)} it was given {list(given)} and returned {list(moves)}"
                )
        elif not isinstance(moves, (tuple, list, range)):
            moves = tuple(moves)
        if not moves:
            raise SearchError(
                f"node {self.name(path)} is not terminal but has no legal moves; a game's "
                "is_terminal() must be true wherever actions() is empty"
            )
        return moves

    def cutoff(self, path, player, value, alpha, beta, skipped, state, move, depth, tried):
        """α met β after the ``tried``-th move: count a cutoff when moves are actually
        left to skip, and tell an order policy with a ``cutoff(state, move, depth)``
        method which move refuted this state (``depth``: the depth left, maybe ∞)."""
        if self.notify is not None:
            self.notify(state, move, depth)
        if skipped:
            self.stats.cutoffs += 1
            self.stats.first_cutoffs += tried == 0
            if self.recorder:
                self.recorder.cutoff(path, player, value, alpha, beta, skipped)


def _check_depth(depth):
    if depth is None:
        return INF
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"depth must be a whole number of moves or None, got {depth!r}")
    if depth < 0:
        raise ValueError(f"depth must be 0 or more (moves to look ahead), got {depth}")
    return depth


def _reject(algorithm, unknown, allowed):
    name = next(iter(unknown))
    close = difflib.get_close_matches(name, allowed, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise TypeError(f"{algorithm}() has no option {name!r}{hint} "
                    f"Its options are: {', '.join(allowed)}.")
