"""How long a notebook takes a student working alone, anchored on walk-throughs.

A stated time must be a measured one. Walk-throughs (a student working alone, a wrong answer tried first on
every exercise) measured these notebooks at several versions; each is kept in ``MEASURED`` with the version's
demo cells, lines of worked answers and prose words, the three things a student spends time on (read, predict,
run and look; write an answer, get it wrong once and fix it; read). A least-squares fit of minutes to those
three gives what each costs. A notebook's stated time is its latest walk-through's minutes (the middle of the
range the walker gave), moved by the fit for what has changed in its text since then: a notebook as it was
walked states exactly what was measured, and one with a section moved to the optional part states the
walk-through less what that section costs. A notebook never walked through states the fit alone.

How sure is that? Predicting each walk-through from the one before it of the same notebook (the same method,
on the walkers' own figures) misses by a share of the time, root mean square (``spread()``; ``--calibration``
prints it):
walkers differ, and so will students. So a notebook states its time "give or take" that share.

    python tools/notebook_times.py notebooks/02_alphabeta_by_hand.md   # minutes for one or more
    python tools/notebook_times.py --calibration                      # the fit, its residuals and spread
    python tools/notebook_times.py --write notebooks/*.md             # rewrite each **Time** paragraph
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Walk-throughs: a student's minutes for a notebook's required part as it was at a commit (the lowest and
# highest the walker gave; one figure twice), then that version's demo cells, lines of worked answers and
# prose words, as `features` counts them (recount one with
# `git show COMMIT:notebooks/NAME.md | python tools/notebook_times.py -`). "NAME optional" is a notebook's
# optional part, walked apart. At 2ba0e70: 00 and 01 as measured when they were written; 02, 04, 05, 06 and 07
# the ranges issue 21 reports. At 384db58, 34642db and 2677626: sessions' walk-throughs (a helper worked
# through each notebook as a student, a wrong answer first on every exercise, and gave each section's
# minutes). At f259986: issue 44's four walk-throughs of notebooks 0-11 as they stood then (their prose words
# counted without the **Time** paragraph, which `features` leaves out since: the earlier ones include its ~30).
# At fc8e817: issue 46's walk-through of notebook 12 (per section in benchmarks/walkthroughs.py).
# Oldest version first: the order of the versions here is the order they were walked (WALKED_AT).
MEASURED = {
    ("00_start_here", "2ba0e70"): (20, 20, 8, 5, 962),
    ("01_minimax_by_hand", "2ba0e70"): (45, 45, 10, 8, 861),
    ("02_alphabeta_by_hand", "2ba0e70"): (100, 120, 25, 22, 1778),
    ("04_alphabeta_tictactoe", "2ba0e70"): (80, 100, 16, 27, 939),
    ("05_depth_limits_connect_four", "2ba0e70"): (100, 130, 28, 20, 1725),
    ("06_move_ordering", "2ba0e70"): (75, 90, 20, 21, 1675),
    ("07_beyond_alphabeta", "2ba0e70"): (100, 120, 31, 18, 2442),
    ("02_alphabeta_by_hand", "384db58"): (59, 59, 19, 3, 1646),
    ("04_alphabeta_tictactoe", "384db58"): (55, 55, 16, 5, 1002),
    ("05_depth_limits_evaluation", "384db58"): (68, 68, 17, 7, 1895),
    ("06_solving_connect_four", "384db58"): (55, 55, 8, 12, 1490),
    ("07_move_ordering", "384db58"): (82, 82, 14, 12, 3031),
    ("08_null_window_searches", "384db58"): (72, 72, 9, 17, 2091),
    ("09_engine_techniques", "384db58"): (53, 53, 5, 22, 1294),
    ("10_engine_pruning", "384db58"): (54, 54, 6, 12, 1481),
    ("11_monte_carlo_and_chance", "384db58"): (75, 75, 14, 13, 2103),
    ("05_depth_limits_evaluation", "34642db"): (64, 64, 15, 7, 1938),
    ("09_engine_techniques", "34642db"): (61, 61, 5, 22, 1694),
    ("10_engine_pruning", "34642db"): (66, 66, 8, 15, 2134),
    ("02_alphabeta_by_hand", "2677626"): (66, 66, 18, 3, 1801),
    ("06_solving_connect_four", "2677626"): (67, 67, 8, 14, 1858),
    ("07_move_ordering", "2677626"): (75, 75, 8, 12, 2429),
    ("08_null_window_searches", "2677626"): (68, 68, 8, 6, 2523),
    ("00_start_here", "f259986"): (25, 30, 8, 5, 1128),
    ("01_minimax_by_hand", "f259986"): (30, 38, 10, 8, 882),
    ("02_alphabeta_by_hand", "f259986"): (45, 55, 16, 3, 1612),
    ("02_alphabeta_by_hand optional", "f259986"): (30, 40, 6, 19, 886),
    ("03_tictactoe_minimax", "f259986"): (45, 55, 12, 4, 963),
    ("04_alphabeta_tictactoe", "f259986"): (45, 55, 16, 5, 995),
    ("05_depth_limits_evaluation", "f259986"): (55, 65, 14, 7, 1696),
    ("06_solving_connect_four", "f259986"): (60, 70, 6, 14, 1580),
    ("07_move_ordering", "f259986"): (65, 75, 7, 11, 1831),
    ("07_move_ordering optional", "f259986"): (50, 60, 10, 1, 2024),
    ("08_null_window_searches", "f259986"): (60, 70, 7, 6, 2088),
    ("09_engine_techniques", "f259986"): (55, 55, 4, 22, 1369),
    ("10_engine_pruning", "f259986"): (60, 60, 7, 15, 1722),
    ("11_monte_carlo_and_chance", "f259986"): (48, 48, 10, 4, 1829),
    ("12_chess_move_ordering", "fc8e817"): (58, 70, 15, 8, 1627),
    ("12_chess_move_ordering optional", "fc8e817"): (15, 21, 1, 12, 242),
}
WALKED_AT = tuple(dict.fromkeys(commit for _, commit in MEASURED))   # the versions walked, oldest first
MAX_MINUTES = 60      # a required part is one sitting: at most an hour (checked by a test)


def minutes(key) -> float:
    """A walk-through's minutes: the middle of the range its walker gave."""
    low, high = MEASURED[key][:2]
    return (low + high) / 2

