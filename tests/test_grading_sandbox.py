"""Each graded hand-in alone in its sandbox (issue 41): what a hand-in can reach, and what outlives it.

Here the sandbox by itself (tools/grading_sandbox.py, no audit hook: a process there is what a hand-in's
multiprocessing child is, free of the grading kernel's guard), and the audit hook of tools/grading_kernel.py
in a virtual environment reached through a symbolic link. Then the hand-ins of lesson 2 that each try one thing
the issue names (the gradebook through sqlite3, another hand-in and ``source/``, fork and spawn children that
outlive it, an import hook), and an honest one importing matplotlib (:func:`sandbox_handins`): they are graded
in tests/test_grading.py's one batch, whose course and workers they share, and its tests check that each gets
exactly its points, that nothing outside the hand-ins' scratch folders changes and that no process is left.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests.test_grading import ROOT, Assignment, _tool

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbgrader")
pytestmark = pytest.mark.slow

sandbox = _tool("grading_sandbox")
BWRAP, WHY = sandbox.available()
needs_sandbox = pytest.mark.skipif(BWRAP is None, reason=f"no sandbox here: {WHY}")


def processes_with(token: str) -> list[str]:
    """The command lines of running processes that contain ``token``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if token in line:
                found.append(f"{entry.name}: {line}")
    return found


def tree_hashes(folder: Path, leave_out=()) -> dict:
    """Every file under ``folder`` (but the top-level names in ``leave_out``) -> its content's hash."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()
            and p.relative_to(folder).parts[0] not in leave_out and "__pycache__" not in p.parts}


# -- the sandbox alone ------------------------------------------------------------------------------

ESCAPES = """\
import errno, json, os, sqlite3, sys, time
course, outside, token = sys.argv[1:4]
seen = {"course": sorted(os.listdir(course)), "home": os.environ["HOME"], "cwd": os.getcwd(),
        "outside": os.path.exists(outside), "root": sorted(os.listdir("/"))}
for name, call in (("gradebook", lambda: sqlite3.connect(os.path.join(course, "gradebook.db")).execute(
                       "create table tampered (x)")),
                   ("course-write", lambda: open(os.path.join(course, "pwned"), "w").write("x")),
                   ("outside-write", lambda: open(os.path.join(outside, "pwned"), "w").write("x")),
                   ("package-write", lambda: open(sys.argv[4], "a").write("# pwned")),
                   ("network", lambda: __import__("socket").create_connection(("1.1.1.1", 80), timeout=2)),
                   ("matplotlib", lambda: __import__("matplotlib.pyplot"))):
    try:
        call()
        seen[name] = "done"
    except Exception as error:
        seen[name] = errno.errorcode.get(getattr(error, "errno", None) or 0, type(error).__name__)
# Children that try to outlive it: a daemon (double fork, new session) that would write after a while.
late = ("import time, os\\ntime.sleep(3)\\n"
        f"open({os.path.join(outside, 'late')!r}, 'w').write('outlived')  # {token}\\n")
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execv(sys.executable, [sys.executable, "-c", late])
    os._exit(0)
