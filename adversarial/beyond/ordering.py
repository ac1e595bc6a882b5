"""Move-ordering policies: which move should alpha-beta try first?

A policy is a function ``order(state, moves)`` that returns the same moves in the
order to try them; pass it as ``order=`` to :func:`~adversarial.search.alphabeta`
(or ``minimax``/``negamax``). Its name shows in ``result.stats.order``:

>>> from adversarial import alphabeta, tree
>>> t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
>>> [alphabeta(t, order=o).stats.leaves for o in (as_given, worst_first(t), best_first(t))]
[7, 9, 5]
>>> alphabeta(t, order=best_first(t)).stats.order
'best first (oracle)'

Three kinds of policy:

- **fixed**: :func:`as_given`, :func:`reversed_order`, :func:`shuffled` (seeded),
  and static heuristics from a score per move (:func:`static`, e.g.
  :data:`tictactoe_centre_first`);
- **oracles** for experiments only: :func:`best_first` and :func:`worst_first`
  sort by the exact minimax value of each child, which a real program cannot know
  without doing the search it is trying to speed up;
- **learning** policies that real engines use: :class:`Killers`,
  :class:`History` and :class:`HashMove`. The search tells them which move caused
  each cutoff (their ``cutoff(state, move, depth)`` method), and they try such
  moves early next time. Each wraps a ``base`` order, so they stack:
  ``HashMove(Killers(History(tictactoe_centre_first)))``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ..game import MAX
from ..tree import as_game


class OrderError(ValueError):
    """An ordering policy was built wrongly: the message says how to fix it."""


# -- fixed orders -----------------------------------------------------------------

def as_given(state, moves):
    """The moves in the order the game lists them (what the search does with no ``order``)."""
    return moves


as_given.name = "as given"  # type: ignore[attr-defined]


def reversed_order(state, moves):
    """The moves last to first.

    >>> reversed_order(None, (0, 1, 2))
    [2, 1, 0]
    """
    return list(reversed(moves))


reversed_order.name = "reversed"  # type: ignore[attr-defined]


def shuffled(seed: int):
    """A random order, the same every time for the same ``seed``.

    >>> order = shuffled(1)
    >>> order(None, range(5)), order(None, range(5))
    ([2, 3, 4, 0, 1], [0, 2, 1, 4, 3])
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OrderError(f"shuffled(seed) needs a whole-number seed, got {seed!r}")
    rng = random.Random(seed)

    def order(state, moves):
        moves = list(moves)
        rng.shuffle(moves)
        return moves

    order.name = f"random (seed {seed})"  # type: ignore[attr-defined]
    return order


def static(score: Callable, name: str):
    """A fixed heuristic: try moves with a higher ``score(state, move)`` first (ties keep their order).

    >>> odd_first = static(lambda state, move: move % 2, "odd first")
    >>> odd_first(None, (0, 1, 2, 3))
    [1, 3, 0, 2]
    """
    if not callable(score):
        raise OrderError(f"static(score, name) needs a function score(state, move), got {score!r}")

    def order(state, moves):
        return sorted(moves, key=lambda move: -score(state, move))

    order.name = name  # type: ignore[attr-defined]
    return order


# Tic-tac-toe cells 0..8: the centre is on 4 lines, a corner on 3, an edge on 2.
_TICTACTOE_LINES = (3, 2, 3, 2, 4, 2, 3, 2, 3)
tictactoe_centre_first = static(lambda board, cell: _TICTACTOE_LINES[cell], "centre, corners, edges")


# Connect Four columns 1..7: the middle column (4) first, then outwards.
connectfour_centre_first = static(lambda position, column: -abs(column - 4), "centre first")


# -- oracles ----------------------------------------------------------------------

class _Oracle:
    """Sorts moves by the exact minimax value of the child they lead to (values remembered).

    With ``quick=True`` children of equal value are sorted by how soon the game ends under
    best play (fewest moves first): the same values, a cheaper proof first.
    """

    def __init__(self, game, best: bool, quick: bool = False):
        self.game = as_game(game)
        self.best, self.quick = best, quick
        self.name = ("best first, quickest end first (oracle)" if quick
                     else "best first (oracle)" if best else "worst first (oracle)")
        self.values: dict = {}
        self.lengths: dict = {}

    def length(self, state):
        """How many moves the game lasts from ``state`` when both sides play a best move that
        ends it soonest (remembered)."""
        known = self.lengths.get(state)
        if known is None:
            game = self.game
            if game.is_terminal(state):
                known = 0
            else:
                value = self.value(state)
                children = [game.result(state, m) for m in game.actions(state)]
                known = 1 + min(self.length(c) for c in children if self.value(c) == value)
            self.lengths[state] = known
        return known

    def value(self, state):
        """The exact minimax value of ``state`` (searched once, then remembered)."""
        known = self.values.get(state)
        if known is None:
            game = self.game
            if game.is_terminal(state):
                known = game.utility(state)
            else:
                children = [self.value(game.result(state, m)) for m in game.actions(state)]
                known = max(children) if game.to_move(state) == MAX else min(children)
            self.values[state] = known
        return known

    def __call__(self, state, moves):
        # The side to move likes high values if it is MAX: best first puts them first.
        high_first = (self.game.to_move(state) == MAX) == self.best
        moves = sorted(moves, key=lambda m: self.value(self.game.result(state, m)),
                       reverse=high_first)
        if self.quick:      # stable: equal lengths keep their value order
            moves = sorted(moves, key=lambda m: (-self.value(self.game.result(state, m))
                                                 if high_first else
                                                 self.value(self.game.result(state, m)),
                                                 self.length(self.game.result(state, m))))
        return moves


