"""Shared test set-up: where ../shared is, and what nbval compares."""

import os
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"

# "Thousands of random trees": each property test sees this many examples in `make test` and CI (the
# "full" profile). The quick loop (`make check`) sets ADVERSARIAL_HYPOTHESIS=quick: 100 examples, which
# still finds a broken search on the first run, in a fraction of the time. Tests that set their own
# max_examples keep it in both.
settings.register_profile("full", max_examples=1500, deadline=None, database=None)
settings.register_profile("quick", max_examples=100, deadline=None, database=None)
settings.load_profile(os.environ.get("ADVERSARIAL_HYPOTHESIS", "full"))


def shared_path(*parts) -> Path:
    """A path inside ../shared, or skip the test with the reason when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent: this test reads the external data in ../shared "
                    "(present in the team's workspace, not in a plain clone)")
    return path
