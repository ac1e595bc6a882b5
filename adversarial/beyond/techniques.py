"""The techniques real game programs add to alpha-beta, each an option, each counted, all off by default.

:func:`engine` is alpha-beta in negamax form (the one of :func:`~adversarial.search.negamax`)
with switches:

=========================  ==================================================================
option                     what it does (counter in ``result.stats``)
=========================  ==================================================================
``fail="hard"``            return α or β instead of the best value found when it falls
                           outside the window (default ``"soft"``)
``table=``                 a :class:`TranspositionTable` (keys exact, or Zobrist); its best
                           move is tried first (``table_hits``)
``pvs=True``               principal variation search: later moves tested with a null
                           window, re-searched when the test says "better" (``researches``);
                           with ``research="narrow"`` the re-search window is (v, β), the
                           test's answer v to β, as in NegaScout (default ``"full"``: (α, β))
``lmr=LMR(...)``           late move reductions: late moves searched shallower with a null
                           window, re-searched at full depth when they surprise
                           (``reductions``, ``reduction_researches``)
``null_move=NullMove()``   pass, search R plies shallower; if even that fails high, cut;
                           optionally verified by a real shallow search (``null_tries``,
                           ``null_cutoffs``, ``verifications``, ``verification_failures``)
``quiescence=``            at the horizon, search on while ``noisy(state)``, at most ``cap``
                           plies (``extensions``)
``node_types=True``        count PV, CUT and ALL nodes, and how often the type Knuth and Moore
                           predict is the one found (``types``, ``type_agreement``)
=========================  ==================================================================

:func:`aspiration_deepening` runs iterative deepening with **aspiration windows**:
each iteration starts with a narrow window around the previous value and widens it
when the value falls outside (fail-low / fail-high re-searches counted).

Exact techniques (fail-hard, the table, PVS, aspiration windows) give the value of plain
alpha-beta. Late move reductions and null-move pruning do not, even with LMR's re-search:
a late move that looks bad when searched shallower is never searched again (notebook 10
counts how often the value changes; tests show both sides). Scores are from MAX's point of
view, as everywhere.

>>> from adversarial.games.connectfour import ConnectFour, centre_first
>>> from adversarial.games.connectfour_eval import open_windows
>>> game = ConnectFour()
>>> p = game.play("4453")
>>> plain = engine(game, p, depth=4, evaluate=open_windows, order=centre_first)
>>> fast = engine(game, p, depth=4, evaluate=open_windows, order=centre_first, pvs=True,
...               table=TranspositionTable())
>>> plain.value == fast.value, fast.stats.nodes < plain.stats.nodes
(True, True)
>>> q = game.play("47446")              # LMR, even with its re-search, changes the value here
>>> engine(game, q, depth=4, evaluate=open_windows, order=centre_first, lmr=LMR()).value != (
...     engine(game, q, depth=4, evaluate=open_windows, order=centre_first).value)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..game import MAX
from ..search import INF, SearchError, SearchResult, Stats, _reject, _Search
from .nullwindow import narrow_research

OPTIONS = ("state", "depth", "evaluate", "order", "window", "fail", "table", "pvs", "research", "lmr",
           "null_move", "quiescence", "node_types")


@dataclass
class EngineStats(Stats):
    """:class:`~adversarial.search.Stats` plus one counter per technique."""
    reductions: int = 0              # LMR: moves searched shallower
    reduction_researches: int = 0    # LMR: reduced moves that surprised, searched again at full depth
    null_tries: int = 0              # null-move: passes tried
    null_cutoffs: int = 0            # null-move: nodes cut because passing still failed high
    verifications: int = 0           # null-move: cutoffs checked by a real shallow search
    verification_failures: int = 0   # ... that the check overturned (the node was searched properly)
    extensions: int = 0              # quiescence: plies searched past the horizon
    guessed_hits: int = 0            # table hits whose value rests on an evaluation (or a null-move cut)
    types: dict = field(default_factory=lambda: {"PV": 0, "CUT": 0, "ALL": 0})   # as found
    expected: dict = field(default_factory=lambda: {"PV": 0, "CUT": 0, "ALL": 0})  # as predicted
    type_agreement: int = 0          # nodes whose found type is the predicted one
    cut_first: int = 0               # nodes found CUT that their first move refuted


# -- the options ----------------------------------------------------------------------

def _whole(name, value, low):
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ValueError(f"{name} must be a whole number, {low} or more, got {value!r}")


@dataclass(frozen=True)
class LMR:
    """Late move reductions: from the ``after``-th move on (0-based), at depth ≥ ``min_depth``,
    search ``reduction`` plies shallower with a null window; if the move beats α anyway,
    search it again at full depth (``research=False`` keeps the reduced answer: unsound)."""
    after: int = 3
    min_depth: int = 3
    reduction: int = 1
    research: bool = True

    def __post_init__(self):
        _whole("LMR after", self.after, 1)
        _whole("LMR min_depth", self.min_depth, 2)
        _whole("LMR reduction", self.reduction, 1)
        if not isinstance(self.research, bool):
            raise TypeError(f"LMR research must be True or False, got {self.research!r}")


@dataclass(frozen=True)
class NullMove:
    """Null-move pruning: let the side to move pass and search ``R`` plies shallower with the
    null window (β−, β); if it still fails high, the node is taken to fail high. With
    ``verify=True`` the cut is first confirmed by a real search of the node ``R`` plies
    shallower, with no passing below (verified null-move pruning).

    ``pass_turn(state)`` gives the position with the other side to move (default: the
    game's ``pass_turn`` method; :func:`connectfour_pass` for Connect Four)."""
    R: int = 2
    min_depth: int = 3
    verify: bool = False
    pass_turn: object = None

    def __post_init__(self):
        _whole("NullMove R", self.R, 1)
        _whole("NullMove min_depth", self.min_depth, self.R + 1)
        if not isinstance(self.verify, bool):
            raise TypeError(f"NullMove verify must be True or False, got {self.verify!r}")
        if self.pass_turn is not None and not callable(self.pass_turn):
            raise TypeError(f"NullMove pass_turn must be a function state -> state, got {self.pass_turn!r}")


@dataclass(frozen=True)
class Quiescence:
    """Search on past the horizon while ``noisy(state)`` is true, at most ``cap`` extra plies."""
    noisy: object
    cap: int = 4

    def __post_init__(self):
        if not callable(self.noisy):
            raise TypeError(f"Quiescence noisy must be a function state -> bool, got {self.noisy!r}")
        _whole("Quiescence cap", self.cap, 0)


class TranspositionTable:
    """Values found, with their bound (exact, lower, upper), per key and depth left, plus the best move.

    ``key``: ``None`` keys by the exact state; a :class:`~adversarial.beyond.zobrist.Zobrist` or
    :class:`~adversarial.beyond.zobrist.ConnectFourZobrist` keys by its number, updated
    incrementally along the search (two positions with one key then share an entry:
    a collision can give a wrong answer, which is why real programs use 64 bits).
    ``bits`` cuts a Zobrist key to fewer bits (to measure collisions). Reuse one table
    across the iterations of iterative deepening: its best moves order the next one.
    Each entry remembers whether its value rests on a guess (an evaluation at the horizon,
    a null-move cut), so deepening until the value is exact never takes an earlier
    iteration's guess for the end of the game (``stats.guessed_hits`` counts such hits).

    A table remembers what its values depend on: the game, the evaluation (and the settings of its module,
    such as ``connectfour_eval.WINDOW_POINTS``), late move reductions, null-move pruning and quiescence.
    A search that differs in any of them would read values that are not its own, so it is refused with
    a message saying what differs: give it a fresh table, or ``table.clear()`` this one.
    """

    def __init__(self, key=None, *, bits: int | None = None):
        if key is not None and not callable(getattr(key, "update", None)):
            raise TypeError("key must be None (exact states) or a Zobrist key maker with key() and "
                            f"update() (adversarial.beyond.zobrist), got {key!r}")
        if bits is not None:
            _whole("bits", bits, 1)
            if key is None:
                raise ValueError(f"bits={bits} cuts a Zobrist key, but this table keys by the exact state "
                                 "(key=None), which has no bits to cut: give a Zobrist key maker too, e.g. "
                                 f"TranspositionTable(ConnectFourZobrist(), bits={bits}), or leave bits out")
        self.zobrist, self.mask = key, None if bits is None else (1 << bits) - 1
        self.entries: dict
        self.moves: dict
        self.entries, self.moves = {}, {}
        self.made_by: dict | None = None          # what the entries depend on (see use_for)

    def clear(self) -> None:
        """Forget every entry (and what they were found with): the table is as new."""
        self.entries, self.moves, self.made_by = {}, {}, None

    def use_for(self, search: dict) -> None:
        """Check that this table's entries were found by a search like ``search`` (what its values depend
        on, name -> value); an empty table takes ``search`` as its own."""
        if self.made_by is None or not self.entries and not self.moves:
            self.made_by = dict(search)
            return
        differ = [name for name in search if not _same(self.made_by.get(name), search[name])]
        if "evaluation" in differ:          # another evaluation: its module's settings need no word
            differ = [name for name in differ if not name.startswith("the evaluation's")]
        if differ:
            said = "; ".join(_difference(name, self.made_by.get(name), search[name]) for name in differ)
            raise ValueError(f"this TranspositionTable holds values found by a different search ({said}); "
                             "its values would be wrong for this one. Give this search a fresh "
                             "TranspositionTable(), or call table.clear() first")

    def root_key(self, state):
        return state if self.zobrist is None else self.zobrist.key(state)

    def child_key(self, key, state, move, child):
        return child if self.zobrist is None else self.zobrist.update(key, state, move, child)

    def _k(self, key, depth):
        return (key if self.mask is None else key & self.mask), depth

    def get(self, key, depth):
        return self.entries.get(self._k(key, depth))

    def put(self, key, depth, value, bound, move, guessed=True):
        """Store a value; ``guessed``: it rests on an evaluation at the horizon (or a null-move
        cut), so it is not the exact game value even where no evaluation is called again."""
        self.entries[self._k(key, depth)] = (value, bound, guessed)
        if move is not None:
            self.moves[self._k(key, 0)] = move

    def best_move(self, key):
        """The best move last found at this key, whatever the depth (the 'hash move')."""
        return self.moves.get(self._k(key, 0))

    def __len__(self):
        return len(self.entries)


def _same(a, b) -> bool:
    """Equal, or two games of one kind made alike (``ConnectFour()`` twice)."""
    try:
        if a is b or a == b:
            return True
    except Exception:                       # noqa: BLE001 -- an object that cannot be compared: not the same
        return False
    try:
        return type(a) is type(b) and not callable(a) and vars(a) == vars(b)
    except (TypeError, ValueError):
        return False


def _difference(name, then, now) -> str:
    if isinstance(then, dict) and isinstance(now, dict):      # settings: name the ones that changed
        names = sorted(k for k in {*then, *now} if then.get(k) != now.get(k))
        return f"{name}: {', '.join(names)} changed"
    return f"{name}: {_said(then)} then, {_said(now)} now"


def _said(value) -> str:
    name = getattr(value, "__qualname__", None) or getattr(getattr(value, "__func__", None), "__qualname__", None)
    return name if name else repr(value)


def connectfour_pass(p):
    """The Connect Four position "after a pass" (for null-move pruning).

    Who moves is fixed by the number of discs, so a pass cannot be played on the
    board. Swapping the colours of all discs does the same job: the side to move
    (by disc count) is unchanged, but it now owns the discs of the side that
    passed's opponent. Scores are antisymmetric under the swap, so the negamax value
    of the swapped position is the value of "these discs, the opponent to move".
    """
    from ..games.connectfour import Position
    return Position(p.o, p.x, None if p.winner is None else ("O" if p.winner == "X" else "X"), None)


# Found by search among Pons' Test_L3_R1 end games: searched to the end, null-move pruning
# (R = 2, no verification) calls this drawn position (O to move) lost and plays a losing
# column; verified null-move pruning gets both right (tests/test_techniques.py checks it).
ZUGZWANG = "171231226144413625631766635232354"


def connectfour_noisy(p) -> bool:
    """Is a Connect Four position noisy: can the side to move, or the opponent, win at once?"""
    from ..games.connectfour import BOTTOM, FULL
    from ..games.connectfour_solver import winning_cells
    if p.winner:
        return False
    mask = p.x | p.o
    playable = (mask + BOTTOM) & FULL
    return bool((winning_cells(p.x, mask) | winning_cells(p.o, mask)) & playable)


# -- the search -------------------------------------------------------------------------

def engine(game, state=None, *, depth=None, evaluate=None, order=None, window=None, fail="soft",
           table=None, pvs=False, research="full", lmr=None, null_move=None, quiescence=None,
           node_types=False, trace=False, **unknown) -> SearchResult:
    """Alpha-beta (negamax form) with the techniques of real programs as options (module docstring).

    Args:
        window: the root's window ``(alpha, beta)`` from MAX's point of view (default: the
            whole line). Outside it the value is a bound (as :func:`aspiration_deepening` uses).
        fail: ``"soft"`` (return the best value found) or ``"hard"`` (clamp it into the window).

    The other arguments are as for :func:`~adversarial.search.alphabeta`.
    """
    if unknown:
        _reject("engine", unknown, OPTIONS)
    if trace is not False:
        raise TypeError("engine() does not record a trace; use alphabeta(..., trace=True) to see a search "
                        "step by step")
    s = _Search("engine", game, state, depth, evaluate, order, False, True, {})
    if s.depth == INF and (lmr is not None or null_move is not None):
        raise ValueError("late move reductions and null-move pruning reduce a depth: give depth=... "
                         "(a whole number of moves)")
    if fail not in ("soft", "hard"):
        raise ValueError(f"fail must be 'soft' or 'hard', got {fail!r}")
    for name, option, kind in (("lmr", lmr, LMR), ("null_move", null_move, NullMove),
                               ("quiescence", quiescence, Quiescence)):
        if option is not None and not isinstance(option, kind):
            raise TypeError(f"{name} must be None or a {kind.__name__}(...), got {option!r}")
    if table is not None and not isinstance(table, TranspositionTable):
        raise TypeError(f"table must be None or a TranspositionTable(...), got {table!r}")
    if not isinstance(pvs, bool) or not isinstance(node_types, bool):
        raise TypeError("pvs and node_types must be True or False")
    narrow = narrow_research(research)
    alpha0, beta0 = _check_window(window)
    pass_turn = None
    if null_move is not None:
        pass_turn = null_move.pass_turn or getattr(s.game, "pass_turn", None)
        if pass_turn is None:
            raise ValueError(f"null-move pruning needs a way to pass: NullMove(pass_turn=...) or a "
                             f"pass_turn(state) method on {s.game!r} (for Connect Four: connectfour_pass)")
    if table is not None:
        from . import settings
        table.use_for({"game": s.game, "evaluation": s.evaluate_function,
                       "the evaluation's module settings": settings.of(s.evaluate_function),
                       "lmr": lmr, "null_move": null_move, "quiescence": quiescence})
    old = s.stats
    stats = s.stats = EngineStats(order=old.order)
    game, hard = s.game, fail == "hard"

    def child_value(child, alpha, beta, depth, path, key, player, ext, null_ok):
        """A child's value for the mover at the parent (negated when the other side moves there)."""
        if game.to_move(child) == player:
            return value(child, alpha, beta, depth, path, key, ext, null_ok, "same")
        v, line = value(child, -beta, -alpha, depth, path, key, ext, null_ok, "other")
        return -v, line

    def value(state, alpha, beta, depth, path, key, ext, null_ok, kind):
        """Negamax: the value of ``state`` for the side to move, searched with window (α, β)."""
        stats.nodes += 1
        expected = kind_of(path, kind)
        player = game.to_move(state)
        sign = 1 if player == MAX else -1
        if game.is_terminal(state):
            scored[0] = True
            return clamp(sign * s.utility(state, path), alpha, beta), ()
        if depth <= 0:
            if quiescence is not None and ext < quiescence.cap and quiescence.noisy(state):
                stats.extensions += 1
                depth, ext = 1, ext + 1
            else:
                scored[0] = True
                guesses[0] += 1
                return clamp(sign * s.evaluate(state, path), alpha, beta), ()
        alpha0, guesses_before = alpha, guesses[0]
        hash_move = None
        if table is not None and depth > 0 and ext == 0:
            hash_move = table.best_move(key)
            entry = table.get(key, depth)
            if entry is not None:
                v, bound, guessed = entry
                if path and (bound == "exact" or bound == "lower" and v >= beta
                             or bound == "upper" and v <= alpha):
                    stats.table_hits += 1
                    if guessed:             # found from evaluations, maybe in an earlier search
                        stats.guessed_hits += 1
                        guesses[0] += 1
                    scored[0] = False
                    return clamp(v, alpha, beta), ((hash_move,) if hash_move is not None else ())
        if (null_move is not None and null_ok and path and depth >= null_move.min_depth
                and beta < INF):
            stats.null_tries += 1
            passed = pass_turn(state)
            v, _ = value(passed, -beta, -_below(beta), depth - 1 - null_move.R, path + ("pass",),
                         None if table is None else table.root_key(passed), ext, False, "null")
            if -v >= beta:
                confirmed = True
                if null_move.verify:
                    stats.verifications += 1
                    w, _, _ = search_moves(state, _below(beta), beta, depth - null_move.R, path, key,
                                           player, ext, False, None)
                    confirmed = w >= beta
                    stats.verification_failures += not confirmed
                if confirmed:
                    stats.null_cutoffs += 1
                    guesses[0] += 1         # passing is assumed no better than moving: a guess
                    scored[0] = False
                    return clamp(-v, alpha, beta), ()
        best, line, tried = search_moves(state, alpha, beta, depth, path, key, player, ext, null_ok,
                                         hash_move)
        if table is not None and depth > 0 and ext == 0:
            bound = "lower" if best >= beta else "upper" if best <= alpha0 else "exact"
            table.put(key, depth, best, bound, line[0] if line else None, guesses[0] > guesses_before)
        if node_types and kind != "null":
            found = "CUT" if best >= beta else "ALL" if best <= alpha0 else "PV"
            stats.types[found] += 1
            stats.expected[expected] += 1
            stats.type_agreement += found == expected
            stats.cut_first += found == "CUT" and tried == 1
        scored[0] = False
        return clamp(best, alpha0, beta), line

    def search_moves(state, alpha, beta, depth, path, key, player, ext, null_ok, hash_move):
        """The move loop: (best value, its line, how many moves were searched)."""
        moves = s.moves(state, path)
        if hash_move is not None and hash_move in moves and moves[0] != hash_move:
            moves = (hash_move,) + tuple(m for m in moves if m != hash_move)
        best, line = -INF, None
        for i, move in enumerate(moves):
            child = game.result(state, move)
            ckey = None if table is None else table.child_key(key, state, move, child)
            cpath = path + (move,)
            args = (depth - 1, cpath, ckey, player, ext, null_ok)
            reduced = (lmr is not None and i >= lmr.after and depth >= lmr.min_depth
                       and not (quiescence is not None and quiescence.noisy(child)))
            if i == 0 or not (pvs or reduced):
                v, rest = child_value(child, alpha, beta, *args)
            else:
                v = None
                if reduced:
                    stats.reductions += 1
                    v, rest = child_value(child, alpha, _above(alpha), depth - 1 - lmr.reduction, *args[1:])
                    if v > alpha and lmr.research:
                        stats.reduction_researches += 1
                        v = None                      # surprise: search it properly
                if v is None and pvs:
                    v, rest = child_value(child, alpha, _above(alpha), *args)
                    if alpha < v < beta and (hard or not scored[0]):     # a scored leaf's test is exact
                        stats.researches += 1
                        if narrow:                    # the test proved v: only (v, β) is still open
                            v, rest = child_value(child, v, beta, *args)
                        else:
                            v = None
                if v is None:
                    v, rest = child_value(child, alpha, beta, *args)
            if line is None or v > best:
                best, line = v, (move,) + rest
            if best > alpha:
                alpha = best
            if alpha >= beta:
                if i + 1 < len(moves):
                    stats.cutoffs += 1
                    stats.first_cutoffs += i == 0
                if s.notify is not None:
                    s.notify(state, move, depth)
                break
        return best, line, i + 1

    def clamp(v, alpha, beta):
        if not hard:
            return v
        return alpha if v < alpha else beta if v > beta else v

    def kind_of(path, kind):
        """The node type Knuth and Moore predict, from the parent's type and the move's rank."""
        if not node_types:
            return None
        expected = parent_types.get(path[:-1], "PV") if path else "PV"
        first = not path or first_child.setdefault(path[:-1], path[-1]) == path[-1]
        if path:
            expected = ("PV" if first else "CUT") if expected == "PV" else "ALL" if expected == "CUT" else "CUT"
        parent_types[path] = expected
        return expected

    parent_types: dict
    first_child: dict
    parent_types, first_child = {}, {}
    scored = [False]        # did the last node to return score itself (terminal or at the horizon)?
    guesses = [0]           # evaluations, null-move cuts and guessed table hits so far

    def run(root):
        sign = 1 if game.to_move(root) == MAX else -1
        a, b = (alpha0, beta0) if sign == 1 else (-beta0, -alpha0)
        key = None if table is None else table.root_key(root)
        v, line = value(root, a, b, s.depth, (), key, 0, True, "root")
        return sign * v, line

    return s.run(run)


def _above(x):
    """The next number above ``x``: (x, _above(x)) is a null window, for ints and floats alike."""
    try:
        return math.nextafter(x, INF)
    except OverflowError:       # an int beyond every float: no float lies between it and the next int
        return x + 1


def _below(x):
    try:
        return math.nextafter(x, -INF)
    except OverflowError:
        return x - 1


def _check_window(window):
    if window is None:
        return -INF, INF
    try:
        alpha, beta = window
    except (TypeError, ValueError):
        raise TypeError(f"window must be a pair (alpha, beta), got {window!r}") from None
    for name, x in (("alpha", alpha), ("beta", beta)):
        if isinstance(x, bool) or not isinstance(x, (int, float)) or x != x:
            raise TypeError(f"window {name} must be a number, got {x!r}")
    if not alpha < beta:
        raise ValueError(f"window must have alpha < beta, got ({alpha!r}, {beta!r})")
    return alpha, beta


# -- aspiration windows -------------------------------------------------------------------

@dataclass
class Aspiration:
    """A depth-limited search with aspiration windows, for ``iterative_deepening(search=...)``.

    The first call searches with the whole window; each later one with
    ``(previous − delta, previous + delta)``. A value at or below the window's
    bottom (fail-low) or at or above its top (fail-high) is only a bound: the
    window is opened on that side and the search repeated. ``fail_lows`` and
    ``fail_highs`` count the repeats; ``nodes`` every node entered, repeats included.
    Options (``pvs=``, ``table=``, ``lmr=`` ...) go to :func:`engine`.
    """
    delta: float = 0.05
    options: dict = field(default_factory=dict)
    order: object = None             # the move order when iterative deepening gives none
    fail_lows: int = 0
    fail_highs: int = 0
    nodes: int = 0
    table_hits: int = 0
    previous: float | None = None

    def __post_init__(self):
        if isinstance(self.delta, bool) or not isinstance(self.delta, (int, float)) or not self.delta > 0:
            raise ValueError(f"delta must be a positive number (the half-width of the window), got {self.delta!r}")
        _reject_bad(self.options)

    def __call__(self, game, state, *, depth, evaluate=None, order=None):
        order = order or self.order
        if self.previous is None:
            r = engine(game, state, depth=depth, evaluate=evaluate, order=order, **self.options)
            self.nodes += r.stats.nodes
            self.table_hits += r.stats.table_hits
            self.previous = r.value
            return r
        low, high = _around(self.previous, self.delta)
        spent = hits = guessed = 0
        while True:
            r = engine(game, state, depth=depth, evaluate=evaluate, order=order, window=(low, high),
                       **self.options)
            self.nodes += r.stats.nodes
            self.table_hits += r.stats.table_hits
            spent, hits = spent + r.stats.nodes, hits + r.stats.table_hits
            guessed += r.stats.guessed_hits
            if r.value <= low and low > -INF:
                self.fail_lows += 1
                low = -INF
            elif r.value >= high and high < INF:
                self.fail_highs += 1
                high = INF
            else:
                self.previous = r.value
                r.stats.nodes, r.stats.table_hits = spent, hits     # the iteration's cost: repeats included
                r.stats.guessed_hits = guessed
                return r


def _around(previous, delta):
    """The aspiration window ``(previous − delta, previous + delta)``, or the whole line where
    that is no window: an infinite previous value, or one too large for ``± delta`` to move it."""
    try:
        low, high = previous - delta, previous + delta
    except OverflowError:             # an int too large to become a float
        return -INF, INF
    if not (-INF < low < previous < high < INF):
        return -INF, INF
    return low, high


def _reject_bad(options, who="Aspiration"):
    for name in options:
        if name not in OPTIONS or name in ("state", "depth", "evaluate", "order", "window"):
            why = (" (each iteration sets its own window)" if name == "window" else
                   " (give depth-limited search max_depth=, and state/evaluate/order by name)" if name in OPTIONS
                   else "")
            raise TypeError(f"{who} options are engine() options other than state, depth, evaluate, "
                            f"order and window{why}; got {name!r}")


def aspiration_deepening(game, state=None, *, evaluate=None, max_depth=20, node_budget=None, delta=0.05,
                         order=None, order_from=None, **options):
    """Iterative deepening whose iterations use aspiration windows (:class:`Aspiration`).

    Returns ``(DeepeningResult, Aspiration)``: the second holds the re-search counts.
    """
    from .deepening import iterative_deepening
    searcher = Aspiration(delta, options, order)
    r = iterative_deepening(game, state, evaluate=evaluate, max_depth=max_depth, node_budget=node_budget,
                            order_from=order_from, search=searcher)
    return r, searcher


def deepening(game, state=None, *, evaluate=None, max_depth=20, node_budget=None, order=None, order_from=None,
              **options):
    """Iterative deepening with :func:`engine` and these options (a fresh table each iteration
    unless ``table=`` gives one to share, which is the point of a table under deepening)."""
    from .deepening import iterative_deepening
    _reject_bad(options, "deepening()")

    fixed = order

    def search(g, st, *, depth, evaluate=None, order=None):
        return engine(g, st, depth=depth, evaluate=evaluate, order=order or fixed, **options)
    search.__name__ = "engine"
    return iterative_deepening(game, state, evaluate=evaluate, max_depth=max_depth, node_budget=node_budget,
                               order_from=order_from, search=search)


__all__ = ["engine", "EngineStats", "LMR", "NullMove", "Quiescence", "TranspositionTable", "Aspiration",
           "aspiration_deepening", "deepening", "connectfour_pass", "ZUGZWANG", "connectfour_noisy", "SearchError"]
