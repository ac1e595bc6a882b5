"""The per-section tables of the walk-throughs in RESULTS.md ("Walk-throughs, issue 32"), from the walker's
minutes below and each section's prose words, counted as tools/notebook_times.py counts them.

    python benchmarks/walkthroughs.py        # prints the tables: as walked (at WALKED_AT or WALKED) and now
    python benchmarks/walkthroughs.py 02_alphabeta_by_hand       # one notebook's

Reading is the words at the fit's prose rate; the other minutes are the walker's estimates and measured
waits, kept here per section so the tables can be recomputed when the text changes.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("notebook_times", ROOT / "tools" / "notebook_times.py")
notebook_times = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(notebook_times)

WALKED = "34642db"                     # notebooks 5, 9 and 10
WALKED_AT = {"02_alphabeta_by_hand": "2677626", "06_solving_connect_four": "2677626",     # the others at WALKED
             "07_move_ordering": "2677626", "08_null_window_searches": "2677626",
             "12_chess_move_ordering": "fc8e817"}
RATE = 10.9 / 1000      # minutes per prose word: the fit's prose weight at WALKED (about 92 words a minute)

# Per section (matched by the start of its heading): minutes on its demo cells (read, predict, look), the
# seconds its cells ran in the walk, minutes on its exercise (attempts, wrong ones first).
MINUTES = {
    "02_alphabeta_by_hand": {
        "2. Alpha-beta": (0.5, 0.6, 0), "α and β": (1, 0, 0), "Two small": (4, 0.1, 0),
        "The 3×3 tree": (10, 0.4, 0), "A trace table": (6, 0.1, 0), "Which values": (3, 0.0, 0),
        "≥ or >": (3, 0.0, 0), "Summary": (0, 0, 0), "Exercises": (0, 0, 0), "Exercise 1": (0, 0.1, 5),
        "Exercise 2": (0, 0.2, 7), "Exercise 3": (1, 0.3, 4), "Going further": (0, 0, 0), "Edge cases": (2, 0.0, 0),
        "What pruning": (8, 0.5, 0), "Write alpha-beta": (2, 0, 0), "Exercise 4": (0, 0.4, 20)},
    "06_solving_connect_four": {
        "6. Solving": (1, 0.3, 0), "Iterative deepening": (5, 1.3, 0), "Solving end games": (6, 0.0, 0),
        "What each technique": (6, 4.3, 0), "Grading the guesses": (3, 0.6, 0), "Play the engine": (4, 0.1, 0),
        "Summary": (0, 0, 0), "Exercises": (0, 0, 0), "Exercise 1": (0, 0.1, 5), "Exercise 2": (0, 4.6, 15),
        "Exercise 3": (0, 0.1, 7)},
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
    "07_move_ordering": {
        "7. Move": (0.5, 0.0, 0), "Predict, then": (10.5, 7.0, 0), "Two refinements": (1.5, 0.0, 0),
        "Why exactly": (4, 0.1, 0), "PV, CUT and ALL": (1, 0.0, 0), "Explore:": (9, 1.0, 0),
        "Real engines": (0, 0, 0), "The ladder on tic-tac-toe": (3, 10.1, 0), "The oracle": (3.5, 3.6, 0),
        "The ladder on Connect": (4, 13.8, 0), "Ranking orders": (3, 9.4, 0), "What it buys": (1.5, 0.0, 0),
        "Optional: solving": (3, 8.9, 0), "Summary": (0, 0, 0), "Exercises": (0, 0, 0),
        "Exercise 1": (0, 0.2, 5), "Exercise 2": (0, 0.1, 5), "Exercise 3": (0, 0.1, 6), "Exercise 4": (0, 0.6, 11)},
    "08_null_window_searches": {
        "8. Null": (0.5, 0.4, 0), "Negamax": (4, 0.2, 0), "The null window": (1, 0, 0), "Principal": (5.5, 11.8, 0),
        "MTD(f)": (7, 0.5, 0), "How far off": (3, 0.5, 0), "Against alpha-beta": (3, 0.0, 0), "Summary": (0, 0, 0),
        "Exercises": (0, 0, 0), "Exercise 1": (0, 0.1, 7), "Exercise 2": (0.5, 0.1, 3), "Exercise 3": (0, 0.1, 10),
        "Exercise 4": (1, 0.2, 15)},
    "12_chess_move_ordering": {
        "12. Move": (1, 1.1, 0), "Chess as a game": (7, 0.5, 0), "An evaluation": (5, 0.1, 0),
        "Orders, on one": (7, 1.3, 0), "The ladder on the": (10, 18.5, 0), "How close": (3, 0.0, 0),
        "Depth 4": (3, 1.3, 0), "Summary": (0, 0, 0), "Exercises": (0, 0, 0), "Exercise 1": (0, 0.2, 12),
        "Exercise 2": (0, 0.0, 4), "Exercise 3": (0, 0.0, 12)},
}

# Sections split off after a walk: when the first heading is in the text, its minutes (cells and waiting) were
# walked inside the second, so they come off the second.
MOVED = {
    "10_engine_pruning": {"Why not column 4": "Null-move"},
    "07_move_ordering": {"Two refinements": "Predict, then", "PV, CUT and ALL": "Why exactly"},
    "08_null_window_searches": {"How far off": "MTD(f)", "Against alpha-beta": "MTD(f)"},
    "12_chess_move_ordering": {"How close": "The ladder on the"},
}

# Cells changed after a walk, per section (matched like MINUTES): the change in look, waiting (s) and exercise
# minutes that the tables of the changed text apply, each with its reason.
CHANGED = {
    "02_alphabeta_by_hand": {
        "The 3×3 tree": (-2.5, -0.1, 0),  # the first stepper replays the small α-cutoff (16 steps, not 29);
                                          # B's returned and true values print in the never-looked-at cell
        "Exercise 3": (-1, -0.1, 0),     # the demo of a wrong rule caught by check_rule is gone
    },
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


def levels(text: str) -> list[int]:
    """The level (1 for #, 2 for ##, 3 for ###) of each section `sections` finds, in the same order."""
    fenced, found = False, []
    for line in text.splitlines():
        if line.startswith(("```{code-cell}", "```python")):
            fenced = True
        elif line.strip() == "```":
            fenced = False
        if not fenced and re.match(r"#{1,3} ", line):
            found.append(len(line.split(" ", 1)[0]))
    return found


def table(name: str, text: str, changed: bool = False) -> tuple[str, float, float]:
    """A Markdown table of the sections' minutes, and the required and optional totals. A section is optional
    when its heading, or the heading of a section it belongs to, says so (as tools/notebook_times.py splits).
    With ``changed``, the minutes of cells changed since the walk are adjusted (``CHANGED``)."""
    found = sections(text)
    optional_level = None
    minutes = dict(MINUTES[name])
    for part, whole in MOVED.get(name, {}).items():
        if any(title.startswith(part) for title, _ in found):
            minutes[whole] = tuple(x - y for x, y in zip(minutes[whole], minutes[part]))
    lines = ["| section | words | reading (min) | cells: read, predict, look (min) | waiting (s) | "
             "exercise (min) | total (min) |", "|---|--:|--:|--:|--:|--:|--:|"]
    totals = {False: 0.0, True: 0.0}
    for (title, words), level in zip(found, levels(text)):
        walked = [k for k in minutes if title.startswith(k)]
        # A section written since the walk has no walked minutes: its reading is counted, and the table says so.
        look, wait, exercise = minutes[max(walked, key=len)] if walked else (0, 0, 0)
        if changed:
            for key, (dlook, dwait, dexercise) in CHANGED.get(name, {}).items():
                if title.startswith(key):
                    look, wait, exercise = look + dlook, wait + dwait, exercise + dexercise
        if optional_level is not None and level <= optional_level:
            optional_level = None
        if optional_level is None and "optional" in title.lower():
            optional_level = level
        total = words * RATE + look + wait / 60 + exercise
        totals[optional_level is not None] += total
        if total >= 0.2:
            shown = title[:70] + ("" if walked else " (not walked: reading only)")
            lines.append(f"| {shown} | {words:.0f} | {words * RATE:.1f} | {look:g} | {wait:.1f} | "
                         f"{exercise:g} | {total:.1f} |")
    lines += [f"| **required part** | | | | | | **{totals[False]:.0f}** |",
              f"| optional parts | | | | | | {totals[True]:.0f} |"]
    return "\n".join(lines), totals[False], totals[True]


def main(names: list[str]) -> None:
    for name in names or MINUTES:
        walked = WALKED_AT.get(name, WALKED)
        then = subprocess.run(["git", "show", f"{walked}:notebooks/{name}.md"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout
        now = (ROOT / "notebooks" / f"{name}.md").read_text(encoding="utf-8")
        for label, text, changed in ((f"walked at {walked}", then, False),
                                     ("the same minutes on the changed text", now, True)):
            print(f"### {name}: {label}\n\n{table(name, text, changed)[0]}\n")


if __name__ == "__main__":
    main(sys.argv[1:])
