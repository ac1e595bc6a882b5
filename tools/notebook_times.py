"""How long a notebook takes a student working alone, estimated from its source and calibrated on
walk-throughs.

A stated time must be a measured one. Walk-throughs (a student working alone, a wrong answer tried first on
every exercise) measured sixteen versions of these notebooks; the estimate is a least-squares fit of their
minutes to three things a student spends time on: demo code cells (read, predict, run, look at the output),
lines of worked answers (what an exercise asks the student to write, get wrong once and fix) and prose words
(reading). Two features alone missed the prose-heavy notebooks by up to 20 minutes; with prose the fit is within
``TOLERANCE`` minutes of every walk-through (``--calibration`` prints it). A notebook states the estimate for
its required part and, apart, for the sections marked optional; after a notebook changes, ``--write`` restates
it, and a new walk-through is added to ``MEASURED``.

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

# Walk-throughs, each a student's minutes for a notebook's required part as it was at a commit, then that
# version's demo cells, lines of worked answers and prose words, as `features` counts them (recount one with
# `git show COMMIT:notebooks/NAME.md | python tools/notebook_times.py -`). At 2ba0e70: 00 and 01 as measured
# when they were written; 02, 04, 05, 06 and 07 the middle of the ranges issue 21 reports. At 384db58: this
# session's walk-throughs (a helper worked through each notebook as a student, a wrong answer first on every
# exercise, and gave each section's minutes).
MEASURED = {
    ("00_start_here", "2ba0e70"): (20, 8, 5, 962),
    ("01_minimax_by_hand", "2ba0e70"): (45, 10, 8, 861),
    ("02_alphabeta_by_hand", "2ba0e70"): (110, 25, 22, 1778),           # 100-120 minutes
    ("04_alphabeta_tictactoe", "2ba0e70"): (90, 16, 27, 939),           # 80-100
    ("05_depth_limits_connect_four", "2ba0e70"): (115, 28, 20, 1725),   # 100-130
    ("06_move_ordering", "2ba0e70"): (82, 20, 21, 1675),                # 75-90
    ("07_beyond_alphabeta", "2ba0e70"): (110, 31, 18, 2442),            # 100-120
    ("02_alphabeta_by_hand", "384db58"): (59, 19, 3, 1646),
    ("04_alphabeta_tictactoe", "384db58"): (55, 16, 5, 1002),
    ("05_depth_limits_evaluation", "384db58"): (68, 17, 7, 1895),
    ("06_solving_connect_four", "384db58"): (55, 8, 12, 1490),
    ("07_move_ordering", "384db58"): (82, 14, 12, 3031),
    ("08_null_window_searches", "384db58"): (72, 9, 17, 2091),
    ("09_engine_techniques", "384db58"): (53, 5, 22, 1294),
    ("10_engine_pruning", "384db58"): (54, 6, 12, 1481),
    ("11_monte_carlo_and_chance", "384db58"): (75, 14, 13, 2103),
    ("05_depth_limits_evaluation", "34642db"): (64, 15, 7, 1938),
    ("09_engine_techniques", "34642db"): (61, 5, 22, 1694),
    ("10_engine_pruning", "34642db"): (66, 8, 15, 2134),
    ("02_alphabeta_by_hand", "2677626"): (66, 18, 3, 1801),
    ("06_solving_connect_four", "2677626"): (67, 8, 14, 1858),
    ("07_move_ordering", "2677626"): (75, 8, 12, 2429),
    ("08_null_window_searches", "2677626"): (68, 8, 6, 2523),
}
TOLERANCE = 16    # the fit is within this many minutes of every walk-through above (checked by a test); the
                  # farthest is notebook 0's first figure (20 minutes, an estimate when it was written: fitted 36)

CODE_CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```$", re.M | re.S)
SOLUTION = re.compile(r'^\+\+\+ \{"tags": \["solution"\]\}\n(.*?)(?=^```\{code-cell\}|^\+\+\+|\Z)', re.M | re.S)
FENCE = re.compile(r"```python\n(.*?)```", re.S)


def _lines(code: str) -> int:
    return sum(1 for line in code.splitlines()
               if line.strip() and not line.strip().startswith("#") and not line.startswith(":"))


def features(text: str) -> tuple[float, float, float]:
    """(demo code cells, lines of worked answers, prose words) of a MyST notebook's text.

    A demo cell is every code cell but the set-up, the exercise stubs and the checks: a student reads
    it, predicts, runs it and looks. A worked answer's lines (comments and blanks left out) measure how
    much an exercise asks the student to write, get wrong once and fix. Prose words are the Markdown a
    student reads (navigation and folded worked answers left out).
    """
    cells = 0
    for match in CODE_CELL.finditer(text):
        tags = re.findall(r"^:tags: \[([^\]]*)\]", match.group(1), re.M)
        tags = {t.strip() for t in tags[0].split(",")} if tags else set()
        if not tags & {"install", "exercise", "check"}:
            cells += 1
    answer_lines = sum(_lines(fence.group(1)) for block in SOLUTION.finditer(text)
                       for fence in FENCE.finditer(block.group(1)))
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    prose = re.sub(r'\+\+\+ \{"tags": \["(nav|solution)"\]\}.*?(?=\n```\{code-cell|\n\+\+\+|\Z)', "", prose,
                   flags=re.S)
    words = len(re.findall(r"[A-Za-zα-ω0-9']+", prose))
    return float(cells), float(answer_lines), float(words)


OPTIONAL_HEADING = re.compile(r"^(#{2,3}) .*\boptional\b", re.I)


def split_optional(text: str) -> tuple[str, str]:
    """(the text a student must work through, the parts marked optional).

    A section is optional when its heading (## or ###) says "optional"; it runs to the next heading of
    the same or a higher level. A notebook states the time of its required part, and of its optional
    parts separately. A line in a fenced block (a code cell, a worked answer) is never a heading, even
    when it is a comment such as ``# then: ...``.
    """
    required, optional = [], []
    skipping_level, fenced = None, False
    for line in text.splitlines(keepends=True):
        fenced ^= line.startswith("```")
        heading = None if fenced else re.match(r"^(#{1,6}) ", line)
        if heading and skipping_level is not None and len(heading.group(1)) <= skipping_level:
            skipping_level = None
        found = heading and OPTIONAL_HEADING.match(line)
        if found and skipping_level is None:
            skipping_level = len(found.group(1))
        (optional if skipping_level is not None else required).append(line)
    return "".join(required), "".join(optional)


def fit() -> tuple[list[float], dict[tuple[str, str], tuple[float, float]]]:
    """Least-squares weights (minutes per demo cell, per line of worked answer, per prose word), no
    intercept, and each walk-through's (measured, fitted) minutes."""
    rows = [(cells, lines, words) for _, cells, lines, words in MEASURED.values()]
    targets = [minutes for minutes, _, _, _ in MEASURED.values()]
    weights = _least_squares(rows, targets)
    fitted = {key: (minutes, sum(w * x for w, x in zip(weights, row)))
              for key, minutes, row in zip(MEASURED, targets, rows)}
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
    return textwrap.fill(line + " (estimated from its cells, worked answers and prose by tools/notebook_times.py, "
                         f"a fit to {len(MEASURED)} walk-throughs of these notebooks by students working alone, "
                         f"within {TOLERANCE} minutes of each).", width=110)


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
        print(f"minutes = {weights[0]:.2f} per demo cell + {weights[1]:.2f} per line of worked answer "
              f"+ {weights[2] * 1000:.1f} per 1000 prose words")
        for (name, commit), (measured, estimated) in fitted.items():
            print(f"  {name:32} at {commit}: walked {measured:4.0f}  fitted {estimated:5.0f}")
    if args.write:
        for path in args.files:
            print(f"{path.name}: {'rewritten' if write_time(path, weights) else 'unchanged'}")
        return 0
    for path in args.files:
        text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
        required, optional = split_optional(text)
        cells, lines, words = features(required)
        print(f"{path.name}: about {estimate(required, weights):.0f} minutes "
              f"({cells:.0f} demo cells, {lines:.0f} lines of worked answers, {words:.0f} words)"
              + (f"; optional parts about {estimate(optional, weights):.0f} more" if optional.strip() else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
