"""Evaluation functions for Connect Four: a guess at the score where the search stops.

Every function here takes a :class:`~adversarial.games.connectfour.Position` and
returns a score from MAX's (X's) point of view. At a finished game it returns the
true utility (``±(22 − stones the winner played)`` or 0), so a search never mistakes
a guess for a result; before the end it returns a number strictly between −1 and 1,
so a guess never outranks a real win (which scores at least 1).

>>> from adversarial import alphabeta
>>> from adversarial.games.connectfour import ConnectFour
>>> game = ConnectFour()
>>> p = game.play("445")
>>> open_windows(p) > 0, centre_control(p) > 0      # X holds more of the centre and more windows
(True, True)
>>> alphabeta(game, game.play("4455"), depth=2, evaluate=open_windows).move   # X threatens in row 1
3

- :func:`no_evaluation`: 0 until the game ends, a searcher that sees only wins within its horizon;
- :func:`centre_control`: each disc counts the number of four-in-a-row *windows* through
  its cell (3 at a corner, 13 in the middle), mine minus yours — cheap, knows nothing of threats;
- :func:`open_windows`: windows still open for one player only, weighted by how full they are
  (2 discs: 1 point, 3 discs: 8 points), mine minus yours;
- :func:`with_threats`: wraps an evaluation in a *threat extension* (a quiescence search for
  Connect Four): at the horizon, it plays out forced moves — an immediate win, a block of the
  opponent's single threat, a loss to two threats — before trusting the static guess.
"""

from __future__ import annotations

import functools

from .connectfour import BOTTOM, FULL, HEIGHT, WIDTH, ConnectFour, Position, bit
from .connectfour_solver import winning_cells

_GAME = ConnectFour()
CELLS = WIDTH * HEIGHT


def _windows() -> tuple:
    """The 69 windows of four cells in a line, each a bitboard."""
    found = []
    for c in range(WIDTH):
        for r in range(HEIGHT):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(c + k * dc, r + k * dr) for k in range(4)]
                if all(0 <= cc < WIDTH and 0 <= rr < HEIGHT for cc, rr in cells):
                    found.append(sum(bit(cc, rr) for cc, rr in cells))
    return tuple(found)


WINDOWS = _windows()
# How many windows pass through each cell: 3 in a corner, 13 at the centre.
CELL_WEIGHTS = {(c, r): sum(1 for w in WINDOWS if w & bit(c, r)) for c in range(WIDTH) for r in range(HEIGHT)}
_CELL_BITS = {(c, r): bit(c, r) for c in range(WIDTH) for r in range(HEIGHT)}
WINDOW_POINTS = (0, 0, 1, 8)                          # points for a window holding 0, 1, 2, 3 of my discs
# Both evaluations read CELL_WEIGHTS and WINDOW_POINTS when they are called, so a student who changes one
# (connectfour_eval.WINDOW_POINTS = (0, 1, 4, 9)) changes every later evaluation. The scales divide by one more
# than the most one side could score (centre_control: all weights; open_windows: every window at three discs).


def _finished(p: Position):
    """The true utility if the game is over, else ``None``."""
    if p.winner or p.count == CELLS:
        return _GAME.utility(p)
    return None


def no_evaluation(p: Position) -> float:
    """0 for every unfinished position: the search sees only the wins within its horizon.

    >>> no_evaluation(ConnectFour().play("4")), no_evaluation(ConnectFour().play("1212121"))
    (0, 18)
    """
    done = _finished(p)
    return 0 if done is None else done


def centre_control(p: Position) -> float:
    """Discs weighted by how many windows pass through their cells, X's minus O's, scaled into (−1, 1).

    >>> round(centre_control(ConnectFour().play("4")), 3)      # the centre cell of the bottom row: 7
    0.025
    """
    done = _finished(p)
    if done is not None:
        return done
    by_bit, total = _weights()
    score = 0
    for b, weight in by_bit:
        if p.x & b:
            score += weight
        elif p.o & b:
            score -= weight
    return score / total


_WEIGHTS: dict = {"weights": None, "by_bit": (), "total": 1}


def _weights() -> tuple:
    """CELL_WEIGHTS as (cell bit, weight) pairs and their total plus one, made again only when it changed."""
    if _WEIGHTS["weights"] != CELL_WEIGHTS:             # one comparison of two dicts: cheap
        _WEIGHTS.update(weights=dict(CELL_WEIGHTS), total=sum(CELL_WEIGHTS.values()) + 1,
                        by_bit=tuple((_CELL_BITS[cell], weight) for cell, weight in CELL_WEIGHTS.items()))
    return _WEIGHTS["by_bit"], _WEIGHTS["total"]


def open_windows(p: Position) -> float:
    """Windows that only one player can still complete, by how full they are, X's minus O's, in (−1, 1).

    >>> open_windows(ConnectFour().play("44")) == 0     # one disc each in the same column: even
    True
    """
    done = _finished(p)
    if done is not None:
        return done
    return _window_score(p.x, p.o, tuple(WINDOW_POINTS))


# A search meets the same position again and again by other move orders (at depth 6, about two calls in
# three), so each position's score is kept: it depends on the two bitboards and the points alone.
@functools.lru_cache(maxsize=1 << 17)
def _window_score(x: int, o: int, points: tuple) -> float:
    score = 0
    for w in WINDOWS:
        if not w & o:
            score += points[(w & x).bit_count()]
        elif not w & x:
            score -= points[(w & o).bit_count()]
    return score / (len(WINDOWS) * points[3] + 1)


def with_threats(evaluate, plies: int = 8):
    """``evaluate`` with a threat extension: forced moves are played out before the static guess.

    At the position to score, for the side to move:

    1. a move that wins at once → that win's true score;
    2. the opponent has two cells where they would win → a loss (only one can be blocked);
    3. the opponent has one → the block is forced: play it and look again (at most ``plies`` times);
    4. otherwise the position is *quiet*: return ``evaluate(position)``.

    The result is an evaluation function like the others, so a depth-limited search uses it
    unchanged: ``alphabeta(game, p, depth=3, evaluate=with_threats(open_windows))``.

    >>> p = ConnectFour().play("445566")        # X to move and win in row 1
    >>> open_windows(p) < 1 <= with_threats(open_windows)(p)
    True
    """
    if isinstance(plies, bool) or not isinstance(plies, int) or plies < 0:
        raise ValueError(f"plies must be a whole number of forced moves, 0 or more, got {plies!r}")

    def extended(p: Position) -> float:
        for _ in range(plies + 1):
            done = _finished(p)
            if done is not None:
                return done
            mask = p.x | p.o
            mine, theirs = (p.x, p.o) if p.count % 2 == 0 else (p.o, p.x)
            sign = 1 if p.count % 2 == 0 else -1                # MAX's view of the side to move
            playable = (mask + BOTTOM) & FULL
            if winning_cells(mine, mask) & playable:
                return sign * (22 - (mine.bit_count() + 1))
            threats = winning_cells(theirs, mask) & playable
            if threats & (threats - 1):
                return -sign * (22 - (theirs.bit_count() + 1))
            if not threats or _ == plies:
                break
            column = (threats.bit_length() - 1) // (HEIGHT + 1) + 1
            p = _GAME.result(p, column)
        return evaluate(p)

    extended.__name__ = f"with_threats({getattr(evaluate, '__name__', 'evaluate')})"
    extended.__doc__ = f"{extended.__name__}: forced moves played out (up to {plies}), then the static guess."
    return extended


__all__ = ["no_evaluation", "centre_control", "open_windows", "with_threats", "WINDOWS", "CELL_WEIGHTS"]
