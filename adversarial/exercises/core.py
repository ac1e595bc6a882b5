"""Check helpers for the notebooks' exercises: an answer in, a verdict and a hint out.

Every check returns a :class:`Verdict`, which shows as a coloured box in Jupyter
and as one line of text elsewhere, and is truthy when the answer is right.

>>> check_value(7, 7, hint="Take the largest of the MIN values.")
✓ Right: 7.
>>> check_value(3, 7, hint="Take the largest of the MIN values.")
✗ Not yet: you answered 3. Hint: Take the largest of the MIN values.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import Any, Callable, Iterable


@dataclass(frozen=True)
class Verdict:
    """The result of a check: right or not, and what to say to the student."""
    ok: bool
    message: str

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        return ("✓ " if self.ok else "✗ ") + self.message

    def _repr_html_(self) -> str:
        colour, mark = ("#1b7a3a", "✓") if self.ok else ("#b3261e", "✗")
        return (f'<div class="adversarial-verdict" style="border-left:6px solid {colour};'
                f'padding:4px 10px;margin:4px 0"><b style="color:{colour}">{mark}</b> '
                f'{html.escape(self.message)}</div>')


def _right(what: str) -> Verdict:
    return Verdict(True, f"Right: {what}.")


def _wrong(what: str, hint: str) -> Verdict:
    return Verdict(False, f"Not yet: {what}. Hint: {hint}")


def _same(a, b) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
    return a == b


def _unanswered(answer) -> bool:
    return answer is ... or answer is None


def check_value(answer: Any, expected: Any, *, hint: str) -> Verdict:
    """Is ``answer`` equal to ``expected`` (numbers compared with a tiny tolerance)?"""
    if _unanswered(answer):
        return Verdict(False, "No answer yet: replace the ... with your answer and run the cell again.")
    if _same(answer, expected):
        return _right(repr(answer))
    return _wrong(f"you answered {answer!r}", hint)


def check_set(answer: Iterable, expected: Iterable, *, hint: str, name: str = "items") -> Verdict:
    """Does ``answer`` hold exactly the ``expected`` items, in any order?"""
    if _unanswered(answer):
        return Verdict(False, "No answer yet: replace the ... with your answer and run the cell again.")
    try:
        given = set(answer)
    except TypeError:
        return _wrong(f"{answer!r} is not a collection of {name}", hint)
    wanted = set(expected)
    if given == wanted:
        return _right(", ".join(map(repr, sorted(given, key=repr))) or "none")
    parts = []
    if given - wanted:
        parts.append("not these: " + ", ".join(map(repr, sorted(given - wanted, key=repr))))
    if wanted - given:
        parts.append(f"{len(wanted - given)} missing")
    return _wrong(f"your {name} are off ({'; '.join(parts)})", hint)


def check_function(fn: Callable, reference: Callable, cases: Iterable, *, hint: str,
                   show: Callable[[Any], str] = repr) -> Verdict:
    """Does ``fn(case)`` equal ``reference(case)`` for every case? Any correct function passes.

    Args:
        fn: the student's function.
        reference: a function known to be right (usually built on the package).
        cases: inputs to try, each passed as one argument (use a tuple and a
            lambda for several arguments).
        show: how to print a case in the message.
    """
    if _unanswered(fn) or not callable(fn):
        return Verdict(False, "No function yet: define it in the cell above, run it, then run this check.")
    cases = list(cases)
    for case in cases:
        want = reference(case)
        try:
            got = fn(case)
        except Exception as error:  # the student's code failed: say where, not a traceback
            return _wrong(f"on {show(case)} your function raised {type(error).__name__}: {error}", hint)
        if not _same(got, want):
            return _wrong(f"on {show(case)} your function gives {got!r}, but the right answer is {want!r}",
                          hint)
    return _right(f"your function agrees on all {len(cases)} cases")


def check_rule(rule: Callable[[Any], bool], truth: Callable[[Any], bool], candidates: Iterable, *,
               hint: str, name: str = "value") -> Verdict:
    """Does the student's yes/no ``rule`` agree with ``truth`` on every candidate?

    Used for "which values of ? allow this prune": the student writes the
    condition, and it is compared with what the search really does.
    """
    if _unanswered(rule) or not callable(rule):
        return Verdict(False, "No rule yet: write it as a function, e.g. lambda x: x > 0.")
    candidates = list(candidates)
    for x in candidates:
        try:
            said = bool(rule(x))
        except Exception as error:
            return _wrong(f"for {name} {x!r} your rule raised {type(error).__name__}: {error}", hint)
        if said != bool(truth(x)):
            verdict = "yes" if said else "no"
            return _wrong(f"for {name} {x!r} your rule says {verdict}, but the search says "
                          f"{'no' if said else 'yes'}", hint)
    return _right(f"your rule agrees with the search on all {len(candidates)} candidate {name}s")
