"""What a check must not say, and how a check registers its typical wrong answers for tests/test_hint_rule.py.

The hint rule (adversarial/exercises/core.py): a hint may point at the idea, then at the line, never state the
answer or the solution; the worked answer stays one deliberate click away.

A check registers by appearing in a list named ``HINT_RULE_CASES`` in any module ``tests/hint_cases*.py`` or
``tests/test_*.py`` (the test finds the lists by that name, so a new module's cases live beside its own tests)::

    from .hint_rule import HintCase
    HINT_RULE_CASES = [
        HintCase("check_tree_value", lambda check: check(9, [[3, 5], [2], [9, 1]]), answer=3),
    ]

``check`` is the name the check is importable by from ``adversarial.exercises`` (or from its own module under
``adversarial.exercises``); ``wrong(check)`` runs it once on one typical wrong answer and returns its verdict.
The test calls it ``tries`` times (the hint ladder climbs one rung each time) and asserts that every verdict is
a ✗ that was answered, and that no message contains

- a line of the worked answer's code, from every solution cell of the notebooks whose check cell calls the check
  (lines of 16 characters or more, comments and ``def``/``import`` lines left out, spaces ignored);
- the expected ``answer``, written as a student would: a number whose size is 10 or more, or that is not whole,
  in its usual forms (``986410``, ``986,410``; ``2.7``) — small whole numbers occur in hints for other
  reasons ("the root's 3 children"), so for those list phrases that would give them away in ``secrets``;
- any of the ``secrets``: texts that state the answer or the solution (``"5 < x"``, ``"wrong sign"``).

Every ``check_*`` function of the package must have at least one case: a new check without one fails
``test_every_check_is_registered``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class HintCase:
    """One typical wrong answer for one check, and what none of its messages may contain."""
    check: str
    wrong: Callable[[Callable], Any]
    answer: Any = None
    secrets: Sequence[str] = field(default_factory=tuple)
    tries: int = 3
    label: str = ""

    @property
    def id(self) -> str:
        return f"{self.check}:{self.label}" if self.label else self.check


def squeeze(text: str) -> str:
    """``text`` without any white space, and with the typographic minus as '-' (for comparing code and prose)."""
    return re.sub(r"\s+", "", text.replace("−", "-"))


def answer_forms(answer) -> list[str]:
    """How a student would write ``answer`` when it is distinctive enough to look for in a message."""
    if isinstance(answer, bool) or answer is None:
        return []
    if isinstance(answer, int):
        return [str(answer), f"{answer:,}"] if abs(answer) >= 10 else []
    if isinstance(answer, float):
        if answer.is_integer():
            return answer_forms(int(answer))
        return [repr(answer), f"{answer:g}"]
    return []


def code_lines(code: str) -> list[str]:
    """The lines of a worked answer that would give it away if a hint quoted them."""
    lines = []
    for line in code.splitlines():
        line = re.sub(r"\s+#.*$", "", line).strip()
        if line.startswith("#") or line.startswith(("def ", "import ", "from ")) or len(line) < 16:
            continue
        lines.append(line)
    return lines


def number_in(text: str, form: str) -> bool:
    """Does ``form`` (a number written out) occur in ``text`` as a number of its own, not inside another one?"""
    return re.search(rf"(?<![\d.,]){re.escape(form)}(?![\d]|[.,]\d)", text) is not None
