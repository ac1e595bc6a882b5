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
import gc
import math
import numbers
import operator
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Iterable, Sequence, Union

from .formatting import fmt
from .game import MAX, MIN, Game, Move, State, check_number, path_label
from .trace import Recorder, Trace, bound_of
from .tree import Node, Tree, as_game

INF = math.inf


@dataclass
class Stats:
    """What a search cost."""
    nodes: int = 0     # nodes entered, the root included
    leaves: int = 0    # nodes scored: terminal ones, and those cut off by the depth limit
    cutoffs: int = 0   # times alpha met beta with moves left to skip
    table_hits: int = 0  # nodes answered from the transposition table
    researches: int = 0  # PVS: moves searched again after a null-window test; MTD(f): extra root tests
    first_cutoffs: int = 0  # cutoffs made by the first move tried (good ordering: nearly all)
    order: str = "as given"  # the move-ordering policy's name


@dataclass(frozen=True)
class SearchResult:
    """The answer of a search: value, best first move, principal variation, cost, trace.

    ``game`` and ``root`` say what was searched: the game, and the state the search
    started from (its initial state unless ``state=`` was given). Paths in the trace
    and moves in ``pv`` start at ``root``.
    """
    value: float
    move: Any              # the best first move (for a tree, a child index); None at a terminal root
    pv: tuple              # the principal variation: the moves both sides play, best against best
    stats: Stats = field(default_factory=Stats)
    trace: Trace | None = field(default=None, repr=False)
    algorithm: str = "alphabeta"
    game: Any = field(default=None, repr=False, compare=False)   # the game searched
    root: Any = field(default=None, repr=False, compare=False)   # the state searched from

    def __repr__(self) -> str:
        s = self.stats
        return (f"SearchResult({self.algorithm}: value={_number_repr(self.value)}, move={self.move!r}, "
                f"pv={self.pv!r}, nodes={s.nodes}, leaves={s.leaves}, cutoffs={s.cutoffs})")


def _number_repr(value) -> str:
    try:
        return repr(value)
    except ValueError:          # an int too long to print in full
        return fmt(value)


# What the searches take (for readers and type checkers): a game, a tree or a nested list read as a tree;
# a state's heuristic score from MAX's point of view; the moves in the order to try them; a table's key.
GameLike = Union[Game, Tree, Sequence[Any]]
Evaluate = Callable[[State], float]
Order = Callable[[State, Sequence[Move]], Iterable[Move]]
TableKey = Callable[[State], Hashable]


class SearchError(ValueError):
    """A search cannot go on: the message says what is wrong and how to fix it."""


# -- the three searches --------------------------------------------------------

def minimax(game: GameLike, state: State = None, *, depth: int | None = None, evaluate: Evaluate | None = None,
            order: Order | None = None, trace: bool = False, **unknown: Any) -> SearchResult:
    """Plain minimax: visit every node, MAX takes the largest child value, MIN the smallest.

    Args:
        game: a game, or a nested list (read as a tree with MAX at the root).
        state: where to search from (default: the game's initial state); for a
            tree, one of its nodes (``t.node((1,))``). Trace paths start there.
        depth: stop after this many moves and score the state with ``evaluate``
            (default: search to the end of the game).
        evaluate: heuristic score of a non-terminal state (default: ``game.evaluate``).
        order: ``order(state, moves)`` returns the moves in the order to try them.
        trace: record every step in ``result.trace``.

    >>> r = minimax([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    >>> r.value, r.move, r.pv, r.stats.leaves
    (7, 2, (2, 1), 9)
    >>> minimax([[3, 5], [2]], depth=1, evaluate=lambda node: 0).value   # cut off: every child scores 0
    0
    """
    s = _Search("minimax", game, state, depth, evaluate, order, trace, True, unknown)
    game, stats, trace = s.game, s.stats, s.recorder

    def value(state, depth, path):
        stats.nodes += 1
        player = game.to_move(state)
        if player is not MAX and player is not MIN: player = s.player(player, path)  # or an error
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


