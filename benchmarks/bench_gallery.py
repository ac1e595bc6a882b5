"""The gallery of student answers (tests/gallery/) on many seeds: every verdict and every hint the same on each.

    .venv/bin/python benchmarks/bench_gallery.py [--seeds 20] [--full] [--check check_pvs]

tests/test_gallery.py runs each file of the five first galleries on 20 seeds and the others on 3, with few random
cases each, to keep the suite quick; this runs every file on ``--seeds`` seeds (``--full``: with each check's own
number of random cases, as a notebook calls it). A check with fixed cases only (no seed) runs once. For each
check it prints the answers tried, how many right answers were accepted on every seed, how many bugs were
rejected on every seed with the words the gallery expects, and how many different hints the bugs got across the
seeds (1 each when nothing depends on the seed); every exception is listed below the table. Progress goes to
stderr, one line a check.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.gallery import HERE as GALLERY  # noqa: E402
from tests.gallery import load  # noqa: E402
from tests.test_gallery import FEW, _catalogue, _check, label  # noqa: E402


def verdict(check, answer, seed, options, full):
    if seed is None:
        return _check(check)(answer, **options)
    if full:
        return _check(check)(answer, seed=seed, **options)
    return _check(check)(answer, seed=seed, n=FEW, **options)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--full", action="store_true", help="each check's own number of random cases")
    parser.add_argument("--check", action="append", help="only this check's gallery (repeatable)")
    args = parser.parse_args(argv)
    import inspect
    folders = sorted(GALLERY.glob("check_*"))
    if args.check:
        folders = [f for f in folders if f.name in args.check]
    rows, problems = [], []
    for folder in folders:
        check = folder.name
        seeded = "seed" in inspect.signature(_check(check)).parameters
        seeds = list(range(1, args.seeds + 1)) if seeded else [None]
        start = time.perf_counter()
        counts = defaultdict(int)
        for path in sorted(folder.glob("*.py")):
            module = load(path)
            options = getattr(module, "OPTIONS", {})
            kind, name = label(path)
            catalogue = _catalogue(check, options)
            want = None
            if kind == "bug":
                want = catalogue.neutral if name is None else next(m.cause for m in catalogue.mistakes
                                                                     if m.name == name)
            hints, ok = set(), True
            for seed in seeds:
                v = verdict(check, module.answer, seed, options, args.full)
                if kind == "right" and not v:
                    ok = False
                    problems.append(f"{check}/{path.stem}, seed {seed}: refused: {v.message}")
                elif kind == "bug":
                    if v or want not in v.message:
                        ok = False
                        problems.append(f"{check}/{path.stem}, seed {seed}: "
                                        f"{'accepted' if v else 'other words'}: {v.message}")
                    hints.add(v.message.split(" Hint")[-1])
            counts[kind] += 1
            counts[f"{kind} ok"] += ok
            if kind == "bug":
                counts["hints"] = max(counts["hints"], len(hints))
        seconds = time.perf_counter() - start
        print(f"{check}: {counts['right'] + counts['bug']} answers, {seconds:.1f} s", file=sys.stderr)
        rows.append((check, len(seeds), counts))
    cases = "each check's own number of random cases" if args.full else f"{FEW} random cases a seed"
    lines = [f"Every file of tests/gallery/ on {args.seeds} seeds ({cases}; a check with fixed cases only runs "
             "once).", "",
             "| check | seeds | right answers accepted on every seed | bugs rejected on every seed with the "
             "expected words | most hints a bug got across seeds |", "|---|---|---|---|---|"]
    lines += [f"| {check} | {n} | {c['right ok']} of {c['right']} | {c['bug ok']} of {c['bug']} | {c['hints']} |"
              for check, n, c in rows]
    lines += ["", "Every verdict and hint the same on every seed." if not problems else "Exceptions:"]
    lines += [f"- {line}" for line in problems]
    print("\n".join(lines))
    if not args.check:
        from benchmarks.results import write_section
        write_section("bench_gallery", "The gallery of student answers on many seeds (issue 42)", "\n".join(lines))
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
