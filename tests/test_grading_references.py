"""The package's reference answers are out of a graded hand-in's reach (issue 41).

The checks hold what grades an answer: private reference models (``engine.pvs_model``, ``techniques._predicted``)
and worked answers in their docstrings (engine's ``my_pvs``). A graded hand-in runs in the same Python as the
checks, so tools/grading_kernel.py's ``ReferenceGuard`` keeps them from its code: only the instructor's locked
cells load them, and they leave ``sys.modules``, the package and the notebook's namespace before any other cell
runs and whenever a check hands the hand-in's function a case.

:func:`reference_handins` are lesson 9's hand-ins that each try a route to a reference, one route per exercise:
tests/test_grading.py grades them in its one batch (lesson 9's folder) and asserts their points (none for an
exercise answered by a route: each fails or is refused; a right answer beside them keeps its points) and,
through :func:`check_reasons`, that each exercise's reason names what stopped it.
The tests here show, without grading, that every route is real: run in an ordinary Python (no guard), the stolen
function passes its exercise's check.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "adversarial" / "exercises" / "engine.py"
TECHNIQUES = ROOT / "adversarial" / "exercises" / "techniques.py"
LESSON = "09"

# Each route binds ``_stolen`` to a reference: a PVS (for check_pvs) or a node-type rule (check_node_type).
PVS, TYPES = "pvs", "types"
EXEC_FILE = f"""\
with open({str(ENGINE)!r}) as _file:
    _source = _file.read().replace("from ..", "from adversarial.").replace("from .", "from adversarial.exercises.")
_space = {{"__name__": "stolen_engine"}}
exec(_source, _space)
_stolen = _space["pvs_model"]()
"""
DOCSTRING = """\
import adversarial.exercises.engine as _engine
_example = "\\n".join(line[4:] for line in _engine.__doc__.splitlines() if line.startswith((">>> ", "... ")))
_space = {}
exec(_example.split("check_pvs")[0], _space)
_stolen = _space["my_pvs"]
"""
INSIDE_MODULES = {
    PVS: "def _stolen(node, depth, alpha, beta, maximising):\n    import sys\n"
         "    return sys.modules['adversarial.exercises.engine'].pvs_model()(node, depth, alpha, beta, maximising)\n",
    TYPES: "def _stolen(parent, rank):\n    import sys\n"
           "    return sys.modules['adversarial.exercises.techniques']._predicted(parent, rank)\n",
}
INSIDE_GLOBALS = ("def _stolen(node, depth, alpha, beta, maximising):\n"
                  "    model = globals()['check_pvs'].__globals__['pvs_model']\n"
                  "    return model()(node, depth, alpha, beta, maximising)\n")
SPOOFED = f"""\
_code = compile({INSIDE_MODULES[TYPES]!r}, {str(TECHNIQUES)!r}, "exec")    # frames that look like the package's
exec(_code)
"""
# A child started through multiprocessing's spawn (or forkserver) context is a fresh Python, without the grading
# kernel's audit hook: it reads a check's file and hands the text back through a pipe.
SPAWNED = """\
import multiprocessing
_context = multiprocessing.get_context({how!r})
_mine, _theirs = _context.Pipe()
_child = _context.Process(target=exec, args=("_pipe.send(open({path!r}).read())", {{"_pipe": _theirs}}))
_child.start()
_text = _mine.recv()
_child.join()
"""
FROM_DOCSTRING = """\
_space = {}
exec("\\n".join(line[4:] for line in _text.splitlines() if line.startswith((">>> ", "... "))).split("check_pvs")[0],
     _space)
