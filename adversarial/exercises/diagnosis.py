"""The one diagnosis engine every check uses: a catalogue of typical mistakes, run side by side with the answer.

A check declares its **catalogue**: the typical mistakes, each an executable wrong answer (a mutant function,
or a wrong value, set or rule) with its cause in words, and the **cases** that tell them apart. The student's
answer is run on those cases, and a mistake is named only when the answer behaves exactly as that mistake on
every case and as no other mistake of the catalogue; otherwise :meth:`Catalogue.diagnose` returns None and the
check says what the answer did on the smallest failing case, with the catalogue's neutral hint (the idea, never
a line that may be right). The hint follows the diagnosis, never the number of tries.

>>> def double(x): return 2 * x
>>> catalogue = Catalogue(
...     [Mistake("square", lambda x: x * x, "you multiplied the number by itself, not by two."),
...      Mistake("plus one", lambda x: x + 1, "you added one instead of doubling.")],
...     cases=[0, 1, 3], neutral="double the number: add it to itself.")
>>> catalogue.diagnose(lambda x: x ** 2).name
'square'
>>> catalogue.diagnose(lambda x: x + 2) is None        # like no catalogued mistake: the neutral hint
True
>>> catalogue.hint(lambda x: x + 2)
'double the number: add it to itself.'
>>> catalogue.cause(lambda x: x + 1), catalogue.cause(lambda x: x + 2)
('you added one instead of doubling.', None)

Wrong *values* are mistakes whose model is the wrong value itself (``Mistake("largest leaf", 9, ...)``), checked
on the single case ``()``: :func:`value_catalogue` builds one, and drops every pair of mistakes that give the
same value (the answer could be either, so neither is named).

A catalogue checks itself: :meth:`Catalogue.twins` lists the mistakes no case tells apart (a test asserts
there are none), so a new mistake comes with the case that shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .core import call_student, naming, plain_number, same

__all__ = ["Mistake", "Catalogue", "value_catalogue", "ERROR", "Raised"]


class _Error:
    """The outcome of a call that changed its input or called a forbidden function: no mistake's."""

    def __repr__(self) -> str:
        return "ERROR"


ERROR = _Error()


@dataclass(frozen=True)
class Raised:
    """The outcome of a call that raised: the same exception's type on the same case is the same behaviour."""
    kind: str


@dataclass(frozen=True)
class Mistake:
    """One typical mistake: its short name, its executable form and its cause in words.

    ``model`` is a function behaving like the mistaken answer (called like the student's), or, for a value
    check, the wrong value itself. ``cause`` says what the mistake is, as a sentence pointing at the idea.
    """
    name: str
    model: Any
    cause: str


def _call(fn, case, spread):
    args = tuple(case) if spread else (case,)
    call = call_student(fn, *args)
    if call.changed or call.called:
        return ERROR
    if call.error is not None:
        return Raised(type(call.error).__name__)
    return call.value


def _same_outcome(a, b) -> bool:
    if a is ERROR or b is ERROR:
        return False
    if isinstance(a, Raised) or isinstance(b, Raised):
        return a == b
    if plain_number(a) is not None and plain_number(b) is not None:
        return same(plain_number(a), plain_number(b))
    try:
        return same(a, b) or bool(a == b)
    except Exception:  # noqa: BLE001 (an outcome that cannot compare matches nothing)
        return False


