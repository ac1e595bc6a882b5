"""What the checks hand to a student's code while they run it, and the little they need.

A graded hand-in's function is handed these objects (the trees' nodes, a search with a window, a picker, a
questioner, a counting game or evaluation), can catch a :class:`Slip` raised through it, and can read the profile
function a check has set (``sys.getprofile()``, which raises no audit event); notebook 8's driver calls
:func:`at_least` itself, in its own cells. So they live alone in this module,
which imports nothing of the checks: their methods' globals lead to no check's module, no reference answer and
no hand-over signal (tools/grading_kernel.py keeps the rest out of reach). The checks import them from here.
"""

from __future__ import annotations

import math
import numbers
import random
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from fractions import Fraction

from ..games.tictactoe import TicTacToe

# -- numbers ---------------------------------------------------------------------------------------------------

def _is_bool(x) -> bool:
    return isinstance(x, bool) or (type(x).__module__ == "numpy" and type(x).__name__ in ("bool_", "bool"))


def plain_number(x):
    """``x`` as a plain ``int``, ``Fraction`` or ``float``; None when it is not one real number.

    >>> plain_number(True) is None, plain_number("7") is None, plain_number(7.5)
    (True, True, 7.5)
    >>> from decimal import Decimal; plain_number(Decimal("0.25"))
    Fraction(1, 4)
    """
    if x is None or _is_bool(x):
        return None
    if hasattr(x, "shape") and getattr(x, "shape", None) == () and hasattr(x, "item"):
        try:
            x = x.item()                         # a 0-d numpy array or a numpy scalar
        except Exception:  # noqa: BLE001
            return None
        if _is_bool(x):
            return None
    try:
        if isinstance(x, int):
            return int.__index__(x)              # the plain value, whatever the subclass's == says
        if isinstance(x, numbers.Integral):
            return int(x.__index__())
        if isinstance(x, float):
            value = float.__float__(x)
        elif isinstance(x, Fraction) or isinstance(x, numbers.Rational):
            return Fraction(int(x.numerator), int(x.denominator))
        elif isinstance(x, Decimal):
            if x.is_nan():
                return None
            return float(x) if x.is_infinite() else Fraction(x)
        elif isinstance(x, numbers.Real):
            value = float(x)
        else:
            return None
    except (TypeError, ValueError, OverflowError, ArithmeticError):
        return None
    if type(value) is not float or math.isnan(value):
        return None
    return value


class Slip(Exception):
    """Raised by a notebook's helper when it catches a known mistake of the student's code in the act
    (e.g. the same question asked again and again). Its message names the mistake in the student's terms
    and becomes the verdict's "what is off"; its ``hint`` (when given) replaces the exercise's general hint."""

    def __init__(self, message: str, hint: str | Sequence[str] | None = None):
        super().__init__(message)
        self.hint = hint


class ExerciseNode:
    """A node of the tree a student's alpha-beta searches; reading ``value`` is recorded."""

    __slots__ = ("_log", "_value", "children", "label", "path", "player")

    def __init__(self, path, player, label, value, children, log):
        self.path, self.player, self.label = path, player, label
        self._value, self.children, self._log = value, children, log

    @property
    def is_leaf(self) -> bool:
        """True at a leaf (the game is over here)."""
        return not self.children

    @property
    def value(self):
        """The score of a leaf, or the estimate of an inner node: reading it evaluates the node."""
        self._log.append(self.path)
        return self._value

    def __repr__(self) -> str:
        if self.is_leaf:
            return f"<leaf {self.label}>"
        return f"<{self.player} node {self.label}: {len(self.children)} children>"


class Search:
    """A hidden position's search with a window: ``search(alpha, beta)`` returns a fail-soft (or
    fail-hard) alpha-beta value, and every window asked is recorded."""

    def __init__(self, true, slack, hard):
        self.true, self.slack, self.hard, self.windows = true, slack, hard, []

    def __call__(self, alpha, beta):
        for name, x in (("alpha", alpha), ("beta", beta)):
            if plain_number(x) is None:       # numpy numbers of every kind are numbers too
                raise TypeError(f"search(alpha, beta) needs numbers; {name} was {x!r}")
        alpha, beta = plain_number(alpha), plain_number(beta)
        if not alpha < beta:
            raise ValueError(f"search(alpha, beta) needs alpha < beta, got ({alpha!r}, {beta!r})")
        self.windows.append((alpha, beta))
        if len(self.windows) > 20:
            raise RuntimeError("more than 20 searches: does your loop ever stop?")
        v = self.true
        if v <= alpha:
            return alpha if self.hard else max(v, alpha - self.slack)    # an upper bound, ≤ α
        if v >= beta:
            return beta if self.hard else min(v, beta + self.slack)      # a lower bound, ≥ β
        return v


class Picker:
    """``pick(moves)``: one of ``moves``, drawn from its own seeded generator; it counts its calls."""

    def __init__(self, seed: int):
        self.rng, self.calls = random.Random(seed), 0
        self.sizes: list[int] = []

    def __call__(self, moves):
        moves = tuple(moves)
        if not moves:
            raise Slip("your function asked pick to choose among no moves: a finished game has none",
                       ["a playout stops where the game is over: test for the end before choosing.",
                        "look at the loop's condition: it should stop at a terminal position, before pick is "
                        "called."])
        self.calls += 1
        self.sizes.append(len(moves))
        return moves[self.rng.randrange(len(moves))]