_stolen = _space["my_pvs"]
"""
FROM_SOURCE = """\
_space = {"__name__": "stolen_techniques"}
exec(_text.replace("from ..", "from adversarial.").replace("from .", "from adversarial.exercises."), _space)
_stolen = _space["_predicted"]
"""
STARTING = "starting a process outside subprocess (multiprocessing's spawn or forkserver context"
ROUTES = {
    # name: (what it steals, the answer's code, what the graded reason says)
    "import": (PVS, "from adversarial.exercises.engine import pvs_model\n_stolen = pvs_model()\n",
               "importing adversarial.exercises.engine"),
    "importlib": (PVS, "import importlib\n"
                       "_stolen = importlib.import_module('adversarial.exercises.engine').pvs_model()\n",
                  "(the checks and their reference answers)"),
    "sys-modules": (TYPES, "import sys\n_stolen = sys.modules['adversarial.exercises.techniques']._predicted\n",
                    "KeyError: 'adversarial.exercises.techniques'"),
    "getattr": (PVS, "import adversarial\n_stolen = getattr(getattr(adversarial, 'exercises'), 'engine').pvs_model()\n",
                "module 'adversarial' has no attribute 'exercises'"),
    "hidden-loader": (TYPES, "_stolen = _fresh('techniques')[0]._predicted\n",
                      "(the checks and their reference answers)"),
    "verdict": (TYPES, "_stolen = type(verdict).__init__.__globals__['sys'].modules["
                       "'adversarial.exercises.techniques']._predicted\n",
                "name 'verdict' is not defined"),
    "docstring": (PVS, DOCSTRING, "importing adversarial.exercises.engine"),
    "exec-file": (PVS, EXEC_FILE, f"reading {ENGINE}"),
    "spoofed-file": (TYPES, SPOOFED, f"compiling code under the name {TECHNIQUES}"),
    "inside-check": (PVS, INSIDE_MODULES[PVS], "KeyError: 'adversarial.exercises.engine'"),
    "inside-check-types": (TYPES, INSIDE_MODULES[TYPES], "KeyError: 'adversarial.exercises.techniques'"),
    "inside-globals": (PVS, INSIDE_GLOBALS, "KeyError: 'check_pvs'"),
    "spawn": (PVS, SPAWNED.format(how="spawn", path=str(ENGINE)) + FROM_DOCSTRING, STARTING),
    "forkserver": (TYPES, SPAWNED.format(how="forkserver", path=str(TECHNIQUES)) + FROM_SOURCE, STARTING),
}
# A hand-in per row: the route each exercise's answer takes (my_pvs, zobrist_place, node_type), None for the stub.
# Every exercise answered by a route scores nothing, for the reason the route names.
# ("right": the worked answer, which keeps its points: the hidden-tests' loader is defined only by a test cell
# whose visible check passed.)
HANDINS = {
    "steal-import": ("import", "importlib", "sys-modules"),
    "steal-loaders": ("getattr", "right", "hidden-loader"),
    "steal-files": ("docstring", "exec-file", "spoofed-file"),
    "steal-inside": ("inside-check", None, "inside-check-types"),
    "steal-globals": ("inside-globals", "cell-name", "verdict"),
    "steal-processes": ("spawn", "right", "forkserver"),
}
# Not a route to a reference by itself: the name ipykernel gives the next cells, set to a locked cell's (the
# first cell's source is in ``In``), so that the next answer would pass for the instructor's. The kernel names
# cells by their source alone, so node_type's import (in steal-globals' third answer, below) is still refused.
CELL_NAME = """\
import os
from ipykernel.compiler import get_file_name
os.environ["IPYKERNEL_CELL_NAME"] = get_file_name(In[1])
"""


def _answer(route: str | None, name: str) -> str | None:
    if route in (None, "right"):
        return None
    if route == "cell-name":
        return CELL_NAME
    return f"{ROUTES[route][1]}\n{name} = _stolen\n"


def reference_handins(a) -> dict:
    """Lesson 9's hand-ins that try the routes (``a``: tests/test_grading.py's Assignment): name -> (notebook,
    the exercises it must lose: all)."""
    numbers = {name: a.exercise(name) for name in ("my_pvs", "zobrist_place", "node_type")}
    stubs = {k: a._cell(a.release, f"answer-{k}").source for k in a.defines}
    found = {}
    for student, routes in HANDINS.items():
        answers = dict(stubs)
        for (name, number), route in zip(numbers.items(), routes):
            answers[number] = a.answer(number) if route == "right" else _answer(route, name) or stubs[number]
        if routes[1] == "cell-name":      # after the spoofed name, an import that it would let through
            answers[numbers["node_type"]] = ("try:\n    from adversarial.exercises.techniques import _predicted\n"
                                             "except PermissionError:\n    pass\n" + answers[numbers["node_type"]])
        keeps = [number for number, route in zip(numbers.values(), routes) if route == "right"]
        found[student] = (a.handin(answers), [k for k in a.points if k not in keeps])
    # IPython's machinery changed by my_pvs's answer (MACHINERY_ROUTES, below), aimed at its own test: a wrong
    # answer loses my_pvs, the right answers beside it keep their points, and so does a right my_pvs.
    pvs = numbers["my_pvs"]
    for route in MACHINERY_ROUTES:
        code = batch_route(route)
        found[f"machinery-{route}"] = (a.handin({pvs: WRONG_PVS + code}), [pvs])
    found["machinery-right"] = (a.handin({pvs: a.answer(pvs) + batch_route("ast-transformer")}), [])
    # The import system's internals (IMPORT_ROUTES, below), aimed at my_pvs's hidden cases (its fresh check_pvs,
    # which alone gives its points: a function with partial credit is graded on its hidden cases).
    for route, code in IMPORT_ROUTES.items():
        code = code.replace("techniques", "engine").replace("check_node_type", "check_pvs")
        found[f"imports-{route}"] = (a.handin({pvs: WRONG_PVS + code}), [pvs])
    # node_type's answer named like the instructor's imports cell (colliding, below), importing the reference
    imports = next(c.source for c in a.source.cells if c.cell_type == "code" and
                   c.metadata.get("nbgrader", {}).get("locked") and not c.metadata["nbgrader"].get("grade"))
    found["named-like-imports"] = (a.handin({numbers["node_type"]: colliding(imports, STEAL_TYPES)}),
                                   [numbers["node_type"]])
    return found


STEAL_TYPES = "from adversarial.exercises.techniques import _predicted\nnode_type = _predicted"


WRONG_PVS = "def my_pvs(node, depth, alpha, beta, maximising):\n    return 0\n"
# What each machinery route's exercise (my_pvs) is graded with: the wrong answer's verdict where the route changed
# nothing, else the refusal.
MACHINERY_REASONS = {"ast-transformer": "test-1: AssertionError: hidden cases: Not yet",
                     "custom-exception": "test-1: AssertionError: hidden cases: Not yet",
                     "showtraceback": "test-1: AssertionError: hidden cases: Not yet",
                     "input-transformer": "running other code under the name of the instructor's cell",
                     "run-cell": "graded hand-ins may not do this"}


def batch_route(route: str) -> str:
    """A route of MACHINERY_ROUTES as lesson 9's hand-in writes it: aimed at check_pvs's test, and in a real
    kernel, which runs a cell through the shell's run_cell_async."""
    code = MACHINERY_ROUTES[route].replace("check_node_type(", "check_pvs(")
    if route == "run-cell":
        code += code.replace("run_cell", "run_cell_async").replace("_run", "_run_async")
    return code


