"""The one core every exercise check uses: numbers, copies, comparison, safe calls, verdicts, hints.

Every check returns a :class:`Verdict`, which shows as a coloured box in Jupyter
and as one line of text elsewhere, and is truthy when the answer is right.

>>> check_value(7, 7, hint="Take the largest of the MIN values.")
✓ Right: 7.
>>> check_value(3, 7, hint="Take the largest of the MIN values.")
✗ Not yet: you answered 3. Hint: Take the largest of the MIN values.
>>> check_value(..., 7, hint="Take the largest of the MIN values.")
✗ Not answered yet: replace the ... with your answer and run the cell again.

What the checks do
------------------
- **Numbers** (:func:`plain_number`): any real number is accepted, whatever its
  type: ``int``, ``float``, ``Fraction``, ``Decimal``, numpy scalars (``np.int64``
  from ``np.max``), a 0-d numpy array. ``bool``, text, complex numbers, NaN,
  collections and search results are refused with a sentence saying what they
  are. Every number is turned into a plain ``int``, ``Fraction`` or ``float``
  *before* it is compared, so an ``int`` subclass (or any object) whose ``==``
  says yes to everything gains nothing.
- **Comparison** (:func:`same`): exact when both sides are exact (integers,
  fractions, decimals), within a relative 1e-9 when either side is a float;
  never an ``OverflowError`` (``10**400`` is compared as a fraction). Lists and
  tuples compare item by item, sets as sets, anything else only when its type is
  exactly the expected one.
- **Copies** (:func:`call_student`): the reference answer is computed first, the
  student's function gets a deep copy of its inputs, and a function that changes
  them is told so ("your function changed its input").
- **Safe calls** (:func:`call_student`): an exception, ``None`` returned
  ("does every path end in return?"), unbounded recursion and ``sys.exit`` each
  become a verdict naming what happened, never a traceback from the check.
- **The package's own search** (``forbid=``): where an exercise says to write
  something without the package's function, the check watches (with
  :func:`sys.setprofile`) for calls of it during the student's call and says so.
  The reference implementations are bound when the checks are imported, so
  replacing ``adversarial.search.minimax`` afterwards changes no answer key.
- **Diagnosis, not tries**: a check declares its typical mistakes as executable
  wrong answers (:mod:`adversarial.exercises.diagnosis`) and names one only when
  the answer behaves exactly as it on every fixed case and as no other; otherwise
  the hint is the idea. The same answer gets the same message on every try and
  every seed. No stored output shows a hint: an unanswered stub only says it is
  not answered yet.

The hint rule
-------------
A hint points at the idea, never states the answer or the solution: the worked
answer stays one deliberate click away. So no hint and no message of a check
contains the expected answer (the number, the set, the rule) or a line of the
worked answer's code, on the first try or the tenth; a message about a known
slip names the slip, not the fix written out; a set's message says how many
members are wrong or missing, not which; a rule's message gives one
counterexample next to the student's own edge; and two messages for two wrong
tries never bracket the answer between them (say what the idea is, not "higher"
and "lower"). ``tests/test_automated_student.py`` plays every value, set and
rule check reading only what the messages state. ``tests/test_hint_rule.py`` runs every ``check_*`` of the
package on typical wrong answers and enforces this; a new check registers its
typical wrong answers in a ``HINT_RULE_CASES`` list (``tests/hint_rule.py`` says how).

What the checks do not defend against
-------------------------------------
A student who reads the check's source, its frames or its closures (the
answer key is in memory), who replaces the checks themselves, or whose function
loops forever without recursing (interrupt the kernel) is not stopped. The
random cases are drawn from a seed that a failure reports, so a memorised table
of answers fails on the next run, but nothing stops reading the seed's cases.
"""

from __future__ import annotations

import copy
import html
import math
import numbers
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from .nodes import Slip, _is_bool, plain_number  # noqa: F401  (the checks' numbers, and Slip, live there)
from .nodes import watch as _watch

__all__ = [
    "Verdict", "Call", "Slip", "CheckOptionError", "right", "wrong", "not_answered", "unanswered",
    "plain_number", "number_problem", "same", "same_number", "call_student", "run_student",
    "check_value", "check_move", "check_set", "check_function", "check_rule", "check_options",
    "draw_seed", "is_stub", "hint_for", "reset_hints", "short",
]

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