class Questions:
    """``is_above(a)``: a null-window search asking "is the score above a?"; it counts the questions."""

    def __init__(self, score: int, low: int, high: int, limit: int):
        self.score, self.low, self.high, self.limit = score, low, high, limit
        self.asked: list[float] = []

    def __call__(self, a):
        x = plain_number(a)            # numpy integers and floats of every kind are numbers too (issue 42)
        if x is None:
            raise Slip(f"your function asked is_above({a!r}); the question needs a number")
        self.asked.append(x)
        if len(self.asked) > self.limit:
            raise Slip(f"your function asked more than {self.limit} questions")
        return self.score > x


class CountingGame:
    """A fresh depth-aware tic-tac-toe per call, counting the moves the student's search makes."""

    def __init__(self):
        self._game = TicTacToe(depth_aware=True)
        self.expanded = 0

    def actions(self, board):
        self.expanded += 1
        return self._game.actions(board)

    def result(self, board, move):
        self.expanded += 1
        return self._game.result(board, move)

    def __getattr__(self, name):
        return getattr(self._game, name)

    def __repr__(self) -> str:
        return repr(self._game)


class Counted:
    """The evaluation handed to the student's function, counting its calls."""

    def __init__(self, evaluate):
        self.evaluate, self.calls = evaluate, 0

    def __call__(self, state):
        self.calls += 1
        return self.evaluate(state)


# -- profile functions a check sets while the student's code runs --------------------------------------------

def watch(forbid: Iterable[Callable]):
    """A profile function recording the first call of any ``forbid`` function, and the codes it watches."""
    codes = {}
    for f in forbid:
        code = getattr(f, "__code__", None)
        if code is not None:
            codes[code] = getattr(f, "__name__", "function")
    seen: list = []

    def profile(frame, event, arg):
        if event == "call" and not seen and frame.f_code in codes:
            seen.append(codes[frame.f_code])
    return profile, seen, codes


class TooManyCalls(BaseException):
    """Raised inside the student's function when it goes over a call budget (a BaseException: an
    ``except Exception`` in the student's code does not swallow it)."""


def budget_profile(budget: int):
    """A profile function that counts Python calls and raises :class:`TooManyCalls` past ``budget``."""
    calls = 0

    def profile(frame, event, arg):
        nonlocal calls
        if event == "call":
            calls += 1
            if calls > budget:
                raise TooManyCalls
    return profile


# -- Notebook 8's MTD(f) driver calls at_least itself: it lives here, beside no check -----------------

class AskedAgain(Slip):
    """Notebook 8's ``at_least`` raises this when an MTD(f) driver asks it the same question ``times`` times
    in a row: the interval cannot move, so the driver would loop for ever. ``yes``: the answer was yes (the
    trap of asking "at least lower?" when the guess equals ``lower``)."""

    def __init__(self, gamma, yes: bool, times: int):
        question = f'"is the value at least {gamma}?"'
        if yes:
            super().__init__(
                f"your driver asked {question} {times} times in a row. After the first yes that answer was "
                f"already known, so each new test said yes again and the interval [lower, upper] never moved: "
                f"when the guess equals lower, ask at lower + 1 (is the value more than lower?)",
                hint="a test is worth asking only if its answer is not known yet: a yes at γ moves lower up "
                     "to the bound; the next question must be above lower.")
        else:
            super().__init__(
                f"your driver asked {question} {times} times in a row and got the same no each time, so the "
                f"interval [lower, upper] never moved: the next question must come from the bound the last "
                f"test returned",
                hint="after a no, upper drops to the returned bound; ask next at that bound, not at the old γ.")


class _Questions:
    """What ``at_least`` was asked: every (γ, bound) since the last reset, and how often in a row."""

    def __init__(self):
        self.reset()

    def reset(self, budget: int | None = None):
        self.asked: list = []
        self.last, self.repeats, self.budget = None, 0, budget


QUESTIONS = _Questions()


def _null_test(spec, gamma, maximising):
    if not isinstance(spec, list):
        return spec
    best = None
    for child in spec:
        v = _null_test(child, gamma, not maximising)
        if best is None or (v > best if maximising else v < best):
            best = v
        if (best >= gamma) == maximising:      # MAX found a yes, or MIN found a no: settled
            break
    return best


def at_least(spec, gamma, maximising=True):
    """Notebook 8's null-window test of a nested list: "is the value at least γ?", answered with a fail-soft
    bound ``v`` (``v >= gamma``: the value is at least ``v``; otherwise it is at most ``v``).

    A driver that asks the same question 50 times in a row is stopped with :class:`AskedAgain`, which says
    why; during :func:`check_mtdf_driver` every question is recorded.

    >>> at_least([[1, 4], [6, 2]], 2), at_least([[1, 4], [6, 2]], 5)   # value 2: yes with bound 2; no, bound 2
    (2, 2)
    """
    if plain_number(gamma) is None:
        raise TypeError(f"at_least(spec, gamma): gamma is {gamma!r}, not a number: the question is \"is the "
                        "value at least this number?\"")
    v = _null_test(spec, gamma, maximising)
    q = QUESTIONS
    question = (id(spec), gamma)
    q.repeats = q.repeats + 1 if q.last == question else 1
    q.last = question
    if q.budget is not None:
        q.asked.append((gamma, v))
        if len(q.asked) > q.budget:
            raise Slip(f"your driver asked more than {q.budget} questions on one tree without stopping: does the "
                       "interval [lower, upper] shrink after every test, and does the loop end when they meet?")
    if q.repeats >= 50:               # a driver stuck on one question: stop it and say why
        raise AskedAgain(gamma, yes=v >= gamma, times=q.repeats)
    return v
