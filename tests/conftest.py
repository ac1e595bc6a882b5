"""Shared test set-up: where ../shared is, and what nbval compares."""

from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"

# "Thousands of random trees": each property test sees this many examples.
settings.register_profile("adversarial", max_examples=1500, deadline=None, database=None)
settings.load_profile("adversarial")


def shared_path(*parts) -> Path:
    """A path inside ../shared, or skip the test with the reason when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent: this test reads the external data in ../shared "
                    "(present in the team's workspace, not in a plain clone)")
    return path
