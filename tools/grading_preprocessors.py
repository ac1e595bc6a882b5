"""What grading adds to nbgrader's own autograde, as nbgrader preprocessors, so that ``make grade``
(tools/grade.py) and the formgrader's autograde button grade a hand-in the same way.

The course's ``nbgrader_config.py`` (written by tools/assignments.py) calls ``configure(c)``, which puts them in
nbgrader's pipelines:

- ``KeepTheLastCopy`` replaces nbgrader's ``DeduplicateIds``. A student who copies a cell by accident (an answer
  or a test, pasted twice) hands in two cells with one grade id. nbgrader keeps the last copy and empties the
  others' metadata, which then stops ``OverwriteCells`` with ``KeyError: 'grade_id'``: the whole hand-in failed.
  Here the earlier copies become ordinary cells (they still run, they score nothing), the last copy is graded,
  and a note above each earlier copy says so, in the autograded notebook and in the student's feedback page;
  ``duplicates()`` reads the notes back for the grade table's reasons.
- ``ListenForRefusals`` (before nbgrader's ``Execute``) names the instructor's locked cells for the grading
  kernel (``$GRADING_LOCKED``: only they may load the checks and their reference answers), and with
  ``RefusalsCost`` (after ``Execute``) turns refusals into lost points: the grading kernel
  (tools/grading_kernel.py) writes each action it refused, with the cell that asked, to ``$GRADING_REFUSED``
  in the hand-in's scratch folder (:func:`scratch_folder`: tools/grade.py makes one for each run of a hand-in;
  the formgrader's button gets one here, removed afterwards). Each refusal costs its exercise the
  points even when the hand-in caught the error: its test cell gets an error output saying what was refused, so
  nbgrader's own scoring gives it 0 and the feedback page says why. The penalty is in the autograded notebook
  itself, not a manual score beside it: regrading a clean hand-in gives the points back. A hidden test scores
  only if the grading kernel heard it finish (``unfinished``).
- ``ExecuteOnOwnTime`` replaces nbgrader's ``Execute``: a cell's time limit counts the cell's own time, not the
  time its kernel waited for a CPU on a loaded machine.

``configure(c)`` also makes two of nbgrader's own steps cheaper, without changing what they do
(:func:`quicker_nbgrader`): its cell-metadata check validates every cell against nbgrader's schema as before, but
checks the schema itself once, not once a cell; and its gradebook opens its database through one SQLAlchemy engine
a process, not a new one (with its own cache of compiled SQL) each of the ten times a hand-in's autograde opens it.
"""

from __future__ import annotations

import ast
import asyncio
import functools
import json
import os
import shutil
import tempfile
from pathlib import Path
from time import monotonic

from nbformat import NotebookNode
from nbgrader import utils
from nbgrader.preprocessors import DeduplicateIds, Execute, NbGraderPreprocessor

NOTE = "**Grader's note:** "
DUPLICATE = (NOTE + "this cell is a copy of the cell `{grade_id}` further down (the notebook has {count} cells with "
             "that id). The last copy was graded; this one ran, and scored nothing.")


class KeepTheLastCopy(DeduplicateIds):
    """nbgrader's DeduplicateIds (the last cell with a grade id keeps it), with the earlier copies made plain
    cells instead of cells with empty nbgrader metadata, and a note above each."""

    def preprocess(self, nb, resources):
        self.copies = {}
        nb, resources = super().preprocess(nb, resources)
        from nbformat.v4 import new_markdown_cell
        cells = []
        for cell in nb.cells:
            grade_id = cell.metadata.pop("grading_copy_of", None)
            if grade_id is not None:
                cells.append(new_markdown_cell(DUPLICATE.format(grade_id=grade_id, count=self.copies[grade_id])))
            cells.append(cell)
        nb.cells = cells
        return nb, resources

    def preprocess_cell(self, cell, resources, cell_index):
        if not (utils.is_grade(cell) or utils.is_solution(cell) or utils.is_locked(cell)):
            return cell, resources
        grade_id = cell.metadata.nbgrader.get("grade_id")
        if grade_id in self.grade_ids:
            self.log.warning("Cell with id '%s' exists multiple times: the last copy is graded", grade_id)
            del cell.metadata["nbgrader"]
            cell.metadata["grading_copy_of"] = grade_id
            self.copies[grade_id] = self.copies.get(grade_id, 1) + 1
        else:
            self.grade_ids.add(grade_id)
        return cell, resources


