"""Null-window searches: principal variation search (PVS) and MTD(f).

Both ask cheap yes/no questions instead of computing exact values everywhere.
The question is *"is this position worth at least γ?"*, answered by an
alpha-beta search whose window has no width (a **null window**). Its answer
``v`` is a bound that settles the question:

- ``v >= γ``: yes, and the true value is at least ``v``;
- ``v < γ``:  no, and the true value is at most ``v``.

(The strict form, *"more than γ?"*, works the same way with ``>`` and ``<=``.)
For integer scores this is the classic window (γ − 1, γ); written as a test it
is exact for any numbers, floats included.

- :func:`pvs` searches the first move of every node with a full window and
  only *tests* the others: "is it better than what I have?". Usually the answer
  is no, and a test is cheaper than a search. When the answer is yes (and the
  move is not a leaf, whose test is exact) the move is searched again (a
  **re-search**, counted in ``stats.researches``): with the full window, or,
  with ``research="narrow"``, with the window narrowed to what the test left
  open, as NegaScout does.
- :func:`mtdf` never uses a wide window: it tests the root again and again,
  each test narrowing the interval [lower, upper] that holds the value, until
  the two meet. A transposition table keeps the bounds each test learnt, so
  the next test repeats little work. ``stats.researches`` counts the tests of
  the root after the first.

>>> t = [[3, 5, 6], [1, 2, 0], [9, 7, 8]]
>>> pvs(t).value, mtdf(t).value, alphabeta(t).value
(7, 7, 7)
>>> mtdf(t, guess=0).move
2

Both return the same :class:`~adversarial.search.SearchResult` as
:func:`~adversarial.search.alphabeta`. Neither records a trace.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game import MAX, State, check_number
from ..search import INF, SearchResult, _reject, _Search, alphabeta  # noqa: F401 (alphabeta: doctest)

if TYPE_CHECKING:
    from ..search import Evaluate, GameLike, Order

PVS_OPTIONS = ("state", "depth", "evaluate", "order", "research")
RESEARCHES = ("full", "narrow")
MTDF_OPTIONS = ("state", "depth", "evaluate", "order", "guess")


def narrow_research(research: str) -> bool:
    """Whether ``research`` asks for NegaScout's narrowed re-search ("narrow") rather than PVS's ("full")."""
    if not isinstance(research, str) or research not in RESEARCHES:
        raise ValueError(f"research must be 'full' (PVS: the node's window) or 'narrow' (NegaScout: the "
                         f"window the test left open), got {research!r}")
    return research == "narrow"


def pvs(game: GameLike, state: State = None, *, depth: int | None = None, evaluate: Evaluate | None = None,
        order: Order | None = None, research: str = "full", trace: bool = False, **unknown: Any) -> SearchResult:
    """Principal variation search (or NegaScout): full window for the first move, tests for the rest.

    It pays off when the first move tried is usually the best one (good move
    ordering): then every other move only has to be shown *no better*, which a
    null-window test does with fewer nodes than an alpha-beta search.

    Args:
        game: a game, or a nested list (read as a tree with MAX at the root).
        research: the window of a re-search. ``"full"`` (the default, PVS):
            the node's window (α, β). ``"narrow"`` (NegaScout, Reinefeld
            1983): the test's answer ``v`` already proved the move is worth at
            least ``v`` at a MAX node (at most ``v`` at a MIN node), so it is
            searched again with (v, β) at MAX, (α, v) at MIN. A narrower
            window cuts more; the value is the same. One difference: when the
            move is worth exactly ``v``, the narrowed search fails low and its
            line below the move is only *a* line that scores ``v``, not
            necessarily best play; the value and the first move stay right.

    The other arguments are as for :func:`~adversarial.search.alphabeta`.

    Returns:
        The same value as alpha-beta and minimax; ``stats.researches`` counts
        the moves whose test said "better", so they were searched again,
        counted the same way with either ``research``.
        A leaf is never searched again (its test already gave its exact
        value), so this count can be lower than a textbook PVS's, which
        re-searches every move whose test fails high, leaves included: on the
        tree below a textbook PVS would also re-search the leaf 7 under the
        third child (tested against the 9 before it).

    Example:
        >>> r = pvs([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
        >>> r.value, r.pv, r.stats.researches
        (7, (2, 1), 1)
        >>> r.stats.nodes, pvs([[3, 5, 6], [1, 2, 0], [9, 7, 8]], research="narrow").stats.nodes
        (15, 14)
    """
    s = _start("pvs", game, state, depth, evaluate, order, trace, unknown, PVS_OPTIONS)
    narrow = narrow_research(research)
    test = _Tester(s, table=None)
    game, stats = s.game, s.stats

    def leaf(state, depth):          # a leaf's test already gave its exact value
        return depth == 0 or game.is_terminal(state)

    def value(state, alpha, beta, depth, path):
        """Fail-soft alpha-beta whose later moves are tested before they are searched."""
        stats.nodes += 1
        if game.is_terminal(state):
            return s.utility(state, path), ()
        if depth == 0:
            return s.evaluate(state, path), ()
        maximizing = s.player(game.to_move(state), path) == MAX      # (an error unless MAX or MIN)
        moves = s.moves(state, path)
        best, line = None, ()
        for i, move in enumerate(moves):
            child, child_path = game.result(state, move), path + (move,)
            if i == 0:
                v, rest = value(child, alpha, beta, depth - 1, child_path)
            elif maximizing:                     # is this move better than α?
                v, rest = test(child, alpha, True, depth - 1, child_path)
                if alpha < v < beta and not leaf(child, depth - 1):   # yes: search it properly
                    stats.researches += 1
                    v, rest = value(child, v if narrow else alpha, beta, depth - 1, child_path)
            else:                                # is this move worse for MAX than β?
                v, rest = test(child, beta, False, depth - 1, child_path)
                if alpha < v < beta and not leaf(child, depth - 1):
                    stats.researches += 1
                    v, rest = value(child, alpha, v if narrow else beta, depth - 1, child_path)
            if best is None or (v > best if maximizing else v < best):
                best, line = v, (move,) + rest
            if maximizing:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                stats.cutoffs += i + 1 < len(moves)
                break
        return best, line

    return s.run(lambda root: value(root, -INF, INF, s.depth, ()))


def mtdf(game: GameLike, state: State = None, *, depth: int | None = None, evaluate: Evaluate | None = None,
         order: Order | None = None, guess: float = 0, trace: bool = False, **unknown: Any) -> SearchResult:
    """MTD(f): find the value by null-window tests of the root, remembered in a table.

    Keep an interval ``lower ≤ value ≤ upper`` (at first −∞, +∞). Test the root
    at the current guess ``g``: "worth at least g?" (or, when ``g`` equals
    ``lower``, "more than g?"). A yes raises ``lower``, a no lowers ``upper``,
    and the answer is the next guess. When ``lower`` meets ``upper`` that is
    the value. A good first guess (say, the value found one ply shallower)
    means few tests.

    Args:
        guess: the first guess of the value (default 0).

    The other arguments are as for :func:`~adversarial.search.alphabeta`.

    Returns:
        The same value as alpha-beta and a best first move. The principal
        variation holds that first move only: null-window tests bound the other
        nodes' values without settling which of their moves is best.

    Example:
        >>> r = mtdf([[3, 5, 6], [1, 2, 0], [9, 7, 8]], guess=5)
        >>> r.value, r.move, r.stats.researches
        (7, 2, 1)
    """
    s = _start("mtdf", game, state, depth, evaluate, order, trace, unknown, MTDF_OPTIONS)
    g = check_number(guess, "guess")
    test = _Tester(s, table={})

    def search(root):
        lower, upper, g_ = -INF, INF, g
        move_line = last_line = ()
        tests = 0
        while lower < upper:
            strict = g_ == lower             # "more than lower?" moves the interval on
            v, line = test(root, g_, strict, s.depth, ())
            tests += 1
            passed = v > g_ if strict else v >= g_
            if passed:
                lower = v
            else:
                upper = v
            # The move that decided a passing test at a MAX root (or a failing one at a MIN
            # root) reaches a child proved as good as the bound: the best move when they meet.
            if passed == (s.game.to_move(root) == MAX) and line:
                move_line = line[:1]
            last_line = line[:1] or last_line
            g_ = v
        s.stats.researches = tests - 1
        # No such test when the root is worth the worst score there is (−∞ for MAX, +∞ for MIN):
        # then every move is that bad, and the last test's move is as good as any.
        return lower, move_line or last_line

    return s.run(search)


def _start(algorithm, game, state, depth, evaluate, order, trace, unknown, allowed):
    if unknown:
        _reject(algorithm, unknown, allowed)
    if trace is not False:
        raise TypeError(f"{algorithm}() does not record a trace; use alphabeta(..., trace=True) "
                        "to see the search step by step")
    return _Search(algorithm, game, state, depth, evaluate, order, False, True, {})


class _Tester:
    """The null-window test: is the value of ``state`` at least ``gamma`` (more than, if strict)?

    Returns ``(v, line)``. If the answer is yes (``v >= gamma``, or ``v > gamma``
    when strict) the true value is at least ``v``; if no, at most ``v``. With a
    ``table`` (a dict), bounds learnt are kept per state and depth left, and a
    stored bound that already answers the question is used instead of searching.
    """

    def __init__(self, search, table):
        self.s, self.table = search, table

    def __call__(self, state, gamma, strict, depth, path):
        s = self.s
        game, stats = s.game, s.stats
        stats.nodes += 1
        if game.is_terminal(state):
            return s.utility(state, path), ()
        if depth == 0:
            return s.evaluate(state, path), ()
        yes = (lambda v: v > gamma) if strict else (lambda v: v >= gamma)
        key = (state, depth)
        if self.table is not None and path:
            lower, upper = self.table.get(key, (-INF, INF))
            if yes(lower) or not yes(upper):
                stats.table_hits += 1
                return (lower if yes(lower) else upper), ()
        maximizing = s.player(game.to_move(state), path) == MAX      # (an error unless MAX or MIN)
        moves = s.moves(state, path)
        best, line = None, ()
        for i, move in enumerate(moves):
            v, rest = self(game.result(state, move), gamma, strict, depth - 1, path + (move,))
            if best is None or (v > best if maximizing else v < best):
                best, line = v, (move,) + rest
            if yes(best) == maximizing:          # MAX found a yes, or MIN found a no: settled
                stats.cutoffs += i + 1 < len(moves)
                break
        if self.table is not None:
            lower, upper = self.table.get(key, (-INF, INF))
            self.table[key] = (max(lower, best), upper) if yes(best) else (lower, min(upper, best))
        return best, line
