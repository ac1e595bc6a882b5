"""Grading a class: 300 hand-ins of one assignment, graded by tools/grade.py with nbgrader (issue 31).

    python benchmarks/bench_grading.py [--lesson 02] [--handins 300] [--jobs N] [--sandbox both|on|off]

Builds the assignment into a temporary course, writes the hand-ins of a plausible class (about 60 % right,
30 % with a typical wrong answer to one exercise, 10 % untouched), grades them with ``--jobs`` workers
(default: every core), and reports wall time, CPU time (this process and every child: workers and kernels)
and the time per hand-in, in benchmarks/RESULTS.md. By default the class is graded in four shares: without
each hand-in's bubblewrap sandbox, with, with, without, so the two compare under one machine's load. It is a
benchmark, not a test: its numbers depend on the machine and on what else runs on it (the load average is
written down with them).
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

# CPU time of this process and everything it starts. getrusage counts only the processes the grader waits
# for; a sandboxed kernel stopped at once (its sandbox's outer process killed) dies outside that tree, so where
# a cgroup-v1 CPU accounting controller is writable (as root) the benchmark runs in a cgroup of its own, whose
# counter has every descendant. (Measured here: getrusage saw half the CPU of the sandboxed hand-ins.)
CGROUP = Path("/sys/fs/cgroup/cpuacct")


def own_cgroup() -> Path | None:
    try:
        group = CGROUP / f"bench-grading-{os.getpid()}"
        group.mkdir()
        (group / "cgroup.procs").write_text(str(os.getpid()))
        return group
    except OSError:
        return None


ACCOUNT: dict = {"group": None}


def cpu() -> float:
    group = ACCOUNT["group"]
    if group is not None:
        return int((group / "cpuacct.usage").read_text()) / 1e9
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


def start_cost(bwrap: str, reps: int = 21) -> tuple[float, float]:
    """What the sandbox alone adds to starting a process: ``python -c pass`` run through tools/grading_sandbox.py
    and bwrap, and plainly, alternately ``reps`` times each; the medians' differences (wall, CPU seconds)."""
    import statistics
    import subprocess
    with tempfile.TemporaryDirectory(prefix="bench-sandbox-") as tmp:
        work, scratch = Path(tmp) / "work", Path(tmp) / "scratch"
        work.mkdir()
        env = dict(os.environ, GRADING_SCRATCH=str(scratch))
        plain = [sys.executable, "-c", "pass"]
        readable = [arg for path in grade.grading_sandbox.read_only_paths() for arg in ("--read-only", path)]
        wrapped = [sys.executable, "-S", str(ROOT / "tools" / "grading_sandbox.py"), "--bwrap", bwrap, *readable,
                   "--"] + plain       # as the kernel spec starts it (tools/assignments.py)
        times: dict = {0: [], 1: []}
        for k in range(2 * reps):
            which = (k + k // 2) % 2              # plain, sandboxed, sandboxed, plain, ...
            (scratch / "work").exists() and __import__("shutil").rmtree(scratch)
            started, cpu0 = time.perf_counter(), cpu()
            subprocess.run(wrapped if which else plain, env=env, cwd=work, check=True)
            times[which].append((time.perf_counter() - started, cpu() - cpu0))
    wall = statistics.median(t for t, _ in times[1]) - statistics.median(t for t, _ in times[0])
    used = statistics.median(c for _, c in times[1]) - statistics.median(c for _, c in times[0])
    return wall, used


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lesson", default="02")
    parser.add_argument("--handins", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--scale", type=int, default=300, help="the class size the result is stated for")
    parser.add_argument("--sandbox", choices=("both", "on", "off"), default="both",
                        help="grade with each hand-in in its bubblewrap sandbox, without, or both (alternating)")
    args = parser.parse_args()
    modes = {"both": [False, True, True, False], "on": [True], "off": [False]}[args.sandbox]
    ACCOUNT["group"] = own_cgroup()
    counted = ("in a cgroup of the benchmark's own (cpuacct): every process it started, the sandboxes' included"
               if ACCOUNT["group"] else
               "by getrusage: only the processes waited for, which leaves out sandboxed kernels")
    if True in modes and grade.grading_sandbox.available()[0] is None:
        raise SystemExit(f"no sandbox here: {grade.grading_sandbox.available()[1]}")
    used_by = {mode: [0.0, 0.0, 0, 0, 0, 0] for mode in set(modes)}   # wall, CPU, hand-ins, graded, full, right
    runs = []       # each run's row: the machine's load moves the wall time more than the sandbox does
    with tempfile.TemporaryDirectory(prefix="bench-grading-") as tmp:
        course = Path(tmp) / "course"
        started, cpu0 = time.perf_counter(), cpu()
        (name,) = assignments.build([args.lesson], course)
        build_wall, build_cpu = time.perf_counter() - started, cpu() - cpu0
        a = Assignment(course, name)
        everyone = list(class_of(a, args.handins).items())
        right = nbformat.writes(a.right())
        # The class in as many shares as runs, alternating without and with the sandbox (ABBA: a machine
        # that gets busier or quieter during the run weighs on both alike).
        shares = [everyone[k::len(modes)] for k in range(len(modes))]
        for run, (mode, share) in enumerate(zip(modes, shares)):
            folder = Path(tmp) / f"handins-{run}"
            folder.mkdir()
            for student, notebook in share:
                nbformat.write(notebook, folder / f"{student}.ipynb")
            print(f"run {run + 1} of {len(modes)}: {len(share)} hand-ins, sandbox {'on' if mode else 'off'}",
                  file=sys.stderr, flush=True)
            load0, started, cpu0 = os.getloadavg()[0], time.perf_counter(), cpu()
            rows = grade.grade(args.lesson, folder, course, jobs=args.jobs, sandbox=mode)
            wall, used = time.perf_counter() - started, cpu() - cpu0
            record = used_by[mode]
            record[0] += wall
            record[1] += used
            record[2] += len(rows)
            record[3] += sum(r["status"] == "graded" for r in rows)
            record[4] += sum(r["score"] == r["max_score"] for r in rows)
            record[5] += sum(nbformat.writes(notebook) == right for _, notebook in share)
            runs.append(f"| {run + 1} | {'on' if mode else 'off'} | {len(rows)} | {wall:.0f} s | {used:.0f} s | "
                        f"{load0:.1f} → {os.getloadavg()[0]:.1f} |")
    lines = []
    for mode in sorted(used_by):
        wall, used, n, graded, full, _ = used_by[mode]
        lines.append(f"| grade {n} hand-ins, sandbox {'on' if mode else 'off'} ({graded} graded, {full} with "
                     f"full points) | {wall:.0f} s | {used:.0f} s | {wall / n:.2f} s | {used / n:.2f} s |")
    comparison = ""
    honest = " ".join(f"Sandbox {'on' if mode else 'off'}: {r[5]} hand-ins were the right answers, "
                      f"{r[4]} scored full points." for mode, r in sorted(used_by.items()))
    lines.append("\nEach run (the machine's load average, one minute, at its start and end):\n\n"
                 "| run | sandbox | hand-ins | wall | CPU | load |\n|---|---|---|---|---|---|\n" + "\n".join(runs)
                 + f"\n\n{honest}")
    if len(used_by) == 2:
        (w0, c0, n0, *_), (w1, c1, n1, *_) = used_by[False], used_by[True]
        comparison = (f"The sandbox adds {c1 / n1 - c0 / n0:+.2f} CPU seconds and {w1 / n1 - w0 / n0:+.2f} s of "
                      f"wall time per hand-in (with/without: {c1 / n1 / (c0 / n0):.2f}x CPU, "
                      f"{w1 / n1 / (w0 / n0):.2f}x wall; the class graded in alternating shares, "
                      "without-with-with-without, in one process).\n\n")
    if len(used_by) == 2:
        wall, used = start_cost(grade.grading_sandbox.available()[0])
        comparison += (f"The sandbox's own start, measured alone (`python -c pass` through tools/grading_sandbox.py "
                       f"and bwrap against without, alternating, medians of 21 each): {wall:+.3f} s of wall time "
                       f"and {used:+.3f} CPU seconds a process.\n\n")
    n = args.handins
    per_cpu = sum(r[1] for r in used_by.values()) / n
    body = (f"Assignment `{name}` ({a.total:g} points, {len(a.points)} autograded tests), {n} hand-ins "
            f"(a class: about 60 % right, 30 % with a typical wrong answer, 10 % untouched), graded with "
            f"`--jobs {args.jobs}`.\n\n"
            "| step | wall | CPU (all processes) | per hand-in (wall) | per hand-in (CPU) |\n|---|---|---|---|---|\n"
            f"| build the assignment | {build_wall:.1f} s | {build_cpu:.1f} s | | |\n" + "\n".join(lines) + "\n\n"
            + comparison
            + (f"At that CPU per hand-in, {args.scale} hand-ins need about {per_cpu * args.scale:.0f} CPU seconds: "
               f"an estimated {per_cpu * args.scale / args.jobs / 60:.0f} minutes of wall time on {args.jobs} "
               f"otherwise idle cores, if the workers kept them busy ({n} were graded here, not "
               f"{args.scale}: the machine was shared, see the load average above).\n\n"
               if n != args.scale else "")
            + "Each hand-in costs a kernel start (Python, IPython, the package), its test cells (the lesson's check, "
            "then the hidden re-checks on a fresh copy of the package) and nbgrader's own work (the gradebook, "
            "the feedback page); with the sandbox also bwrap's namespaces and mounts and a copy of the hand-in's "
            f"folder into its scratch folder. CPU time is counted {counted}. The workers scale "
            "with cores until the gradebook (one SQLite file) is the limit; beyond one machine see the README's "
            "\"Teaching with this collection\".")
    write_section("bench_grading", f"Grading {args.scale} hand-ins with nbgrader", body)
    print(body)
    if ACCOUNT["group"] is not None:       # back to the parent group, and the benchmark's own removed
        (CGROUP / "cgroup.procs").write_text(str(os.getpid()))
        for _ in range(50):         # the last kernels may still be exiting
            try:
                ACCOUNT["group"].rmdir()
                break
            except OSError:
                time.sleep(0.1)
        else:
            left = (ACCOUNT["group"] / "cgroup.procs").read_text().split()
            print(f"processes still in {ACCOUNT['group']} 5 s after grading: {left}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
