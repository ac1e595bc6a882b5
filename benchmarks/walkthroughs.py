"""The per-section tables of the walk-throughs in RESULTS.md ("Walk-throughs, issue 32"), from the walker's
minutes below and each section's prose words, counted as tools/notebook_times.py counts them.

    python benchmarks/walkthroughs.py        # prints the tables: as walked (at WALKED) and on the files now

Reading is the words at the fit's prose rate; the other minutes are the walker's estimates and measured
waits, kept here per section so the tables can be recomputed when the text changes.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("notebook_times", ROOT / "tools" / "notebook_times.py")
notebook_times = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(notebook_times)

WALKED = "34642db"
RATE = 10.9 / 1000      # minutes per prose word: the fit's prose weight at WALKED (about 92 words a minute)

# Per section (matched by the start of its heading): minutes on its demo cells (read, predict, look), the
# seconds its cells ran in the walk, minutes on its exercise (attempts, wrong ones first).
MINUTES = {
    "05_depth_limits_evaluation": {
        "5. Depth": (0.5, 0.3, 0), "The game": (2.5, 0.0, 0), "Why a full": (7, 3.1, 0), "Cutting": (4, 0.0, 0),
        "What makes": (6.5, 1.7, 0), "Ties to the left": (2.5, 0.6, 0), "The same matches": (3, 16.5, 0),
        "The horizon": (8, 0.2, 0), "The remedy": (4, 4.6, 0), "Summary": (0, 0, 0), "Exercises": (0, 0, 0),
        "Exercise 1": (0, 0.8, 7), "Exercise 2": (0.5, 0.1, 6), "Exercise 3": (0, 0.1, 10)},
    "09_engine_techniques": {
        "9. Engine": (2, 0.5, 0), "Node types: PV": (5, 0.2, 0), "Node types on all": (2, 0.0, 0),
        "Zobrist": (4, 1.5, 0), "Collisions": (1.5, 0.0, 0), "Fail-soft and": (3.5, 0.5, 0),
        "Fail-soft against": (2, 0.0, 0), "PVS: a bet": (3, 0.3, 0), "PVS against": (2.5, 0.0, 0),
        "Summary": (0, 0, 0), "Exercises": (0, 0, 0), "Exercise 1": (0, 0.5, 22), "Exercise 2": (0, 0.1, 2.5),
        "Exercise 3": (0, 0.1, 6)},
    "10_engine_pruning": {
        "10. Engine": (0.5, 0.4, 0), "Aspiration windows on": (2.5, 0.0, 0), "Aspiration windows": (4, 1.0, 0),
        "Late move": (4, 1.5, 0), "Null-move": (8, 0.1, 0), "Why not column 4": (1, 0.0, 0),
        "The ladder:": (7, 6.2, 0), "The ladder on all": (4, 0.0, 0), "Does it play": (2, 0.0, 0),
        "Summary": (0, 0, 0), "Exercises": (0, 0, 0), "Exercise 1": (0, 0.1, 6), "Exercise 2": (0, 0.1, 6),
        "Exercise 3": (0, 0.1, 5)},
}


def sections(text: str) -> list[tuple[str, float]]:
    """(heading, prose words) of each #, ## or ### section; headings inside code are not headings."""
    parts, current, fenced = [], [], False
    for line in text.splitlines(keepends=True):
        if line.startswith(("```{code-cell}", "```python")):
            fenced = True
        elif line.strip() == "```":
            fenced = False
        if not fenced and re.match(r"#{1,3} ", line) and current:
            parts.append("".join(current))
            current = []
        current.append(line)
    parts.append("".join(current))
    return [(p.splitlines()[0].lstrip("# ").strip(), notebook_times.features(p)[2]) for p in parts
            if p.startswith("#")]


def table(name: str, text: str) -> tuple[str, float, float]:
    """A Markdown table of the sections' minutes, and the required and optional totals."""
    found = sections(text)
    moved = any(title.startswith("Why not column 4") for title, _ in found)
    lines = ["| section | words | reading (min) | cells: read, predict, look (min) | waiting (s) | "
             "exercise (min) | total (min) |", "|---|--:|--:|--:|--:|--:|--:|"]
    totals = {False: 0.0, True: 0.0}
    for title, words in found:
        look, wait, exercise = MINUTES[name][next(k for k in MINUTES[name] if title.startswith(k))]
        if moved and title.startswith("Null-move"):
            look -= 1                        # its column-4 cell went to the optional subsection
        total = words * RATE + look + wait / 60 + exercise
        totals["optional" in title.lower()] += total
        if total >= 0.2:
            lines.append(f"| {title[:70]} | {words:.0f} | {words * RATE:.1f} | {look:g} | {wait:.1f} | "
                         f"{exercise:g} | {total:.1f} |")
    lines += [f"| **required part** | | | | | | **{totals[False]:.0f}** |",
              f"| optional parts | | | | | | {totals[True]:.0f} |"]
    return "\n".join(lines), totals[False], totals[True]


def main() -> None:
    for name in MINUTES:
        then = subprocess.run(["git", "show", f"{WALKED}:notebooks/{name}.md"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout
        now = (ROOT / "notebooks" / f"{name}.md").read_text(encoding="utf-8")
        for label, text in ((f"walked at {WALKED}", then), ("the same minutes on the changed text", now)):
            print(f"### {name}: {label}\n\n{table(name, text)[0]}\n")


if __name__ == "__main__":
    main()