# -- hints that get more specific with each wrong try ------------------------------

_TRIES: dict = {}


def _key(hint, key):
    if key is not None:
        return key
    return tuple(hint) if not isinstance(hint, str) else None


def hint_for(hint: str | Sequence[str], key=None) -> str:
    """The hint to show: a single hint as it is; from a list, its first entry (the idea), on every try.

    The hint follows the diagnosis, never the number of tries (issue 42: a ladder that climbed to "the line to
    look at" pointed at a line that was often right, and its last rung often stated the answer). A check that
    knows more says so by its diagnosis (:mod:`adversarial.exercises.diagnosis`), not by a later rung.
    """
    if isinstance(hint, str):
        return f"Hint: {hint}"
    ladder = list(hint)
    return f"Hint: {ladder[0]}" if ladder else "Hint: look again at the idea of the exercise."


def reset_hints(key=None) -> None:
    """Kept for older callers: hints no longer depend on earlier tries, so there is nothing to reset."""
    if key is None:
        _TRIES.clear()
    else:
        _TRIES.pop(key, None)


def _sentence(text: str) -> str:
    text = text.rstrip()
    return text if text.endswith((".", "?", "!", ":")) else text + "."


def right(what: str, *, key=None) -> Verdict:
    """A ✓ verdict saying what was right (and, with ``key``, the hint ladder starts again)."""
    if key is not None:
        reset_hints(key)
    return Verdict(True, _sentence(f"Right: {what}"))


def wrong(what: str, hint: str | Sequence[str], figure=None, *, key=None) -> Verdict:
    """A ✗ verdict: what is off, then the hint (the next rung when ``hint`` is a ladder)."""
    return Verdict(False, f"Not yet: {_sentence(what)} {_sentence(hint_for(hint, key))}", figure)


def not_answered(function: bool = False) -> Verdict:
    """The verdict for a stub: says nothing about the answer."""
    return Verdict(False, NOT_WRITTEN if function else NOT_ANSWERED)


def unanswered(answer) -> bool:
    """Is ``answer`` still the stub (``...`` or ``None``)?"""
    return answer is ... or answer is None


def is_stub(fn) -> bool:
    """Is ``fn`` still an exercise's stub: a body of only ``...`` (or ``pass``), or ``lambda x: ...``?

    Read from the function's bytecode, so a real function that returns None on
    some path is not mistaken for a stub (it is told it returned None).
    """
    import dis
    code = getattr(fn, "__code__", None)
    if code is None:
        return False
    try:
        ops = [i for i in dis.get_instructions(code) if i.opname not in ("RESUME", "NOP", "CACHE")]
    except Exception:  # noqa: BLE001
        return False
    if len(ops) == 2 and ops[0].opname == "LOAD_CONST" and ops[1].opname == "RETURN_VALUE":
        return ops[0].argval is None or ops[0].argval is ...
    return len(ops) == 1 and ops[0].opname == "RETURN_CONST" and ops[0].argval in (None, ...)


# -- numbers -------------------------------------------------------------------------

def _exact(x) -> bool:
    return isinstance(x, (int, Fraction))


def same_number(a, b, rel: float = 1e-9) -> bool:
    """Are two plain numbers equal: exactly when both are exact, else within ``rel`` (relative)?"""
    if _exact(a) and _exact(b):
        return a == b
    if (isinstance(a, float) and math.isinf(a)) or (isinstance(b, float) and math.isinf(b)):
        return a == b
    fa, fb = Fraction(a), Fraction(b)
    return abs(fa - fb) <= max(Fraction(rel) * max(abs(fa), abs(fb)), Fraction(1, 10**12))


def short(x, limit: int = 60) -> str:
    """``repr(x)``, cut to ``limit`` characters (and never an error)."""
    try:
        text = repr(x)
    except Exception:  # noqa: BLE001
        text = f"<{type(x).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


_short = short