def check_reasons(rows: list[dict]) -> None:
    """Each route's exercise lost its points for the reason the route names (tests/test_grading.py's batch)."""
    by = {row["student"]: row for row in rows}
    for student, routes in HANDINS.items():
        for route in routes:
            if route in (None, "right"):
                continue
            said = "importing adversarial.exercises.techniques" if route == "cell-name" else ROUTES[route][2]
            assert said in by[student]["reasons"], (student, route, by[student]["reasons"][:1500])
    assert "RefusedByGrader" in by["steal-import"]["reasons"]
    for route, said in MACHINERY_REASONS.items():
        assert said in by[f"machinery-{route}"]["reasons"], (route, by[f"machinery-{route}"]["reasons"][:1500])
    assert by["machinery-right"]["reasons"] == ""
    assert "test-3: RefusedByGrader: the hand-in tried running other code under the name of the instructor's " \
        "cell" in by["named-like-imports"]["reasons"], by["named-like-imports"]["reasons"][:1500]
    for route in IMPORT_ROUTES:
        assert "test-1: AssertionError: hidden cases: Not yet" in by[f"imports-{route}"]["reasons"], \
            (route, by[f"imports-{route}"]["reasons"][:1500])


# -- the routes are real: without the guard, each stolen function passes its check ---------------------------

def _prepared() -> dict:
    """A namespace as a graded notebook's would be by the time the routes run: the visible checks imported and
    run once (``verdict``), the hidden part's loader defined (tools/assignments.py's FRESH_LOADER)."""
    import sys
    sys.path.insert(0, str(ROOT / "tools"))
    import assignments

    from adversarial.exercises import check_pvs, check_zobrist_update
    space = {"check_pvs": check_pvs, "verdict": check_zobrist_update(lambda *a: 0)}
    exec(assignments.FRESH_LOADER, space)
    return space


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_each_route_hands_over_a_passing_answer_when_nothing_guards(route):
    pytest.importorskip("nbconvert", reason="the hidden tests' loader (tools/nbgrader_hooks.py) needs nbconvert, "
                        "which the library's own environment (make test-pythons) lacks")
    from adversarial.exercises import check_node_type, check_pvs
    steals, code, _ = ROUTES[route]
    space = _prepared()
    exec(textwrap.dedent(code), space)
    check = check_pvs if steals == PVS else check_node_type
    verdict = check(space["_stolen"], **({"n": 40} if steals == PVS else {}))
    assert verdict.ok, (route, verdict.message)


def test_every_route_is_tried_in_a_handin():
    tried = {route for routes in HANDINS.values() for route in routes if route}
    assert tried == set(ROUTES) | {"cell-name", "right"}


# -- the guard's rules, in a Python of their own (an audit hook cannot be removed) ----------------------------

GUARDED = """\
import json, os, sys, tempfile
sys.path.insert(0, {tools!r})
import grading_kernel as kernel
library = tempfile.mkdtemp()                 # a library the hand-in imports, never compiled before
with open(os.path.join(library, "freshlib.py"), "w") as handle:
    handle.write("VALUE = 42\\n")
sys.path.insert(0, library)
sys.dont_write_bytecode = True
import adversarial, adversarial.exercises
space = {{"check_pvs": adversarial.exercises.check_pvs, "kept": 1}}
guard = kernel.ReferenceGuard([], os.path.dirname(os.path.realpath(adversarial.exercises.__file__)), adversarial,
                              lambda: space)
trusted = kernel.trusted_paths(adversarial) + (os.path.realpath(library) + os.sep,)
guard.trusted = trusted
guard.hide()
kernel.install_audit_hook((tempfile.mkdtemp() + os.sep,), trusted, None, [None], guard)
seen = {{"names": sorted(space), "package": hasattr(adversarial, "exercises")}}


def attempt(name, action):
    try:
        seen[name] = repr(action())
    except Exception as error:
        seen[name] = type(error).__name__


import freshlib
seen["library"] = freshlib.VALUE
attempt("import", lambda: __import__("adversarial.exercises.engine"))
attempt("modules", lambda: sys.modules["adversarial.exercises.engine"])
attempt("read", lambda: open(os.path.join(os.path.dirname(adversarial.__file__), "exercises", "engine.py")).read())
attempt("compile", lambda: compile("x = 1", os.path.join(library, "freshlib.py"), "exec"))
attempt("own-compile", lambda: compile("x = 1", "<mine>", "exec") and "compiled")
attempt("code", lambda: attempt.__code__.replace(co_name="other"))
print(json.dumps(seen))
"""


def test_the_guard_refuses_the_handins_routes_and_lets_libraries_compile(tmp_path):
    """This script plays the hand-in: the checks leave its namespace and the package, importing or reading them and
    compiling under a library's name are refused, its own compile is not, and a library it imports is compiled
    (by the import system, under the library's name) without a refusal."""
    import json
    import subprocess
    import sys
    pytest.importorskip("ipykernel", reason="the grading kernel (tools/grading_kernel.py) is an ipykernel, which the "
                        "library's own environment (make test-pythons) lacks")
    script = tmp_path / "handin.py"
    script.write_text(GUARDED.format(tools=str(ROOT / "tools")))
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["names"] == ["kept"] and seen["package"] is False and seen["library"] == 42
    assert {k: seen[k] for k in ("import", "modules", "read", "compile", "code")} == {
        "import": "PermissionError", "modules": "KeyError", "read": "PermissionError", "compile": "PermissionError",
        "code": "PermissionError"}
    assert seen["own-compile"] == "'compiled'"