TIME_PARAGRAPH = re.compile(r"^\*\*Time\*\*:.*?(?=\n\s*\n)", re.M | re.S)   # not counted: it states the result
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
    prose = re.sub(r"```.*?```", "", TIME_PARAGRAPH.sub("", text), flags=re.S)
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
    rows = [row[2:] for row in MEASURED.values()]
    targets = [minutes(key) for key in MEASURED]
    weights = _least_squares(rows, targets)
    fitted = {key: (measured, sum(w * x for w, x in zip(weights, row[2:])))
              for key, measured, row in zip(MEASURED, targets, MEASURED.values())}
    return weights, fitted


def _predict(weights, anchor, features_now) -> float:
    """A walk-through's minutes moved by the fit for the change from its features to ``features_now``."""
    return minutes(anchor) + sum(w * (now - then) for w, now, then in zip(weights, features_now, MEASURED[anchor][2:]))


def spread(weights=None) -> tuple[float, list[tuple[tuple[str, str], float, float]]]:
    """How far the anchored estimate misses: each walk-through predicted from the one before it of the same
    notebook, as (root-mean-square share missed, [(walk-through, measured, predicted)])."""
    weights = weights or fit()[0]
    checks = []
    for (name, commit) in MEASURED:
        before = [c for c in WALKED_AT[:WALKED_AT.index(commit)] if (name, c) in MEASURED]
        if before:
            predicted = _predict(weights, (name, before[-1]), MEASURED[name, commit][2:])
            checks.append(((name, commit), minutes((name, commit)), predicted))
    share = math.sqrt(sum(((p - m) / m) ** 2 for _, m, p in checks) / len(checks))
    return share, checks


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