class Catalogue:
    """A check's typical mistakes and the cases that tell them apart.

    Args:
        mistakes: the :class:`Mistake` list.
        cases: the distinguishing cases, fixed (so a diagnosis never depends on a seed).
        run: ``run(fn, case)`` is the outcome of one answer on one case (default: ``fn(case)``, or
            ``fn(*case)`` with ``spread=True``, any failure being :data:`ERROR`).
        agree: ``agree(outcome, outcome)`` says two outcomes are the same behaviour (default: equal values,
            numbers of every kind compared as numbers).
        neutral: the hint shown when no mistake is certain: the idea of the exercise, in words.
    """

    def __init__(self, mistakes: Sequence[Mistake], cases: Iterable = ((),), *, neutral: str,
                 run: Callable[[Any, Any], Any] | None = None, agree: Callable[[Any, Any], bool] | None = None,
                 spread: bool = False):
        self.mistakes = list(mistakes)
        self.cases = list(cases)
        self.neutral = neutral
        self._run = run or (lambda fn, case: _call(fn, case, spread))
        self._agree = agree or _same_outcome
        self._outcomes: dict[str, list] | None = None
        names = [m.name for m in self.mistakes]
        if len(set(names)) != len(names):
            raise ValueError(f"two mistakes share a name in {names}")

    def outcome(self, answer, case):
        """What ``answer`` (a function, or a plain value for a value catalogue) does on ``case``."""
        if callable(answer):
            try:
                return self._run(answer, case)
            except Exception as error:  # noqa: BLE001 (the answer's failure is an outcome like any other)
                return Raised(type(error).__name__)
        return answer

    def _models(self) -> dict[str, list]:
        if self._outcomes is None:
            self._outcomes = {m.name: [self.outcome(m.model, c) for c in self.cases] for m in self.mistakes}
        return self._outcomes

    def behaves_as(self, answer, mistake: Mistake, outcomes: list | None = None) -> bool:
        """Does ``answer`` do exactly what ``mistake`` does on every case?"""
        outcomes = outcomes if outcomes is not None else [self.outcome(answer, c) for c in self.cases]
        return all(self._agree(a, b) for a, b in zip(outcomes, self._models()[mistake.name]))

    def diagnose(self, answer) -> Mistake | None:
        """The one catalogued mistake ``answer`` behaves exactly as on every case; None if none or several (or
        when the checks name no mistakes: :func:`~adversarial.exercises.core.naming`)."""
        if not naming():
            return None
        outcomes = [self.outcome(answer, c) for c in self.cases]
        if any(o is ERROR for o in outcomes):
            return None
        found = [m for m in self.mistakes if self.behaves_as(answer, m, outcomes)]
        return found[0] if len(found) == 1 else None

    def cause(self, answer) -> str | None:
        """The cause of ``answer``'s mistake when it is certain, else None."""
        mistake = self.diagnose(answer)
        return mistake.cause if mistake is not None else None

    def hint(self, answer) -> str:
        """The words for ``answer``: its mistake's cause when it is certain, else the neutral hint."""
        return self.cause(answer) or self.neutral

    def diagnoser(self, answer) -> Callable[[Any, Any, Any], str | None]:
        """:func:`~adversarial.exercises.core.check_function`'s ``diagnose`` for ``answer``: its mistake's cause
        (or None), the same whatever case failed first."""
        return lambda case, got, want: self.cause(answer)

    def twins(self) -> list[tuple[str, str]]:
        """Pairs of mistakes that behave alike on every case (a catalogue should have none)."""
        models = self._models()
        pairs = []
        for i, a in enumerate(self.mistakes):
            for b in self.mistakes[i + 1:]:
                if all(self._agree(x, y) for x, y in zip(models[a.name], models[b.name])):
                    pairs.append((a.name, b.name))
        return pairs

    def names(self) -> list[str]:
        return [m.name for m in self.mistakes]


def value_catalogue(mistakes: Iterable[Mistake], expected, *, neutral: str) -> Catalogue:
    """A catalogue of wrong values for a hand-answered question whose right answer is ``expected``.

    A mistake whose value is the right answer, or the value of another mistake, is left out: an answer equal
    to it could come from either cause, so naming one would be a guess.
    """
    mistakes = [m for m in mistakes if plain_number(m.model) is None or plain_number(expected) is None
                or not _same_outcome(m.model, expected)]
    kept = [m for m in mistakes if not any(o is not m and _same_outcome(o.model, m.model) for o in mistakes)]
    return Catalogue(kept, [()], neutral=neutral)
