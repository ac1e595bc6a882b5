"""Stated times are measured ones: each notebook's **Time** line states its latest walk-through, moved by the
fit for what changed since (tools/notebook_times.py), with how much students differ, and each is one sitting."""

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("notebook_times", ROOT / "tools" / "notebook_times.py")
notebook_times = importlib.util.module_from_spec(spec)
spec.loader.exec_module(notebook_times)

SOURCES = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.md"))
ONE_SITTING = notebook_times.MAX_MINUTES


def test_a_notebook_as_it_was_walked_states_its_walk_through():
    """Anchored: the text a walker measured is estimated at exactly the walker's minutes (within 10% is the
    goal; this is 0%), whatever the fit says of it."""
    weights = notebook_times.fit()[0]
    for (name, commit), row in notebook_times.MEASURED.items():
        if notebook_times.latest(name) == (name, commit):
            predicted = notebook_times._predict(weights, (name, commit), row[2:])
            assert predicted == pytest.approx(notebook_times.minutes((name, commit)))


def test_a_change_moves_the_estimate_by_the_fit():
    """Moving a section to the optional part lowers the required time by what the fit says it costs."""
    weights = notebook_times.fit()[0]
    name = "07_move_ordering"
    anchor = notebook_times.latest(name)
    fewer = list(notebook_times.MEASURED[anchor][2:])
    fewer[0] -= 2                                     # two demo cells fewer
    moved = notebook_times._predict(weights, anchor, fewer)
    assert moved == pytest.approx(notebook_times.minutes(anchor) - 2 * weights[0])
    assert all(w > 0 for w in weights)                # each thing a student does costs time


def test_the_spread_is_measured_from_walk_throughs():
    """The 'students differ' share is what predicting each walk-through from the one before it missed."""
    share, checks = notebook_times.spread()
    assert len(checks) >= 10
    assert 0.05 < share < 0.3
    misses = sorted(abs(p - m) / m for _, m, p in checks)
    assert misses[0] <= share <= misses[-1]


def test_the_plain_fit_stays_near_every_walk_through():
    """A notebook never walked through states the fit alone: the fit is within 16 minutes of every
    walk-through (the farthest is notebook 0's first figure, 20 minutes, an estimate when it was written)."""
    _, fitted = notebook_times.fit()
    for name, (measured, estimated) in fitted.items():
        assert abs(measured - estimated) <= 17, (name, measured, estimated)


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
    """The Time paragraph is what --write states: the required part's minutes with its range, the optional
    parts' apart; and the required part is one sitting."""
    text = md.read_text(encoding="utf-8")
    stated = notebook_times.TIME_PARAGRAPH.search(text)
    assert stated, f"{md.name}: no '**Time**: ...' paragraph"
    assert stated.group(0) == notebook_times.time_paragraph(text, name=md.stem), (
        f"{md.name}: its Time paragraph is not the estimate: python tools/notebook_times.py --write "
        + str(md.relative_to(ROOT)))
    required, optional = notebook_times.estimates(md, text)
    assert re.search(rf"about {required:.0f} minutes \(expect \d+ to \d+\)", stated.group(0))
    assert (optional is None) == ("optional parts" not in stated.group(0))
    assert required <= ONE_SITTING, f"{md.name}: about {required:.0f} minutes is more than one sitting: split it"
