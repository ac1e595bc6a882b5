"""The project's gallery of student answers (tests/gallery/<check>/): every check that grades a function gets
typical bugs and correct variants written differently, each a file whose first line says what it is:

    # RIGHT: fail-hard, the strict rule.                  -> accepted
    # BUG <mistake>: what the student did.                -> rejected, the catalogue's cause for <mistake> shown
    # BUG neutral: what the student did.                  -> rejected, the check's neutral hint shown

A file defines ``answer`` (the student's function) and may set ``OPTIONS`` (keyword arguments for the check).
Every file is checked on few random cases, on 20 seeds for the five first galleries and on 3 for the others (the
fixed cases come first and the diagnosis uses fixed cases only, so the verdict and the words must not change with
the seed; benchmarks/bench_gallery.py runs every file on 20 seeds); a check with fixed cases only runs once.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from pathlib import Path

import pytest

from adversarial import exercises
from adversarial.exercises.diagnosis import Mistake

from .gallery import HERE as GALLERY
from .gallery import load

SEEDS = range(1, 21)
FEW_SEEDS = (1, 2, 3)
FIRST = ("check_minimax", "check_alphabeta", "check_lmr_depth", "check_exact_score", "check_aspiration")
FEW = 4          # random cases per seed: the fixed cases do the work, the seeds test that nothing depends on them


def _catalogue(check: str, options: dict):
    """The check's catalogue, to read the words each mistake should get (a ``Words`` for the checks whose
    diagnosis keeps its words in a table of its own)."""
    if check == "check_minimax":
        from adversarial.exercises.minimax import CATALOGUE
        return CATALOGUE
    if check == "check_alphabeta":
        from adversarial.exercises.alphabeta import catalogue
        return catalogue(options.get("prune_on_equal", True))
    from adversarial.exercises import beyond, chess, engine, ordering, techniques
    if check == "check_pvs":
        return engine.pvs_catalogue()
    if check == "check_careful_table":
        from adversarial.exercises import tictactoe
        return tictactoe.table_catalogue()
    return {"check_lmr_depth": techniques.LMR_CATALOGUE, "check_exact_score": techniques.EXACT_CATALOGUE,
            "check_aspiration": engine.ASPIRATION_CATALOGUE, "check_negamax": beyond.NEGAMAX_CATALOGUE,
            "check_mtdf_driver": beyond.MTDF_CATALOGUE, "check_knuth_playout": techniques.PLAYOUT_CATALOGUE,
            "check_node_type": techniques.TYPE_CATALOGUE, "check_noisy": techniques.noisy_catalogue(),
            "check_null_depth": techniques.NULL_CATALOGUE,
            "check_proofs_function": ordering.PROOFS_CATALOGUE, "check_mvv_lva": chess.mvv_lva_catalogue(),
            "check_killer_update": chess.KILLER_CATALOGUE, "check_stand_pat": chess.stand_pat_catalogue()}[check]


@dataclass
class Words:
    """A check's neutral hint and its named mistakes' words, where they are not a :class:`Catalogue`'s."""
    neutral: str
    causes: dict

    @property
    def mistakes(self):
        return [Mistake(name, None, cause) for name, cause in self.causes.items()]

    def names(self):
        return list(self.causes)


def _check(name: str):
    from adversarial.exercises import chess
    return getattr(exercises, name, None) or getattr(chess, name)


def seeds_of(check: str):
    """The seeds a gallery file is checked on: 20 for the five first galleries; for the others (whose checks
    cost more a call) three here, and 20 in benchmarks/bench_gallery.py; one run for a check with fixed cases
    only (no seed to vary)."""
    if "seed" not in inspect.signature(_check(check)).parameters:
        return [None]
    return SEEDS if check in FIRST else FEW_SEEDS


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


def run(check: str, answer, seed, options: dict):
    """One verdict of ``check`` on ``answer``: with ``seed`` and few random cases, or as it is (fixed cases)."""
    if seed is None:
        return _check(check)(answer, **options)
    return _check(check)(answer, seed=seed, n=FEW, **options)


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
    for seed in seeds_of(check):
        verdict = run(check, module.answer, seed, options)
        assert verdict.answered, verdict.message
        if kind == "right":
            assert verdict, f"seed {seed}: {verdict.message}"
            continue
        assert not verdict, f"seed {seed}: a bug accepted"
        assert want in verdict.message, f"seed {seed}: expected the words for {name or 'neutral'}: {verdict.message}"
        messages.add(verdict.message.split(" Hint")[-1])
    assert len(messages) <= 1, "the hint changed with the seed"


def test_every_gallery_of_a_function_check_has_typical_bugs_and_right_answers_written_differently():
    """Issue 42 asks 8 bugs and 3 right answers a check; every gallery has them (README's table gives each
    gallery's numbers)."""
    for folder in sorted(GALLERY.glob("check_*")):
        kinds = [label(p)[0] for p in folder.glob("*.py")]
        bugs, rights = 8, 3
        assert kinds.count("bug") >= bugs and kinds.count("right") >= rights, folder.name


def test_every_catalogue_tells_its_mistakes_apart():
    from adversarial.exercises.alphabeta import catalogue
    for cat in [catalogue(False)] + [_catalogue(folder.name, {}) for folder in sorted(GALLERY.glob("check_*"))]:
        if not isinstance(cat, Words):
            assert cat.twins() == [], cat.names()
