"""Stated times are measured ones: each notebook's **Time** line agrees with the walk-through estimate
(tools/notebook_times.py, calibrated on measured walk-throughs), and each is one sitting."""

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("notebook_times", ROOT / "tools" / "notebook_times.py")
notebook_times = importlib.util.module_from_spec(spec)
spec.loader.exec_module(notebook_times)

SOURCES = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.md"))
ONE_SITTING = 65   # "at most about an hour"


def test_the_estimate_reproduces_every_measured_walk_through():
    _, fitted = notebook_times.fit()
    for name, (measured, estimated) in fitted.items():
        assert abs(measured - estimated) <= notebook_times.TOLERANCE, (name, measured, estimated)


def test_features_count_demo_cells_and_answer_lines():
    text = (
        "```{code-cell} ipython3\n:tags: [install]\nimport sys\n```\n\n"
        "```{code-cell} ipython3\nprint(1)\n```\n\n"
        "```{code-cell} ipython3\n:tags: [exercise]\nanswer = ...\n```\n\n"
        '+++ {"tags": ["solution"]}\n\n<details>\n\n```python\n# a comment\nanswer = 3\n\nprint(answer)\n```\n'
        "</details>\n\n"
        "```{code-cell} ipython3\n:tags: [check]\ncheck(answer)\n```\n"
    )
    cells, lines, words = notebook_times.features(text)
    assert (cells, lines) == (1.0, 2.0) and words == 0          # no prose: the comment and code are not read as it
    assert notebook_times.features("Some prose here, four.\n" + text)[2] == 4


def test_optional_sections_are_set_apart():
    text = ("## Part\n```{code-cell} ipython3\ncell_a\n```\n### Exercise 2 (optional): more\n"
            "```{code-cell} ipython3\ncell_b\n```\n### Exercise 3\n```{code-cell} ipython3\ncell_c\n```\n"
            "## Going further (optional)\n```{code-cell} ipython3\ncell_d\n```\n")
    required, optional = notebook_times.split_optional(text)
    assert "cell_a" in required and "cell_c" in required
    assert "cell_b" in optional and "cell_d" in optional and "cell_b" not in required
    assert notebook_times.features(optional)[:2] == (2.0, 0.0)


def test_a_comment_in_code_is_no_heading():
    """A worked answer's "# then: ..." comment once ended an optional exercise: the rest of it, and every
    optional part after it, counted as required."""
    text = ("## Part\n### Exercise 4 (optional): more\n```{code-cell} ipython3\n# a comment\ncell_b\n```\n"
            '+++ {"tags": ["solution"]}\n\n```python\nx = 1\n\n# then: x is 1\n```\n\n'
            "```{code-cell} ipython3\ncell_c\n```\n### Exercise 5 (optional): still more\nText.\n")
    required, optional = notebook_times.split_optional(text)
    assert required == "## Part\n"
    assert "cell_b" in optional and "cell_c" in optional and "still more" in optional


@pytest.mark.parametrize("md", SOURCES, ids=[p.stem for p in SOURCES])
def test_stated_time_is_the_estimate_and_one_sitting(md):
    """The Time line's first figure is the required part's estimate; optional parts are stated apart."""
    text = md.read_text(encoding="utf-8")
    stated = re.search(r"\*\*Time\*\*: about (\d+) minutes([^\n]*\n[^\n]*)", text)
    assert stated, f"{md.name}: no '**Time**: about N minutes' line"
    required, optional = notebook_times.split_optional(text)
    if optional.strip():
        extra = re.search(r"about (\d+)", stated.group(2))
        assert extra, f"{md.name} has optional parts: its Time line must say how long they take ('about M more')"
        assert abs(int(extra.group(1)) - notebook_times.estimate(optional)) <= 5, (
            f"{md.name}: optional parts stated {extra.group(1)}, estimated {notebook_times.estimate(optional):.0f}")
    estimate = notebook_times.estimate(required)
    assert abs(int(stated.group(1)) - estimate) <= 5, (     # --write states the estimate
        f"{md.name} states {stated.group(1)} minutes; the walk-through estimate is {estimate:.0f} "
        "(python tools/notebook_times.py " + str(md.relative_to(ROOT)) + ")")
    assert estimate <= ONE_SITTING, f"{md.name}: about {estimate:.0f} minutes is more than one sitting: split it"