class _Stop(BaseException):
    """Ends a check at its first call of the student's function (no check catches a BaseException)."""


def _reached_modules(value, seen: set, found: set, depth: int = 0) -> None:
    """The modules whose globals a student's code reaches from ``value``: through its class's methods and
    properties, a function's or a bound method's globals, defaults and closure, and the values it holds."""
    import types
    if id(value) in seen or depth > 5:
        return
    seen.add(id(value))
    functions = []
    if isinstance(value, types.FunctionType):
        functions = [value]
    elif isinstance(value, types.MethodType):
        for part in (value.__func__, value.__self__):
            _reached_modules(part, seen, found, depth + 1)
    elif isinstance(value, type):
        for member in vars(value).values():
            member = member.fget if isinstance(member, property) else getattr(member, "__func__", member)
            if isinstance(member, types.FunctionType):
                functions.append(member)
    elif not isinstance(value, types.ModuleType):
        _reached_modules(type(value), seen, found, depth + 1)
        held = list(value)[:20] if isinstance(value, (list, tuple, set, frozenset)) else []
        held += list(value.values())[:20] if isinstance(value, dict) else []
        held += list(vars(value).values()) if hasattr(value, "__dict__") else []
        held += [getattr(value, slot) for slot in getattr(type(value), "__slots__", ()) if hasattr(value, slot)]
        for item in held:
            _reached_modules(item, seen, found, depth + 1)
    for function in functions:
        found.add(function.__globals__.get("__name__"))
        for part in list(function.__defaults__ or ()) + [c.cell_contents for c in function.__closure__ or ()]:
            _reached_modules(part, seen, found, depth + 1)


def test_what_a_check_hands_the_students_code_leads_to_no_check():
    """Every check that runs a student's function (given it alone) hands it objects, may raise a Slip through
    it, and may have set a profile function it can read (``sys.getprofile()``, no audit event): none of it leads
    to a check's module (a reference answer, the hand-over signal), only to .nodes, which holds nothing of
    them. (check_aspiration's search, check_exact_score's questions, check_knuth_playout's picker and
    check_careful_table's game were defined beside their references before.)"""
    import inspect
    import sys
    import types

    import adversarial.exercises as exercises
    from adversarial.exercises import nodes
    from adversarial.exercises.core import Slip
    checked = {}
    for name in sorted(n for n in dir(exercises) if n.startswith("check_")):
        check = getattr(exercises, name)
        needed = [p for p in inspect.signature(check).parameters.values()
                  if p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD]
        if len(needed) != 1 or needed[0].name == "answer":     # (a value's check runs no function)
            continue
        handed = []

        def spy(*args, **kwargs):
            handed.extend([*args, *kwargs.values(), sys.getprofile()])
            raise _Stop

        try:
            check(spy)
        except _Stop:
            pass
        found: set = set()
        for value in handed + [Slip]:
            _reached_modules(value, set(), found)
        checked[name] = {m for m in found if m and m.startswith("adversarial.exercises")}
    # what a lesson's cells give the student's own code to call: notebook 8's null-window test
    from adversarial.exercises.beyond import at_least  # (where it was defined before, beside the checks)
    found = set()
    _reached_modules(at_least, set(), found)
    checked["at_least"] = {m for m in found if m and m.startswith("adversarial.exercises")}
    assert checked["at_least"] == {"adversarial.exercises.nodes"}, checked
    assert len([n for n, found in checked.items() if found]) >= 6, checked
    assert all(found <= {"adversarial.exercises.nodes"} for found in checked.values()), checked
    held = {v.__name__ if isinstance(v, types.ModuleType) else getattr(v, "__module__", None)
            for v in vars(nodes).values() if isinstance(v, (types.ModuleType, type, types.FunctionType))}
    assert not {m for m in held if m and m.startswith("adversarial.exercises") and m != nodes.__name__}, held


# -- the kernel's own parts are out of the hand-in's reach: shown open without them, closed with them ----------