open("result.json", "w").write(json.dumps(seen))
"""


@needs_sandbox
def test_a_sandboxed_process_reaches_nothing_and_leaves_nothing(tmp_path):
    """The sandbox alone: the course folder (given to hide) is empty and read-only, a folder outside is not
    there, the package is read-only, there is no network, the HOME is the scratch folder, matplotlib works; a
    daemon it starts (double fork, its own session) dies with it."""
    course, outside, scratch, work = (tmp_path / n for n in ("course", "outside", "scratch", "work"))
    for folder in (course / "source", outside, scratch, work):
        folder.mkdir(parents=True)
    sqlite3.connect(course / "gradebook.db").execute("create table grade (score)").connection.commit()
    before = tree_hashes(course)
    script = work / "escape.py"
    script.write_text(ESCAPES)
    token = uuid.uuid4().hex
    package_file = ROOT / "adversarial" / "exercises" / "core.py"
    package_before = package_file.read_bytes()
    argv = sandbox.command(BWRAP, [sys.executable, str(script), str(course), str(outside), token,
                                   str(package_file)], str(work), str(scratch), hide=[str(course)])
    done = subprocess.run(argv, cwd=work, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads((scratch / "work" / "result.json").read_text())
    assert seen["course"] == [] and seen["outside"] is False, seen
    assert seen["home"].startswith(os.path.realpath(scratch)) and seen["cwd"] == str(work)
    assert seen["gradebook"] == "OperationalError", seen          # no such file, and nowhere to make one
    assert seen["course-write"] == seen["package-write"] == "EROFS" and seen["outside-write"] == "ENOENT", seen
    assert seen["network"] == "ENETUNREACH" and seen["matplotlib"] == "done", seen
    assert not (work / "result.json").exists()                    # its folder is a copy in its scratch
    time.sleep(3.5)                                               # past the daemon's wait
    assert processes_with(token) == [] and not (outside / "late").exists()
    assert tree_hashes(course) == before and package_file.read_bytes() == package_before


def test_no_sandbox_is_said_in_one_line_naming_the_guard_left(tmp_path, monkeypatch, capsys):
    """Where bwrap cannot start (no user namespaces), the grader says why, in one line, and names the guard it
    falls back to; the kernel spec then starts the grading kernel itself."""
    assignments, grade = _tool("assignments"), _tool("grade")
    monkeypatch.setattr(grade.grading_sandbox, "available", lambda: (None, "bwrap cannot make namespaces here"))
    with pytest.raises(SystemExit):          # nothing built in this course: it stops right after saying so
        grade.grade_folders([("02", tmp_path)], tmp_path / "course")
    assert capsys.readouterr().err == ""     # the assignment is checked first: nothing said yet
    course = tmp_path / "course"
    (course / "source" / assignments.lesson("02").stem).mkdir(parents=True)
    monkeypatch.setattr(grade, "collect", lambda *args: [])
    monkeypatch.setattr(grade, "run_workers", lambda *args: {})
    monkeypatch.setattr(grade, "table", lambda *args: [{"student": "x"}])
    monkeypatch.setattr(grade, "write_feedback_text", lambda *args: None)
    monkeypatch.setattr(grade, "write_table", lambda *args: None)
    monkeypatch.setattr(grade, "log_changes", lambda *args: None)
    monkeypatch.setattr(grade, "scores", lambda *args: {})      # no gradebook in this course
    monkeypatch.setattr(grade, "records", lambda *args: {})
    grade.grade_folders([("02", tmp_path)], course)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "without a sandbox" in lines[0] and "audit hook" in lines[0], lines
    spec = json.loads((course / "jupyter" / "kernels" / assignments.KERNEL / "kernel.json").read_text())
    assert spec["argv"][1].endswith("grading_kernel.py") and "interrupt_mode" not in spec


SYMLINKED = """\
import os, sys
sys.path.insert(0, {tools!r})
import adversarial, grading_kernel
grading_kernel.install_audit_hook(({scratch!r},), grading_kernel.trusted_paths(adversarial), None, [None])
import typing_extensions
typing_extensions.TypedDict("Point", {{"x": int}})     # the library asks for a frame (sys._getframe): allowed
try:
    exec(compile("import sys\\nsys._getframe()", "<cell>", "exec"))
    print("the hand-in's frame was not refused")
except PermissionError:
    print("library allowed, hand-in refused")
"""


def test_the_audit_hook_trusts_the_library_in_a_symlinked_environment(tmp_path):
    """With the virtual environment reached through a symbolic link (common on shared course machines), the
    library's own code (typing_extensions asks for a frame) must not be refused, or every kernel fails."""
    link = tmp_path / "venv-link"
    link.symlink_to(os.path.realpath(sys.prefix), target_is_directory=True)
    python = link / "bin" / os.path.basename(sys.executable)
    code = SYMLINKED.format(tools=str(ROOT / "tools"), scratch=str(tmp_path) + os.sep)
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.stdout.strip() == "library allowed, hand-in refused", done.stdout + done.stderr[-2000:]
    assert subprocess.run([str(python), "-c", "import sys; print(sys.prefix)"], capture_output=True,
                          text=True).stdout.strip() == str(link)          # the link really is the prefix
    if BWRAP is not None:        # and in its sandbox, started from the link (the link's path is bound there too)
        launcher = [str(python), str(ROOT / "tools" / "grading_sandbox.py"), "--bwrap", BWRAP, "--",
                    str(python), "-c", code]
        done = subprocess.run(launcher, capture_output=True, text=True, timeout=120, cwd=tmp_path,
                              env=dict(os.environ, GRADING_SCRATCH=str(tmp_path / "scratch")))
        assert done.stdout.strip() == "library allowed, hand-in refused", done.stdout + done.stderr[-2000:]


# -- a batch: each hand-in tries one thing, all graded by tools/grade.py in their sandboxes -----------------

STEAL = """\
import glob, json, os
for _place in {places!r}:
    for _path in glob.glob(os.path.join(_place, "**", "*.ipynb"), recursive=True):
        if os.path.abspath(_path).startswith(os.getcwd() + os.sep):
            continue            # its own copy, running this very code: exec'ing it would recurse until the CPU limit
        try:
            _cells = json.load(open(_path, encoding="utf-8"))["cells"]
        except (OSError, ValueError):
            continue
        for _cell in _cells:
            if _cell.get("metadata", {{}}).get("nbgrader", {{}}).get("solution"):
                try:
                    exec("".join(_cell["source"]), globals())
                except Exception:
                    pass
"""

