"""Every Python line the README shows runs, as written, and a value its comment states is the value it gives.

Each ```python block runs in a fresh namespace, statement by statement, in a temporary folder (the stepper's
slides are written there). A statement that does not finish within HANG_GUARD seconds fails the test with
its line: this guards against a README line that hangs (an opening given to the exact solver), it does not
time anything; the lines take under a second each on a quiet machine.
"""

import ast
import importlib.util
import re
import signal
import threading
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
HANG_GUARD = 60          # seconds a single README statement may take before the test calls it hung


def python_blocks(text):
    """(line number, source) of every ```python block."""
    return [(text[:m.start()].count("\n") + 2, m.group(1))
            for m in re.finditer(r"^```python\n(.*?)^```$", text, flags=re.S | re.M)]


BLOCKS = python_blocks(README.read_text(encoding="utf-8"))


def stated_value(comment):
    """The value a line's comment states (``# 7, 2, (2, 1) — moves ...`` gives (7, 2, (2, 1))), or None."""
    head = re.split(r" — |;|: ", comment.lstrip("# ").strip(), maxsplit=1)[0]
    try:
        return ast.literal_eval(head)
    except (ValueError, SyntaxError):
        return None


def test_the_readme_shows_python_blocks():
    assert len(BLOCKS) >= 3 and any("alphabeta" in source for _, source in BLOCKS)


class Hung(Exception):
    pass


def _stop(signum, frame):
    raise Hung


# The block that saves every step as a slide (PNG and PDF) renders ~30 pictures: left to `make test`.
CASES = [pytest.param(n, source, id=f"README line {n}", marks=[pytest.mark.slow] if "save_slides" in source else [])
         for n, source in BLOCKS]


@pytest.mark.parametrize("first_line, source", CASES)
def test_every_readme_python_line_runs_as_written(first_line, source, tmp_path, monkeypatch):
    from adversarial import lecture_mode
    monkeypatch.chdir(tmp_path)
    lines = source.splitlines()
    namespace, missing = {}, []
    guard = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGALRM, _stop) if guard else None
    try:
        for statement in ast.parse(source).body:
            where = f"README line {first_line + statement.lineno - 1}: {lines[statement.lineno - 1].strip()}"
            if "from_openspiel(" in lines[statement.lineno - 1] and importlib.util.find_spec("pyspiel") is None:
                missing.append(where)        # the library's environment on other Pythons has no OpenSpiel
                continue
            code = compile(ast.Module([statement], []), where, "exec")
            if guard:
                signal.alarm(HANG_GUARD)
            try:
                if isinstance(statement, ast.Expr):
                    value = eval(compile(ast.Expression(statement.value), where, "eval"), namespace)
                else:
                    exec(code, namespace)
                    value = None
            except Hung:
                pytest.fail(f"{where} did not finish in {HANG_GUARD} s")
            finally:
                if guard:
                    signal.alarm(0)
            comment = lines[statement.end_lineno - 1].partition("#")[2]
            stated = stated_value(comment) if isinstance(statement, ast.Expr) and comment else None
            if stated is not None:
                assert value == stated, f"{where}: gives {value!r}, its comment says {stated!r}"
    finally:
        if guard:
            signal.signal(signal.SIGALRM, previous)
        lecture_mode(False)
    if missing:
        pytest.skip(f"every other line ran; open_spiel is not installed for {'; '.join(missing)}")


def test_a_stated_value_is_read_from_the_comment():
    assert stated_value("# 7, 2, (2, 1) — moves of a tree are child indices") == (7, 2, (2, 1))
    assert stated_value("# 12: exact score") == 12
    assert stated_value("# Graphviz drawing: pruned branches dashed") is None


def test_every_link_resolves_on_a_package_index_too():
    """The README is the package's description on a package index, where a link relative to the repository
    leads nowhere (issue 43): every link is a full address or a heading of the README itself."""
    text = README.read_text(encoding="utf-8")
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    prose = re.sub(r"`[^`\n]*`", "", prose)
    links = re.findall(r"\]\(([^)\s]+)\)", prose)
    assert links
    relative = [link for link in links if not re.match(r"(https?://|mailto:|#)", link)]
    assert relative == []
    try:
        import tomllib
    except ImportError:                                 # Python 3.10
        import tomli as tomllib
    repository = tomllib.loads((README.parent / "pyproject.toml").read_text())["project"]["urls"]["Repository"]
    notebooks = [link for link in links if "/notebooks/" in link]
    assert len(notebooks) >= 12 and all(link.startswith(repository + "/blob/main/notebooks/") for link in notebooks)
    for link in notebooks:                              # each names a lesson that exists
        assert (README.parent / link.split("/blob/main/", 1)[1]).exists(), link


def test_the_readme_gives_one_figure_for_make_checks_time():
    """Issue 43: "under a minute" in one place, 84–96 s in another."""
    text = README.read_text(encoding="utf-8")
    figures = set()
    for paragraph in re.split(r"\n\s*\n", text):
        if "make check" in paragraph:
            flat = " ".join(paragraph.split())
            figures.update(re.findall(r"\d+[–-]\d+ s\b(?! of CPU)|under a minute|\d+ seconds", flat))
    assert len(figures) == 1, figures