KERNEL = """\
import ast, json, os, sys, tempfile
sys.path.insert(0, {tools!r})
import grading_kernel as kernel
sys.dont_write_bytecode = True
from IPython.core.interactiveshell import InteractiveShell
from ipykernel.compiler import get_tmp_hash_seed, murmur2_x86
import adversarial, adversarial.exercises
shell = InteractiveShell.instance()
visible, handin, spoofed, hidden = {visible!r}, {handin!r}, {spoofed!r}, {hidden!r}
trusted = kernel.trusted_paths(adversarial) + (os.path.dirname(os.path.realpath(__file__)) + os.sep,)
refused = os.path.join(tempfile.mkdtemp(), "refused.txt")
if {guarded!r}:         # as the grading kernel is now: the hook and the guard from a private copy of the module
    hooks = kernel.private_copy()
else:                   # as it was: the module's own hook, and an IPython callback that puts the imports back
    hooks = kernel
    kernel.mentions = lambda code, text: False      # (the old hook never put the imports back itself, nor
    kernel.ReferenceGuard.forget_outputs = lambda self, namespace: None     # forgot the checks' verdicts, nor
    kernel.ReferenceGuard.named_by = lambda self, source, name: True        # checked a locked cell's name)
    saved = kernel.saved_imports()
    shell.events.register("pre_run_cell", lambda info: "_graded_adversarial_" in info.raw_cell and
                          kernel.restore_imports(saved))
kernel.guard_exits()
guard = hooks.reference_guard(shell, adversarial, trusted,
                              ",".join(str(murmur2_x86(cell, get_tmp_hash_seed())) for cell in (visible, hidden)))
hooks.install_audit_hook((tempfile.mkdtemp() + os.sep,), trusted, refused, [None], guard)
shell.run_cell(visible)
shell.run_cell(handin)
shell.run_cell(spoofed)
shell.run_cell(hidden)
seen = {{k: shell.user_ns[k] for k in ("stolen", "started", "forked", "doctored", "verdict")}}
seen["spoofed"] = shell.user_ns.get("spoofed", False)
seen["charged"] = [ast.literal_eval(line)[2] for line in open(refused)] if os.path.exists(refused) else []
seen["handin"] = str(murmur2_x86(handin, get_tmp_hash_seed())) + ".py"
print(json.dumps(seen))
"""
# The instructor's visible check (a locked cell): its verdict is the cell's output.
KERNEL_VISIBLE = "from adversarial.exercises import check_zobrist_update\ncheck_zobrist_update(lambda *a: 0)\n"
# The hand-in's cell: it looks for that verdict in IPython's display hook (its class would lead to the checks'
# core and its hand-over signal), removes the kernel's IPython callbacks, reaches the kernel module's globals
# through os._exit (the kernel's replacement) and empties the guard's events, hooks the imports, then tries a
# reference, a spawned child and a forked one (multiprocessing's fork context, which os.fork's rule let through
# as the standard library's: its child went on running the cell, a second kernel).
KERNEL_HANDIN = """\
import builtins, multiprocessing, os
verdict = type(get_ipython().displayhook._).__name__ == "Verdict"
for _callback in list(get_ipython().events.callbacks["pre_run_cell"]):
    get_ipython().events.unregister("pre_run_cell", _callback)
os._exit.__globals__["GUARDED_EVENTS"] = frozenset()
_real_import = builtins.__import__
def _hooked(name, *args, **kwargs):
    return _real_import(name, *args, **kwargs)
builtins.__import__ = _hooked
try:
    from adversarial.exercises.engine import pvs_model
    stolen = True
except PermissionError:
    stolen = False
try:
    multiprocessing.get_context("spawn").Process(target=print).start()
    started = True
except PermissionError:
    started = False
try:
    multiprocessing.get_context("fork").Process(target=print).start()
    forked = True
except PermissionError:
    forked = False
from ipykernel.compiler import get_tmp_directory, get_tmp_hash_seed, murmur2_x86
_named, _locked = get_ipython().compile.get_code_name, murmur2_x86(_VISIBLE, get_tmp_hash_seed())
get_ipython().compile.get_code_name = lambda raw, transformed, number: (
    f"{get_tmp_directory()}/{_locked}.py" if "spoofed" in raw else _named(raw, transformed, number))
""".replace("_VISIBLE", repr(KERNEL_VISIBLE))
# A hand-in cell run under the name of the instructor's visible check (its source is in the release), through the
# kernel's get_code_name, which the hand-in's cell above changed: the guard would take it for a locked cell.
KERNEL_SPOOFED = "from adversarial.exercises.engine import pvs_model\nspoofed = True\n"
KERNEL_HIDDEN = ("def _fresh():\n    return '_graded_adversarial_'    # as the hidden tests' loader names its copy\n"
                 "import builtins\ndoctored = builtins.__import__.__name__ == '_hooked'\n")


@pytest.mark.parametrize("guarded", [False, True], ids=["as-it-was", "guarded"])
def test_the_kernels_own_parts_are_out_of_the_handins_reach(tmp_path, guarded):
    """Without its private copy the kernel's hook reads globals the hand-in reaches (``os._exit.__globals__``):
    emptying ``GUARDED_EVENTS`` lets the reference through; with an IPython callback putting the imports back,
    removing it through ``get_ipython()`` leaves the hidden tests a hooked import. Now neither works, a spawned
    child is refused, and each refusal is charged to the cell that asked, by the name the hook saw it run under."""
    import json
    import subprocess
    import sys
    pytest.importorskip("ipykernel", reason="the grading kernel (tools/grading_kernel.py) is an ipykernel, which the "
                        "library's own environment (make test-pythons) lacks")
    script = tmp_path / "kernel.py"
    script.write_text(KERNEL.format(tools=str(ROOT / "tools"), visible=KERNEL_VISIBLE, handin=KERNEL_HANDIN,
                                    spoofed=KERNEL_SPOOFED, hidden=KERNEL_HIDDEN, guarded=guarded))
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    if not guarded:
        assert seen["stolen"] is True and seen["doctored"] is True and seen["verdict"] is True
        assert seen["spoofed"] is True
        return
    assert {k: seen[k] for k in ("stolen", "started", "forked", "doctored", "verdict", "spoofed")} == {
        "stolen": False, "started": False, "forked": False, "doctored": False, "verdict": False, "spoofed": False}
    assert len(seen["charged"]) == 4 and all(name.endswith(seen["handin"]) for name in seen["charged"])


# -- IPython's machinery: what a cell runs, and how its failure shows (README: "What it does not defend against") --