def _article(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def _kind(x) -> tuple[str, str]:
    """(what ``x`` is, what to do instead), for an ``x`` that is not a real number."""
    from ..search import SearchResult
    if _is_bool(x):
        return "a bool (yes/no)", f"write {int(bool(x))} if you mean the number"
    if isinstance(x, SearchResult):
        return ("the whole search result", "the number is one of its parts: write .value for the value, "
                                           ".move for the move, .stats.nodes or .stats.leaves for a count")
    if isinstance(x, (str, bytes)):
        text = x.decode(errors="replace") if isinstance(x, bytes) else x
        try:
            float(text.strip())
            return "text (a string)", "write the number without quotes"
        except ValueError:
            return "text (a string)", "give the number itself, not a name or a word"
    if isinstance(x, numbers.Complex) and not isinstance(x, numbers.Real):
        return "a complex number", "give a plain real number such as 7 or 2.5"
    if isinstance(x, (float, Decimal)) or (plain_number(x) is None and isinstance(x, numbers.Real)):
        return "NaN (not a number)", "give a real number"
    if hasattr(x, "shape"):
        return "an array", "give one number on its own (for a one-number array, write x.item())"
    if isinstance(x, (list, tuple, set, frozenset, dict)):
        return f"{_article(type(x).__name__)} (a collection of values)", "give one number on its own"
    if x is None:
        return "None", "give a number"
    return f"an object of type {type(x).__name__}", "give a plain number"


def number_problem(answer, what: str = "a number") -> str | None:
    """Why ``answer`` is not one real number, in words a student can act on; None if it is.

    >>> number_problem(7) is None, number_problem(2.5) is None
    (True, True)
    >>> number_problem(True)
    'True is a bool (yes/no), not a number: write 1 if you mean the number'
    >>> number_problem("7")
    "'7' is text (a string), not a number: write the number without quotes"
    """
    if plain_number(answer) is not None:
        return None
    kind, advice = _kind(answer)
    if what == "a number" and (kind == "an array" or "collection" in kind):
        what = "a single number"
    return f"{short(answer)} is {kind}, not {what}: {advice}"


def returned_problem(got, what: str = "a number") -> str | None:
    """Like :func:`number_problem`, worded for what a function returned."""
    if plain_number(got) is not None:
        return None
    if got is None:
        return "your function returned None: does every path end in return?"
    kind, advice = _kind(got)
    if what == "a number" and (kind == "an array" or "collection" in kind):
        what = "a single number"
    return f"your function returned {short(got)}, which is {kind}, not {what}: {advice}"


# -- comparison ------------------------------------------------------------------------

def _sequence(x):
    """``x`` as a list when it is a list, a tuple or a one-dimensional array; else None."""
    if isinstance(x, (list, tuple)):
        return list(x)
    if hasattr(x, "shape") and hasattr(x, "tolist") and len(getattr(x, "shape", ())) == 1:
        return list(x)
    return None


def _precision(x) -> float:
    """The relative tolerance a number of ``x``'s type deserves: 1e-9, or its own precision when it is a
    shorter float (``np.float32(2.7)`` is 2.7 to float32's seven digits, not a different answer)."""
    dtype = getattr(x, "dtype", None)
    itemsize = getattr(dtype, "itemsize", 8)
    if type(x).__module__ == "numpy" and getattr(dtype, "kind", "") == "f" and itemsize < 8:
        return 2.0 ** -(10 if itemsize <= 2 else 23)
    return 1e-9


def same(answer, expected) -> bool:
    """Strict equality for checking: kinds must match (no True for 1, no "7" for 7).

    Numbers compare as plain numbers (:func:`same_number`); lists and tuples item
    by item; sets as sets; anything else only when its type is exactly the
    expected one, and then by the expected value's own ``==``.
    """
    if _is_bool(expected):
        return _is_bool(answer) and bool(answer) == bool(expected)
    e = plain_number(expected)
    if e is not None:
        a = plain_number(answer)
        return a is not None and same_number(a, e, _precision(answer))
    if isinstance(expected, (list, tuple)):
        items = _sequence(answer)
        return (items is not None and len(items) == len(expected)
                and all(same(a, x) for a, x in zip(items, expected)))
    if isinstance(expected, (set, frozenset)):
        items = _sequence(answer) if not isinstance(answer, (set, frozenset)) else list(answer)
        return items is not None and _normal_set(items) == _normal_set(expected)
    if type(answer) is not type(expected):
        return False
    try:
        return bool(expected == answer)
    except Exception:  # noqa: BLE001
        return False


def _normal(x):
    """A hashable stand-in that keeps kinds apart (True and 1 differ; 1, 1.0 and Fraction(1) do not)."""
    if _is_bool(x):
        return ("bool", bool(x))
    n = plain_number(x)
    if n is not None:
        return ("number", Fraction(n) if not (isinstance(n, float) and math.isinf(n)) else n)
    items = _sequence(x)
    if items is not None:
        return ("seq", tuple(_normal(e) for e in items))
    try:
        hash(x)
    except TypeError:
        return ("unhashable", id(x))
    return (type(x).__name__, x) if type(x) in (str, bytes) else ("object", id(x))


def _normal_set(items) -> set:
    return {_normal(x) for x in items}


# -- running the student's function ------------------------------------------------------

@dataclass
class Call:
    """What happened when the student's function ran: its value, or what went wrong instead."""
    value: Any = None
    error: BaseException | None = None
    changed: bool = False
    called: str | None = None          # the package function it called, where that is not allowed

    @property
    def stub(self) -> bool:
        """Did the function behave as a stub does (raise NotImplementedError, or return ``...``)?"""
        return isinstance(self.error, NotImplementedError) or (self.error is None and self.value is ...)

    def problem(self, what: str = "a number") -> str | None:
        """What went wrong, as a clause after "on <case>, "; None when the call returned normally."""
        if self.called:
            return (f"your function called the package's {self.called}: the exercise is to write it "
                    "yourself, without it")
        if isinstance(self.error, RecursionError):
            return ("your function called itself without end (RecursionError): does every path reach a "
                    "base case, and does each call go one step further down?")
        if isinstance(self.error, SystemExit):
            return "your function called sys.exit() (or exit()): return a value instead"
        if isinstance(self.error, Slip):
            return str(self.error)
        if self.error is not None:
            return f"your function raised {type(self.error).__name__}: {self.error}"
        if self.changed:
            return ("your function changed its input: a check (and a search) needs the input left as it "
                    "was, so work on a copy or build new lists")
        if self.value is None:
            return "your function returned None: does every path end in return?"
        return None

    def hint(self, general):
        """The hint for :meth:`problem`: a caught :class:`Slip`'s own hint when it has one, else ``general``."""
        return self.error.hint if isinstance(self.error, Slip) and self.error.hint else general


_naming = [True]


# A failing answer's verdict when the checks name no mistakes (grading counts right groups of cases, no more).
COUNTED = "a case went wrong (counted, not described: the grader counts the groups of hidden cases it gets right)"


def naming() -> bool:
    """Do the checks name a failing answer's mistake (their catalogues' diagnoses)? Grading that only counts how
    many groups of hidden cases an answer gets right (tools/assignments.py's partial credit) turns it off on its
    own copy of the checks: the diagnosis costs more than the cases."""
    return _naming[0]


_audit = sys.audit          # taken once, at import: a hand-in that replaces sys.audit later changes nothing here


def hand_over() -> None:
    """Say, just before a check runs the student's code, that it does: a grading kernel (tools/grading_kernel.py)
    then takes the checks' reference answers out of that code's reach. Elsewhere it does nothing."""
    _audit("adversarial.exercises.student")


def call_student(fn: Callable, *args, forbid: Iterable[Callable] = (), copy_args: bool = True,
                 **kwargs) -> Call:
    """Call the student's ``fn`` on deep copies of ``args`` and report what happened.

    Compute the reference answer *before* this call. Exceptions (``sys.exit`` and
    recursion without end included) become ``Call.error``; a change to the copies
    sets ``Call.changed``; a call of a ``forbid`` function sets ``Call.called``.
    """
    given = copy.deepcopy(args) if copy_args else args
    pristine = copy.deepcopy(args) if copy_args else None
    profile, seen, codes = _watch(forbid)
    old = sys.getprofile()
    if codes:
        sys.setprofile(profile)
    try:
        hand_over()
        value = fn(*given, **kwargs)
    except (Exception, SystemExit) as error:  # noqa: BLE001 (the student's code failed: a verdict, no traceback)
        return Call(error=error, called=seen[0] if seen else None)
    finally:
        if codes:
            sys.setprofile(old)
    changed = False
    if copy_args:
        try:
            changed = not bool(given == pristine)
        except Exception:  # noqa: BLE001
            changed = True
    return Call(value=value, changed=changed, called=seen[0] if seen else None)


def run_student(fn: Callable, *args):
    """Older form of :func:`call_student`: returns ``(result, error, changed)``."""
    call = call_student(fn, *args)
    return call.value, call.error, call.changed


# -- what is off with an answer -------------------------------------------------------------

def _mismatch(answer, expected, *, move=None, value=None) -> str:
    """What is off with ``answer`` in words; specific when the mistake is a known one."""
    if plain_number(expected) is not None:
        problem = number_problem(answer)
        if problem:
            return problem
    # ``move`` and ``value`` are accepted for older callers and not used: saying "that is the best move" (or
    # "the value") would confirm another question's answer (issue 42)
    return f"you answered {short(answer)}"


# -- the general checks ------------------------------------------------------------------------

def check_value(answer: Any, expected: Any, *, hint: str | Sequence[str], move: Any = None,
                key=None) -> Verdict:
    """Is ``answer`` equal to ``expected``, and of the same kind?

    Args:
        answer: the student's answer.
        expected: the right answer (computed by the check, never typed in).
        hint: what to think about when the answer is wrong (a list: a ladder).
        move: when ``expected`` is a value and the position's best move is known,
            pass it so that answering the move gets a hint saying so.

    >>> check_value(True, 1, hint="h")
    ✗ Not yet: True is a bool (yes/no), not a number: write 1 if you mean the number. Hint: h.
    """
    if unanswered(answer):
        return not_answered()
    if same(answer, expected):
        return right(short(answer), key=_key(hint, key))
    return wrong(_mismatch(answer, expected, move=move), hint, key=key)


def check_move(answer: Any, expected: Any, *, hint: str | Sequence[str], value: Any = None,
               moves: Iterable | None = None, key=None) -> Verdict:
    """Is ``answer`` the right move? Like :func:`check_value`, with hints for moves.

    Args:
        value: the position's value (accepted, not used: saying an answer is the value would confirm
            another question's answer).
        moves: the legal moves; an answer outside them is said to be no move at all.

    >>> check_move(7, 2, value=7, moves=[0, 1, 2], hint="h")  # doctest: +ELLIPSIS
    ✗ Not yet: 7 is not a legal move here; the moves are 0, 1, 2 (a move is which child to play, not a score)...
    """
    if unanswered(answer):
        return not_answered()
    if same(answer, expected):
        return right(f"move {short(answer)}", key=_key(hint, key))
    from ..search import SearchResult
    if isinstance(answer, SearchResult):
        return wrong("that is the whole search result; the move is its .move", hint, key=key)
    if plain_number(expected) is not None and (problem := number_problem(answer, "a move number")):
        return wrong(problem, hint, key=key)
    if moves is not None:
        moves = list(moves)
        if not any(same(answer, m) for m in moves):
            return wrong(f"{short(answer)} is not a legal move here; the moves are "
                         + ", ".join(map(repr, moves)) + " (a move is which child to play, not a score)",
                         hint, key=key)
    return wrong(f"you answered {short(answer)}", hint, key=key)


_COUNT_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def _count(n: int, singular: str, plural: str) -> str:
    word = _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)
    return f"{word} {singular if n == 1 else plural}"


