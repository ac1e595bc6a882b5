"""How long a notebook takes a student working alone, estimated from its source and calibrated on
walk-throughs.

A stated time must be a measured one. Walk-throughs (careful students working alone, each trying a wrong
answer first on every exercise) measured these earlier notebooks; the estimate is a least-squares fit of
minutes to three things a student spends time on: demo code cells (the prose around each, a
prediction, a run, a look at the output) and the lines of the worked answers (what an exercise asks the
student to write, get wrong once and fix). Prose length and the number of exercises were tried as well and
explained nothing more on these measurements. The fit and its error on the measured notebooks are printed with
``--calibration``; any later notebook gets its estimate from the same fit.

    python tools/notebook_times.py notebooks/02_alphabeta_by_hand.md   # minutes for one or more
    python tools/notebook_times.py --calibration                      # the fit and its residuals
    python tools/notebook_times.py --write notebooks/*.md             # rewrite each **Time** paragraph
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Walk-throughs of the notebooks as they were at commit 2ba0e70: minutes (the middle of each measured
# range), then that version's demo cells and lines of worked answers, as `features` counts them (run
# `git show 2ba0e70:notebooks/NAME.md | python tools/notebook_times.py -` to recount one).
# 00 and 01 as measured when they were written; 02, 04, 05, 06 and 07 as issue 21 reports them.
MEASURED = {
    "00_start_here": (20, 8, 5),
    "01_minimax_by_hand": (45, 10, 8),
    "02_alphabeta_by_hand": (110, 25, 22),           # 100-120 minutes
    "04_alphabeta_tictactoe": (90, 16, 27),          # 80-100
    "05_depth_limits_connect_four": (115, 28, 20),   # 100-130
    "06_move_ordering": (82, 20, 21),                # 75-90
    "07_beyond_alphabeta": (110, 31, 18),            # 100-120
}

CODE_CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```$", re.M | re.S)
SOLUTION = re.compile(r'^\+\+\+ \{"tags": \["solution"\]\}\n(.*?)(?=^```\{code-cell\}|^\+\+\+|\Z)', re.M | re.S)
FENCE = re.compile(r"```python\n(.*?)```", re.S)


def _lines(code: str) -> int:
    return sum(1 for line in code.splitlines()
               if line.strip() and not line.strip().startswith("#") and not line.startswith(":"))


def features(text: str) -> tuple[float, float]:
    """(demo code cells, lines of worked answers) of a MyST notebook's text.

    A demo cell is every code cell but the set-up, the exercise stubs and the checks: a student reads
    the prose before it, predicts, runs it and looks. A worked answer's lines (comments and blanks left
    out) measure how much an exercise asks the student to write, get wrong once and fix.
    """
    cells = 0
    for match in CODE_CELL.finditer(text):
        tags = re.findall(r"^:tags: \[([^\]]*)\]", match.group(1), re.M)
        tags = {t.strip() for t in tags[0].split(",")} if tags else set()
        if not tags & {"install", "exercise", "check"}:
            cells += 1
    answer_lines = sum(_lines(fence.group(1)) for block in SOLUTION.finditer(text)
                       for fence in FENCE.finditer(block.group(1)))
    return float(cells), float(answer_lines)


OPTIONAL_HEADING = re.compile(r"^(#{2,3}) .*\boptional\b", re.I)


def split_optional(text: str) -> tuple[str, str]:
    """(the text a student must work through, the parts marked optional).

    A section is optional when its heading (## or ###) says "optional"; it runs to the next heading of
    the same or a higher level. A notebook states the time of its required part, and of its optional
    parts separately.
    """
    required, optional = [], []
    skipping_level = None
    for line in text.splitlines(keepends=True):
        heading = re.match(r"^(#{1,6}) ", line)
        if heading and skipping_level is not None and len(heading.group(1)) <= skipping_level:
            skipping_level = None
        found = OPTIONAL_HEADING.match(line)
        if found and skipping_level is None:
            skipping_level = len(found.group(1))
        (optional if skipping_level is not None else required).append(line)
    return "".join(required), "".join(optional)


def fit() -> tuple[list[float], dict[str, tuple[float, float]]]:
    """Least-squares weights (minutes per demo cell, per line of worked answer), no intercept, and
    each measured notebook's (measured, fitted) minutes."""
    rows = [(cells, lines) for _, cells, lines in MEASURED.values()]
    targets = [minutes for minutes, _, _ in MEASURED.values()]
    weights = _least_squares(rows, targets)
    fitted = {name: (minutes, sum(w * x for w, x in zip(weights, row)))
              for name, minutes, row in zip(MEASURED, targets, rows)}
    return weights, fitted


def _least_squares(rows, targets):
    """Solve the normal equations (no numpy needed)."""
    k = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) for j in range(k)] for i in range(k)]
    b = [sum(r[i] * t for r, t in zip(rows, targets)) for i in range(k)]
    for col in range(k):                      # Gaussian elimination with partial pivoting
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for r in range(col + 1, k):
            f = a[r][col] / a[col][col]
            a[r] = [x - f * y for x, y in zip(a[r], a[col])]
            b[r] -= f * b[col]
    x = [0.0] * k
    for r in reversed(range(k)):
        x[r] = (b[r] - sum(a[r][c] * x[c] for c in range(r + 1, k))) / a[r][r]
    return x


def estimate(text: str, weights=None) -> float:
    """Estimated minutes for a notebook's MyST text."""
    weights = weights or fit()[0]
    return sum(w * x for w, x in zip(weights, features(text)))


TIME_PARAGRAPH = re.compile(r"^\*\*Time\*\*:.*?(?=\n\s*\n)", re.M | re.S)


def time_paragraph(text: str, weights=None) -> str:
    """The **Time** paragraph a notebook should carry: its required part, and its optional part apart."""
    required, optional = split_optional(text)
    line = f"**Time**: about {estimate(required, weights):.0f} minutes"
    if optional.strip():
        line += f", and about {estimate(optional, weights):.0f} more for the optional parts"
    import textwrap
    return textwrap.fill(line + " (estimated by tools/notebook_times.py from its demo cells and worked answers: "
                         "a fit to students' timed walk-throughs of earlier versions of these notebooks, within "
                         "10 minutes of each).", width=110)


def write_time(path: Path, weights=None) -> bool:
    """Rewrite ``path``'s **Time** paragraph; True if it changed."""
    text = path.read_text(encoding="utf-8")
    if not TIME_PARAGRAPH.search(text):
        raise ValueError(f"{path.name} has no **Time** paragraph")
    new = TIME_PARAGRAPH.sub(lambda _: time_paragraph(text, weights), text, count=1)
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--calibration", action="store_true")
    parser.add_argument("--write", action="store_true", help="rewrite each file's **Time** paragraph")
    args = parser.parse_args(argv)
    weights, fitted = fit()
    if args.calibration or not args.files:
        print(f"minutes = {weights[0]:.2f} per demo cell + {weights[1]:.2f} per line of worked answer")
        for name, (measured, estimated) in fitted.items():
            print(f"  {name:32} measured {measured:4.0f}  fitted {estimated:5.0f}")
    if args.write:
        for path in args.files:
            print(f"{path.name}: {'rewritten' if write_time(path, weights) else 'unchanged'}")
        return 0
    for path in args.files:
        text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
        required, optional = split_optional(text)
        cells, lines = features(required)
        print(f"{path.name}: about {estimate(required, weights):.0f} minutes "
              f"({cells:.0f} demo cells, {lines:.0f} lines of worked answers)"
              + (f"; optional parts about {estimate(optional, weights):.0f} more" if optional.strip() else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