MACHINERY = """\
import json, os, sys, tempfile
sys.path.insert(0, {tools!r})
import grading_kernel as kernel
sys.dont_write_bytecode = True
from IPython.core.interactiveshell import InteractiveShell
from ipykernel.compiler import get_tmp_hash_seed, murmur2_x86
import adversarial, adversarial.exercises
shown = []
_show = InteractiveShell._showtraceback
def _counted(self, etype, evalue, stb):          # every error IPython shows (in a kernel: an error output)
    shown.append(self.execution_count)
    return _show(self, etype, evalue, stb)
InteractiveShell._showtraceback = _counted
shell = InteractiveShell.instance()
cells = {cells!r}
trusted = kernel.trusted_paths(adversarial) + (os.path.dirname(os.path.realpath(__file__)) + os.sep,)
refused = os.path.join(tempfile.mkdtemp(), "refused.txt")
if {guarded!r}:
    kernel.guard_exits()
    hooks = kernel.private_copy()
    locked = ",".join(str(murmur2_x86(cells[k], get_tmp_hash_seed())) for k in ("imports", "test-1", "test-2"))
    guard = hooks.reference_guard(shell, adversarial, trusted, locked)
    hooks.install_audit_hook((tempfile.mkdtemp() + os.sep,), trusted, refused, [None], guard, shell)
seen = {{}}
for key in ("imports", "answer-1", "test-1", "answer-2", "test-2"):
    before = len(shown)
    shell.run_cell(cells[key])
    seen[key] = len(shown) == before            # no error shown: nbgrader would give the points
heard = [kernel.os.path.basename(line[2]) for line in map(eval, open(refused))
         if line[0] == "grading.finished"] if os.path.exists(refused) else []
seen["heard"] = [k for k in ("test-1", "test-2")
                 if str(murmur2_x86(cells[k], get_tmp_hash_seed())) + ".py" in heard]
print(json.dumps(seen))
"""
# The hidden tests' last call (tools/assignments.py's _graded): the grading kernel hears it, and the grader gives no
# points to a test it did not hear finish (tools/grading_preprocessors.py).
GRADED = "def _graded(points):\n    import sys\n    sys.audit('grading.finished', points)\n    return points\n"
MACHINERY_CELLS = {
    "imports": "from adversarial.exercises import check_node_type, check_zobrist_update\n",
    "test-1": GRADED + "verdict = check_node_type(node_type)\nif not verdict:\n    raise AssertionError('not yet')\n"
                      "_graded(None)\n",
    "answer-2": "def zobrist_place(key, numbers, cell, piece):\n    return key ^ numbers[cell, piece]\n",
    "test-2": GRADED + "verdict = check_zobrist_update(zobrist_place)\nif not verdict:\n"
                      "    raise AssertionError('not yet')\n_graded(None)\n",
}
WRONG_TYPES = "node_type = lambda parent, rank: 'PV'\n"
# Each route changes how IPython runs the cells after it, or shows their failure, so that a wrong answer's test
# (test-1) passes: an AST transformer, an input transformer, a custom exception handler, the shell's own
# showtraceback, its run_cell. test-2, an honest answer's, must keep its points.
MACHINERY_ROUTES = {
    "ast-transformer": "import ast\nclass _NoRaise(ast.NodeTransformer):\n    def visit_Raise(self, node):\n"
                       "        return ast.Pass()\nget_ipython().ast_transformers.append(_NoRaise())\n",
    "input-transformer": "def _no_checks(lines):\n"
                         "    return ['pass\\n'] if any('check_' in l for l in lines) else lines\n"
                         "get_ipython().input_transformers_post.append(_no_checks)\n",
    "custom-exception": "get_ipython().set_custom_exc((AssertionError,), lambda *args, **kwargs: None)\n",
    "showtraceback": "get_ipython().showtraceback = lambda *args, **kwargs: None\n",
    "run-cell": "_run = get_ipython().run_cell\nget_ipython().run_cell = lambda raw_cell, *args, **kwargs: _run(\n"
                "    'pass' if 'check_node_type(' in raw_cell else raw_cell, *args, **kwargs)\n",
}


@pytest.mark.parametrize("guarded", [False, True], ids=["unguarded", "guarded"])
@pytest.mark.parametrize("route", sorted(MACHINERY_ROUTES))
def test_changing_how_ipython_runs_a_test_gains_nothing(tmp_path, route, guarded):
    """Unguarded, each route makes IPython show no error for a wrong answer's test (nbgrader: full points). In
    the grading kernel, IPython's machinery is put back before each cell runs and a locked cell must be compiled
    as written, by IPython alone; and a test counts only if the kernel heard its last call: the wrong answer's
    test fails or is not heard, and the honest answer's test after it passes and is heard."""
    import json
    import subprocess
    import sys
    pytest.importorskip("ipykernel", reason="the grading kernel (tools/grading_kernel.py) is an ipykernel, which the "
                        "library's own environment (make test-pythons) lacks")
    cells = {**MACHINERY_CELLS, "answer-1": WRONG_TYPES + MACHINERY_ROUTES[route]}
    script = tmp_path / "machinery.py"
    script.write_text(MACHINERY.format(tools=str(ROOT / "tools"), cells=cells, guarded=guarded))
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["answer-1"] and seen["test-2"], seen
    if not guarded:
        assert seen["test-1"] is True, seen                       # a wrong answer, and no error shown
        return
    assert not (seen["test-1"] and "test-1" in seen["heard"]), seen
    assert "test-2" in seen["heard"], seen


# -- the import system's internals: the hidden tests' fresh copy of the package must be the package's -------------

IMPORTS = MACHINERY.replace(
    'locked = ",".join(str(murmur2_x86(cells[k], get_tmp_hash_seed())) for k in ("imports", "test-1", "test-2"))',
    'locked = ",".join(str(murmur2_x86(cells[k], get_tmp_hash_seed())) for k in ("imports", "test-1"))').replace(
    'for key in ("imports", "answer-1", "test-1", "answer-2", "test-2"):',
    'for key in ("imports", "answer-1", "test-1"):').replace(
    'for k in ("test-1", "test-2")', 'for k in ("test-1",)').replace(
    "install_audit_hook((tempfile.mkdtemp() + os.sep,)", "install_audit_hook((os.getcwd() + os.sep,)")