def duplicates(notebook) -> list[str]:
    """The grader's notes on copied cells in an autograded notebook (nbformat), one a copied grade id."""
    seen = {}
    for cell in notebook.cells:
        if cell.cell_type == "markdown" and cell.source.startswith(NOTE) and "is a copy of the cell `" in cell.source:
            grade_id = cell.source.split("`")[1]
            seen[grade_id] = cell.source.split("(the notebook has ")[1].split(" ")[0]
    return [f"{grade_id}: the hand-in has {count} cells with this id (a copied cell); the last copy was graded"
            for grade_id, count in seen.items()]


def read_lines(path) -> list:
    """The Python literals written one a line to ``path`` by the grading kernel (none if it is missing)."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, TypeError):
        return []
    found = []
    for line in lines:
        try:
            found.append(ast.literal_eval(line))
        except (ValueError, SyntaxError):
            continue
    return found


def scratch_folder() -> dict[str, str]:
    """A new scratch folder for one run of a hand-in, and the two files its kernel reports to the grader in, as
    the environment variables the grading kernel and its sandbox read (the kernel nbgrader starts inherits them):
    ``GRADING_SCRATCH`` (the one folder the hand-in may write besides its own, bound into its sandbox),
    ``GRADING_PROGRESS`` (each cell it started) and ``GRADING_REFUSED`` (each action refused)."""
    scratch = Path(tempfile.mkdtemp(prefix="grading-"))
    return {"GRADING_SCRATCH": str(scratch), "GRADING_PROGRESS": str(scratch / "progress.txt"),
            "GRADING_REFUSED": str(scratch / "refused.txt")}


def locked_cells(nb) -> str:
    """The instructor's locked cells (as nbgrader restored them), named as the kernel names a cell it runs (a
    hash of its source, ipykernel's): the grading kernel lets these load the checks, which it keeps from every
    other cell (tools/grading_kernel.py's ReferenceGuard), and the SHA-256 of each source (the name alone is 32
    bits: a hand-in could make a cell of its own with a locked cell's name). Passed in ``$GRADING_LOCKED``."""
    import hashlib

    meta = [c for c in nb.cells if c.cell_type == "code" and (utils.is_locked(c) or utils.is_grade(c))]
    return ",".join(sorted({f"{kernel_name(c.source)}:"
                            f"{hashlib.sha256(c.source.encode('utf-8', 'surrogatepass')).hexdigest()}" for c in meta}))


def kernel_name(source: str) -> str:
    """The name ipykernel gives a cell of this source (its hash, ``murmur2_x86``, without the ``.py``)."""
    from ipykernel.compiler import get_tmp_hash_seed
    return str(_murmur(source, get_tmp_hash_seed()))


@functools.lru_cache(maxsize=2048)
def _murmur(source: str, seed: int) -> int:
    """ipykernel's murmur2_x86, remembered: it is pure Python, a character at a time (about 0.1 s for a hidden
    test's source), and every hand-in of an assignment has the same locked cells, hashed three times each."""
    from ipykernel.compiler import murmur2_x86
    return murmur2_x86(source, seed)


class ListenForRefusals(NbGraderPreprocessor):
    """Before the hand-in runs: where its kernel writes what it refused (``$GRADING_REFUSED``); a scratch folder
    of its own (:func:`scratch_folder`) when the grader made none (the formgrader's button)."""

    def preprocess(self, nb, resources):
        if not os.environ.get("GRADING_REFUSED"):
            own = scratch_folder()
            os.environ.update(own)
            resources["grading_scratch_own"] = own
        os.environ["GRADING_LOCKED"] = locked_cells(nb)
        path = os.environ["GRADING_REFUSED"]
        resources["grading_refused"] = path
        resources["grading_refused_before"] = len(read_lines(path))
        return nb, resources


OTHER_CODE = "running other code under the name of the instructor's cell"   # (tools/grading_kernel.py's)


def refused_tests(cells, refusals: list) -> dict[str, str]:
    """Which test each refusal costs: {test grade id: what was refused}. A refusal is charged to the exercise
    of the cell that asked (its answer or its test), found by the name the kernel's audit hook saw it run under
    (else by the source its callback recorded); one in a cell of no exercise costs nothing."""
    charged = {}
    code = [c for c in cells if c.cell_type == "code"]
    named = None
    for what, source, *name in refusals:
        cell = None
        if str(what).startswith(OTHER_CODE):       # the cell compiled under a locked cell's name is the one that
            name = []                              # asked (its source), not the cell that ran before it
        if name and type(name[0]) is str:        # the kernel's audit hook saw this cell start: its name is the
            if named is None:                      # hash of its source (ipykernel's), out of the hand-in's reach
                named = {f"{kernel_name(c.source)}.py": c for c in code}
            cell = named.get(os.path.basename(name[0]))
        if cell is None:
            cell = next((c for c in code if source is not None and c.source.strip() == str(source).strip()), None)
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "") if cell is not None else ""
        test = grade_id.replace("answer-", "test-")
        if test.startswith("test-"):
            charged.setdefault(test, what)
    return charged


