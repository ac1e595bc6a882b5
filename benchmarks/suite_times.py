"""Where `make test`'s time goes: the slowest tests of one run, in their own section of RESULTS.md.

    make test 2>&1 | tee test.log
    python benchmarks/suite_times.py test.log [--notes notes.md]

It reads the `--durations` table and the summary line pytest printed (``make test`` asks for the slowest ten)
and writes them, with the measured wall times in ``--notes`` (Markdown, written by whoever timed the runs), as
the section "The test suite's time" of benchmarks/RESULTS.md. Unlike the other scripts it times nothing itself:
the suite is its own benchmark, and a wall time is only meaningful with the load it was measured under.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # run from anywhere
from benchmarks.results import write_section  # noqa: E402

DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)s (call|setup|teardown)\s+(\S.*)$")
SUMMARY = re.compile(r"^=+ (.*\d+ passed.*) =+$")


def slowest(log: str, count: int = 10) -> list[tuple[float, str, str]]:
    """(seconds, phase, test id) of the ``count`` slowest phases in a pytest log, slowest first.

    >>> slowest("12.50s call     tests/test_a.py::test_x\\n0.20s setup    tests/test_b.py::test_y\\n")
    [(12.5, 'call', 'tests/test_a.py::test_x'), (0.2, 'setup', 'tests/test_b.py::test_y')]
    """
    found = [(float(m[1]), m[2], m[3].strip()) for line in log.splitlines() if (m := DURATION.match(line))]
    return sorted(found, key=lambda row: -row[0])[:count]


def table(rows: list[tuple[float, str, str]]) -> str:
    lines = ["| # | seconds | phase | test |", "|--:|--:|---|---|"]
    lines += [f"| {i} | {seconds:.1f} | {phase} | `{test}` |" for i, (seconds, phase, test) in enumerate(rows, 1)]
    return "\n".join(lines)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("log", type=Path, help="the output of `make test` (or of pytest --durations=10)")
    parser.add_argument("--notes", type=Path, help="Markdown with the measured wall times, put before the table")
    args = parser.parse_args(argv)
    log = args.log.read_text(errors="replace")
    rows = slowest(log)
    if not rows:
        raise SystemExit(f"{args.log} has no --durations table: run pytest with --durations=10")
    summary = [m[1] for line in log.splitlines() if (m := SUMMARY.match(line.strip()))]
    body = (args.notes.read_text().strip() + "\n\n") if args.notes else ""
    body += (f"The slowest {len(rows)} tests of that run (pytest's `--durations`; with pytest-xdist each is one "
             f"worker's time, and the two workers run side by side):\n\n{table(rows)}\n")
    if summary:
        body += f"\npytest's summary: {summary[-1]}\n"
    write_section("suite_times", "The test suite's time (`make test`, `make check`)", body)


if __name__ == "__main__":
    main()
