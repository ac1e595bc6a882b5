"""The hint rule, for every check of the package (issue 30): a hint may point at the idea, then at the line, never
state the answer or the solution. Each check is run on typical wrong answers, the hint ladder climbed, and no
message may contain the expected answer or a line of a worked answer's code. How a check registers its wrong
answers: tests/hint_rule.py."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from functools import lru_cache
from pathlib import Path

import pytest

import adversarial.exercises as exercises
from adversarial.exercises.core import reset_hints

from .hint_rule import HintCase, answer_forms, code_lines, number_in, squeeze

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
GENERAL = {"check_value", "check_move", "check_set", "check_function", "check_rule",   # the answer key is
           "check_options"}                                                                 # an argument; a helper


def package_checks() -> dict:
    """Every ``check_*`` function defined in ``adversarial.exercises`` or one of its modules, by name."""
    found = {}
    modules = [exercises] + [importlib.import_module(f"{exercises.__name__}.{m.name}")
                             for m in pkgutil.iter_modules(exercises.__path__)]
    for module in modules:
        for name, value in vars(module).items():
            if name.startswith("check_") and inspect.isfunction(value) and name not in GENERAL \
                    and value.__module__.startswith(exercises.__name__):
                found.setdefault(name, value)
    return found


def registered_cases() -> list[HintCase]:
    """Every ``HINT_RULE_CASES`` list in tests/hint_cases*.py and tests/test_*.py."""
    cases = []
    for path in sorted(TESTS.glob("*.py")):
        if not (path.stem.startswith("hint_cases") or path.stem.startswith("test_")) or path.stem == "test_hint_rule":
            continue
        if "HINT_RULE_CASES" not in path.read_text(encoding="utf-8"):
            continue
        module = importlib.import_module(f"{__package__}.{path.stem}")
        cases += list(getattr(module, "HINT_RULE_CASES", []))
    return cases


CASES = registered_cases()


SOLUTION = re.compile(r'\+\+\+ \{"tags": \["solution"\]\}.*?```python\n(.*?)\n```', re.S)
CHECK_CELL = re.compile(r"```\{code-cell\} ipython3\n:tags: \[check\]\n(.*?)\n```", re.S)


@lru_cache(maxsize=None)
def worked_lines() -> dict:
    """check name -> the worked answers' code lines of every exercise whose check cell calls it (read from the
    notebooks' .md sources: a solution cell's python block, then the next check cell)."""
    found: dict = {}
    for md in sorted((ROOT / "notebooks").glob("[0-9]*.md")):
        text = md.read_text(encoding="utf-8")
        for solution in SOLUTION.finditer(text):
            check = CHECK_CELL.search(text, solution.end())
            if check is None:
                continue
            for name in set(re.findall(r"\b(check_\w+)\(", check.group(1))):
                found.setdefault(name, []).extend(code_lines(solution.group(1)))
    return found


def test_every_check_is_registered():
    registered = {case.check for case in CASES}
    missing = sorted(set(package_checks()) - registered)
    assert not missing, (f"checks without a typical wrong answer for the hint rule: {missing}; add a HintCase "
                         "for each to a HINT_RULE_CASES list (tests/hint_rule.py says how)")


def test_the_worked_answers_are_found():
    lines = worked_lines()
    assert any("alpha = max(alpha, value)" in line for line in lines["check_alphabeta"])
    assert "return max(values) if maximising else min(values)" in lines["check_minimax"]


def test_the_rule_catches_a_hint_that_quotes_a_worked_line_or_the_answer():
    """The test's own machinery, on messages that break the rule."""
    line = "values = [my_minimax(child, not maximising) for child in node]"
    assert squeeze(line) in squeeze("Hint 2: write values = [my_minimax(child,  not maximising) for child in node]")
    assert number_in("there are 986,410 of them", "986,410") and not number_in("1986410", "986410")
    assert answer_forms(986410) == ["986410", "986,410"] and answer_forms(3) == []
    assert answer_forms(2.7) == ["2.7", "2.7"]


def _check(name: str):
    checks = package_checks()
    if name not in checks:
        raise AssertionError(f"{name} is registered for the hint rule but is no check of adversarial.exercises")
    return checks[name]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_no_hint_gives_the_answer_away(case: HintCase):
    check = _check(case.check)
    reset_hints()
    try:
        verdicts = [case.wrong(check) for _ in range(case.tries)]
    finally:
        reset_hints()
    forbidden_lines = worked_lines().get(case.check, [])
    for try_number, verdict in enumerate(verdicts, 1):
        assert not verdict.ok and verdict.answered, (case.id, verdict)
        message = verdict.message
        for form in answer_forms(case.answer):
            assert not number_in(message, form), (f"{case.id}, try {try_number}: the message states the "
                                                  f"answer {form}", message)
        for secret in case.secrets:
            assert squeeze(secret) not in squeeze(message), (f"{case.id}, try {try_number}: the message "
                                                             f"gives away {secret!r}", message)
        for line in forbidden_lines:
            assert squeeze(line) not in squeeze(message), (f"{case.id}, try {try_number}: the message quotes "
                                                           f"the worked answer's line {line!r}", message)