def best_first(game):
    """An oracle: at every node try the move with the best exact minimax value first.

    It knows the answer before the search starts (it runs full minimax once, lazily),
    so it is for experiments only: it shows the fewest leaves any order can reach.

    >>> from adversarial import alphabeta, tree
    >>> t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    >>> best_first(t)(t.root, (0, 1, 2))
    [2, 0, 1]
    """
    return _Oracle(game, best=True)


def quickest_first(game):
    """An oracle like :func:`best_first`, but among children of the same value it tries first
    the one whose game ends soonest under best play: a quick win before a slow win of the
    same value, so the proof that refutes a move is short.

    >>> from adversarial import alphabeta, tree
    >>> t = tree([[[1, 1], [1, 1]], 1])        # two ways to win 1: a long one listed first
    >>> best_first(t)(t.root, (0, 1)), quickest_first(t)(t.root, (0, 1))
    ([0, 1], [1, 0])
    """
    return _Oracle(game, best=True, quick=True)


def worst_first(game):
    """An oracle: at every node try the move with the worst exact minimax value first.

    >>> from adversarial import alphabeta, tree
    >>> t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    >>> alphabeta(t, order=worst_first(t)).stats.leaves     # every leaf
    9
    """
    return _Oracle(game, best=False)


# -- learning policies: told of cutoffs by the search ------------------------------

def plies_played(state) -> int:
    """How many moves led to ``state``, for trees, tic-tac-toe and Connect Four.

    Killer moves are kept per ply (moves from the start), so :class:`Killers` needs
    this; for another game pass ``ply=`` a function of a state.
    """
    if hasattr(state, "path"):                 # a node of an explicit tree
        return len(state.path)
    if hasattr(state, "empty") and hasattr(state, "cells"):   # a tic-tac-toe board
        return len(state.cells) - len(state.empty)
    if hasattr(state, "mask"):                 # a Connect Four position: one bit per disc
        return state.mask.bit_count()
    if isinstance(state, tuple) and len(state) == 2 and isinstance(state[0], int):
        return state[0]                        # a UniformTree state: (level, index)
    raise OrderError(f"cannot tell how many moves led to {state!r}; pass ply=... a function "
                     "of a state returning that number")


class _Learner:
    """A policy that reorders its ``base`` order and passes cutoff news on to it."""

    label = ""

    def __init__(self, base=None):
        if base is not None and not callable(base):
            raise OrderError(f"base must be an order function or None, got {base!r}")
        self.base = base
        base_name = getattr(base, "name", None) or getattr(base, "__name__", None)
        self.name = self.label + (f" + {base_name}" if base is not None else "")
        self._pass_on = getattr(base, "cutoff", None)

    def __call__(self, state, moves):
        moves = list(self.base(state, moves) if self.base is not None else moves)
        favourites = [m for m in self.favourites(state) if m in moves]
        return favourites + [m for m in moves if m not in favourites]

    def cutoff(self, state, move, depth):
        self.learn(state, move, depth)
        if self._pass_on is not None:
            self._pass_on(state, move, depth)


class Killers(_Learner):
    """Killer moves: the last ``slots`` moves that caused a cutoff at the same ply are tried first.

    A move that refuted one position often refutes its siblings too (in Connect Four,
    "block that column").

    >>> from adversarial import alphabeta, tree
    >>> k = Killers()
    >>> r = alphabeta(tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]]), order=k)
    >>> k.killers                      # at ply 1, move 0 refuted node B
    {1: [0]}
    """

    label = "killers"

    def __init__(self, base=None, *, slots: int = 2, ply: Callable = plies_played):
        super().__init__(base)
        if isinstance(slots, bool) or not isinstance(slots, int) or slots < 1:
            raise OrderError(f"slots must be a whole number ≥ 1, got {slots!r}")
        self.killers: dict
        self.slots, self.ply, self.killers = slots, ply, {}

    def favourites(self, state):
        return self.killers.get(self.ply(state), ())

    def learn(self, state, move, depth):
        slot = self.killers.setdefault(self.ply(state), [])
        if move in slot:
            slot.remove(move)
        slot.insert(0, move)          # the most recent killer first
        del slot[self.slots:]


class History(_Learner):
    """The history heuristic: every move that causes a cutoff scores depth² (1 without a
    depth limit); moves are tried highest score first, whatever the position.

    >>> h = History()
    >>> h.cutoff(None, 3, 2); h.cutoff(None, 5, 1)
    >>> h(None, [1, 3, 5])
    [3, 5, 1]
    """

    label = "history"

    def __init__(self, base=None):
        super().__init__(base)
        self.scores = {}

    def __call__(self, state, moves):
        moves = list(self.base(state, moves) if self.base is not None else moves)
        return sorted(moves, key=lambda m: -self.scores.get(m, 0))

    def learn(self, state, move, depth):
        self.scores[move] = self.scores.get(move, 0) + (1 if math.isinf(depth) else depth * depth)


class HashMove(_Learner):
    """The best move found earlier for this very position, tried first.

    It remembers the move that caused a cutoff at each position, and the principal
    variation of a finished search (:meth:`remember`). Under iterative deepening the
    search to depth d then starts with what depth d - 1 found: the
    previous-iteration / transposition-table best move of real engines.
    """

    label = "hash move"

    def __init__(self, base=None):
        super().__init__(base)
        self.best = {}

    def favourites(self, state):
        move = self.best.get(state)
        return () if move is None else (move,)

    def learn(self, state, move, depth):
        self.best[state] = move

    def remember(self, game, state, pv):
        """Store the moves of principal variation ``pv`` played from ``state``."""
        for move in pv:
            self.best[state] = move
            state = game.result(state, move)
