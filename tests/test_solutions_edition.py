"""The solutions edition (``tools/notebooks.py solutions``): every lesson with each exercise stub replaced by
its worked answer, executed on a fresh kernel into build/solutions/, where every check must say ✓ and every
prediction cell must print what its stored fingerprint says.

``make test`` runs it here, one test per notebook, so pytest-xdist spreads the notebooks over the cores
alongside nbval's run of the student edition (it used to be a separate step before pytest)."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import notebooks as nbtool  # noqa: E402

OUT = ROOT / "build" / "solutions"


@pytest.mark.parametrize("md", nbtool.sources(), ids=lambda md: md.stem)
def test_every_check_passes_in_the_solutions_edition(md):
    problems = nbtool.solution_problems(md, OUT)
    assert not problems, "\n".join(problems)
    assert (OUT / md.with_suffix(".ipynb").name).exists()