def check_set(answer: Iterable, expected: Iterable, *, hint: str | Sequence[str], name: str = "items",
              item: str | None = None, key=None) -> Verdict:
    """Does ``answer`` hold exactly the ``expected`` items, in any order?

    Items must be of the expected kind: ``{True}`` is not ``{1}``. ``name`` is the
    plural ("leaves"), ``item`` the singular ("leaf").

    >>> check_set({4, 6}, {6, 4}, hint="h", name="leaves")
    ✓ Right: 4, 6.
    """
    item = item or (name[:-3] + "f" if name.endswith("ves") else name[:-1] if name.endswith("s") else name)
    if unanswered(answer):
        return not_answered()
    wanted = list(expected)
    numeric = bool(wanted) and all(plain_number(w) is not None for w in wanted)
    if numeric and plain_number(answer) is not None:
        return wrong(f"{short(answer)} is a single number; write a set even for one {item}, in braces: "
                     f"{{{short(answer)}}} (and set() for none)", hint, key=key)
    if isinstance(answer, (str, bytes)):
        how = ("without quotes" if any(ch.isdigit() for ch in str(answer)) else
               "as the values themselves (numbers), not names")
        return wrong(f"{short(answer)} is text (a string), not a set of {name}: write the {name} in braces, "
                     f"separated by commas, {how}", hint, key=key)
    given = _sequence(answer) if not isinstance(answer, (set, frozenset)) else list(answer)
    if given is None:
        return wrong(f"{short(answer)} is not a set of {name}: write the {name} in braces, separated by "
                     "commas (set() for none)", hint, key=key)
    if numeric:
        for g in given:
            problem = number_problem(g)
            if problem:
                return wrong(f"one of your {name}: {problem}", hint, key=key)
    extra = [g for g in given if not any(same(g, w) for w in wanted)]
    missing = [w for w in wanted if not any(same(g, w) for g in given)]
    if not extra and not missing:
        return right(", ".join(map(repr, sorted(set(wanted), key=repr))) or "none", key=_key(hint, key))
    return wrong(set_difference(len(set(map(short, extra))), len(missing), item, name), hint, key=key)


