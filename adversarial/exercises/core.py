"""Check helpers for the notebooks' exercises: an answer in, a verdict and a hint out.

Every check returns a :class:`Verdict`, which shows as a coloured box in Jupyter
and as one line of text elsewhere, and is truthy when the answer is right.

>>> check_value(7, 7, hint="Take the largest of the MIN values.")
✓ Right: 7.
>>> check_value(3, 7, hint="Take the largest of the MIN values.")
✗ Not yet: you answered 3. Hint: Take the largest of the MIN values.
>>> check_value(..., 7, hint="Take the largest of the MIN values.")
✗ Not answered yet: replace the ... with your answer and run the cell again.

The checks cannot be fooled by answers that only look right: an answer must be a
real number of the right kind (not ``True``, not ``"7"``, not ``7+0j``, not an
array, not an object that claims to equal everything); a student's function gets
a fresh copy of every case (changing it is reported), runs on cases drawn afresh
at every check (the seed is printed on failure, so the run can be repeated), and
a yes/no rule is probed on both sides of every boundary, as close as you like.
"""

from __future__ import annotations

import copy
import html
import math
import numbers
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

NOT_ANSWERED = "Not answered yet: replace the ... with your answer and run the cell again."
NOT_WRITTEN = ("Not answered yet: write the function's body in the cell above (replace the ...), "
               "run that cell, then run this check again.")


@dataclass(frozen=True)
class Verdict:
    """The result of a check: right or not, and what to say to the student.

    ``figure`` (optional) is a drawing shown under the message in Jupyter, e.g.
    the smallest tree on which a student's function goes wrong.
    """
    ok: bool
    message: str
    figure: Any = field(default=None, compare=False, repr=False)

    def __bool__(self) -> bool:
        return self.ok

    @property
    def answered(self) -> bool:
        """False when the exercise has not been attempted yet (a stub)."""
        return not self.message.startswith("Not answered yet")

    def __repr__(self) -> str:
        return ("✓ " if self.ok else "✗ ") + self.message

    def _repr_html_(self) -> str:
        colour, mark = ("#1b7a3a", "✓") if self.ok else ("#b3261e", "✗")
        text = html.escape(self.message).replace("\n", "<br>")
        picture = ""
        if self.figure is not None:
            try:
                picture = f'<div style="margin-top:6px">{self.figure._repr_svg_()}</div>'
            except Exception:  # noqa: BLE001 (no layout program: the message alone says it all)
                picture = ""
        return (f'<div class="adversarial-verdict" style="border-left:6px solid {colour};'
                f'padding:4px 10px;margin:4px 0"><b style="color:{colour}">{mark}</b> '
                f'{text}{picture}</div>')


def right(what: str) -> Verdict:
    """A ✓ verdict saying what was right."""
    return Verdict(True, f"Right: {what}.")


def wrong(what: str, hint: str, figure=None) -> Verdict:
    """A ✗ verdict: what is off, then the hint."""
    return Verdict(False, f"Not yet: {what}. Hint: {hint}", figure)


def not_answered(function: bool = False) -> Verdict:
    """The verdict for a stub: says nothing about the answer."""
    return Verdict(False, NOT_WRITTEN if function else NOT_ANSWERED)


def unanswered(answer) -> bool:
    """Is ``answer`` still the stub (``...`` or ``None``)?"""
    return answer is ... or answer is None


# -- what kind of thing an answer is ---------------------------------------------

def number_problem(answer, what: str = "a number") -> str | None:
    """Why ``answer`` is not a single real number, in words a student can act on; None if it is.

    >>> number_problem(7) is None, number_problem(2.5) is None
    (True, True)
    >>> number_problem(True)
    'True is a bool (yes/no), not a number: write 1 or 0 instead'
    >>> number_problem("7")
    "'7' is text (a string), not a number: write it without quotes"
    """
    from ..search import (
        SearchResult,  # here, so the checks load without the search core
    )
    if isinstance(answer, bool):
        return f"{answer!r} is a bool (yes/no), not a number: write 1 or 0 instead"
    if isinstance(answer, SearchResult):
        return ("that is the whole search result; the number is one of its parts: write .value for the "
                "value, .move for the move, .stats.nodes or .stats.leaves for a count")
    if isinstance(answer, (str, bytes)):
        return f"{answer!r} is text (a string), not a number: write it without quotes"
    if isinstance(answer, complex) or (isinstance(answer, numbers.Complex)
                                       and not isinstance(answer, numbers.Real)):
        return f"{answer!r} is a complex number; give a plain real number like 7 or 2.5"
    if isinstance(answer, numbers.Real):
        try:
            if math.isnan(float(answer)):
                return "that is NaN (not a number); give a real number"
        except (TypeError, ValueError, OverflowError):
            return f"{answer!r} cannot be read as a number"
        return None
    if hasattr(answer, "shape") or isinstance(answer, (list, tuple, set, frozenset, dict)):
        return (f"{_short(answer)} is a collection ({type(answer).__name__}), not a single number: "
                f"give {what} on its own")
    return f"{_short(answer)} is a {type(answer).__name__}, not a number: give {what}"


