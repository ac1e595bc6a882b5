"""Shared test set-up: where ../shared is, and what nbval compares."""

import os
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent

# The gallery's files are student answers that tests/test_gallery.py loads one by one, not test modules: with
# --doctest-modules pytest would import them by their base names, and several galleries share a name.
collect_ignore_glob = ["gallery/*"]
SHARED = ROOT.parent / "shared"

# How many examples each property test sees. `make check` and `make test` use "quick": 100 random games or trees
# a property, every run (a broken search fails on the first few dozen). CI (.ci/run) then runs the property
# tests again at "full", 1,500 a property (`make test-properties`, about four minutes of CPU). "standard" (400)
# is in between. Tests that set their own max_examples keep it in every profile.
settings.register_profile("full", max_examples=1500, deadline=None, database=None)
settings.register_profile("standard", max_examples=400, deadline=None, database=None)
settings.register_profile("quick", max_examples=100, deadline=None, database=None)
settings.load_profile(os.environ.get("ADVERSARIAL_HYPOTHESIS", "quick"))


def shared_path(*parts) -> Path:
    """A path inside ../shared, or skip the test with the reason when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent: this test reads the external data in ../shared "
                    "(present in the team's workspace, not in a plain clone)")
    return path


# The quick loop (`make check`, which runs `-m "not slow"`) leaves these out; `make test` and CI run them.
# Each executes a lesson notebook's code (its cells in one namespace, once per answer tried), starts a Jupyter
# kernel, server or a pytest in a subprocess, or reruns a notebook's experiment on more seeds: 2-13 s each at
# the quick Hypothesis profile (`pytest --durations`, 2026-11-24).
SLOW = (
    "tests/test_exercises_notebooks.py::test_every_check_rejects_the_typical_wrong_answers",
    "tests/test_exercises_null_window_and_chance.py::test_every_check_rejects_the_typical_wrong_answers",
    "tests/test_exercises_ordering.py::test_notebook_6_checks_reject_wrong_answers",
    "tests/test_predict_cells.py::test_a_",                  # store(): executes a small notebook on a kernel
    "tests/test_predict_cells.py::test_rewriting_without_executing_keeps_the_fingerprint",
    "tests/test_predict_cells.py::test_nbval_",              # pytest --nbval in a subprocess
    "tests/test_notebook_pairs.py::test_saving_in_jupyter_writes_both_files",   # a Jupyter server
    "tests/test_connectfour_spread.py::test_notebook_5_claim_",
    "tests/test_ordering_claims.py::test_the_connect_four_ladder_on_other_openings",
)


def pytest_collection_modifyitems(items):
    for item in items:
        if item.nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)