FAKE_TECHNIQUES = ("import sys\ndef check_node_type(*args, **kwargs):\n"
                   "    return sys.modules[__name__.rpartition('.')[0] + '.core'].right('fine')\n")
# Each route hands the hidden tests' loader (tools/assignments.py's FRESH_LOADER) a techniques module of its own,
# whose check_node_type says ✓ to anything: its own package first on sys.path, a loader's method patched, or the
# loader's random name made predictable and a fake module left in sys.modules under it.
IMPORT_ROUTES = {
    "own-package": "import os, sys\nfor _path, _text in (('adversarial/__init__.py', ''), "
                   "('adversarial/exercises/__init__.py', ''),\n"
                   "                     ('adversarial/exercises/core.py', 'def right(m):\\n    return Verdict()\\n"
                   "class Verdict:\\n    ok = True\\n_naming = [True]\\n'),\n"
                   f"                     ('adversarial/exercises/techniques.py', {FAKE_TECHNIQUES!r})):\n"
                   "    os.makedirs(os.path.dirname(_path), exist_ok=True)\n"
                   "    open(_path, 'w').write(_text)\nsys.path.insert(0, os.getcwd())\n",
    "loader-method": "import importlib._bootstrap_external as _external\n"
                     "_get = _external.SourceFileLoader.get_data\n"
                     "def _doctored(self, path):\n"
                     "    if self.name.startswith('_graded_adversarial_') and 'techniques' in path:\n"
                     "        if path.endswith('.pyc'):\n            raise OSError('no cache')\n"
                     f"        return {FAKE_TECHNIQUES!r}.encode()\n"
                     "    return _get(self, path)\n_external.SourceFileLoader.get_data = _doctored\n",
    "seeded-module": "import secrets, sys, types\nsecrets.token_hex = lambda nbytes=None: '0' * 12\n"
                     "class _Verdict:\n    ok, message = True, ''\n"
                     "def _seed(name='_graded_adversarial_000000000000.exercises.'):\n"
                     "    core, techniques = types.ModuleType(name + 'core'), types.ModuleType(name + 'techniques')\n"
                     "    core.Verdict, core._naming = _Verdict, [True]\n"
                     "    techniques.check_node_type = lambda *args, **kwargs: _Verdict()\n"
                     "    sys.modules[core.__name__], sys.modules[techniques.__name__] = core, techniques\n"
                     "_seed()\n",
}


def _hidden_cell() -> str:
    import sys
    sys.path.insert(0, str(ROOT / "tools"))
    import assignments
    return (assignments.FRESH_LOADER + "core, techniques = _fresh('core', 'techniques')\n"
            "_must_pass(core, techniques.check_node_type(node_type), 'hidden cases')\n_graded(None)\n")


def _run_in_grading_kernel(tmp_path, cells: dict, guarded: bool) -> tuple[dict, str]:
    """``cells`` (imports, answer-1, test-1) run by IMPORTS' script from a hand-in folder of their own (not the
    script's, which Python puts first on sys.path): what each cell did, and what the run printed."""
    import json
    import subprocess
    import sys
    script, handin = tmp_path / "cells.py", tmp_path / "handin"
    handin.mkdir()
    script.write_text(IMPORTS.format(tools=str(ROOT / "tools"), cells=cells, guarded=guarded))
    done = subprocess.run([sys.executable, str(script)], cwd=handin, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1]), done.stdout


@pytest.mark.parametrize("guarded", [False, True], ids=["unguarded", "guarded"])
@pytest.mark.parametrize("route", sorted(IMPORT_ROUTES))
def test_the_hidden_tests_fresh_copy_is_the_packages(tmp_path, route, guarded):
    """Unguarded, each route makes the hidden tests load a check of the hand-in's, which passes a wrong answer.
    In the grading kernel the hook puts the import system back as the hidden tests start (its modules' functions
    and classes, sys.path, sys.modules and what the loader draws its name with): the package's own check fails it."""
    pytest.importorskip("ipykernel", reason="the grading kernel (tools/grading_kernel.py) is an ipykernel, which the "
                        "library's own environment (make test-pythons) lacks")
    cells = {"imports": MACHINERY_CELLS["imports"], "answer-1": WRONG_TYPES + IMPORT_ROUTES[route],
             "test-1": _hidden_cell()}
    seen, printed = _run_in_grading_kernel(tmp_path, cells, guarded)
    assert seen["answer-1"], (seen, printed[-3000:])
    if not guarded:
        assert seen["test-1"] is True, (seen, printed[-3000:])      # a wrong answer passed the fresh check
        return
    assert seen["test-1"] is False and "Not yet" in printed, (seen, printed[-3000:])


# -- what a check hands the hand-in's function: its class is the checks' own ------------------------------------

LINEAR = "    for a in range(low, high):\n        if not is_above(a):\n            return a\n    return high\n"
# A linear search asks score by score: too many questions for check_exact_score (notebook 8), which counts them in
# the question object it hands over. Each route stops the count from the inside: the object's class patched, or
# the object given a class of the hand-in's.
HANDED_ROUTES = {
    "class-patched": "def exact(is_above, low, high):\n"
                     "    type(is_above).__call__ = lambda self, a: self.score > a\n" + LINEAR,
    "class-swapped": "class _Free:\n    def __call__(self, a):\n        return self.score > a\n"
                     "def exact(is_above, low, high):\n    is_above.__class__ = _Free\n" + LINEAR,
}
HANDED_CELLS = {"imports": "from adversarial.exercises.techniques import check_exact_score\n",
                "answer-1": "", "test-1": ""}