def _short(x, limit: int = 60) -> str:
    try:
        text = repr(x)
    except Exception:  # noqa: BLE001
        text = f"<{type(x).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _is_number(x) -> bool:
    return not isinstance(x, bool) and isinstance(x, numbers.Real)


def same(answer, expected) -> bool:
    """Strict equality for checking: kinds must match (no True for 1, no "7" for 7).

    Numbers compare with a tiny tolerance; lists and tuples element by element;
    anything else only when it is of the expected type and the expected value
    says it is equal (so an object whose ``__eq__`` always says yes gains nothing).
    """
    if _is_number(expected):
        return number_problem(answer) is None and math.isclose(
            float(answer), float(expected), rel_tol=1e-9, abs_tol=1e-12)
    if isinstance(expected, (list, tuple)):
        return (isinstance(answer, (list, tuple)) and len(answer) == len(expected)
                and all(same(a, e) for a, e in zip(answer, expected)))
    if isinstance(expected, (set, frozenset)):
        return (isinstance(answer, (set, frozenset, list, tuple))
                and _normal_set(answer) == _normal_set(expected))
    if type(answer) is not type(expected):
        return False
    try:
        return bool(expected == answer)
    except Exception:  # noqa: BLE001
        return False


def _normal(x):
    """A hashable stand-in that keeps kinds apart (True and 1 differ; 1 and 1.0 do not)."""
    if isinstance(x, bool):
        return ("bool", x)
    if _is_number(x):
        return ("number", float(x))
    if isinstance(x, (list, tuple)):
        return ("seq", tuple(_normal(e) for e in x))
    return (type(x).__name__, x)


def _normal_set(items) -> set:
    return {_normal(x) for x in items}


def _mismatch(answer, expected, *, move=None, value=None) -> str:
    """What is off with ``answer`` in words; specific when the mistake is a known one."""
    if _is_number(expected):
        problem = number_problem(answer)
        if problem:
            return problem
    if move is not None and same(answer, move) and not same(answer, expected):
        return (f"you answered {_short(answer)}, which is the best move (a child index), "
                "but the question asks for the value (the score)")
    if value is not None and same(answer, value) and not same(answer, expected):
        return (f"you answered {_short(answer)}, which is the value of the position (a score), "
                "but the question asks for the move (which child to play: 0, 1, ...)")
    return f"you answered {_short(answer)}"


# -- the checks --------------------------------------------------------------------

def check_value(answer: Any, expected: Any, *, hint: str, move: Any = None) -> Verdict:
    """Is ``answer`` equal to ``expected``, and of the same kind?

    Args:
        answer: the student's answer.
        expected: the right answer (computed by the notebook, never typed in).
        hint: what to think about when the answer is wrong.
        move: when ``expected`` is a value and the position's best move is known,
            pass it so that answering the move gets a hint saying so.

    >>> check_value(True, 1, hint="h")
    ✗ Not yet: True is a bool (yes/no), not a number: write 1 or 0 instead. Hint: h
    """
    if unanswered(answer):
        return not_answered()
    if same(answer, expected):
        return right(_short(answer))
    return wrong(_mismatch(answer, expected, move=move), hint)