def set_difference(extra: int, missing: int, item: str, name: str) -> str:
    """How far a set answer is off, in counts only: which members are wrong is the exercise.

    >>> set_difference(2, 1, "leaf", "leaves")
    'two of your leaves do not belong, and one leaf is missing'
    """
    parts = []
    if extra:
        parts.append(f"{_count(extra, 'of your ' + name, 'of your ' + name)} "
                     f"{'does' if extra == 1 else 'do'} not belong")
    if missing:
        parts.append(f"{_count(missing, item, name)} {'is' if missing == 1 else 'are'} missing")
    return ", and ".join(parts)


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


def check_function(fn: Callable, reference: Callable, cases: Iterable = (), *, hint: str | Sequence[str],
                   generate: Callable[[random.Random], Any] | None = None, n: int = 100,
                   seed: int | None = None, show: Callable[[Any], str] = repr,
                   forbid: Iterable[Callable] = (), spread: bool = False, key=None,
                   diagnose: Callable[[Any, Any, Any], str | Sequence[str] | None] | None = None,
                   show_expected: bool = True) -> Verdict:
    """Does ``fn(case)`` equal ``reference(case)`` on every case? Any correct function passes.

    Args:
        fn: the student's function (it gets a fresh copy of each case).
        reference: a function known to be right (usually built on the package).
        cases: fixed inputs to try first (edge cases), each passed as one argument
            (or, with ``spread=True``, each a tuple of arguments).
        generate: ``generate(rng)`` makes one fresh random case; ``n`` of them are
            drawn at every check, from ``seed`` (default: a fresh seed each run,
            reported on failure), so a table of memorised answers fails.
        show: how to print a case in the message.
        forbid: package functions the student's function must not call.
        diagnose: ``diagnose(case, got, want)`` names a known mistake: a hint (or
            ladder) used instead of ``hint`` when it returns one.
        show_expected: False where the right answer on a small case would give the
            function away (a formula in small numbers): the message then says only
            what the function gave.

    >>> check_function(abs, lambda x: x if x > 0 else -x, [3, -2, 0], hint="h")
    ✓ Right: your function agrees on all 3 cases.
    """
    check_options(seed, n)
    if generate is not None and not callable(generate):
        raise CheckOptionError(f"generate must be a function of a random.Random, got {generate!r}")
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    fixed = list(cases)
    fresh = []
    if generate is not None:
        seed = draw_seed() if seed is None else seed
        rng = random.Random(seed)
        fresh = [generate(rng) for _ in range(n)]
    where = f" (a fresh case, seed {seed})" if generate is not None else ""
    for index, case in enumerate(fixed + fresh):
        args = tuple(case) if spread else (case,)
        want = reference(*copy.deepcopy(args))
        call = call_student(fn, *args, forbid=forbid)
        if call.stub:
            return not_answered(function=True)
        label = show(case) + (where if index >= len(fixed) else "")
        problem = call.problem()
        if problem is None and not same(call.value, want):
            problem = (returned_problem(call.value) if plain_number(want) is not None else None) or \
                (f"your function gives {short(call.value)}, but the right answer is {short(want)}" if show_expected
                 else f"your function gives {short(call.value)}, which is not the right answer")
            if diagnose is not None:
                special = diagnose(case, call.value, want)
                if special:        # a named slip: its own hint (or ladder), not a rung of the general one
                    return wrong(f"on {label}, {problem}", special)
        if problem:
            if isinstance(call.error, Slip) and call.error.hint:
                return wrong(f"on {label}, {problem}", call.error.hint)
            if diagnose is not None and call.error is not None and not call.called and \
                    not isinstance(call.error, Slip):     # a mistake can show as an error too (a float leaf)
                special = diagnose(case, None, want)
                if special:
                    return wrong(f"on {label}, {problem}", special)
            return wrong(f"on {label}, {problem}", hint, key=key)
    return right(f"your function agrees on all {len(fixed) + len(fresh)} cases", key=_key(hint, key))