def alphabeta(game: GameLike, state: State = None, *, depth: int | None = None, evaluate: Evaluate | None = None,
              order: Order | None = None, prune_on_equal: bool = True, table: bool | TableKey = False,
              trace: bool = False, **unknown: Any) -> SearchResult:
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

    The other arguments are as for :func:`minimax`.

    With a depth limit and a table, an entry is reused only by a visit with the
    same number of moves left to search, so the value is always exactly that of
    ``minimax(game, depth=d)``. Real engines also reuse entries searched deeper:
    that saves more nodes and usually gives a better-informed value, but then the
    answer depends on the order positions were met and can differ from
    depth-limited minimax. This package chooses the answer you can check.

    >>> from adversarial.games import TicTacToe
    >>> game = TicTacToe()
    >>> plain, table = alphabeta(game), alphabeta(game, table=game.canonical)
    >>> plain.value == table.value, table.stats.nodes < plain.stats.nodes, len(table.pv)
    (True, True, 9)
    """
    s = _Search("alphabeta", game, state, depth, evaluate, order, trace, prune_on_equal, unknown)
    game, stats, trace = s.game, s.stats, s.recorder
    cut = operator.ge if prune_on_equal else operator.gt      # α ≥ β, or α > β
    tt = _Table(table, prune_on_equal, game) if _check_table(table) else None

    def value(state, alpha, beta, depth, path):
        stats.nodes += 1
        player = game.to_move(state)
        if player is not MAX and player is not MIN: player = s.player(player, path)  # or an error
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


def negamax(game: GameLike, state: State = None, *, depth: int | None = None, evaluate: Evaluate | None = None,
            order: Order | None = None, prune_on_equal: bool = True, trace: bool = False,
            **unknown: Any) -> SearchResult:
    """Alpha-beta written as negamax: one branch instead of a MAX and a MIN branch.

    Inside, every value is seen from the side to move (``sign`` is +1 for MAX,
    -1 for MIN), so a child's value is negated and the window (α, β) becomes
    (-β, -α). Where the same side moves twice in a row (several MIN agents),
    nothing is negated. The result, the trace and ``value`` are still from MAX's
    point of view, and agree with :func:`alphabeta` exactly.

    >>> t = [[3, 5, 6], [1, 2, 0], [9, 7, 8]]
    >>> r = negamax(t)
    >>> r.value, r.move, r.stats.leaves == alphabeta(t).stats.leaves
    (7, 2, True)
    """
    s = _Search("negamax", game, state, depth, evaluate, order, trace, prune_on_equal, unknown)
    game, stats, trace = s.game, s.stats, s.recorder
    cut = operator.ge if prune_on_equal else operator.gt

    def value(state, alpha, beta, depth, path):
        stats.nodes += 1
        player = game.to_move(state)
        if player is not MAX and player is not MIN: player = s.player(player, path)  # or an error
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
            if game.to_move(child) == player:           # (value() checks the child's player)
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
    """A transposition table that is correct with α/β windows and depth limits.

    A value found with window (α, β) is exact only when it fell inside it;
    otherwise it is an upper bound (≤, it failed low) or a lower bound (≥, it
    failed high). A stored bound answers a later visit only when it settles that
    visit's window under the same prune rule: with α ≥ β a lower bound ``v ≥ β``
    settles it, with the strict rule only ``v > β`` does (a returned value equal
    to β counts as exact there). Entries are kept per remaining depth, so a
    depth-limited search reuses only what was searched exactly as deep.

    Principal variations are stored too. When the key carries a ``symmetry``
    (``TicTacToe.canonical`` does), a stored line is mapped through it onto the
    position asking; with another key function a line is reused only for the
    very state it was found at.
    """

    def __init__(self, table, prune_on_equal, game=None):
        self.key = table if callable(table) else None
        self.prune_on_equal = prune_on_equal
        self.entries = {}
        self.game = game

    def lookup(self, state, alpha, beta, depth):
        key = state if self.key is None else self.key(state)
        try:
            entry = self.entries.get((key, depth))
        except TypeError as error:            # a state (or key) that holds a dict or a list
            fix = ("table=game.key (this game has one)" if callable(getattr(self.game, "key", None))
                   else "table=a function giving a hashable key of a state (a tuple, a string)")
            what = "the state itself" if self.key is None else "table(state)"
            raise TypeError(f"the transposition table is keyed by {what}, which cannot be a key ({error}): "
                            f"pass {fix}") from None
        if entry is None:
            return None
        value, bound, line, where = entry
        if bound == "lower":
            if not (value > beta or self.prune_on_equal and value == beta):
                return None
        elif bound == "upper":
            if not (value < alpha or self.prune_on_equal and value == alpha):
                return None
        return value, self._line_here(key, state, line, where)

    def store(self, state, alpha, beta, depth, value, line):
        key = state if self.key is None else self.key(state)
        bound = bound_of(value, alpha, beta, self.prune_on_equal)
        symmetry = getattr(key, "symmetry", None)
        if symmetry is not None:                   # store the line as seen from the key
            back = {move: i for i, move in enumerate(symmetry)}
            line = tuple(back[move] for move in line)
        self.entries[key, depth] = (value, bound, line, state)

    @staticmethod
    def _line_here(key, state, line, where):
        symmetry = getattr(key, "symmetry", None)
        if symmetry is not None:
            return tuple(symmetry[move] for move in line)
        return line if state == where else ()


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
        self.root = self.game.initial_state() if state is None else _check_state(self.game, state)
        self.prefix = self.root.path if isinstance(self.game, Tree) else ()   # for names
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
        # A search makes many small objects (states, paths, trace records) and no reference
        # cycles; Python's cycle collector would rescan the growing trace again and again
        # (tracing cost 4-5x instead of 1.3x), so it pauses while the search runs.
        collecting = gc.isenabled()
        gc.disable()
        try:
            value, line = search_root(self.root)
        except SearchError as error:
            raise error.with_traceback(None) from None
        except RecursionError:
            limit = sys.getrecursionlimit()
            raise SearchError(
                f"this game is too deep to search to the end: the search reached Python's recursion "
                f"limit ({limit} nested calls, about one per move). Search with a depth limit "
                "instead (depth=50, with an evaluate function for the positions where it stops), "
                f"or, if the game really is that long, raise the limit: sys.setrecursionlimit({4 * limit})"
            ) from None
        finally:
            if collecting:
                gc.enable()
        trace = None
        if self.recorder:
            trace = Trace(self.recorder, self.game, self.algorithm, self.prune_on_equal, self.prefix)
        return SearchResult(value, line[0] if line else None, line, self.stats, trace,
                            self.algorithm, self.game, self.root)

    def name(self, path) -> str:
        namer = getattr(self.game, "label", None)
        try:
            return namer(self.prefix + path) if namer else path_label(path)
        except Exception:
            return path_label(path)

    def player(self, player, path) -> str:
        """``player`` if it is MAX or MIN, else a clear error (the searches call this rarely)."""
        if player == MAX or player == MIN:
            return MAX if player == MAX else MIN
        if player == "CHANCE":
            raise SearchError(
                f"node {self.name(path)} is a CHANCE node: {self.algorithm}() searches games where "
                "MAX and MIN choose every move; for dice, cards and other chance nodes use "
                "expectiminimax() (or star1()) from adversarial.beyond.chance")
        raise SearchError(
            f"to_move() must return MAX or MIN (the strings 'MAX' and 'MIN', from adversarial "
            f"import MAX, MIN), got {player!r} at node {self.name(path)}; a game that names its "
            "players otherwise (X/O, 1/-1) should translate: return MAX if ... else MIN"
        )

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
            if not isinstance(moves, (tuple, list)):
                moves = self._ordered(moves, given, path)
            if len(moves) != len(given) or set(moves) != set(given):
                raise SearchError(
                    f"order() must return the same moves it was given, reordered; at node "
                    f"{self.name(path)} it was given {list(given)} and returned {list(moves)}"
                )
            if moves and any(type(m) is not type(given[0]) for m in moves):   # equal, not the same: numpy's ints
                known = dict(zip(given, given))
                moves = tuple(known[m] for m in moves)
        elif not isinstance(moves, (tuple, list, range)):
            moves = tuple(moves)
        if not moves:
            raise SearchError(
                f"node {self.name(path)} is not terminal but has no legal moves; a game's "
                "is_terminal() must be true wherever actions() is empty"
            )
        return moves

    def _ordered(self, moves, given, path):
        try:
            return tuple(moves)
        except TypeError:
            raise SearchError(
                f"order() must return the moves it was given, reordered (a list); at node "
                f"{self.name(path)} it was given {list(given)} and returned {moves!r}"
            ) from None

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
    if isinstance(depth, bool) or not isinstance(depth, numbers.Integral):
        raise TypeError(f"depth must be a whole number of moves or None, got {depth!r}")
    if depth < 0:
        raise ValueError(f"depth must be 0 or more (moves to look ahead), got {depth}")
    return int(depth)


def _check_table(table) -> bool:
    if isinstance(table, bool) or callable(table):
        return bool(table)
    raise TypeError(f"table must be True, False or a function giving a state's key "
                    f"(e.g. table=game.canonical), got {table!r}")


def _check_state(game, state):
    """``state`` if it can be a position of ``game``, else a clear error."""
    if isinstance(game, Tree):
        if not isinstance(state, Node):
            if isinstance(state, (tuple, list)):
                raise TypeError(f"state= must be a node of this tree; for the node at path "
                                f"{tuple(state)}, pass t.node({tuple(state)!r})")
            raise TypeError(f"state= must be a node of this tree, e.g. t.node((1,)), got {state!r}")
        if game._nodes.get(state.path) is not state:
            raise ValueError(f"node {state.label} belongs to another tree: pass a node of the "
                             "tree you search, e.g. t.node((1,))")
        return state
    initial = game.initial_state()
    if isinstance(state, type(initial)) or isinstance(initial, type(state)):
        return state
    kind = type(initial).__name__
    if isinstance(state, str) and callable(getattr(game, "board", None)):
        raise TypeError(f"state= must be a {kind}, not text: write game.board({state!r})")
    raise TypeError(f"state= must be a position of this game, like its initial state (a {kind}), "
                    f"got {state!r}")


def _reject(algorithm, unknown, allowed):
    name = next(iter(unknown))
    close = difflib.get_close_matches(name, allowed, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise TypeError(f"{algorithm}() has no option {name!r}{hint or '.'} "
                    f"Its options are: {', '.join(allowed)}.")

