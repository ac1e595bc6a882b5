"""nbgrader's own steps in grading a hand-in, as nbgrader 0.9.6 does them and as the course's config makes them
(tools/grading_preprocessors.py's quicker_nbgrader and kernel_name), in one process.

    python benchmarks/bench_grading_steps.py [--lesson 02] [--reps 15]

Builds the assignment into a temporary course and times, in CPU seconds of this process, the three steps a
worker repeats for every hand-in that the profile of tests/test_grading.py's batch found heavy:

- nbgrader's cell-metadata check (``CheckCellMetadata``, twice a hand-in in autograde): jsonschema checked
  nbgrader's schema itself for every cell; now once a process;
- opening the gradebook (``nbgrader.api.Gradebook``, ten times a hand-in): a new SQLAlchemy engine each time,
  which compiled every query again; now one engine a process;
- naming the instructor's cells as the kernel names them (ipykernel's pure-Python murmur2 hash of each locked
  cell, three times a hand-in); now remembered.

Each step runs ``--reps`` times in each way, alternating (ABBA), and the medians' ratio is printed: the machine's
load weighs on both alike. What each step decides is compared too (the same errors, the same names).
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import tempfile
import time
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(HERE)]

import assignments  # noqa: E402
import grading_preprocessors as quick  # noqa: E402
from results import write_section  # noqa: E402


def timed(step, reps: int) -> dict:
    """{False: CPU seconds of each plain run, True: of each quicker run}, alternating plain/quick/quick/plain."""
    times: dict = {False: [], True: []}
    for k in range(2 * reps):
        quicker = bool((k + k // 2) % 2)
        started = time.process_time()
        step(quicker)
        times[quicker].append(time.process_time() - started)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lesson", default="02")
    parser.add_argument("--reps", type=int, default=15)
    args = parser.parse_args()
    import jsonschema
    import nbgrader.api
    import sqlalchemy
    from ipykernel.compiler import get_tmp_hash_seed, murmur2_x86
    from nbgrader.nbgraderformat import common
    from nbgrader.preprocessors import CheckCellMetadata
    with tempfile.TemporaryDirectory(prefix="bench-steps-") as tmp:
        course = Path(tmp) / "course"
        (name,) = assignments.build([args.lesson], course)      # (installs quicker_nbgrader: the config's)
        checked_once, one_engine = common.jsonschema, nbgrader.api.create_engine
        source = nbformat.read(course / "source" / name / f"{name}.ipynb", as_version=4)
        url = f"sqlite:///{course / 'gradebook.db'}"
        bad = copy.deepcopy(source)
        test = next(c for c in bad.cells if c.metadata.get("nbgrader", {}).get("grade"))
        test.metadata["nbgrader"]["points"] = "many"
        verdicts: dict = {}

        def metadata(quicker: bool) -> None:
            common.jsonschema = checked_once if quicker else jsonschema
            for _ in range(2):                               # twice a hand-in (sanitize, then after Execute)
                CheckCellMetadata().preprocess(copy.deepcopy(source), {})
            try:
                CheckCellMetadata().preprocess(copy.deepcopy(bad), {})
                verdicts.setdefault("metadata", set()).add((quicker, "accepted"))
            except Exception as error:                       # noqa: BLE001 (the verdict is compared)
                verdicts.setdefault("metadata", set()).add((quicker, type(error).__name__))

        def gradebook(quicker: bool) -> None:
            nbgrader.api.create_engine = one_engine if quicker else sqlalchemy.create_engine
            for _ in range(10):                              # ten a hand-in's autograde
                with nbgrader.api.Gradebook(url) as book:
                    found = book.find_assignment(name).max_score
            verdicts.setdefault("gradebook", set()).add(found)

        def names(quicker: bool) -> None:
            locked = [c.source for c in source.cells if c.cell_type == "code" and c.metadata["nbgrader"]["locked"]]
            for _ in range(3):                               # locked_cells, refused_tests, unfinished
                if quicker:
                    made = [quick.kernel_name(s) for s in locked]
                else:
                    made = [str(murmur2_x86(s, get_tmp_hash_seed())) for s in locked]
            verdicts.setdefault("names", set()).add(tuple(made))

        rows, ratios = [], {}
        for label, step in (("cell-metadata check (2 a hand-in)", metadata), ("gradebook opened 10 times", gradebook),
                            ("locked cells named 3 times", names)):
            times = timed(step, args.reps)
            plain, quicker = statistics.median(times[False]), statistics.median(times[True])
            ratios[label] = (plain, quicker)
            rows.append(f"| {label} | {plain * 1000:.0f} ms | {quicker * 1000:.0f} ms | {quicker / plain:.2f} |")
        common.jsonschema, nbgrader.api.create_engine = checked_once, one_engine
    same = (verdicts["metadata"] == {(False, "ValidationError"), (True, "ValidationError")}
            and len(verdicts["gradebook"]) == 1 and len(verdicts["names"]) == 1)
    if not same:
        print(f"the two ways decided differently: {verdicts}", file=sys.stderr)
        return 1
    plain = sum(p for p, _ in ratios.values())
    quicker = sum(q for _, q in ratios.values())
    body = (f"Assignment `{name}`, CPU time of this process, medians of {args.reps} runs each way, alternating "
            "(nbgrader 0.9.6's way, then the course config's: tools/grading_preprocessors.py's quicker_nbgrader "
            "and kernel_name).\n\n| step (a hand-in's worth) | nbgrader's | quicker | ratio |\n|---|---|---|---|\n"
            + "\n".join(rows)
            + f"\n| all three | {plain * 1000:.0f} ms | {quicker * 1000:.0f} ms | {quicker / plain:.2f} |\n\n"
            "Both ways refused the notebook whose test cell has `points: \"many\"` (nbgrader's ValidationError), "
            "read the same gradebook and named the cells alike. The first run of the quicker way (the schema "
            "checked, the engine made) is in the build, before the timing: once a process.")
    write_section("bench_grading_steps", "nbgrader's own steps in grading a hand-in, quicker", body)
    print(body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