GRADEBOOK = """\
import sqlite3
try:
    _db = sqlite3.connect({gradebook!r})
    _db.execute("create table tampered (x)")
    _db.execute("update grade set manual_score = 0")
    _db.commit()
except sqlite3.Error:
    pass
"""

# A spawned child (multiprocessing's spawn context starts a fresh Python: no audit hook there) that would write into
# the course folder and elsewhere, and start a daemon in a session of its own that would write after a while. The
# grading kernel refuses the spawn; were it let through, the sandbox would still keep the child from the course and
# end it with the kernel. The hand-in tries it in a cell of its own, outside any exercise, where a refusal costs
# nothing (tests/test_grading_references.py's steal-processes shows one in an answer costing its exercise).
SPAWN = """\
import multiprocessing
try:
    _child = multiprocessing.get_context("spawn").Process(target=exec, args=({code!r},))
    _child.start()
    _child.join(20)
except Exception as _error:
    print("spawn failed:", type(_error).__name__)
"""


def spawn_code(targets: list[str], token: str) -> str:
    write = (f"for p in {targets!r}:\n    try:\n        open(p, 'w').write({{what!r}})\n"
             "    except OSError:\n        pass\n")
    daemon = "import time\ntime.sleep(4)\n" + write.format(what="outlived") + f"# {token}\n"
    child = ("import os, sys\nif os.fork() == 0:\n    os.setsid()\n"
             f"    os.execv(sys.executable, [sys.executable, '-c', {daemon!r}])\n" + write.format(what="spawned"))
    return SPAWN.format(code=child)


FORK = """\
import os
try:
    if os.fork() == 0:
        open({target!r}, "w").write("forked")
        os._exit(0)
except PermissionError:
    pass
"""

# The visible check patched in place, and an import hook that hands the hidden part's fresh checks a copy of
# their core whose every "wrong" verdict is a "right" one.
IMPORT_HOOK = """\
import builtins, types
import adversarial.exercises as _ex
from adversarial.exercises.core import right as _right
{patches}
_real_import = builtins.__import__
def _hooked(name, globals=None, locals=None, fromlist=(), level=0):
    module = _real_import(name, globals, locals, fromlist, level)
    if name.endswith("core") and hasattr(module, "right") and hasattr(module, "wrong"):
        fake = types.ModuleType(module.__name__)
        fake.__dict__.update(module.__dict__)
        fake.wrong = lambda what, *args, key=None, **kwargs: module.right(what, key=key)
        return fake
    return module
builtins.__import__ = _hooked
"""


def sandbox_handins(a: Assignment, course: Path, folder: Path, elsewhere: Path, token: str) -> dict:
    """The hand-ins that each try one thing the sandbox must stop, for the assignment ``a`` built in ``course``
    and graded from ``folder``: name -> (notebook, the exercises it must lose). tests/test_grading.py grades them
    in its batch of lesson 2 (with the lesson's honest right answer, which must keep every point); its tests
    ``test_each_tampering_handin_*``, ``test_the_gradebook_is_the_graders_alone`` and
    ``test_nothing_outside_the_scratch_folders_changed_*`` check them."""
    from nbformat.v4 import new_code_cell

    from tests.test_grading import wrong_for
    f = a.function()
    stubs = {k: a._cell(a.release, f"answer-{k}").source for k in a.defines}
    right_f = a.answer(f)
    wrong_f = wrong_for(a, f)
    checks = sorted(set(re.findall(r"\b(check_\w+)\(", a._cell(a.source, f"test-{f}").source)))
    patches = "".join(f"_ex.{c} = lambda *args, **kwargs: _right('fine')\n" for c in checks)
    targets = [str(course / "pwned-spawn"), str(course / "source" / "pwned-spawn"), str(elsewhere / "pwned-spawn")]
    steal = STEAL.format(places=[str(course), str(folder), str(ROOT / "notebooks")])
    return {
        "matplotlib": (a.handin({f: "import matplotlib.pyplot as plt\n" + right_f}), []),
        "gradebook": (a.handin({**stubs, f: GRADEBOOK.format(gradebook=str(course / "gradebook.db")) + stubs[f]}),
                      list(a.points)),
        "read-others": (a.handin({k: steal for k in a.defines}), list(a.points)),
        "spawn": (a.handin({f: right_f}, edit=lambda nb: nb.cells.insert(
            nb.cells.index(a._cell(nb, f"answer-{f}")), new_code_cell(spawn_code(targets, token)))), []),
        "fork": (a.handin({f: FORK.format(target=str(elsewhere / "pwned-fork")) + right_f}), [f]),
        "import-hook": (a.handin({f: wrong_f + IMPORT_HOOK.format(patches=patches)}), [f]),
    }