@pytest.mark.parametrize("guarded", [False, True], ids=["unguarded", "guarded"])
@pytest.mark.parametrize("route", sorted(HANDED_ROUTES))
def test_changing_the_class_of_what_a_check_hands_over_gains_nothing(tmp_path, route, guarded):
    """Unguarded, a linear search that changes the class of the question object it is handed passes the hidden
    tests' check_exact_score. In the grading kernel a reclassed object is refused at once, and a class of the
    checks changed while they ran is found when the test says it finished: the test scores nothing, saying why."""
    pytest.importorskip("ipykernel", reason="the grading kernel (tools/grading_kernel.py) is an ipykernel, which the "
                        "library's own environment (make test-pythons) lacks")
    hidden = _hidden_cell().replace("techniques.check_node_type(node_type)", "techniques.check_exact_score(exact)")
    cells = {**HANDED_CELLS, "answer-1": HANDED_ROUTES[route], "test-1": hidden}
    seen, printed = _run_in_grading_kernel(tmp_path, cells, guarded)
    assert seen["answer-1"], (seen, printed[-3000:])
    if not guarded:
        assert seen["test-1"] is True and seen["heard"] == [], (seen, printed[-3000:])   # passed
        return
    said = {"class-patched": "changing the class Questions of the checks' objects while a check ran (__call__)",
            "class-swapped": "changing the class of an object a check handed it"}[route]
    assert seen["test-1"] is False and seen["heard"] == [] and said in printed, (seen, printed[-3000:])


# -- a cell of the hand-in's own named like one of the instructor's (ipykernel's 32-bit name) --------------------

def colliding(target: str, payload: str) -> str:
    """``payload`` and a comment, made to have the name ipykernel gives ``target`` (murmur2, 32 bits, with the
    kernel's seed): its last four characters are solved for, the comment before them varied until they are
    printable."""
    import random

    from ipykernel.compiler import get_tmp_hash_seed, murmur2_x86
    m, mask, seed = 0x5BD1E995, 0xFFFFFFFF, get_tmp_hash_seed()
    inverse = pow(m, -1, 1 << 32)

    def unshift(x: int, r: int) -> int:             # undoes x ^= x >> r
        y = x
        for _ in range(32 // r + 1):
            y = x ^ (y >> r)
        return y & mask
    want, rng = murmur2_x86(target, seed), random.Random(1)
    while True:
        head = payload + "\n# " + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(8))
        head += "x" * ((-len(head.encode()) - 4) % 4)
        data = head.encode()
        h = (seed ^ (len(data) + 4)) & mask
        for i in range(0, len(data), 4):
            k = (int.from_bytes(data[i:i + 4], "little") * m) & mask
            k = ((k ^ (k >> 24)) * m) & mask
            h = ((h * m) & mask) ^ k
        mixed = unshift((unshift(want, 15) * inverse) & mask, 13) ^ ((h * m) & mask)
        k = (unshift((mixed * inverse) & mask, 24) * inverse) & mask
        last = k.to_bytes(4, "little")
        if all(32 <= b < 127 and b != 92 for b in last):
            text = head + last.decode()
            assert murmur2_x86(text, seed) == want
            return text


COLLIDING = "from adversarial.exercises.techniques import _predicted\nstolen = True"


@pytest.mark.parametrize("digests", [False, True], ids=["names-only", "with-digests"])
def test_a_cell_named_like_the_instructors_is_not_taken_for_it(tmp_path, digests):
    """ipykernel names a cell by a 32-bit hash of its source, which a hand-in can match with a text of its own
    (here the last four characters of a comment, solved for): named like the instructor's imports cell, its cell
    was taken for that locked cell and imported a reference answer. With the locked cells' SHA-256 beside their
    names (tools/grading_preprocessors.py's locked_cells), it is refused."""
    import json
    import subprocess
    import sys
    pytest.importorskip("ipykernel", reason="the grading kernel (tools/grading_kernel.py) is an ipykernel, which the "
                        "library's own environment (make test-pythons) lacks")
    imports = MACHINERY_CELLS["imports"]
    cells = {"imports": imports, "answer-1": colliding(imports, COLLIDING), "test-1": "pass\n"}
    script = IMPORTS
    if digests:
        script = script.replace('str(murmur2_x86(cells[k], get_tmp_hash_seed())) for k in ("imports", "test-1"))',
                                'str(murmur2_x86(cells[k], get_tmp_hash_seed())) + ":" + '
                                '__import__("hashlib").sha256(cells[k].encode()).hexdigest() '
                                'for k in ("imports", "test-1"))')
        assert script != IMPORTS
    script = script.replace('seen["heard"] =', 'seen["stolen"] = shell.user_ns.get("stolen", False)\nseen["heard"] =')
    path, handin = tmp_path / "named.py", tmp_path / "handin"
    handin.mkdir()
    path.write_text(script.format(tools=str(ROOT / "tools"), cells=cells, guarded=True))
    done = subprocess.run([sys.executable, str(path)], cwd=handin, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    if not digests:
        assert seen["stolen"] is True and seen["answer-1"], (seen, done.stdout[-2000:])
        return
    assert seen["stolen"] is False and not seen["answer-1"], (seen, done.stdout[-2000:])
    assert "running other code under the name of the instructor's cell" in done.stdout
