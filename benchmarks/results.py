"""Shared by the benchmark scripts: one RESULTS.md, one section per script.

Each ``benchmarks/bench_*.py`` calls :func:`write_section` with its table; the
section between its markers is replaced and the other scripts' sections are kept,
so ``make bench`` (which runs them all) leaves one file with every table.
"""

from __future__ import annotations

import datetime
import os
import platform
import re
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
HEADER = ("# Benchmark results\n\n"
          "Written by `make bench` (each `benchmarks/bench_*.py` writes its own section). Ratios of "
          "median times of alternating runs in one process: the machine's speed cancels out.\n")


def machine() -> str:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    return (f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}; load average {load}")


def write_section(name: str, title: str, body: str, path: Path = RESULTS) -> None:
    """Replace (or add) the section of script ``name`` in RESULTS.md."""
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    section = (f"<!-- {name} -->\n## {title}\n\n`benchmarks/{name}.py`, {now}. Machine: {machine()}.\n\n"
               f"{body.strip()}\n<!-- /{name} -->\n")
    text = path.read_text() if path.exists() else HEADER
    pattern = re.compile(rf"<!-- {re.escape(name)} -->.*?<!-- /{re.escape(name)} -->\n", re.S)
    if pattern.search(text):
        text = pattern.sub(lambda _: section, text)
    else:
        text = text.rstrip("\n") + "\n\n" + section
    path.write_text(text)