FINISHED = "grading.finished"          # (tools/grading_kernel.py's: a hidden test's last call, heard by the kernel)
LAST_CALL = "_graded(_hidden())"        # (tools/assignments.py's: the hidden tests' last line)


def unfinished(cells, finished: list, charged: dict) -> None:
    """A test's points come from what the grading kernel heard, not from what the hand-in's kernel showed: a
    test cell whose hidden tests end with ``_graded`` scores nothing unless the kernel heard that call from the
    instructor's own cell (the hand-in may have changed how IPython runs a cell or shows its errors), and its
    share of the points is the one the kernel heard (it may have hidden the number it showed). ``charged``
    gets each test that did not finish although its outputs show no error."""
    heard = {os.path.basename(str(name)): points for _, _, name, points in finished}
    for cell in cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "")
        if cell.cell_type != "code" or not cell.metadata.get("nbgrader", {}).get("grade") or \
                LAST_CALL not in cell.source or grade_id in charged:
            continue
        name = f"{kernel_name(cell.source)}.py"
        if name not in heard:
            if not any(o.get("output_type") == "error" for o in cell.get("outputs", [])):
                charged[grade_id] = ("changing how the kernel runs or shows the instructor's test (the grading "
                                     "kernel never heard it finish)")
            continue
        points = heard[name]
        if points is not None:
            cell.outputs = [o for o in cell.outputs if o.get("output_type") != "execute_result"]
            cell.outputs.insert(0, NotebookNode(output_type="execute_result", execution_count=None, metadata={},
                                                data={"text/plain": repr(points)}))


class RefusalsCost(NbGraderPreprocessor):
    """After the hand-in ran: each test whose exercise did something refused gets an error output saying so,
    which nbgrader's scoring (SaveAutoGrades) turns into no points."""

    def preprocess(self, nb, resources):
        path = resources.get("grading_refused")
        refusals = read_lines(path)[resources.get("grading_refused_before", 0):]
        os.environ.pop("GRADING_LOCKED", None)
        if os.environ.get("GRADING_SCRATCH"):      # the hand-in's pids cgroup, if its sandbox made one
            from grading_sandbox import release_pids_cgroup
            release_pids_cgroup(os.environ["GRADING_SCRATCH"])
        own = resources.get("grading_scratch_own")
        if own:
            for name in own:
                os.environ.pop(name, None)
            shutil.rmtree(own["GRADING_SCRATCH"], ignore_errors=True)
        finished = [line for line in refusals if len(line) == 4 and line[0] == FINISHED]
        refusals = [line for line in refusals if not (len(line) == 4 and line[0] == FINISHED)]
        charged = refused_tests(nb.cells, refusals)
        unfinished(nb.cells, finished, charged)
        for cell in nb.cells:
            test = cell.metadata.get("nbgrader", {}).get("grade_id")
            if test in charged and cell.cell_type == "code":
                text = f"the hand-in tried {charged[test]} (refused by the grader): this exercise scores nothing"
                # First: nbgrader scores a cell by its first error or result, and a share of the points (partial
                # credit) is a result.
                cell.outputs.insert(0, NotebookNode(output_type="error", ename="RefusedByGrader", evalue=text,
                                                    traceback=[f"RefusedByGrader: {text}"]))
        return nb, resources


# -- the time limit of a cell: the kernel's own time, not the machine's load ----------------------------------

STEP = 1.0          # how often (seconds) a running cell's time is looked at
STRETCH = 20        # a cell is stopped after this many times its limit in wall time, whatever its time
SCHEDSTAT = "/proc/{pid}/schedstat"      # (Linux: the main thread's time on a CPU and waiting for one, in ns)


