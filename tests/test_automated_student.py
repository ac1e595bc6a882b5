"""The automated student (issue 42): reading the messages of a value or set check never takes fewer tries than
being told only right or wrong; the README's table is the one tools/feedback_table.py computes."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from .automated_student import Problem, measure, numbers_in, problems, reading_tries

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def table():
    spec = importlib.util.spec_from_file_location("feedback_table", ROOT / "tools" / "feedback_table.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module, module.table()


def test_the_student_reads_numbers_as_written():
    assert numbers_in("you answered 986,410 and -2.5; 9! = 362,880") == [986410, -2.5, 9, 362880]


def test_the_reading_student_finds_an_answer_a_leaky_check_states_in_one_more_try():
    """The student is not a straw man: against a message that states the answer it needs two tries."""
    from adversarial.exercises.core import Verdict

    def leaky(answer):
        return Verdict(answer == 7, "Not yet: the right answer is 7.")
    problem = Problem("leaky", leaky, list(range(100)), "value")
    assert reading_tries(problem, list(range(100))) == 2


def test_the_reading_student_uses_listed_members():
    from adversarial.exercises.core import Verdict

    def leaky(answer):
        extra = sorted(set(answer) - {1, 2})
        missing = sorted({1, 2} - set(answer))
        return Verdict(not extra and not missing, f"Not yet: not these: {extra}; missing: {missing}.")
    from .automated_student import subsets
    problem = Problem("leaky set", leaky, subsets(range(6)), "set", universe=list(range(6)))
    assert reading_tries(problem, [frozenset({0, 3})] + subsets(range(6))) == 2


@pytest.mark.parametrize("problem", [p for p in problems() if not p.exception], ids=lambda p: p.name)
def test_reading_the_messages_never_takes_fewer_tries(problem):
    blind, reading = measure(problem)
    assert reading >= blind, f"{problem.name}: {reading} tries reading the messages, {blind} told right/wrong"


def test_the_readme_table_is_the_one_the_tool_computes(table):
    module, text = table
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert module.replace(readme, text) == readme, "run: .venv/bin/python tools/feedback_table.py --write"