def check_move(answer: Any, expected: Any, *, hint: str, value: Any = None,
               moves: Iterable | None = None) -> Verdict:
    """Is ``answer`` the right move? Like :func:`check_value`, with hints for moves.

    Args:
        value: the position's value; answering it gets a hint that it is not a move.
        moves: the legal moves; an answer outside them is said to be no move at all.

    >>> check_move(7, 2, value=7, moves=[0, 1, 2], hint="h")  # doctest: +ELLIPSIS
    ✗ Not yet: you answered 7, which is the value of the position (a score), but ...
    """
    if unanswered(answer):
        return not_answered()
    if same(answer, expected):
        return right(f"move {_short(answer)}")
    from ..search import SearchResult
    if isinstance(answer, SearchResult):
        return wrong("that is the whole search result; the move is its .move", hint)
    if _is_number(expected) and number_problem(answer, "a move"):
        return wrong(number_problem(answer, "a move").replace("a number", "a move number"), hint)
    if value is not None and same(answer, value):
        return wrong(_mismatch(answer, expected, value=value), hint)
    if moves is not None:
        moves = list(moves)
        if not any(same(answer, m) for m in moves):
            return wrong(f"{_short(answer)} is not a legal move here; the moves are "
                         + ", ".join(map(repr, moves)), hint)
    return wrong(f"you answered {_short(answer)}", hint)


def check_set(answer: Iterable, expected: Iterable, *, hint: str, name: str = "items") -> Verdict:
    """Does ``answer`` hold exactly the ``expected`` items, in any order?

    Items must be of the expected kind: ``{True}`` is not ``{1}``.

    >>> check_set({4, 6}, {6, 4}, hint="h", name="leaves")
    ✓ Right: 4, 6.
    """
    if unanswered(answer):
        return not_answered()
    if isinstance(answer, (str, bytes, dict)) or not hasattr(answer, "__iter__"):
        return wrong(f"{_short(answer)} is not a set of {name}: write them like {{4, 6}}", hint)
    given, wanted = list(answer), list(expected)
    if wanted and all(_is_number(w) for w in wanted):
        for item in given:
            problem = number_problem(item)
            if problem:
                return wrong(f"one of your {name}: {problem}", hint)
    extra = [g for g in given if not any(same(g, w) for w in wanted)]
    missing = [w for w in wanted if not any(same(g, w) for g in given)]
    if not extra and not missing:
        return right(", ".join(map(repr, sorted(set(wanted), key=repr))) or "none")
    parts = []
    if extra:
        parts.append("not these: " + ", ".join(sorted(set(map(_short, extra)))))
    if missing:
        parts.append(f"{len(missing)} missing")
    return wrong(f"your {name} are off ({'; '.join(parts)})", hint)


class CheckOptionError(TypeError):
    """A check was called with an option it cannot use; the message says which and how to fix it."""