def latest(name: str):
    """The key of the latest walk-through of ``name`` (a notebook's stem, "NAME optional" for its optional
    part), or None if it was never walked."""
    walked = [(name, c) for c in WALKED_AT if (name, c) in MEASURED]
    return walked[-1] if walked else None


def estimate(text: str, weights=None, name: str | None = None) -> float:
    """Estimated minutes for a notebook's MyST text: the latest walk-through of ``name`` moved by the fit
    for what changed since, or the fit alone when ``name`` was never walked (or is not given)."""
    weights = weights or fit()[0]
    anchor = latest(name) if name else None
    if anchor:
        return _predict(weights, anchor, features(text))
    return sum(w * x for w, x in zip(weights, features(text)))


def estimates(path_or_name, text: str, weights=None) -> tuple[float, float | None]:
    """(required minutes, optional minutes or None) of a notebook's text."""
    name = Path(path_or_name).stem
    required, optional = split_optional(text)
    return (estimate(required, weights, name),
            estimate(optional, weights, name + " optional") if optional.strip() else None)


def give_or_take(minutes_: float, share: float) -> int:
    """The uncertainty stated beside a time: ``share`` of it, in whole minutes, at least 5."""
    return max(5, round(minutes_ * share))


def time_paragraph(text: str, weights=None, name: str = "", share: float | None = None) -> str:
    """The **Time** paragraph a notebook should carry: its required part, and its optional part apart, each
    with how much a student's own time may differ."""
    weights = weights or fit()[0]
    share = spread(weights)[0] if share is None else share
    required, optional = estimates(name, text, weights)
    def span(m: float, more: str = "") -> str:
        pm = give_or_take(m, share)
        return f"about {m:.0f} {more}minutes (expect {max(m - pm, 0):.0f} to {m + pm:.0f})"
    line = f"**Time**: {span(required)} for the required part"
    if optional is not None:
        line += f", and {span(optional, 'more ')} for the optional parts"
    anchor = latest(Path(name).stem)
    source = ("from a walk-through of this notebook by a student working alone, adjusted for what has changed "
              "since" if anchor else "estimated from its cells, worked answers and prose")
    return textwrap.fill(line + f". Students differ: two walk-throughs of one notebook have differed by about "
                         f"{share:.0%}. The times are {source} (tools/notebook_times.py).", width=110)


def write_time(path: Path, weights=None) -> bool:
    """Rewrite ``path``'s **Time** paragraph; True if it changed."""
    text = path.read_text(encoding="utf-8")
    if not TIME_PARAGRAPH.search(text):
        raise ValueError(f"{path.name} has no **Time** paragraph")
    new = TIME_PARAGRAPH.sub(lambda _: time_paragraph(text, weights, path.stem), text, count=1)
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
    share, checks = spread(weights)
    if args.calibration or not args.files:
        print(f"minutes = {weights[0]:.2f} per demo cell + {weights[1]:.2f} per line of worked answer "
              f"+ {weights[2] * 1000:.1f} per 1000 prose words")
        for (name, commit), (measured, estimated) in fitted.items():
            print(f"  {name:32} at {commit}: walked {measured:5.1f}  fitted {estimated:5.0f}")
        print(f"each walk-through predicted from the one before it (anchored): {share:.0%} missed, root mean square")
        for (name, commit), measured, predicted in checks:
            print(f"  {name:32} at {commit}: walked {measured:5.1f}  predicted {predicted:5.0f}")
    if args.write:
        for path in args.files:
            print(f"{path.name}: {'rewritten' if write_time(path, weights) else 'unchanged'}")
        return 0
    for path in args.files:
        text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
        required, optional = split_optional(text)
        cells, lines, words = features(required)
        needed, extra = estimates(path, text, weights)
        print(f"{path.name}: about {needed:.0f} minutes "
              f"({cells:.0f} demo cells, {lines:.0f} lines of worked answers, {words:.0f} words)"
              + (f"; optional parts about {extra:.0f} more" if extra is not None else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