def check_rule(rule: Callable[[Any], bool], truth: Callable[[Any], bool], candidates: Iterable, *,
               hint: str | Sequence[str], name: str = "value", n: int = 40, seed: int | None = None,
               key=None) -> Verdict:
    """Does the student's yes/no ``rule`` agree with ``truth`` everywhere that matters?

    Used for "which values of ? allow this prune": the student writes the
    condition, and it is compared with what the search really does on the
    ``candidates``, on points on both sides of every place where the truth
    changes (closer and closer to it, so ``x > 4.7`` fails for "x > 5"), and on
    ``n`` fresh random points in the candidates' range (``seed``, default fresh,
    is reported on failure).

    >>> check_rule(lambda x: x > 4.7, lambda x: x >= 5, range(11), hint="h")
    ✗ Not yet: for value 4.75 your rule says yes, but the search says no. Hint: h.
    """
    if unanswered(rule) or not callable(rule) or is_stub(rule):
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
    at = f"{name} = " if len(name) == 1 else f"{name} "
    said_at = {}
    for x in probes + fresh:
        call = call_student(rule, x, copy_args=False)
        if isinstance(call.error, NotImplementedError):
            return not_answered(function=True)
        if call.error is not None:
            return wrong(f"for {at}{x!r}, " + str(call.problem()).replace("your function", "your rule"),
                         hint, key=key)
        said = call.value
        if said is None:
            return wrong(f"for {at}{x!r} your rule returned None: does every path end in return "
                         "(or is it a lambda whose comparison is missing)?", hint, key=key)
        if not _is_bool(said):
            return wrong(f"for {at}{x!r} your rule returned {short(said)}; a rule returns True "
                         "or False (write a comparison like x > 3)", hint, key=key)
        said_at[x] = bool(said)
    edges = []
    for a, b in _rule_edges(rule, grid, said_at):   # the student's own edges, probed on both sides
        points = _around_change(lambda v: _said(rule, v), a, b, said_at[a])
        edges.append(points[-1])
        for x in points:
            if x not in said_at and (said := _said(rule, x)) is not None:
                said_at[x] = said
    wrong_at = [x for x, said in said_at.items() if said != bool(truth(x))]
    if wrong_at:
        x = _counterexample(wrong_at, grid, edges, truth)
        said = said_at[x]
        extra = f" (a random {name}, seed {seed})" if x in fresh and x not in probes else ""
        return wrong(f"for {at}{x!r}{extra} your rule says {'yes' if said else 'no'}, "
                     f"but the search says {'no' if said else 'yes'}", hint, key=key)
    return right(f"your rule agrees with the search on all {len(grid)} candidates and on both sides of "
                 "every boundary", key=_key(hint, key))


