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
    return found


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


def test_the_nodes_a_check_hands_over_lead_nowhere():
    """A hand-in's search gets ExerciseNodes while the check runs; their methods' globals are a module of their own
    (adversarial/exercises/nodes.py), not the module of the alpha-beta reference (``_model``)."""
    from adversarial.exercises.alphabeta import ExerciseNode
    reachable = {name for name in ExerciseNode.value.fget.__globals__ if not name.startswith("__")}
    assert reachable == {"annotations", "ExerciseNode"}
