"""Grading a class: 300 hand-ins of one assignment, graded by tools/grade.py with nbgrader (issue 31).

    python benchmarks/bench_grading.py [--lesson 02] [--handins 300] [--jobs N]

Builds the assignment into a temporary course, writes the hand-ins of a plausible class (about 60 % right,
30 % with a typical wrong answer to one exercise, 10 % untouched), grades them in one batch with ``--jobs``
workers (default: every core), and reports wall time, CPU time (this process and every child: workers and
kernels) and the time per hand-in, in benchmarks/RESULTS.md. It is a benchmark, not a test: its numbers
depend on the machine and on what else runs on it (the load average is written down with them).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(HERE)]

import assignments  # noqa: E402
import grade  # noqa: E402
from results import write_section  # noqa: E402

from tests.test_grading import Assignment, function_wrongs, value_wrongs  # noqa: E402


def cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def class_of(a: Assignment, size: int, seed: int = 1) -> dict:
    rng = random.Random(seed)
    wrongs = [(number, wrong) for number, name in a.defines.items()
              for wrong in function_wrongs(name) + [f"{name} = {w!r}\n" for w in value_wrongs(a.name[:2], number)]]
    hand = {}
    for k in range(size):
        roll = rng.random()
        if roll < 0.6 or not wrongs:
            hand[f"student{k:03d}"] = a.right()
        elif roll < 0.9:
            number, wrong = rng.choice(wrongs)
            hand[f"student{k:03d}"] = a.handin({number: wrong})
        else:
            hand[f"student{k:03d}"] = a.release
    return hand


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lesson", default="02")
    parser.add_argument("--handins", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--scale", type=int, default=300, help="the class size the result is stated for")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-grading-") as tmp:
        course, folder = Path(tmp) / "course", Path(tmp) / "handins"
        folder.mkdir()
        started, cpu0 = time.perf_counter(), cpu()
        (name,) = assignments.build([args.lesson], course)
        build_wall, build_cpu = time.perf_counter() - started, cpu() - cpu0
        a = Assignment(course, name)
        for student, notebook in class_of(a, args.handins).items():
            nbformat.write(notebook, folder / f"{student}.ipynb")
        started, cpu0 = time.perf_counter(), cpu()
        rows = grade.grade(args.lesson, folder, course, jobs=args.jobs)
        wall, used = time.perf_counter() - started, cpu() - cpu0
    graded = sum(r["status"] == "graded" for r in rows)
    full = sum(r["score"] == r["max_score"] for r in rows)
    n = len(rows)
    body = (f"Assignment `{name}` ({a.total:g} points, {len(a.points)} autograded tests), {n} hand-ins "
            f"(a class: {full} with full points), graded with `--jobs {args.jobs}`.\n\n"
            "| step | wall | CPU (all processes) | per hand-in (wall) | per hand-in (CPU) |\n|---|---|---|---|---|\n"
            f"| build the assignment | {build_wall:.1f} s | {build_cpu:.1f} s | | |\n"
            f"| grade {n} hand-ins ({graded} graded) | {wall:.0f} s | {used:.0f} s | {wall / n:.2f} s | "
            f"{used / n:.2f} s |\n\n"
            + (f"At that CPU per hand-in, {args.scale} hand-ins need {used / n * args.scale:.0f} CPU seconds: "
               f"an estimated {used / n * args.scale / args.jobs / 60:.0f} minutes of wall time on {args.jobs} "
               f"otherwise idle cores, if the workers kept them busy ({args.handins} were graded here, not "
               f"{args.scale}: the machine was shared, see the load average above).\n\n"
               if args.handins != args.scale else "")
            + "Each hand-in costs a kernel start (Python, IPython, the package), its test cells (the lesson's check, "
            "then the hidden re-checks on a fresh copy of the package) and nbgrader's own work (the gradebook, "
            "the feedback page). The workers scale with cores until the gradebook (one SQLite file) is the "
            "limit; beyond one machine see the README's \"Teaching with this collection\".")
    write_section("bench_grading", f"Grading {args.scale} hand-ins with nbgrader", body)
    print(body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
