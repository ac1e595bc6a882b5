"""The gallery of student answers (one file per answer, tests/gallery/<check>/<name>.py, see tests/test_gallery.py).

A test that asserts more about one of these answers than the gallery test does (a word of its message, its
figure) loads the gallery's copy instead of writing the answer again: one gallery, one copy of each answer.
"""

from __future__ import annotations

import importlib.util
import re
from functools import cache
from pathlib import Path

HERE = Path(__file__).parent


@cache
def load(path: Path):
    """The module of one gallery file, loaded once per test run."""
    spec = importlib.util.spec_from_file_location(f"gallery_{path.parent.name}_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def answer(check: str, name: str):
    """The student's function of tests/gallery/<check>/<name>.py."""
    path = HERE / check / f"{name}.py"
    if not path.exists():
        names = sorted(p.stem for p in path.parent.glob("*.py"))
        raise FileNotFoundError(f"no gallery answer {path}: the names in that folder are {names}")
    return load(path).answer


def cell(check: str, name: str, function: str) -> str:
    """The source of tests/gallery/<check>/<name>.py as a notebook cell that defines the exercise's ``function``
    (the gallery calls every answer ``answer``), for tests that run an answer as the student's cell."""
    path = HERE / check / f"{name}.py"
    if not path.exists():
        answer(check, name)  # raises, naming the answers there
    return re.sub(r"\banswer\(", f"{function}(", path.read_text())
