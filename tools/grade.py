"""Grade a folder of hand-ins of one assignment with nbgrader, in one command.

    python tools/grade.py NN FOLDER [--course DIR] [--jobs N] [--timeout S] [--memory MB] [--cpu S] [--no-sandbox]
                                    [--student ID ...] [--due DATE] [--extension ID=HOURS ...] [--late-penalty zero]
    python tools/grade.py export [--course DIR]

``FOLDER`` holds one notebook per student, ``STUDENT.ipynb`` (the name is the student's id), or nbgrader's own
layout ``STUDENT/ASSIGNMENT/ASSIGNMENT.ipynb`` with ``timestamp.txt``. It is only read: the course's own
``submitted/`` (after ``nbgrader collect``) is graded where it is, without a write; a folder elsewhere is copied
into ``submitted/`` (``collect``). Ids keep their Unicode; what nbgrader cannot take is written ``%XX``
(``student_id``), and two inputs with one id are refused. The assignment ``NN`` must have been built first
(``python tools/assignments.py NN``). Out come, in the course directory:

- ``autograded/STUDENT/ASSIGNMENT/``: each hand-in run by nbgrader's autograde, every test cell's output
  kept (the check's verdict, or why it failed);
- ``feedback/STUDENT/ASSIGNMENT/*.html``: nbgrader's feedback page for the student;
- ``grades/ASSIGNMENT.csv``: one row a student graded so far (every batch; scores from the gradebook): total,
  each exercise's points and, for every lost point, the reason; ``grades/ASSIGNMENT/STUDENT.txt`` the same for
  one student, in plain text; ``grades/ASSIGNMENT.log`` each score a batch set or changed, old -> new;
- ``gradebook.db``: nbgrader's gradebook (``nbgrader export``, the formgrader and ``nbgrader
  generate_feedback`` read it); ``export`` writes from it the tables and bundles for a learning management system.

Every hand-in is hostile. nbgrader's autograde restores the locked cells and the tests from the instructor's
version (``OverwriteCells``; a deleted test is put back) and runs each hand-in in its own kernel: here
``tools/grading_kernel.py``, with a memory, CPU-time and output limit and an audit hook (see there), inside a
bubblewrap sandbox of its own (``tools/grading_sandbox.py``: no course folder, no gradebook, no other hand-in,
no network; every process it starts dies with it), or, where none can start, without (said in one line). A cell
that runs past ``--timeout`` seconds of its own time (its wall time less what its kernel waited for a CPU: a
loaded machine times out no right answer; tools/grading_preprocessors.py) is interrupted and scores nothing. A
hand-in whose kernel dies anyway (a crash, the CPU limit) is graded again, from a copy in ``grading/reruns/``,
without the cell that killed it, so it keeps the points of the rest. What the kernel refused and copied cells
are scored inside nbgrader's autograde (tools/grading_preprocessors.py, named in the course's config), as the
formgrader's button scores them.
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
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
import assignments  # noqa: E402
import grading_sandbox  # noqa: E402
from grading_preprocessors import read_lines, scratch_folder  # noqa: E402

RERUNS = 3
# A graded kernel is stopped at once when its last cell has run, not asked to shut down and waited for: its
# outputs are in, and what it records for the grader (tools/grading_kernel.py) is written and closed cell by
# cell. About 12% of each hand-in's time here (3.3 -> 2.9 s).
STOP_AT_ONCE = {"Execute.shutdown_kernel": "immediate"}
STOPPED = "raise RuntimeError({reason!r})  # the grader replaced this answer: it {why}"


# -- one worker: nbgrader's autograde, student after student ------------------------------------------

def last_started(progress: Path) -> str | None:
    lines = read_lines(progress)
    return lines[-1] if lines else None


def stop_cell(rerun: Path, source: str | None, why: str) -> str | None:
    """Replace, in ``rerun`` (grading's own copy of a hand-in, never the hand-in in submitted/), the answer whose
    run killed the kernel; return the answer's name, or None."""
    for path in sorted(rerun.glob("*.ipynb")):
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


def unreadable(submitted: Path, assignment: str) -> str | None:
    """Why the hand-in in ``submitted`` cannot be graded at all, said as it is (None when it can)."""
    notebook = submitted / f"{assignment}.ipynb"
    if not notebook.is_file():
        others = sorted(p.name for p in submitted.glob("*.ipynb"))
        return (f"the hand-in has no {notebook.name}" + (f" (it has {', '.join(others)}: nbgrader grades only the "
                f"assignment's own notebook, {notebook.name})" if others else ""))
    data = notebook.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        return f"{notebook.name} is not a notebook: not UTF-8 text ({error.reason} at byte {error.start})"
    try:
        parsed = json.loads(text)
    except json.JSONDecodeError as error:
        what = "is empty" if not text.strip() else f"is not valid JSON ({error.msg}, line {error.lineno})"
        return f"{notebook.name} {what}, so it is not a notebook"
    if not isinstance(parsed, dict) or not ("cells" in parsed or "worksheets" in parsed):
        return f"{notebook.name} is JSON but not a notebook (it has no cells)"
    try:
        nbformat.reads(text, as_version=4)
    except Exception as error:                 # nbformat's own reasons: a version it cannot read, a bad cell
        return f"{notebook.name} is not a notebook nbformat can read: {str(error).splitlines()[0][:200]}"
    return None


def failure(log: str) -> str:
    """What stopped nbgrader's run of a hand-in, in a line: the last exception its log names."""
    found = re.findall(r"^\s*((?:\w+\.)*\w*(?:Error|Exception)\b:?.*)$", log, re.M)
    found = [line for line in found if "NbGraderException" not in line]
    return f"its run failed (nbgrader: {found[-1].strip()[:200]})" if found else "its run failed"


def grade_one(grader, course: Path, assignment: str, student: str) -> dict:
    submitted = course / "submitted" / student / assignment
    problem = unreadable(submitted, assignment)
    if problem:
        return {"student": student, "status": "failed", "notes": [f"not graded: {problem}"]}
    notes = []
    # The hand-in in submitted/ is only read. When a cell of it killed the kernel, it is graded again from a
    # copy, here, with that answer taken out (nbgrader reads its "submitted" folder from CourseDirectory).
    rerun = course / "grading" / "reruns" / student / assignment
    shutil.rmtree(rerun, ignore_errors=True)
    reading = grader.coursedir.submitted_directory
    try:
        for attempt in range(RERUNS + 1):
            reports = scratch_folder()           # the kernel's scratch and report files, new each run
            os.environ.update(reports)
            grader.coursedir.submitted_directory = "grading/reruns" if rerun.exists() else reading
            result = grader.autograde(assignment, student, force=True, create=True)
            if not result["success"] and "database is locked" in (result.get("log", "") + result.get("error", "")):
                time.sleep(1)
                result = grader.autograde(assignment, student, force=True, create=True)
            started = last_started(reports["GRADING_PROGRESS"])
            shutil.rmtree(reports["GRADING_SCRATCH"], ignore_errors=True)
            if result["success"]:          # refusals cost their points inside autograde (RefusalsCost)
                break
            log = (result.get("log", "") or "") + (result.get("error", "") or "")
            if started is None and attempt < RERUNS:     # no cell ran: the kernel did not start (a busy machine)
                time.sleep(2)
                continue
            why = ("its kernel died (a crash, or the memory or CPU-time limit)" if "Kernel died" in log
                   or "DeadKernel" in log or "UnresponsiveKernel" in log else failure(log))
            if attempt < RERUNS and not rerun.exists():
                shutil.copytree(submitted, rerun)
            stopped = stop_cell(rerun, started, why) if attempt < RERUNS else None
            if stopped is None:
                return {"student": student, "status": "failed", "notes": notes + [f"not graded: {why}"],
                        "log": log[-2000:]}
            notes.append(f"{stopped}: {why}; that answer scored nothing, the rest was graded")
    finally:
        grader.coursedir.submitted_directory = reading
        shutil.rmtree(rerun, ignore_errors=True)
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

# Characters a student id keeps as they are, besides Unicode letters, digits and accents: nbgrader reads an id
# as a folder name and matches it with glob (so no * ? [ ]), splits lists of ids at commas and strips spaces.
ID_PUNCTUATION = "_-@+."


def student_id(name: str) -> str:
    """nbgrader's id for the hand-in named ``name``: the name itself, in Unicode's composed form (NFC: an "é"
    typed on macOS and on Linux is one id), letters of any script and accents kept (nbgrader takes them), and
    every other character (a path separator, glob's ``* ? [ ]``, a comma, a space, a control character, a leading
    dot, ``%`` itself) written as ``%XX`` of its UTF-8 bytes: the map is reversible (``urllib.parse.unquote``),
    so two different names never get one id, and grades/student_ids.csv records it where it changed a name."""
    import unicodedata
    name = unicodedata.normalize("NFC", name)
    kept = []
    for index, char in enumerate(name):
        plain = (char.isalnum() or unicodedata.category(char).startswith("M") or char in ID_PUNCTUATION)
        kept.append(char if plain and not (char == "." and index == 0)
                    else "".join(f"%{byte:02X}" for byte in char.encode("utf-8")))
    return "".join(kept)


class Handin:
    """One student's hand-in as found in the folder to grade: its id, the name it had there, and its files
    (each path inside the hand-in's nbgrader folder -> the input file it is read from)."""

    def __init__(self, student: str, name: str, where: Path, files: dict[str, Path]):
        self.student, self.name, self.where, self.files = student, name, where, files


def find_handins(folder: Path, assignment: str) -> list[Handin]:
    """The hand-ins in ``folder``: ``STUDENT.ipynb`` files, and nbgrader's ``STUDENT/ASSIGNMENT/`` folders
    (every file in them: the notebook, ``timestamp.txt``, ``submission_secret.txt``, anything the student added).
    Two inputs that would be graded as one student stop the batch, naming both: nothing is overwritten."""
    from unicodedata import normalize
    notebook = f"{assignment}.ipynb"
    found: dict[str, Handin] = {}
    for path in sorted(folder.iterdir()):
        if path.name.startswith("."):                 # .ipynb_checkpoints, editors' files
            continue
        if path.is_file() and path.suffix == ".ipynb":
            handin = Handin(student_id(path.stem), path.stem, path, {notebook: path})
        elif path.is_dir() and (path / assignment).is_dir():
            files = {p.relative_to(path / assignment).as_posix(): p
                     for p in sorted((path / assignment).rglob("*")) if p.is_file()
                     and not any(part.startswith(".") for part in p.relative_to(path / assignment).parts)}
            notebooks = [k for k in files if k.endswith(".ipynb") and "/" not in k]
            if len(notebooks) == 1 and notebooks[0] != notebook:    # a renamed copy: graded as the assignment
                files[notebook] = files.pop(notebooks[0])
            handin = Handin(student_id(path.name), path.name, path, files)
        else:
            continue
        if handin.student in found:
            other = found[handin.student]
            first, second = other.where.name, handin.where.name
            alike = (f" (the same letters, written differently in Unicode: {ascii(first)} and {ascii(second)})"
                     if first != second and normalize("NFC", first) == normalize("NFC", second) else "")
            raise SystemExit(f"two hand-ins in {folder} would be graded as the same student "
                             f"{handin.student!r}: {first!r} and {second!r}{alike}. Nothing was graded; rename or "
                             "remove one of them.")
        found[handin.student] = handin
    return list(found.values())


def same_files(handin: Handin, target: Path) -> bool:
    if not target.is_dir():
        return False
    there = {p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_file()}
    return there == set(handin.files) and all(
        (target / name).read_bytes() == source.read_bytes() for name, source in handin.files.items())


def collect(folder: Path, course: Path, assignment: str, only: list[str] | None = None) -> list[str]:
    """Make the hand-ins in ``folder`` the course's ``submitted/STUDENT/ASSIGNMENT/`` (nbgrader reads them
    there); return the students' ids. ``folder`` itself is only read: when it is the course's ``submitted/``
    (after ``nbgrader collect``) nothing is copied or written; from anywhere else each hand-in is copied in,
    and a different earlier copy of that student's hand-in is moved to ``submitted-replaced/`` first, never
    overwritten. ``only``: the students (ids or names) to take, the others are left alone."""
    folder, course = folder.resolve(), course.resolve()
    submitted = course / "submitted"
    in_place = folder == submitted.resolve()
    if not in_place and (course in folder.parents or folder in course.parents or folder == course):
        raise SystemExit(f"{folder} is inside the course directory {course} (or holds it), whose folders grading "
                         "rewrites: give its submitted/ folder itself, or a folder outside the course")
    if not folder.is_dir():
        raise SystemExit(f"{folder} is not a folder: give the folder of hand-ins (STUDENT.ipynb files, or "
                         "nbgrader's STUDENT/ASSIGNMENT/ folders)")
    handins = find_handins(folder, assignment)
    if only:
        handins = [h for h in handins if h.student in only or h.name in only]
        missing = set(only) - {h.student for h in handins} - {h.name for h in handins}
        if missing:
            raise SystemExit(f"no hand-in of {', '.join(sorted(missing))} in {folder}")
    if not handins:
        raise SystemExit(f"no hand-ins of {assignment} in {folder}: put one notebook per student there "
                         f"(STUDENT.ipynb), or nbgrader's layout (STUDENT/{assignment}/{assignment}.ipynb)")
    if in_place:              # nbgrader's id is the folder's name: it must be one nbgrader can read
        bad = [h.name for h in handins if set(h.name) & set("*?[],") or h.name != h.name.strip()]
        if bad:
            raise SystemExit(f"nbgrader cannot read the folders {', '.join(map(repr, bad))} in {folder} as "
                             "student ids (glob's * ? [ ], a comma or a space at an end); grade a copy of the "
                             "folder made outside the course: grading maps each name to an id and records the map")
        for handin in handins:
            handin.student = handin.name
    renamed = [h for h in handins if h.student != h.name]
    if renamed:
        record_ids(course, renamed)
    if not in_place:
        stamp = time.strftime("%Y%m%dT%H%M%S")
        for handin in handins:
            target = submitted / handin.student / assignment
            if same_files(handin, target):
                continue
            if target.exists():
                kept = course / "submitted-replaced" / stamp / handin.student / assignment
                kept.parent.mkdir(parents=True, exist_ok=True)
                shutil.move(str(target), str(kept))
                print(f"{handin.student}: the earlier copy of the hand-in is kept in {kept}", file=sys.stderr)
            target.mkdir(parents=True)
            for name, source in handin.files.items():
                (target / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target / name)
    return [h.student for h in handins]


def record_ids(course: Path, handins: list[Handin]) -> None:
    """Add to grades/student_ids.csv each name that its id had to change (name, id), once."""
    out = course / "grades" / "student_ids.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    known = set()
    if out.exists():
        with open(out, newline="", encoding="utf-8") as handle:
            known = {(row["name"], row["student"]) for row in csv.DictReader(handle)}
    new = [(h.name, h.student) for h in handins if (h.name, h.student) not in known]
    if new:
        with open(out, "a", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            if not known:
                writer.writerow(["name", "student"])
            writer.writerows(new)


# Hand-ins a worker is given ahead of the one it grades: it never waits for the next, and a worker that dies
# takes none of them with it (they go back to the queue). Handing them out one by one, not in equal shares,
# keeps both workers busy to the end: one share can hold every time-out (a third of a batch's time, measured).
AHEAD = 1


def run_workers(course: Path, tasks: list[tuple[str, str]], jobs: int, overrides: dict,
                feedback: bool = True) -> dict:
    """Grade each (assignment, student) of ``tasks`` in ``jobs`` worker processes, handing each worker the next
    hand-in as it finishes one; a worker that dies is replaced, its current hand-in marked as not graded.
    ``feedback``: the workers write nbgrader's feedback page of each (told through their environment)."""
    results, queue = {}, [tuple(task) for task in tasks]
    state = course / "grading"
    shutil.rmtree(state, ignore_errors=True)
    state.mkdir(parents=True)
    running: dict = {}          # worker process -> (its record file, the hand-ins sent to it and not yet done)
    serial = 0
    env = {**assignments.environment(course), "GRADING_FEEDBACK": "1" if feedback else "0"}
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
    and hint), and each answer cell's own error (a time-out, MemoryError, an exit) that the test then met; and
    the grader's notes on copied cells (tools/grading_preprocessors.py)."""
    import grading_preprocessors
    found = {}
    for path in sorted((course / "autograded" / student / assignment).glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        for note in grading_preprocessors.duplicates(notebook):
            grade_id, _, text = note.partition(": ")
            found[f"{grade_id} (copied)"] = text
        for cell in notebook.cells:
            meta = cell.metadata.get("nbgrader", {})
            if not (meta.get("grade") or meta.get("solution")) or cell.cell_type != "code":
                continue
            errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
            names = {o.get("ename") for o in errors}
            if "CellTimeoutError" in names:           # nbgrader's Execute adds it when it interrupted the cell
                found[meta["grade_id"]] = "timed out: the cell ran longer than the grader's time limit"
            elif errors:
                output = next((o for o in errors if o.get("ename") == "RefusedByGrader"), errors[-1])
                text = f"{output.get('ename')}: {output.get('evalue')}".strip().rstrip(":")
                if output.get("ename") == "KeyboardInterrupt":      # raised by the hand-in: no time-out
                    text = "KeyboardInterrupt: the cell raised KeyboardInterrupt itself (the grader did not stop it)"
                found[meta["grade_id"]] = text[:500]
            elif meta.get("grade"):                  # a share of the points (partial credit) says so
                said = [line for o in cell.get("outputs", []) if o.get("output_type") == "stream"
                        for line in "".join(o.get("text", "")).splitlines() if line.startswith("hidden cases: ")]
                if said:
                    found[meta["grade_id"]] = said[-1][:500]
    return found


def scores(course: Path, assignment: str) -> dict[str, tuple[float, dict, str | None]]:
    """Each student's score in the gradebook for the assignment, less nbgrader's late penalty (as ``nbgrader
    export`` counts it), each test's, and a word on the penalty: {student: (total, tests, late)}."""
    from nbgrader.api import Gradebook
    found = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for s in gradebook.assignment_submissions(assignment):
            penalty, late = s.late_submission_penalty or 0.0, None
            if penalty:
                late = (f"late: handed in {s.total_seconds_late / 3600:.1f} hours after the due date "
                        f"({s.duedate:%Y-%m-%d %H:%M} UTC{', with its extension' if s.extension else ''}); "
                        f"nbgrader's late penalty took {penalty:g} points")
            found[s.student.id] = (max(0.0, s.score - penalty),
                                   {g.name: g.score for nb in s.notebooks for g in nb.grades}, late)
    return found


def records(course: Path, assignment: str) -> dict[str, dict]:
    """What grading said about each student of the assignment, batch after batch (grades/ASSIGNMENT/*.json)."""
    found = {}
    for path in sorted((course / "grades" / assignment).glob("*.json")):
        found[path.stem] = json.loads(path.read_text(encoding="utf-8"))
    return found


def table(course: Path, assignment: str, results: dict | None = None) -> list[dict]:
    """The grade table of every student graded for the assignment in this course (every batch, not only the
    last): the scores from nbgrader's gradebook (so a score changed in the formgrader shows), the reasons from
    the autograded notebooks and grading's notes. ``results``: this batch's records, stored for the next."""
    from nbgrader.api import Gradebook
    folder = course / "grades" / assignment
    folder.mkdir(parents=True, exist_ok=True)
    for student, record in (results or {}).items():
        kept = {"status": record["status"], "notes": record.get("notes", [])}
        (folder / f"{student}.json").write_text(json.dumps(kept, ensure_ascii=False), encoding="utf-8")
    known = records(course, assignment)
    graded = scores(course, assignment)
    rows = []
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        tests = sorted({g.name for nb in gradebook.find_assignment(assignment).notebooks for g in nb.grade_cells})
        maximum = gradebook.find_assignment(assignment).max_score
    for student in sorted(set(known) | set(graded)):
        record = known.get(student, {"status": "graded", "notes": []})   # graded by nbgrader alone (formgrader)
        row = {"student": student, "score": 0.0, "max_score": maximum, "status": record["status"]}
        why = reasons(course, assignment, student) if record["status"] == "graded" else {}
        tested = {}
        if record["status"] == "graded":
            if student in graded:
                row["score"], tested, late = graded[student]
                record = {**record, "notes": record.get("notes", []) + ([late] if late else [])}
            else:
                row["status"] = "failed"
        for test in tests:
            row[test] = tested.get(test, 0.0)
        row["reasons"] = "; ".join([f"{k}: {v}" for k, v in sorted(why.items())] + record.get("notes", []))
        rows.append(row)
    return rows


def log_changes(course: Path, assignment: str, before: dict, rows: list[dict], students: list[str]) -> None:
    """Append to grades/ASSIGNMENT.log each score this batch set or changed: old -> new, and which tests."""
    now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    lines = []
    for row in rows:
        student = row["student"]
        if student not in students:
            continue
        score = row["score"] if row["status"] == "graded" else None
        tests = {k: v for k, v in row.items() if k.startswith("test-")}
        old, old_tests = before.get(student, (None, {}))[:2]
        shown = lambda value: "not graded" if value is None else f"{value:g}"     # noqa: E731
        changed = [f"{t}: {old_tests.get(t, 0.0):g} -> {v:g}" for t, v in sorted(tests.items())
                   if old is not None and old_tests.get(t, 0.0) != v]
        if old is None and student not in before:
            lines.append(f"{now} {student}: " + ("not graded" if score is None else
                                                  f"first graded, {score:g} of {row['max_score']:g}"))
        elif old != score or changed:
            lines.append(f"{now} {student}: {shown(old)} -> {shown(score)}"
                         + (f" ({', '.join(changed)})" if changed else ""))
    if lines:
        with open(course / "grades" / f"{assignment}.log", "a", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")


def write_feedback_text(course: Path, assignment: str, row: dict) -> None:
    """grades/ASSIGNMENT/STUDENT.txt: the grade and every reason, in plain text (beside, not inside, nbgrader's
    feedback folder, which nbgrader's generate_feedback replaces)."""
    folder = course / "grades" / assignment
    folder.mkdir(parents=True, exist_ok=True)
    lines = [f"{assignment}: {row['score']:g} of {row['max_score']:g} points"]
    lines += [f"- {reason}" for reason in row["reasons"].split("; ") if reason]
    (folder / f"{row['student']}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_table(course: Path, assignment: str, rows: list[dict]) -> Path:
    out = course / "grades" / f"{assignment}.csv"
    out.parent.mkdir(exist_ok=True)
    with open(out, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return out


def set_dates(course: Path, assignment: str, due: str | None, extensions: dict[str, float]) -> None:
    """nbgrader's due date of the assignment, and extensions (hours) for some students, in its gradebook:
    nbgrader's late penalty (``late="zero"``) then counts each hand-in's timestamp.txt against its own date."""
    import warnings

    from nbgrader.api import Gradebook
    from sqlalchemy.exc import SAWarning
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook, warnings.catch_warnings():
        # nbgrader 0.9's add_submission makes SQLAlchemy 2 warn that an object is not in the session yet
        # (autoflush); the submission is added all the same (nbgrader's autograde does the same, unseen).
        warnings.simplefilter("ignore", SAWarning)
        if due:
            gradebook.update_or_create_assignment(assignment, duedate=due)
        for student, hours in extensions.items():
            gradebook.update_or_create_student(student)
            gradebook.update_or_create_submission(assignment, student)
            gradebook.grant_extension(assignment, student, hours=hours)


def grade(number: str, folder: Path, course: Path = assignments.COURSE, **options) -> list[dict]:
    """Grade every hand-in in ``folder``; return this batch's rows of the grade table (grades/ASSIGNMENT.csv
    holds every student graded so far)."""
    return grade_folders([(number, folder)], course, **options)[assignments.lesson(number).stem]


def grade_folders(batches: list[tuple[str, Path]], course: Path = assignments.COURSE, jobs: int = 2,
                  timeout: int = 30, memory: int = 1500, cpu: int = 300, output: int = 200,
                  feedback: bool = True, students: list[str] | None = None, due: str | None = None,
                  extensions: dict[str, float] | None = None, late: str | None = None,
                  sandbox: bool = True) -> dict:
    """Grade several assignments' folders of hand-ins in one batch (one pool of workers; an assignment may have
    more than one folder, the course's submitted/ first, no student in two); return each assignment's rows for
    this batch. ``feedback=False`` leaves out nbgrader's HTML feedback pages (the grade.txt files are still
    written); ``students``: grade only these (ids or names in the folder);
    ``due``, ``extensions`` and ``late`` (nbgrader's late penalty method, "none" or "zero"): see set_dates.
    Each hand-in's kernel runs in its own sandbox (tools/grading_sandbox.py) unless ``sandbox=False`` or
    none can start here (then one line on standard error says why)."""
    course = course.resolve()
    tasks, batch = [], {}
    lessons = [assignments.lesson(number).stem for number, _ in batches]
    for at, (number, folder) in enumerate(batches):
        if Path(folder).resolve() == course / "submitted" and lessons[at] in lessons[:at]:
            raise SystemExit(f"give the course's submitted/ folder first of lesson {number}'s folders in a batch: "
                             "the others are copied into it, and would be graded twice")
    for number, folder in batches:
        assignment = assignments.lesson(number).stem
        if not (course / "source" / assignment).is_dir():
            raise SystemExit(f"assignment {assignment} is not built in {course}: run "
                             f"`python tools/assignments.py {number}` first")
        earlier = batch.setdefault(assignment, [])
        if earlier:           # a second folder of one assignment (say submitted/ in place, then a folder elsewhere)
            twice = sorted({h.student for h in find_handins(Path(folder).resolve(), assignment)} & set(earlier))
            if twice:
                raise SystemExit(f"{', '.join(map(repr, twice))} handed in {assignment} in two of this batch's "
                                 f"folders (the second is {folder}): nothing was graded; grade one of them")
        found = collect(Path(folder).resolve(), course, assignment, students)
        earlier += found
        tasks += [(assignment, student) for student in found]
        if due or extensions:
            set_dates(course, assignment, due, {student_id(k): v for k, v in (extensions or {}).items()})
    before = {assignment: {s: v for s, v in scores(course, assignment).items()      # graded before, not only
                           if (course / "autograded" / s / assignment).is_dir()}     # given an extension
              for assignment in batch}
    failed_before = {a: {s for s, r in records(course, a).items() if r["status"] != "graded"} for a in batch}
    bwrap, why = grading_sandbox.available() if sandbox else (None, "turned off (--no-sandbox)")
    if bwrap is None:
        print(f"grading without a sandbox: {why}; the only guard is the grading kernel's audit hook and limits "
              "(tools/grading_kernel.py)", file=sys.stderr, flush=True)
    assignments.kernel_spec(course, {"memory": memory, "cpu": cpu, "output": output}, sandbox=bwrap)
    overrides = {"Execute.timeout": timeout, **STOP_AT_ONCE}
    if late:
        overrides["LateSubmissionPlugin.penalty_method"] = late
    results = run_workers(course, tasks, max(1, jobs), overrides, feedback)
    tables = {}
    for assignment, names in batch.items():
        rows = table(course, assignment, {s: r for (a, s), r in results.items() if a == assignment})
        write_table(course, assignment, rows)
        old = {s: ((None, {}) if s in failed_before[assignment] else v) for s, v in before[assignment].items()}
        old.update({s: (None, {}) for s in failed_before[assignment] if s not in old})
        log_changes(course, assignment, old, rows, names)
        mine = [row for row in rows if row["student"] in names]
        for row in mine:
            write_feedback_text(course, assignment, row)
        tables[assignment] = mine
    return tables


# -- export: for a learning management system ------------------------------------------------------

def export(course: Path = assignments.COURSE) -> dict[str, Path]:
    """Everything graded in ``course``, for a learning management system; return what was written:

    - ``grades.csv``: nbgrader's own grade table (``nbgrader export``), as before;
    - ``export/gradebook.csv``: a Canvas-style gradebook, a row a student (name, login id, and each
      assignment's score less nbgrader's late penalty, blank where nothing was handed in), its second row each
      assignment's points possible: Canvas's "Import" of grades matches students by the SIS Login ID column;
    - ``export/feedback/STUDENT.zip``: each student's feedback, every assignment's nbgrader feedback page and
      grades/ASSIGNMENT/STUDENT.txt (the grade and its reasons), to hand out one file a student.
    """
    import zipfile

    from nbgrader.api import Gradebook
    course = course.resolve()
    if not (course / "gradebook.db").exists():
        raise SystemExit(f"no gradebook in {course}: build an assignment and grade it first (make assignment, "
                         "make grade)")
    assignments.nbgrader(course, "export")
    out = course / "export"
    shutil.rmtree(out, ignore_errors=True)
    (out / "feedback").mkdir(parents=True)
    names = {}
    if (course / "grades" / "student_ids.csv").exists():
        with open(course / "grades" / "student_ids.csv", newline="", encoding="utf-8") as handle:
            names = {row["student"]: row["name"] for row in csv.DictReader(handle)}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        homework = sorted(gradebook.assignments, key=lambda a: a.name)
        homework = [a for a in homework if gradebook.assignment_submissions(a.name)]
        students = {s.id: s for s in gradebook.students}
        for a in homework:          # a hand-in that could not be graded (not a notebook): its row, blank
            students.update({s: None for s in records(course, a.name) if s not in students})
        columns = [f"{a.name}" for a in homework]
        header = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", *columns]
        rows = [["    Points Possible", "", "", "", "", *[f"{a.max_score:g}" for a in homework]]]
        for student, known in sorted(students.items()):
            full = " ".join(n for n in (known.first_name, known.last_name) if n) if known else ""
            row = [full or names.get(student, student), "", "", student, ""]
            for a in homework:
                try:
                    submission = gradebook.find_submission(a.name, student)
                except Exception:                    # nbgrader's MissingEntry: nothing handed in
                    row.append("")
                    continue
                row.append(f"{max(0.0, submission.score - (submission.late_submission_penalty or 0.0)):g}")
            rows.append(row)
    with open(out / "gradebook.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    bundles = 0
    for student in sorted({row[3] for row in rows[1:]}):
        files = []
        for a in homework:
            page = course / "feedback" / student / a.name
            files += [(p, f"{a.name}/{p.relative_to(page).as_posix()}") for p in sorted(page.rglob("*.html"))]
            text = course / "grades" / a.name / f"{student}.txt"
            if text.exists():
                files.append((text, f"{a.name}/grade.txt"))
        if files:
            with zipfile.ZipFile(out / "feedback" / f"{student}.zip", "w", zipfile.ZIP_DEFLATED) as bundle:
                for path, name in files:
                    bundle.write(path, name)
            bundles += 1
    print(f"{course / 'grades.csv'} (nbgrader's), {out / 'gradebook.csv'} ({len(rows) - 1} students, "
          f"{len(homework)} assignments) and {bundles} feedback bundles in {out / 'feedback'}")
    for a in homework:
        failed = sorted(s for s, r in records(course, a.name).items() if r["status"] != "graded")
        if failed:
            print(f"{a.name}: not graded, so blank in the gradebook (the reasons are in grades/{a.name}.csv): "
                  + ", ".join(names.get(s, s) for s in failed))
    return {"nbgrader": course / "grades.csv", "gradebook": out / "gradebook.csv", "feedback": out / "feedback"}


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        course, overrides, out = argv[1:]
        worker(Path(course), json.loads(overrides), Path(out))
        return
    if argv[:1] == ["export"]:
        parser = argparse.ArgumentParser(prog="grade.py export", description=export.__doc__.splitlines()[0])
        parser.add_argument("--course", type=Path, default=assignments.COURSE)
        export(parser.parse_args(argv[1:]).course)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lesson", help="the lesson number of the assignment, e.g. 02")
    parser.add_argument("folder", type=Path, help="the hand-ins: STUDENT.ipynb files, or nbgrader's "
                        "STUDENT/ASSIGNMENT/ folders (the course's submitted/ is read in place)")
    parser.add_argument("--course", type=Path, default=assignments.COURSE)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="hand-ins graded at once")
    parser.add_argument("--timeout", type=int, default=30,
                        help="seconds a cell may run (its own time: the wait for a CPU is not counted)")
    parser.add_argument("--memory", type=int, default=1500, help="MB a hand-in's kernel may use")
    parser.add_argument("--cpu", type=int, default=300, help="CPU seconds a hand-in's kernel may use")
    parser.add_argument("--student", action="append", help="grade only this student (repeat for more): "
                        "regrading one student leaves the others' grades as they are")
    parser.add_argument("--due", help="the assignment's due date (nbgrader's, e.g. '2026-12-01 23:59:00 UTC')")
    parser.add_argument("--extension", action="append", default=[], metavar="STUDENT=HOURS",
                        help="a student's extension of the due date, in hours (repeat for more)")
    parser.add_argument("--late-penalty", choices=("none", "zero"), help="nbgrader's late penalty: 'zero' "
                        "scores a hand-in whose timestamp.txt is after its due date 0")
    parser.add_argument("--no-sandbox", action="store_true",
                        help="run the kernels without bubblewrap (the audit hook and limits only)")
    args = parser.parse_args(argv)
    extensions = {}
    for given in args.extension:
        student, _, hours = given.rpartition("=")
        try:
            extensions[student] = float(hours)
        except ValueError:
            parser.error(f"--extension {given!r}: give STUDENT=HOURS, e.g. alice=48")
    started = time.perf_counter()
    rows = grade(args.lesson, args.folder, args.course, jobs=args.jobs, timeout=args.timeout, memory=args.memory,
                 cpu=args.cpu, students=args.student, due=args.due, extensions=extensions,
                 late=args.late_penalty, sandbox=not args.no_sandbox)
    graded = sum(r["status"] == "graded" for r in rows)
    print(f"graded {graded} of {len(rows)} hand-ins in {time.perf_counter() - started:.0f} s; "
          f"grades in {args.course / 'grades'}, feedback in {args.course / 'feedback'}")


if __name__ == "__main__":
    main()