def check_options(seed, n) -> None:
    """Refuse a ``seed`` that is not a whole number (or None) and an ``n`` that is not a count."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise CheckOptionError(f"seed must be a whole number (or None for a fresh one), got {seed!r}")
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise CheckOptionError(f"n must be a whole number of cases, 0 or more, got {n!r}")


def draw_seed() -> int:
    """A fresh seed for one run of a check (reported on failure, so it can be repeated)."""
    return random.SystemRandom().randrange(1, 1_000_000)


def run_student(fn: Callable, *args):
    """Call the student's function on copies of ``args``.

    Returns ``(result, error, changed)``: ``error`` is the exception the function
    raised (or None), ``changed`` is True when it modified its input.
    """
    given = copy.deepcopy(args)
    pristine = copy.deepcopy(args)
    try:
        result = fn(*given)
    except Exception as error:  # noqa: BLE001 (the student's code failed: report it, no traceback)
        return None, error, False
    try:
        changed = not bool(given == pristine)
    except Exception:  # noqa: BLE001
        changed = True
    return result, None, changed


def check_function(fn: Callable, reference: Callable, cases: Iterable = (), *, hint: str,
                   generate: Callable[[random.Random], Any] | None = None, n: int = 100,
                   seed: int | None = None, show: Callable[[Any], str] = repr) -> Verdict:
    """Does ``fn(case)`` equal ``reference(case)`` on every case? Any correct function passes.

    Args:
        fn: the student's function (it gets a fresh copy of each case).
        reference: a function known to be right (usually built on the package).
        cases: fixed inputs to try first (edge cases), each passed as one argument.
        generate: ``generate(rng)`` makes one fresh random case; ``n`` of them are
            drawn at every check, from ``seed`` (default: a fresh seed each run,
            reported on failure), so a table of memorised answers fails.
        show: how to print a case in the message.

    >>> check_function(abs, lambda x: x if x > 0 else -x, [3, -2, 0], hint="h")
    ✓ Right: your function agrees on all 3 cases.
    """
    check_options(seed, n)
    if generate is not None and not callable(generate):
        raise CheckOptionError(f"generate must be a function of a random.Random, got {generate!r}")
    if unanswered(fn) or not callable(fn):
        return not_answered(function=True)
    fixed = list(cases)
    fresh = []
    if generate is not None:
        seed = draw_seed() if seed is None else seed
        rng = random.Random(seed)
        fresh = [generate(rng) for _ in range(n)]
    where = f" (a fresh case, seed {seed})" if generate is not None else ""
    for index, case in enumerate(fixed + fresh):
        want = reference(copy.deepcopy(case))
        got, error, changed = run_student(fn, case)
        if isinstance(error, NotImplementedError) or (index == 0 and unanswered(got) and error is None):
            return not_answered(function=True)
        label = show(case) + (where if index >= len(fixed) else "")
        if error is not None:
            return wrong(f"on {label} your function raised {type(error).__name__}: {error}", hint)
        if changed:
            return wrong(f"on {label} your function changed its input; a check (and a search) "
                         "needs the input left as it was: work on a copy or build new lists", hint)
        if unanswered(got):
            return wrong(f"on {label} your function returned {got!r}: does every path end in return?",
                         hint)
        if not same(got, want):
            problem = _mismatch(got, want)
            if problem.startswith("you answered"):
                problem = f"your function gives {_short(got)}, but the right answer is {_short(want)}"
            return wrong(f"on {label} {problem}", hint)
    return right(f"your function agrees on all {len(fixed) + len(fresh)} cases")


def check_rule(rule: Callable[[Any], bool], truth: Callable[[Any], bool], candidates: Iterable, *,
               hint: str, name: str = "value", n: int = 40, seed: int | None = None) -> Verdict:
    """Does the student's yes/no ``rule`` agree with ``truth`` everywhere that matters?

    Used for "which values of ? allow this prune": the student writes the
    condition, and it is compared with what the search really does on the
    ``candidates``, on points on both sides of every place where the truth
    changes (closer and closer to it, so ``x > 4.7`` fails for "x > 5"), and on
    ``n`` fresh random points in the candidates' range (``seed``, default fresh,
    is reported on failure).

    >>> check_rule(lambda x: x > 4.7, lambda x: x >= 5, range(11), hint="h")
    ✗ Not yet: for value 4.75 your rule says yes, but the search says no. Hint: h
    """
    if unanswered(rule) or not callable(rule):
        return not_answered(function=True)
    grid = sorted({float(x) if not float(x).is_integer() else int(x) for x in candidates})
    truths = [bool(truth(x)) for x in grid]
    probes = list(grid)
    for (a, ta), (b, tb) in zip(zip(grid, truths), zip(grid[1:], truths[1:])):
        if ta != tb:
            probes += _around_change(truth, a, b, ta)
    seed = draw_seed() if seed is None else seed
    rng = random.Random(seed)
    fresh = [rng.uniform(grid[0], grid[-1]) for _ in range(n)] if grid else []
    for index, x in enumerate(probes + fresh):
        try:
            said = rule(x)
        except Exception as error:  # noqa: BLE001
            return wrong(f"for {name} {x!r} your rule raised {type(error).__name__}: {error}", hint)
        if index == 0 and unanswered(said):
            return not_answered(function=True)
        if not isinstance(said, bool) and type(said).__name__ not in ("bool_", "bool"):
            return wrong(f"for {name} {x!r} your rule returned {_short(said)}; a rule returns True "
                         "or False (write a comparison like x > 3)", hint)
        want = bool(truth(x))
        if bool(said) != want:
            extra = f" (a random {name}, seed {seed})" if index >= len(probes) else ""
            return wrong(f"for {name} {x!r}{extra} your rule says {'yes' if said else 'no'}, "
                         f"but the search says {'yes' if want else 'no'}", hint)
    return right(f"your rule agrees with the search on all {len(grid)} candidate {name}s "
                 "and on both sides of every boundary")


def _around_change(truth, a, b, truth_at_a) -> list:
    """Points on both sides of where ``truth`` changes between ``a`` and ``b``."""
    lo, hi = float(a), float(b)
    for _ in range(60):                      # bisect to the last float
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if bool(truth(mid)) == truth_at_a:
            lo = mid
        else:
            hi = mid
    edge = round(hi) if abs(hi - round(hi)) < 1e-9 else (round(lo) if abs(lo - round(lo)) < 1e-9 else hi)
    gap = float(b) - float(a)          # probe as far out as the grid's own spacing, then closer
    points = [edge]
    for k in range(1, 31):
        points += [edge - gap / 2 ** k, edge + gap / 2 ** k]
    return points + [lo, hi]
