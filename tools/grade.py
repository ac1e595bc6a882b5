"""Grade a folder of hand-ins of one assignment with nbgrader, in one command.

    python tools/grade.py NN FOLDER [--course DIR] [--jobs N] [--timeout S] [--memory MB] [--cpu S] [--no-sandbox]

``FOLDER`` holds one notebook per student, ``STUDENT.ipynb`` (the name is the student's id), or nbgrader's own
layout ``STUDENT/ASSIGNMENT/*.ipynb``. The assignment ``NN`` must have been built first
(``python tools/assignments.py NN``). Out come, in the course directory:

- ``autograded/STUDENT/ASSIGNMENT/``: each hand-in run by nbgrader's autograde, every test cell's output
  kept (the check's verdict, or why it failed);
- ``feedback/STUDENT/ASSIGNMENT/*.html``: nbgrader's feedback page for the student;
- ``grades/ASSIGNMENT.csv``: one row a student: total, each exercise's points and, for every lost point,
  the reason (the check's hint, a time-out, a memory or CPU limit, a crash); ``grades/ASSIGNMENT/STUDENT.txt``
  the same for one student, in plain text;
- ``gradebook.db``: nbgrader's gradebook (``nbgrader export``, the formgrader and ``nbgrader
  generate_feedback`` read it).

Every hand-in is hostile. nbgrader's autograde restores the locked cells and the tests from the instructor's
version (``OverwriteCells``; a deleted test is put back) and runs each hand-in in its own kernel: here
``tools/grading_kernel.py``, with a memory, CPU-time and output limit and an audit hook (see there), inside a
bubblewrap sandbox of its own (``tools/grading_sandbox.py``: no course folder, no gradebook, no other hand-in,
no network; every process it starts dies with it), or, where none can start, without (said in one line). A cell
that runs past ``--timeout`` seconds is interrupted and scores nothing. A hand-in whose kernel dies anyway
(a crash, the CPU limit) is graded again without the cell that killed it, so it keeps the points of the rest.
``--jobs`` worker processes grade the students in parallel (nbgrader grades one student at a time); a worker
that dies is replaced and its student marked, so no hand-in stops the batch.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
import assignments  # noqa: E402
import grading_sandbox  # noqa: E402

RERUNS = 3
# A graded kernel is stopped at once when its last cell has run, not asked to shut down and waited for: its
# outputs are in, and what it records for the grader (tools/grading_kernel.py) is written and closed cell by
# cell. About 12% of each hand-in's time here (3.3 -> 2.9 s).
STOP_AT_ONCE = {"Execute.shutdown_kernel": "immediate"}
STOPPED = "raise RuntimeError({reason!r})  # the grader replaced this answer: it {why}"


# -- one worker: nbgrader's autograde, student after student ------------------------------------------

def read_lines(path: Path) -> list:
    """The Python literals written one a line to ``path`` by the grading kernel (none if it is missing)."""
    import ast
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    found = []
    for line in lines:
        try:
            found.append(ast.literal_eval(line))
        except (ValueError, SyntaxError):
            continue
    return found


def last_started(progress: Path) -> str | None:
    lines = read_lines(progress)
    return lines[-1] if lines else None


def take_away(course: Path, assignment: str, student: str, refusals: list) -> list[str]:
    """The points of each exercise whose answer (or test, running it) did something the kernel refused: a
    manual score of 0 in nbgrader's gradebook, with the reason as the comment; return the notes."""
    if not refusals:
        return []
    from nbgrader.api import Gradebook
    cells = [c for path in sorted((course / "autograded" / student / assignment).glob("*.ipynb"))
             for c in nbformat.read(path, as_version=4).cells]
    notes, done = [], set()
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for what, source in refusals:
            cell = next((c for c in cells if source is not None and c.source.strip() == source.strip()), None)
            grade_id = (cell.metadata.get("nbgrader", {}).get("grade_id", "") if cell else "")
            test = grade_id.replace("answer-", "test-")
            if not test.startswith("test-") or test in done:
                continue
            done.add(test)
            for notebook in gradebook.find_submission(assignment, student).notebooks:
                for grade in notebook.grades:
                    if grade.name == test:
                        grade.manual_score = 0.0
                        for comment in notebook.comments:
                            if comment.name == grade_id.replace("test-", "answer-"):
                                comment.manual_comment = f"refused by the grader: {what}"
            gradebook.db.commit()
            notes.append(f"{test}: no points, the hand-in tried {what} (refused by the grader)")
    return notes


