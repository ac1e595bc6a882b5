"""Print (or, with --write, put into README.md) the table of what the exercise checks say, measured (issue 42).

For every value, set and rule check: the mistakes its catalogue names, and the mean tries the automated student
(tests/automated_student.py) needs told only right or wrong, and reading the messages. For every function check:
its catalogue and the bugs and right answers of its gallery (tests/gallery/). Everything is computed here, from
the checks themselves; tests/test_automated_student.py fails when the README's table is not what this prints.

    .venv/bin/python tools/feedback_table.py            # print the table
    .venv/bin/python tools/feedback_table.py --write    # and replace it in README.md
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

START, END = "<!-- feedback table: made by tools/feedback_table.py -->", "<!-- end of feedback table -->"


def function_rows() -> list[tuple[str, int, int, int]]:
    """(check, mistakes catalogued, gallery bugs, gallery right answers) for the checks of functions: one row a
    gallery folder (tests/gallery/<check>/), the mistakes read from the check's own catalogue."""
    from tests.test_gallery import _catalogue
    rows = []
    for folder in sorted((ROOT / "tests" / "gallery").glob("check_*")):
        firsts = [f.read_text().splitlines()[0] for f in folder.glob("*.py")]
        rows.append((folder.name, len(_catalogue(folder.name, {}).mistakes), sum(f.startswith("# BUG") for f in firsts),
                     sum(f.startswith("# RIGHT") for f in firsts)))
    return rows


def table() -> str:
    from tests.automated_student import measure, problems
    lines = ["| exercise, check | mistakes named | tries told right/wrong | tries reading the messages | note |",
             "|---|---|---|---|---|"]
    for problem in problems():
        blind, reading = measure(problem)
        note = problem.exception or ("no fewer tries" if reading >= blind else "FEWER: the messages leak")
        lines.append(f"| {problem.name} | {problem.mistakes} | {blind:.1f} | {reading:.1f} | {note} |")
    lines += ["", "| function check | mistakes named | gallery: bugs | gallery: right answers |", "|---|---|---|---|"]
    lines += [f"| {name} | {count} | {bugs} | {rights} |" for name, count, bugs, rights in function_rows()]
    return "\n".join(lines)


def replace(readme: str, text: str) -> str:
    start, end = readme.index(START) + len(START), readme.index(END)
    return readme[:start] + "\n" + text + "\n" + readme[end:]


def main(argv) -> int:
    text = table()
    print(text)
    if "--write" in argv:
        path = ROOT / "README.md"
        path.write_text(replace(path.read_text(encoding="utf-8"), text), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
