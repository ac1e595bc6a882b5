"""The project's gallery of student answers (tests/gallery/<check>/): every check that grades a function gets
typical bugs and correct variants written differently, each a file whose first line says what it is:

    # RIGHT: fail-hard, the strict rule.                  -> accepted
    # BUG <mistake>: what the student did.                -> rejected, the catalogue's cause for <mistake> shown
    # BUG neutral: what the student did.                  -> rejected, the check's neutral hint shown

A file defines ``answer`` (the student's function) and may set ``OPTIONS`` (keyword arguments for the check).
Every file is checked on 20 seeds, on few random cases (the fixed cases come first and the diagnosis uses fixed
cases only, so the verdict and the words must not change with the seed).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adversarial import exercises

from .gallery import HERE as GALLERY
from .gallery import load

SEEDS = range(1, 21)
FEW = 4          # random cases per seed: the fixed cases do the work, the seeds test that nothing depends on them


def _catalogue(check: str, options: dict):
    """The check's catalogue, to read the words each mistake should get."""
    if check == "check_minimax":
        from adversarial.exercises.minimax import CATALOGUE
        return CATALOGUE
    if check == "check_alphabeta":
        from adversarial.exercises.alphabeta import catalogue
        return catalogue(options.get("prune_on_equal", True))
    from adversarial.exercises.engine import ASPIRATION_CATALOGUE
    from adversarial.exercises.techniques import EXACT_CATALOGUE, LMR_CATALOGUE
    return {"check_lmr_depth": LMR_CATALOGUE, "check_exact_score": EXACT_CATALOGUE,
            "check_aspiration": ASPIRATION_CATALOGUE}[check]


def entries():
    for path in sorted(GALLERY.glob("check_*/*.py")):
        yield pytest.param(path, id=f"{path.parent.name}/{path.stem}")


def label(path: Path) -> tuple[str, str | None]:
    """('right', None), ('bug', mistake name) or ('bug', None) for the neutral hint, from the first line."""
    first = path.read_text().splitlines()[0]
    assert first.startswith(("# RIGHT:", "# BUG ")), f"{path}: the first line must say what the file is"
    if first.startswith("# RIGHT:"):
        return "right", None
    name = first[len("# BUG "):].split(":")[0].strip()
    return "bug", None if name == "neutral" else name


@pytest.mark.parametrize("path", list(entries()))
def test_the_gallery_verdicts_and_words_are_the_same_on_20_seeds(path):
    check = path.parent.name
    module = load(path)
    options = getattr(module, "OPTIONS", {})
    kind, name = label(path)
    catalogue = _catalogue(check, options)
    if kind == "bug":
        # what the diagnosis expects: the named mistake's cause, or the neutral hint
        want = catalogue.neutral if name is None else next(
            (m.cause for m in catalogue.mistakes if m.name == name), None)
        assert want is not None, f"{path}: no mistake {name!r} in the catalogue: {catalogue.names()}"
    messages = set()
    for seed in SEEDS:
        verdict = getattr(exercises, check)(module.answer, seed=seed, n=FEW, **options)
        assert verdict.answered, verdict.message
        if kind == "right":
            assert verdict, f"seed {seed}: {verdict.message}"
            continue
        assert not verdict, f"seed {seed}: a bug accepted"
        assert want in verdict.message, f"seed {seed}: expected the words for {name or 'neutral'}: {verdict.message}"
        messages.add(verdict.message.split(" Hint")[-1])
    assert len(messages) <= 1, "the hint changed with the seed"


def test_every_gallery_of_a_function_check_has_8_bugs_and_3_right_answers():
    for folder in sorted(GALLERY.glob("check_*")):
        kinds = [label(p)[0] for p in folder.glob("*.py")]
        assert kinds.count("bug") >= 8 and kinds.count("right") >= 3, folder.name


def test_every_catalogue_tells_its_mistakes_apart():
    from adversarial.exercises.alphabeta import catalogue
    for cat in [catalogue(False)] + [_catalogue(folder.name, {}) for folder in sorted(GALLERY.glob("check_*"))]:
        assert cat.twins() == []