def _said(rule, x):
    call = call_student(rule, x, copy_args=False)
    return bool(call.value) if call.error is None and _is_bool(call.value) else None


def _rule_edges(rule, grid, said_at) -> list[tuple]:
    """The neighbouring candidates between which the student's rule changes its answer."""
    return [(a, b) for a, b in zip(grid, grid[1:]) if said_at.get(a) is not None and said_at.get(b) is not None
            and said_at[a] != said_at[b]]


def _counterexample(wrong_at, grid, edges, truth):
    """One point where the rule is wrong, on the student's own wrong side: a candidate if one is wrong, the
    one nearest the student's own edge (so it says where the student's rule goes wrong, never where the
    search's answer changes); for a rule with no edge, the wrong point furthest from the search's edges."""
    on_grid = [x for x in wrong_at if x in set(grid)]
    readable = [x for x in wrong_at if len(repr(x)) <= 6]
    pool = sorted(on_grid or readable or wrong_at)
    if edges:
        return min(pool, key=lambda x: (min(abs(x - c) for c in edges), x))
    changes = [(a + b) / 2 for a, b in zip(grid, grid[1:]) if bool(truth(a)) != bool(truth(b))]
    if not changes:
        return pool[0]
    return max(pool, key=lambda x: (min(abs(x - c) for c in changes), -x))


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
