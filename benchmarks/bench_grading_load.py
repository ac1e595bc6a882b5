"""A cell's time limit on a loaded machine: wall time (nbgrader's) against the cell's own time (the grader's).

    python benchmarks/bench_grading_load.py [--lesson 02] [--right 4] [--hogs 4] [--timeout 10] [--rounds 4]

Builds the assignment into a temporary course and grades, in each round, ``--right`` right hand-ins and two
endless ones (a loop that computes, ``while True: pass``, and one that sleeps, ``while True: time.sleep(0.05)``,
each before the function exercise's answer) with ``--timeout`` seconds a cell, while ``--hogs`` processes
(``python -c "while 1: pass"``, each in a session of its own) keep every core busy; they are stopped at the
end, whatever happens. Rounds
alternate the limit's clock (wall, own, own, wall, ...): ``$GRADING_CELL_TIME=wall`` is nbgrader's own limit, in
wall time; the default counts the cell's own time, its wall time less what its kernel waited for a CPU
(tools/grading_preprocessors.py's ExecuteOnOwnTime). A right answer should get its points in both (here it may
not in wall time: the hogs make its cells wait), and each endless loop should be stopped, "timed out", in both.
It is a benchmark, not a test: it takes minutes and loads the machine on purpose.
"""

from __future__ import annotations

import argparse
import os
import subprocess
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

from tests.test_grading import Assignment  # noqa: E402

ENDLESS = {"busy": "while True:\n    pass\n", "sleepy": "import time\nwhile True:\n    time.sleep(0.05)\n"}


def handins(a: Assignment, right: int) -> dict:
    f = a.function()
    found = {f"right-{k}": a.right() for k in range(right)}
    for name, loop in ENDLESS.items():
        found[name] = a.handin({f: loop + a.answer(f)})
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lesson", default="02")
    parser.add_argument("--right", type=int, default=4, help="right hand-ins a round")
    parser.add_argument("--hogs", type=int, default=4, help="processes that keep the cores busy")
    parser.add_argument("--timeout", type=int, default=10, help="seconds a cell may run (the test batch's)")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    clocks = [("wall", "own", "own", "wall")[k % 4] for k in range(args.rounds)]
    results = {clock: {"right": 0, "full": 0, "timed out": 0, "stopped": 0, "endless": 0, "wall": 0.0}
               for clock in set(clocks)}
    runs = []
    hogs = []
    try:
        with tempfile.TemporaryDirectory(prefix="bench-grading-load-") as tmp:
            course = Path(tmp) / "course"
            (name,) = assignments.build([args.lesson], course)
            a = Assignment(course, name)
            # Each hog in a session of its own: Linux's autogroup shares the CPUs between sessions first (the
            # sandboxed kernels each have their own), so hogs in one session would weigh as one.
            hogs = [subprocess.Popen([sys.executable, "-c", "while 1: pass"], start_new_session=True)
                    for _ in range(args.hogs)]
            time.sleep(2)
            for run, clock in enumerate(clocks):
                folder = Path(tmp) / f"handins-{run}"
                folder.mkdir()
                for student, notebook in handins(a, args.right).items():
                    nbformat.write(notebook, folder / f"r{run}-{student}.ipynb")
                print(f"round {run + 1} of {len(clocks)}: the limit in {clock} time", file=sys.stderr, flush=True)
                os.environ["GRADING_CELL_TIME"] = clock
                load0, started = os.getloadavg()[0], time.perf_counter()
                rows = grade.grade(args.lesson, folder, course, jobs=args.jobs, timeout=args.timeout,
                                   feedback=False)
                wall = time.perf_counter() - started
                got = results[clock]
                right = [r for r in rows if "-right-" in r["student"]]
                endless = [r for r in rows if r["student"].endswith(tuple(ENDLESS))]
                got["right"] += len(right)
                got["full"] += sum(r["score"] == r["max_score"] for r in right)
                got["timed out"] += sum("timed out" in r["reasons"] for r in right)
                got["endless"] += len(endless)
                got["stopped"] += sum("timed out" in r["reasons"] for r in endless)
                got["wall"] += wall
                full = sum(r["score"] == r["max_score"] for r in right)
                stopped = sum("timed out" in r["reasons"] for r in endless)
                runs.append(f"| {run + 1} | {clock} | {full} of {len(right)} | {stopped} of {len(endless)} "
                            f"| {wall:.0f} s | {load0:.1f} → {os.getloadavg()[0]:.1f} |")
    finally:
        for hog in hogs:
            hog.kill()
        for hog in hogs:
            hog.wait()
        os.environ.pop("GRADING_CELL_TIME", None)
    lines = [f"| {clock} | {r['full']} of {r['right']} ({r['timed out']} timed out) | {r['stopped']} of "
             f"{r['endless']} | {r['wall']:.0f} s |" for clock, r in sorted(results.items())]
    body = (f"Assignment `{name}`, `--timeout {args.timeout}` (seconds a cell), `--jobs {args.jobs}`, "
            f"{args.hogs} CPU hogs (`python -c \"while 1: pass\"`, each its own session) on {os.cpu_count()} cores "
            "all along; each round "
            f"grades {args.right} right hand-ins and two endless ones (a computing loop, a sleeping loop), the "
            "rounds alternating the clock of the limit (wall: nbgrader's; own: the cell's wall time less its "
            "kernel's wait for a CPU).\n\n"
            "| limit in | right answers with full points | endless loops stopped (\"timed out\") | wall |\n"
            "|---|---|---|---|\n" + "\n".join(lines) + "\n\nEach round (the machine's load average, one minute, at "
            "its start and end):\n\n| round | limit in | right, full points | endless stopped | wall | load |\n"
            "|---|---|---|---|---|---|\n" + "\n".join(runs))
    write_section("bench_grading_load", "A cell's time limit on a loaded machine", body)
    print(body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