def waited(pid: int | None) -> float | None:
    """Seconds process ``pid``'s main thread (where a cell runs) has waited, runnable, for a CPU (Linux's
    schedstat), or None where that cannot be read."""
    if pid is None:
        return None
    try:
        return int(Path(SCHEDSTAT.format(pid=pid)).read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return None


def kernel_pid(root: int | None, marker: str = "grading_kernel") -> int | None:
    """The grading kernel's process: ``root`` (the process the kernel manager started: the kernel, or its
    sandbox's bwrap) or the first of its descendants whose command line names ``marker``."""
    if root is None:
        return None
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                children.setdefault(int(stat.rpartition(")")[2].split()[1]), []).append(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    todo = [root]
    while todo:
        pid = todo.pop(0)
        try:
            argv = (Path("/proc") / str(pid) / "cmdline").read_bytes().decode(errors="replace").split("\0")
        except OSError:
            argv = [""]
        if any(marker in arg for arg in argv) and not os.path.basename(argv[0]).startswith("bwrap"):
            return pid              # (the sandbox's bwrap names the kernel's command too)
        todo += children.get(pid, [])
    return None


def charged(wall: float, waited_before: float | None, waited_now: float | None) -> float:
    """A cell's own time: the wall time it has run, less what its kernel spent waiting for a CPU meanwhile (a
    loaded machine's doing, not the cell's); the wall time where the wait cannot be read. A cell that computes
    is charged its CPU time, one that sleeps or blocks its wall time."""
    if waited_before is None or waited_now is None:
        return wall
    return max(0.0, wall - max(0.0, waited_now - waited_before))


class ExecuteOnOwnTime(Execute):
    """nbgrader's Execute, with the cell's time limit (``timeout``) counted in the cell's own time
    (:func:`charged`): on a machine loaded by other work, a right answer waiting for a CPU is not timed out;
    an endless loop, computing or sleeping, is stopped once its own time passes the limit, as before. Every
    ``STEP`` seconds without the cell's reply, its time is looked at; past the limit (or ``STRETCH`` times it
    in wall time: a machine too busy to run it at all) nbgrader's time-out (an interrupt) follows. With
    ``$GRADING_CELL_TIME`` set to ``wall`` the limit is nbgrader's own, in wall time (benchmarks/bench_grading_load.py
    compares the two)."""

    def _get_timeout(self, cell):
        """(nbclient asks as it has sent a cell to the kernel: the cell's clock starts here.)"""
        limit = super()._get_timeout(cell)
        if cell is None:                # (a reply outside a cell's run: the kernel's start)
            return limit
        if getattr(self, "_kernel_of", None) is not self.km:
            process = getattr(getattr(self.km, "provisioner", None), "process", None)
            self._kernel, self._kernel_of = kernel_pid(getattr(process, "pid", None)), self.km
        self._limit, self._started = limit, (monotonic(), waited(self._kernel))
        return None if limit is None else min(STEP, limit)

    async def _async_handle_timeout(self, timeout, cell=None):
        if cell is None or getattr(self, "_started", None) is None:
            return await super()._async_handle_timeout(timeout, cell)
        limit, (start, before) = getattr(self, "_limit", None) or timeout, self._started
        now = monotonic()
        wall = now - start
        own = os.environ.get("GRADING_CELL_TIME", "own") != "wall"      # ("wall": nbgrader's, to compare)
        if (charged(wall, before, waited(self._kernel)) if own else wall) < limit and wall < limit * STRETCH:
            if now - getattr(self, "_looked", 0.0) < STEP / 2:     # (nbclient asked again at once: wait a step)
                await asyncio.sleep(STEP)
            self._looked = now
            return None                     # not yet: nbclient waits another step
        return await super()._async_handle_timeout(limit, cell)


# -- nbgrader's own steps, made cheaper ---------------------------------------------------------------

# The nbgrader versions whose code quicker_nbgrader() was read against (the lock files pin one).
QUICKER_FOR = ("0.9.6",)


class SchemaCheckedOnce:
    """jsonschema, as nbgrader's cell-metadata check sees it (``nbgrader.nbgraderformat.common.jsonschema``):
    ``validate(instance, schema)`` is jsonschema's own (the same validator, the same best-matching error), but it
    checks the schema itself against its meta-schema once for each distinct schema, not on every call. nbgrader
    calls it for every cell of every notebook with one schema read from its own file: checking that schema again
    each time was about a fifth of autograde's own CPU (benchmarks/RESULTS.md). Anything else is jsonschema's."""

    quicker = True

    def __init__(self, module):
        self._module, self._validators = module, {}

    def __getattr__(self, name):
        return getattr(self._module, name)

    def validate(self, instance, schema, cls=None, *args, **kwargs):
        if cls is not None or args or kwargs:
            return self._module.validate(instance, schema, cls, *args, **kwargs)
        key = json.dumps(schema, sort_keys=True)            # by content: nbgrader reads its file anew each time
        validator = self._validators.get(key)
        if validator is None:
            kind = self._module.validators.validator_for(schema)
            kind.check_schema(schema)                       # a bad schema is refused as before (SchemaError)
            validator = self._validators[key] = kind(schema)
        error = self._module.exceptions.best_match(validator.iter_errors(instance))
        if error is not None:
            raise error
        return None


_ENGINES: dict = {}


def one_engine(url, *args, **kwargs):
    """SQLAlchemy's create_engine for nbgrader's gradebook, one engine a database and process: each ``Gradebook``
    nbgrader opens (ten a hand-in's autograde) made its own engine, and compiled every query again. Its ``close``
    still disposes of the engine's pooled connections; the engine and its compiled queries stay."""
    import sqlalchemy
    key = (str(url), json.dumps(kwargs, sort_keys=True, default=repr)) if not args else None
    if key is None:
        return sqlalchemy.create_engine(url, *args, **kwargs)
    if key not in _ENGINES:
        _ENGINES[key] = sqlalchemy.create_engine(url, **kwargs)
    return _ENGINES[key]


one_engine.quicker = True


def quicker_nbgrader() -> None:
    """Make nbgrader's cell-metadata check and its gradebook's start cheaper in this process (see
    :class:`SchemaCheckedOnce` and :func:`one_engine`); what they accept and refuse is unchanged. Only for the
    nbgrader versions they were read against (``QUICKER_FOR``): any other stops with a clear error."""
    import jsonschema
    import nbgrader
    import nbgrader.api
    import sqlalchemy
    from nbgrader.nbgraderformat import common
    if nbgrader.__version__ not in QUICKER_FOR:
        raise RuntimeError(
            f"nbgrader {nbgrader.__version__}: tools/grading_preprocessors.py's quicker_nbgrader() was written for "
            f"nbgrader {', '.join(QUICKER_FOR)} (its cell-metadata check calling jsonschema.validate for every cell, "
            "its Gradebook calling create_engine each time it opens). Read those in the new version, then add it to "
            "QUICKER_FOR, or install the pinned version (make setup).")
    # (installed once a process; "quicker" marks ours, as this file may be loaded under more than one name)
    if common.jsonschema is jsonschema:
        common.jsonschema = SchemaCheckedOnce(jsonschema)
    elif not getattr(common.jsonschema, "quicker", False):
        raise RuntimeError("nbgrader's cell-metadata check does not use jsonschema as nbgrader "
                           f"{', '.join(QUICKER_FOR)} does: tools/grading_preprocessors.py's quicker_nbgrader() "
                           "cannot apply")
    if nbgrader.api.create_engine is sqlalchemy.create_engine:
        nbgrader.api.create_engine = one_engine
    elif not getattr(nbgrader.api.create_engine, "quicker", False):
        raise RuntimeError("nbgrader's gradebook does not open its database with sqlalchemy.create_engine as "
                           f"nbgrader {', '.join(QUICKER_FOR)} does: tools/grading_preprocessors.py's "
                           "quicker_nbgrader() cannot apply")


def configure(c) -> None:
    """Put grading's preprocessors into nbgrader's autograde (``c``: the course's nbgrader config), and make
    nbgrader's own steps in this process cheaper (:func:`quicker_nbgrader`)."""
    quicker_nbgrader()
    from nbgrader.converters import Autograde
    traits = Autograde.class_traits()
    sanitize = traits["sanitize_preprocessors"].default()
    c.Autograde.sanitize_preprocessors = [KeepTheLastCopy if p is DeduplicateIds else p for p in sanitize]
    # Start from the course's own steps where its config set them already (tools/nbgrader_hooks.py's GraderFacts).
    given = (c.Autograde.autograde_preprocessors if "autograde_preprocessors" in c.Autograde
             else traits["autograde_preprocessors"].default())
    autograde = []
    for p in given:
        autograde += [ListenForRefusals, ExecuteOnOwnTime, RefusalsCost] if p is Execute else [p]
    c.Autograde.autograde_preprocessors = autograde