def stop_cell(submitted: Path, source: str | None, why: str) -> str | None:
    """Replace, in the hand-in, the answer whose run killed the kernel; return the answer's name, or None."""
    for path in sorted(submitted.glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        cells = notebook.cells
        hit = next((i for i, c in enumerate(cells) if c.cell_type == "code" and source is not None
                    and c.source.strip() == source.strip()), None)
        if hit is None:
            continue
        meta = lambda c: c.metadata.get("nbgrader", {})           # noqa: E731
        answer = next((i for i in range(hit, -1, -1) if meta(cells[i]).get("solution")), None)
        if answer is None or (hit != answer and not meta(cells[hit]).get("grade")):
            return None               # a locked cell of the assignment itself: nothing to take out
        name = meta(cells[answer]).get("grade_id", f"cell {answer}")
        cells[answer].source = STOPPED.format(reason=f"stopped by the grader: {why}", why=why)
        nbformat.write(notebook, path)
        return name
    return None


def grade_one(grader, course: Path, assignment: str, student: str) -> dict:
    submitted = course / "submitted" / student / assignment
    notes = []
    for attempt in range(RERUNS + 1):
        scratch = Path(tempfile.mkdtemp(prefix="grading-"))
        progress, refused = scratch / "progress.txt", scratch / "refused.txt"
        os.environ.update(GRADING_SCRATCH=str(scratch), GRADING_PROGRESS=str(progress),
                          GRADING_REFUSED=str(refused))
        result = grader.autograde(assignment, student, force=True, create=True)
        if not result["success"] and "database is locked" in (result.get("log", "") + result.get("error", "")):
            time.sleep(1)
            result = grader.autograde(assignment, student, force=True, create=True)
        started = last_started(progress)
        refusals = read_lines(refused)
        shutil.rmtree(scratch, ignore_errors=True)
        if result["success"]:
            notes += take_away(course, assignment, student, refusals)
            break
        log = (result.get("log", "") or "") + (result.get("error", "") or "")
        if started is None and attempt < RERUNS:     # no cell ran: the kernel did not start (a busy machine)
            time.sleep(2)
            continue
        why = ("its kernel died (a crash, or the memory or CPU-time limit)" if "Kernel died" in log
               or "DeadKernel" in log or "UnresponsiveKernel" in log else "its run failed")
        stopped = stop_cell(submitted, started, why) if attempt < RERUNS else None
        if stopped is None:
            return {"student": student, "status": "failed", "notes": notes + [f"not graded: {why}"],
                    "log": log[-2000:]}
        notes.append(f"{stopped}: {why}; that answer scored nothing, the rest was graded")
    if os.environ.get("GRADING_FEEDBACK", "1") == "1":
        feedback = grader.generate_feedback(assignment, student, force=True)
        if not feedback["success"]:
            notes.append("no feedback page: " + (feedback.get("error") or "")[-300:])
    return {"student": student, "status": "graded", "notes": notes}


def worker(course: Path, overrides: dict, out: Path) -> None:
    """Grade the hand-ins named on standard input, a JSON ``[assignment, student]`` a line, until it closes;
    write each one's start and result to ``out``."""
    grader = assignments.api(course, overrides)
    for line in sys.stdin:
        assignment, student = json.loads(line)
        with open(out, "a", encoding="utf-8") as log:
            log.write(json.dumps({"assignment": assignment, "student": student, "status": "started"}) + "\n")
        record = grade_one(grader, course, assignment, student)
        with open(out, "a", encoding="utf-8") as log:
            log.write(json.dumps({"assignment": assignment, **record}) + "\n")


# -- the batch ------------------------------------------------------------------------------------

def student_id(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.@-]", "_", name).strip("._") or "student"


def collect(folder: Path, course: Path, assignment: str) -> list[str]:
    """Copy the hand-ins into the course's submitted/ folder; return the students' ids."""
    notebook = f"{assignment}.ipynb"
    students = []
    for path in sorted(folder.iterdir()):
        if path.suffix == ".ipynb":
            sources, student = [path], student_id(path.stem)
        elif path.is_dir() and (path / assignment).is_dir():
            sources, student = sorted((path / assignment).glob("*.ipynb")), student_id(path.name)
        else:
            continue
        target = course / "submitted" / student / assignment
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        for source in sources:
            shutil.copyfile(source, target / (notebook if len(sources) == 1 else source.name))
        students.append(student)
    if not students:
        raise SystemExit(f"no hand-ins in {folder}: put one notebook per student there (STUDENT.ipynb)")
    return students


# Hand-ins a worker is given ahead of the one it grades: it never waits for the next, and a worker that dies
# takes none of them with it (they go back to the queue). Handing them out one by one, not in equal shares,
# keeps both workers busy to the end: one share can hold every time-out (a third of a batch's time, measured).
AHEAD = 1


def run_workers(course: Path, tasks: list[tuple[str, str]], jobs: int, overrides: dict) -> dict:
    """Grade each (assignment, student) of ``tasks`` in ``jobs`` worker processes, handing each worker the next
    hand-in as it finishes one; a worker that dies is replaced, its current hand-in marked as not graded."""
    results, queue = {}, [tuple(task) for task in tasks]
    state = course / "grading"
    shutil.rmtree(state, ignore_errors=True)
    state.mkdir(parents=True)
    running: dict = {}          # worker process -> (its record file, the hand-ins sent to it and not yet done)
    serial = 0
    env = assignments.environment(course)
    shown = Progress(len(tasks))
    while queue or running:
        while queue and len(running) < jobs:
            serial += 1
            out = state / f"worker-{serial}.jsonl"
            command = [sys.executable, __file__, "--worker", str(course), json.dumps(overrides), str(out)]
            with open(out.with_suffix(".err"), "w") as errors:       # nbgrader's and the kernels' messages
                process = subprocess.Popen(command, env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                           stderr=errors, text=True)
            running[process] = (out, [])
        for process in list(running):
            out, sent = running[process]
            alive = process.poll() is None        # asked first: a worker that has stopped has written everything
            current = None
            for record in worker_records(out):
                key = (record["assignment"], record["student"])
                if record["status"] == "started":
                    current = key
                    continue
                current = None
                if key in sent:
                    results[key] = record
                    sent.remove(key)
            if alive:
                while queue and len(sent) <= AHEAD and not process.stdin.closed:
                    task = queue.pop(0)
                    sent.append(task)
                    try:
                        process.stdin.write(json.dumps(task) + "\n")
                        process.stdin.flush()
                    except BrokenPipeError:       # it died just now: the next round marks it
                        break
                if not queue and not sent and not process.stdin.closed:
                    process.stdin.close()          # nothing left for it: it stops
                continue
            del running[process]
            if sent:              # the worker itself died: its current hand-in is marked, the rest go back
                lost = current if current in sent else sent[0]
                results[lost] = {"student": lost[1], "status": "failed",
                                 "notes": [f"not graded: the grading worker stopped (exit {process.returncode})"],
                                 "log": out.with_suffix(".err").read_text(errors="replace")[-2000:]}
                queue[:0] = [task for task in sent if task != lost]
        shown.update(len(results))
        time.sleep(0.2)           # a worker has its next hand-in already (AHEAD): no hurry
    shown.update(len(results), last=True)
    return results


def worker_records(out: Path) -> list[dict]:
    """What a worker wrote to ``out``, a record a line: each hand-in "started", then its result (a line still
    being written, without its newline, is left for the next read)."""
    text = out.read_text(encoding="utf-8") if out.exists() else ""
    return [json.loads(line) for line in text.split("\n")[:-1] if line]


class Progress:
    """A line on standard error every 10 seconds or so while a batch is graded: how many hand-ins are done,
    of how many, and the time so far. Unlike the package's meter (adversarial.lab.progress), which shows only in
    a terminal or a notebook, it also writes to a log: a batch of a class runs for minutes, often redirected."""

    def __init__(self, total: int, every: float = 10.0):
        self.total, self.every = total, every
        self.start = self.shown = time.monotonic()

    def update(self, finished: int, last: bool = False) -> None:
        now = time.monotonic()
        if not last and now - self.shown < self.every:
            return
        self.shown = now
        print(f"graded {min(finished, self.total)} of {self.total} hand-ins ({now - self.start:.0f} s)",
              file=sys.stderr, flush=True)


def reasons(course: Path, assignment: str, student: str) -> dict[str, str]:
    """Why points were lost, read from the autograded notebook: each test cell's error (the check's verdict
    and hint), and each answer cell's own error (a time-out, MemoryError, an exit) that the test then met."""
    found = {}
    for path in sorted((course / "autograded" / student / assignment).glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            meta = cell.metadata.get("nbgrader", {})
            if not (meta.get("grade") or meta.get("solution")) or cell.cell_type != "code":
                continue
            for output in cell.get("outputs", []):
                if output.get("output_type") == "error":
                    text = f"{output.get('ename')}: {output.get('evalue')}".strip().rstrip(":")
                    if output.get("ename") == "CellTimeoutError":
                        text = "timed out: the cell ran longer than the grader's time limit"
                    elif output.get("ename") == "KeyboardInterrupt":
                        text = "timed out: interrupted at the grader's time limit"
                    found[meta["grade_id"]] = text[:500]
    return found


def table(course: Path, assignment: str, students: list[str], results: dict) -> list[dict]:
    from nbgrader.api import Gradebook, MissingEntry
    rows = []
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        tests = sorted({g.name for nb in gradebook.find_assignment(assignment).notebooks for g in nb.grade_cells})
        maximum = gradebook.find_assignment(assignment).max_score
        for student in students:
            record = results.get(student, {"status": "failed", "notes": ["not graded"]})
            row = {"student": student, "score": 0.0, "max_score": maximum, "status": record["status"]}
            why = reasons(course, assignment, student) if record["status"] == "graded" else {}
            scores = {}
            if record["status"] == "graded":
                try:
                    submission = gradebook.find_submission(assignment, student)
                    row["score"] = submission.score
                    scores = {g.name: g.score for nb in submission.notebooks for g in nb.grades}
                except MissingEntry:
                    row["status"] = "failed"
            for test in tests:
                row[test] = scores.get(test, 0.0)
            row["reasons"] = "; ".join([f"{k}: {v}" for k, v in sorted(why.items())] + record.get("notes", []))
            rows.append(row)
    return rows


def write_feedback_text(course: Path, assignment: str, row: dict) -> None:
    """grades/ASSIGNMENT/STUDENT.txt: the grade and every reason, in plain text (beside, not inside, nbgrader's
    feedback folder, which nbgrader's generate_feedback replaces)."""
    folder = course / "grades" / assignment
    folder.mkdir(parents=True, exist_ok=True)
    lines = [f"{assignment}: {row['score']:g} of {row['max_score']:g} points"]
    lines += [f"- {reason}" for reason in row["reasons"].split("; ") if reason]
    (folder / f"{row['student']}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def grade(number: str, folder: Path, course: Path = assignments.COURSE, **options) -> list[dict]:
    """Grade every hand-in in ``folder``; return the grade table's rows (also in grades/ASSIGNMENT.csv)."""
    return grade_folders([(number, folder)], course, **options)[assignments.lesson(number).stem]


def grade_folders(batches: list[tuple[str, Path]], course: Path = assignments.COURSE, jobs: int = 2,
                  timeout: int = 30, memory: int = 1500, cpu: int = 300, output: int = 200,
                  feedback: bool = True, sandbox: bool = True) -> dict:
    """Grade several assignments' folders of hand-ins in one batch (one pool of workers); return each
    assignment's rows. ``feedback=False`` leaves out nbgrader's HTML feedback pages (the grade.txt files
    are still written). Each hand-in's kernel runs in its own sandbox (tools/grading_sandbox.py) unless
    ``sandbox=False`` or none can start here (then one line on standard error says why)."""
    os.environ["GRADING_FEEDBACK"] = "1" if feedback else "0"
    course = course.resolve()
    tasks, students = [], {}
    for number, folder in batches:
        assignment = assignments.lesson(number).stem
        if not (course / "source" / assignment).is_dir():
            raise SystemExit(f"assignment {assignment} is not built in {course}: run "
                             f"`python tools/assignments.py {number}` first")
        students[assignment] = collect(Path(folder).resolve(), course, assignment)
        tasks += [(assignment, student) for student in students[assignment]]
    bwrap, why = grading_sandbox.available() if sandbox else (None, "turned off (--no-sandbox)")
    if bwrap is None:
        print(f"grading without a sandbox: {why}; the only guard is the grading kernel's audit hook and limits "
              "(tools/grading_kernel.py)", file=sys.stderr, flush=True)
    assignments.kernel_spec(course, {"memory": memory, "cpu": cpu, "output": output}, sandbox=bwrap)
    results = run_workers(course, tasks, max(1, jobs), {"Execute.timeout": timeout, **STOP_AT_ONCE})
    tables = {}
    for assignment, names in students.items():
        rows = table(course, assignment, names, {s: r for (a, s), r in results.items() if a == assignment})
        out = course / "grades" / f"{assignment}.csv"
        out.parent.mkdir(exist_ok=True)
        with open(out, "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        for row in rows:
            write_feedback_text(course, assignment, row)
        tables[assignment] = rows
    return tables


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        course, overrides, out = argv[1:]
        worker(Path(course), json.loads(overrides), Path(out))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lesson", help="the lesson number of the assignment, e.g. 02")
    parser.add_argument("folder", type=Path, help="the hand-ins: STUDENT.ipynb files")
    parser.add_argument("--course", type=Path, default=assignments.COURSE)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="hand-ins graded at once")
    parser.add_argument("--timeout", type=int, default=30, help="seconds a cell may run")
    parser.add_argument("--memory", type=int, default=1500, help="MB a hand-in's kernel may use")
    parser.add_argument("--cpu", type=int, default=300, help="CPU seconds a hand-in's kernel may use")
    parser.add_argument("--no-sandbox", action="store_true",
                        help="run the kernels without bubblewrap (the audit hook and limits only)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rows = grade(args.lesson, args.folder, args.course, jobs=args.jobs, timeout=args.timeout, memory=args.memory,
                 cpu=args.cpu, sandbox=not args.no_sandbox)
    graded = sum(r["status"] == "graded" for r in rows)
    print(f"graded {graded} of {len(rows)} hand-ins in {time.perf_counter() - started:.0f} s; "
          f"grades in {args.course / 'grades'}, feedback in {args.course / 'feedback'}")


if __name__ == "__main__":
    main()
