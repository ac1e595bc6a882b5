"""Lessons turned into nbgrader assignments: the lesson stays the single source.

    python tools/assignments.py [NN ...] [--course DIR]      # default: every lesson with exercises, build/course

For each lesson ``notebooks/NN_name.ipynb`` this writes the instructor's version
``DIR/source/NN_name/NN_name.ipynb`` and runs nbgrader's ``generate_assignment`` on it, which writes the
student version to ``DIR/release/NN_name/`` and records the assignment in ``DIR/gradebook.db``.

What an assignment holds, read from the lesson's cell tags (never from a list kept here):

- every exercise: the lesson's three cells ``exercise`` (the stub), ``solution`` (the folded worked answer)
  and ``check``. The stub becomes an nbgrader *solution* cell: the student version shows the lesson's stub,
  the instructor's version has the worked answer between ``### BEGIN SOLUTION`` and ``### END SOLUTION``
  (below the stub, which it overrides). The check becomes a locked *autograded test* cell worth the
  exercise's points: it calls the same check as the lesson and fails (no points) unless the check says ✓,
  its message (the check's verdict and hint) being the feedback. Between ``### BEGIN HIDDEN TESTS`` and
  ``### END HIDDEN TESTS`` (removed from the student version) it runs the check again from a fresh load of
  the package's files, with other seeds when the check takes one, so a hand-in that redefined the check or
  monkeypatched ``adversarial`` gains nothing.
- the exercise's statement: the Markdown cells just before its stub, with the points added.
- of the lesson's other code, only the statements the exercises need (imports and definitions, found by
  reading names): drawings, steppers and experiments are left out, which keeps an assignment quick to grade
  (a hand-in runs in seconds) and keeps the student on the exercises. Everything except the stubs is locked.

- each student their own variant (``--no-variants`` leaves it out): an exercise on a tree (its check is one of
  ``adversarial.exercises.variants.VARIED``, with the lesson's tree written out) asks about the student's own
  tree, drawn in the assignment's first (locked) cell from the course id, the assignment and the student's id;
  exercises on one lesson tree share one. The statement names the student's tree instead of the lesson's, the
  instructor's answer computes it, and the hidden test grades the answer on it (flagging an answer right on the
  lesson's tree or on another student's). The visible test of every value, set or rule exercise confirms only the
  answer's form; a function's keeps the lesson's check.
- what only the grader knows is written in at grading by nbgrader's own autograde (tools/nbgrader_hooks.py,
  named in the course's nbgrader_config.py): the student's id, the other students' ids and the hidden cases'
  seeds, drawn from the course's secret file. A hidden test run without it fails and says so.

Points: an exercise whose stub defines a function or a rule is worth 2, a value 1; a stub cell's metadata
``points`` overrides that. A function whose check draws its cases (``seed``, ``n``) earns a share of its points
for the share of 10 groups of hidden cases it gets right, in quarters of its points, all of them only when every
group is right (nbgrader's partial credit: the test cell's result is the points; ``--no-partial`` turns it off);
the feedback says how many groups were right, not which cases. Other exercises are all or nothing.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
COURSE = ROOT / "build" / "course"
KERNEL = "adversarial-grading"
COURSE_ID = "adversarial-search-lessons"
sys.path.insert(0, str(Path(__file__).resolve().parent))
import grading_preprocessors  # noqa: E402  (tools/grading_preprocessors.py: the hidden tests' last line it looks for)
import nbgrader_hooks  # noqa: E402  (tools/nbgrader_hooks.py: what the grader writes in, what feedback hides)

import notebooks as lessons  # noqa: E402  (tools/notebooks.py: tags, worked answers)

# nbgrader's configuration for the course; tools/grade.py passes the limits on the command line.
CONFIG = """\
# Written by tools/assignments.py (rewritten on every build).
c = get_config()  # noqa: F821
c.CourseDirectory.root = {root!r}
c.CourseDirectory.course_id = {course_id!r}
# nbgrader's late penalty ("none" or "zero": a hand-in whose timestamp.txt is after its due date scores 0), here so
# that the formgrader's autograde applies the same penalty as tools/grade.py (`--late-penalty` on the build).
c.LateSubmissionPlugin.penalty_method = {late!r}
# What only the grader knows (the student's id, which chooses the variant; the hidden cases' seeds, from the
# course's secret file) is written into the hand-in by a step of nbgrader's own autograde, and the feedback page
# shows each test's verdict and hint, never a hidden test's source: tools/nbgrader_hooks.py. Grading's other
# steps (a copied cell, the refusals' cost: tools/grading_preprocessors.py) go in around nbgrader's Execute, so
# that `make grade` and the formgrader's autograde button grade alike.
import sys  # noqa: E402
sys.path.insert(0, {tools!r})
import grading_preprocessors, nbgrader_hooks  # noqa: E401,E402
c.Autograde.autograde_preprocessors = nbgrader_hooks.autograde_preprocessors()
c.GenerateFeedback.preprocessors = nbgrader_hooks.feedback_preprocessors()
grading_preprocessors.configure(c)
# The student version shows the lesson's stub (kept above the worked answer): nothing replaces the answer.
c.ClearSolutions.code_stub = {{"python": ""}}
c.ClearSolutions.text_stub = ""
# A test cell the hand-in deleted is put back (after the answer cell before it) and run.
c.OverwriteCells.add_missing_cells = True
# Hand-ins run in tools/grading_kernel.py (limits, audit hook): its kernel spec is in jupyter/kernels.
c.Execute.kernel_name = "{kernel}"
c.Execute.timeout = 30
c.Execute.startup_timeout = 120
c.Execute.interrupt_on_timeout = True
c.Execute.raise_on_iopub_timeout = False
# The grader talks to each hand-in's kernel over Unix sockets in a folder of this process's own (made now,
# removed when the process ends), not TCP: a kernel in its sandbox (tools/grading_sandbox.py) has no network.
import atexit, os, shutil, tempfile  # noqa: E401,E402
_sockets = os.path.join(tempfile.gettempdir(), f"grading-ipc-{{os.getpid()}}")
os.makedirs(_sockets, mode=0o700, exist_ok=True)
atexit.register(shutil.rmtree, _sockets, True)
c.KernelManager.transport = "ipc"
c.KernelManager.ip = os.path.join(_sockets, "kernel")
"""


def lesson(number: str) -> Path:
    found = sorted(NOTEBOOKS.glob(f"{int(number):02d}_*.ipynb"))
    if not found:
        names = ", ".join(p.stem[:2] for p in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")))
        raise SystemExit(f"no lesson {number!r} in notebooks/: give one of {names}")
    return found[0]


# -- reading names ----------------------------------------------------------------------------------

def _names(node) -> tuple[set[str], set[str]]:
    """(names a statement binds at the top level, global names it reads anywhere), by Python's own symtable."""
    import symtable
    table = symtable.symtable(ast.unparse(node), "<cell>", "exec")
    defined = {s.get_name() for s in table.get_symbols() if s.is_assigned() or s.is_imported()}
    used, tables = set(), [table]
    while tables:
        current = tables.pop()
        top = current is table
        used |= {s.get_name() for s in current.get_symbols()
                 if s.is_referenced() and (top or s.is_global()) and not (not top and s.is_local())}
        tables += current.get_children()
    return defined, used


def _parse(source: str) -> ast.Module | None:
    try:
        return ast.parse(source)
    except SyntaxError:
        return None          # a cell with IPython magics: not read


def needed_code(cells, needs: set[str], given: set[str] = frozenset()) -> list[str]:
    """The statements of ``cells`` (code, in order) that define what ``needs`` names, and what they need, except
    the names ``given`` (set before: the variant cell's, e.g. 5 ex 2's H2, which trap2 = ... uses)."""
    statements = []
    for cell in cells:
        tree = _parse(cell.source)
        for stmt in tree.body if tree else []:
            statements.append((cell.source, stmt, *_names(stmt)))
    wanted, keep = set(needs) - set(given), set()
    for index in range(len(statements) - 1, -1, -1):
        _, stmt, defined, used = statements[index]
        if defined & wanted:
            keep.add(index)
            wanted |= used - set(given)
    kept = [ast.get_source_segment(src, stmt, padded=False) for i, (src, stmt, _, _) in enumerate(statements)
            if i in keep]
    return [textwrap.dedent(code) for code in kept]


# -- the exercises ----------------------------------------------------------------------------------

def exercises(notebook) -> list[dict]:
    """Each exercise of a lesson: its statement, stub, worked answer and check, found by tags."""
    cells, found = notebook.cells, []
    for index, cell in enumerate(cells):
        if cell.cell_type != "code" or "check" not in lessons.tags(cell):
            continue
        if index < 2 or "exercise" not in lessons.tags(cells[index - 2]) or \
                "solution" not in lessons.tags(cells[index - 1]):
            raise SystemExit(f"{cell.get('id')}: a check cell must follow its stub (tag exercise) and its worked "
                             "answer (tag solution); fix the lesson's tags")
        stub = cells[index - 2]
        start = index - 2
        # back over the Markdown before the stub, and over the lesson's plain code cells among it (the data the
        # exercise asks about, e.g. `payoffs4 = ...`, which the assignment's set-up cell or variant cell gives)
        while start > 0 and not lessons.tags(cells[start - 1]) and \
                (cells[start - 1].cell_type == "markdown" or
                 any(c.cell_type == "markdown" for c in cells[max(0, start - 3):start - 1])):
            start -= 1
        while start < index - 2 and cells[start].cell_type == "code":
            start += 1
        found.append({"statement": statement([c.source for c in cells[start:index - 2] if c.cell_type == "markdown"]),
                      "stub": stub,
                      "answer": lessons.solution_code(cells[index - 1]), "check": cell, "first": start,
                      "literals": literals(cells[:index - 2])})
    return found


def literals(cells) -> dict:
    """The names the lesson's code cells set to a literal (``payoffs4 = [[(2, 1), (2, 0)], ...]``), last first."""
    found = {}
    for cell in cells:
        tree = _parse(cell.source) if cell.cell_type == "code" else None
        for stmt in tree.body if tree else []:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                try:
                    found[stmt.targets[0].id] = ast.literal_eval(stmt.value)
                except ValueError:
                    found.pop(stmt.targets[0].id, None)
                    made = _chance_tree_literal(stmt.value)
                    if made is not None:
                        found[stmt.targets[0].id] = made
    return found


def _chance_tree_literal(node):
    """``chance_tree(SPEC)`` of literals and ``chance(...)`` nodes, as a literal (variants.written), or None."""
    if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "chance_tree" and len(node.args) == 1
            and not node.keywords):
        return None
    from adversarial.beyond.chance import chance
    from adversarial.exercises.variants import written

    def spec(n):
        if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "chance" and not n.keywords:
            return chance(*(tuple(spec(x) for x in branch.elts) for branch in n.args))
        if isinstance(n, ast.List):
            return [spec(x) for x in n.elts]
        return ast.literal_eval(n)
    try:
        return written(spec(node.args[0]))
    except (ValueError, AttributeError, TypeError):
        return None


def statement(run: list[str]) -> list[str]:
    """An exercise's statement from the Markdown just before its stub: from the last cell with a heading,
    that cell's text from its first heading on, without a lesson's Summary."""
    headed = [i for i, text in enumerate(run) if re.search(r"^#", text, re.M)]
    run = run[headed[-1]:] if headed else run
    if run:
        run[0] = run[0][re.search(r"^#", run[0], re.M).start():] if headed else run[0]
    return [re.sub(r"^## Summary\n.*?(?=^#{1,2} |\Z)", "", text, flags=re.M | re.S) for text in run]


def points(stub) -> int:
    if "points" in stub.metadata:
        return int(stub.metadata["points"])
    tree = _parse(stub.source)
    functions = tree and any(isinstance(n, (ast.FunctionDef, ast.Lambda)) for n in ast.walk(tree))
    return 2 if functions else 1


def check_calls(source: str) -> list[ast.Call]:
    """The calls of ``check_*`` functions in a check cell."""
    tree = _parse(source)
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
            and n.func.id.startswith("check_")] if tree else []


# The hidden part's own loader: the check modules' files executed afresh under a private name (their parent
# packages made empty, so only what the checks import is loaded), so that nothing a hand-in did to
# `adversarial` or to `sys.modules` before this cell reaches the checks used here. It runs inside a function:
# nothing it binds is a global the hand-in's code could reach.
FRESH_LOADER = '''\
def _fresh(*modules, swapped=None):
    import importlib, importlib.machinery, importlib.util, os, secrets, sys, types
    found = importlib.machinery.PathFinder.find_spec("adversarial", [p for p in sys.path if p not in ("", ".")])
    for finder in [] if found else list(sys.meta_path):     # an editable install's finder (site-packages)
        where = getattr(sys.modules.get(getattr(finder, "__module__", "")), "__file__", "") or ""
        if "site-packages" in where and hasattr(finder, "find_spec"):
            found = found or finder.find_spec("adversarial", None)
    name = "_graded_adversarial_" + secrets.token_hex(6)
    home = list(found.submodule_search_locations)
    for package, path in ((name, home), (name + ".exercises", [os.path.join(p, "exercises") for p in home])):
        sys.modules[package] = types.ModuleType(package)
        sys.modules[package].__path__, sys.modules[package].__package__ = path, package
    top = sys.modules.get("adversarial")            # the version, which the remembered experiments' settings read
    version = top.__dict__.get("__version__") if type(top) is types.ModuleType else None
    sys.modules[name].__version__ = version if type(version) is str else "unknown"
    loaded = [importlib.import_module(f"{name}.exercises.{module}") for module in modules]
    # What the notebook took from the module of handed objects (lesson 8's at_least, which a driver calls) is
    # this copy's until the hidden tests end (``swapped`` notes the notebook's own), so that these checks count
    # what the hand-in's code asks.
    old, new = sys.modules.get("adversarial.exercises.nodes"), sys.modules.get(name + ".exercises.nodes")
    if swapped is not None and type(old) is types.ModuleType and type(new) is types.ModuleType:
        space, given = globals(), [(value, new.__dict__[key]) for key, value in old.__dict__.items()
                                   if not key.startswith("_") and key in new.__dict__ and callable(value)]
        for key, value in list(space.items()):
            for original, fresh in given:
                if value is original:
                    swapped.append((key, value))
                    space[key] = fresh
    return loaded


def _share(core, check, seed, n, worth, visible=None, groups=10, steps=4):
    """Points for the share of the hidden cases a function gets right: ``groups`` groups of ``n // groups`` cases
    (each group its own seed, drawn from ``seed``), checked without naming mistakes (quicker). All right: None
    (nbgrader's full points). Else the share rounded down to a quarter of the points, never all of them; none
    (a share under a quarter) fails, saying what the visible check (``visible``, its verdict above) said."""
    core._naming[0] = False
    try:
        right = sum(1 for k in range(groups)
                    for v in [check((seed * groups + k) % 999_983 + 1, max(1, n // groups))]
                    if type(v) is core.Verdict and v.ok is True)
    finally:
        core._naming[0] = True
    if right == groups:
        return None
    points = min(worth * (steps - 1) / steps, (right * steps // groups) * worth / steps)
    if points <= 0:
        said = str(getattr(visible, "message", "")) if visible is not None and not visible else ""
        raise AssertionError(f"hidden cases: {said or f'right on {right} of {groups} groups of cases'}")
    print(f"hidden cases: your function is right on {right} of {groups} groups of cases: {points:g} of {worth:g} "
          "points")
    return points


def _must_pass(core, verdict, where):
    if type(verdict) is not core.Verdict or verdict.ok is not True:
        raise AssertionError(f"{where}: {verdict.message if type(verdict) is core.Verdict else verdict!r}")


def _graded(points):
    """The test's last call: it ran to its end, with these points (None: all of them). The grading kernel hears
    it (an audit event) and tells the grader, who gives no points to a test whose end it did not hear."""
    import sys
    sys.audit("grading.finished", points)
    return points
'''


def _answer_kind(exercise: dict) -> str | None:
    """What a value, set or rule exercise asks for, read from its worked answer: "value" (a number), "set",
    "rule" (a lambda) or "answer" (anything else); None for an exercise that asks for a function (def)."""
    stub = _parse(exercise["stub"].source)
    if stub is None or any(isinstance(n, ast.FunctionDef) for n in ast.walk(stub)):
        return None
    worked = _parse(exercise["answer"])
    targets = {t.id for n in ast.walk(stub) if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    for node in ast.walk(worked) if worked else []:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in targets for t in node.targets):
            value = node.value
            if isinstance(value, ast.Lambda):
                return "rule"
            if isinstance(value, ast.Set) or (isinstance(value, ast.Call) and getattr(value.func, "id", "") == "set"):
                return "set"
            try:
                literal = ast.literal_eval(value)
            except ValueError:
                return "answer"
            return "value" if isinstance(literal, (int, float)) and not isinstance(literal, bool) else "answer"
    return "answer"


def variation(exercise: dict) -> dict | None:
    """How an exercise is varied for each student, or None: an exercise whose check (one call) is a tree check
    (``adversarial.exercises.variants.VARIED``) with the lesson's tree written out, on an answer that is not a
    function. :func:`variations` then gives exercises on one tree one tree."""
    from adversarial.exercises.variants import INSTANCES, VARIED
    calls = check_calls(exercise["check"].source)
    if len(calls) == 1 and calls[0].func.id in INSTANCES:
        return instance_variation(exercise, calls[0])
    if len(calls) != 1 or calls[0].func.id not in VARIED or len(calls[0].args) != 2 or \
            _answer_kind(exercise) not in ("value", "set", "answer"):
        return None
    call = calls[0]
    check = exercise["check"].source
    try:
        spec = ast.literal_eval(call.args[1])
        options = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
    except ValueError:
        return None
    if not isinstance(call.args[0], ast.Name) or set(options) - {"root_player", "branching"}:
        return None
    return {"check": call.func.id, "kind": VARIED[call.func.id], "answer": call.args[0].id, "spec": spec,
            "options": options, "literal": ast.get_source_segment(check, call.args[1])}


def instance_variation(exercise: dict, call: ast.Call) -> dict | None:
    """How an exercise on a position or numbers is varied (its check is one of
    ``adversarial.exercises.variants.INSTANCES``), or None when the check cell does not write out the lesson's
    instance (a name defined elsewhere) or the answer is a function: the check's arguments after the answer,
    split into the instance (``lesson``, defaults included) and the rest (``fixed``, as the lesson gives them)."""
    import adversarial.exercises as checks
    from adversarial.exercises.variants import INSTANCES
    how = INSTANCES[call.func.id]
    if not call.args or not isinstance(call.args[0], ast.Name) or _answer_kind(exercise) is None:
        return None
    known = exercise.get("literals", {})

    def value(node):      # a literal, or a name the lesson sets to one (kept: the variant sets it instead)
        if isinstance(node, ast.Name) and node.id in known:
            named[node] = node.id
            return known[node.id]
        return ast.literal_eval(node)

    named: dict = {}
    by_param = {**{p: a for p, a in zip(list(inspect.signature(getattr(checks, call.func.id)).parameters)[1:],
                                          call.args[1:])}, **{k.arg: k.value for k in call.keywords}}
    # an argument the lesson computes from the instance (5 ex 2's trap2, the depth-3 search's move): the check
    # gets it from the student's instance (Varies.derived); the lesson's own code computes it for the student
    derived = {id(node) for p, node in by_param.items() if p in how.derived}
    try:
        given = [None if id(a) in derived else value(a) for a in call.args[1:]]
        keywords = {k.arg: None if id(k.value) in derived else value(k.value) for k in call.keywords}
    except ValueError:
        return None
    parameters = inspect.signature(getattr(checks, call.func.id)).parameters
    bound = inspect.signature(getattr(checks, call.func.id)).bind(None, *given, **keywords)
    bound.apply_defaults()
    first = next(iter(parameters))
    explicit = set(keywords) | set(list(parameters)[1:len(call.args)])
    lesson = {p: bound.arguments[p] for p in how.params}
    fixed = {k: v for k, v in bound.arguments.items() if k != first and k not in how.params and k in explicit
             and k not in how.derived}
    if any(by_param.get(p) in named for p in fixed):
        return None       # a fixed argument the lesson names: the variant cell would leave it the lesson's
    return {"instance": call.func.id, "check": call.func.id, "kind": how.kind, "answer": call.args[0].id,
            "lesson": lesson, "fixed": fixed, "what": how.what, "known": how.facts(lesson, fixed),
            "named": {p: named[by_param[p]] for p in how.params if by_param.get(p) in named}}


def variations(found: list[dict]) -> dict[int, dict]:
    """The varied exercises (by number): exercises that ask about one lesson tree (the lesson's "the same tree")
    ask about one tree of the student's too, drawn for the first of them (``key``) to fit every question
    (``needs``)."""
    varied = {n: v for n, e in enumerate(found, 1) for v in [variation(e)] if v}
    uses: dict = {}
    for v in varied.values():
        for name in v.get("named", {}).values():
            uses[name] = uses.get(name, 0) + 1
    for number, v in varied.items():
        if "instance" in v:      # a name the lesson gave the instance stays its name (the variant cell sets it),
            # unless several exercises ask about it: each gets its own, named after the exercise (scout_2, scout_3)
            names = {p: name if uses[name] == 1 else f"{name}_{number}" for p, name in v["named"].items()}
            v["named"] = {p: name for p, name in v["named"].items() if uses[name] == 1}
            v.update(key=number, names={p: names.get(p, f"{p}_{number}") for p in v["lesson"]})
    groups: dict = {}
    for number, v in varied.items():
        if "instance" in v:
            continue
        groups.setdefault((repr(v["spec"]), v["options"].get("branching")), []).append(number)
    for members in groups.values():
        needs = sorted({(varied[n]["kind"], varied[n]["options"].get("root_player", "MAX")) for n in members})
        for n in members:
            varied[n].update(key=members[0], needs=needs)
    return varied


def tree_name(number: int) -> str:
    return f"tree_{number}"


def variant_solution(number: int, v: dict, lesson_answer: str) -> str:
    """The instructor's answer to a varied exercise: the lesson's worked answer (a comment: it answers the
    lesson's tree), then the answer on the student's own tree, computed with the package's search."""
    if "instance" in v:
        from adversarial.exercises.variants import INSTANCES
        lines = [f"# The lesson's worked answer, on the lesson's {v['what']}:"]
        lines += ["#   " + line for line in lesson_answer.splitlines()]
        lines.append(f"# On your {v['what']}:")
        return "\n".join(lines + INSTANCES[v["instance"]].solution(v["names"], v["fixed"], v["answer"]))
    t = f"tree({tree_name(number)}{''.join(f', {k}={value!r}' for k, value in v['options'].items())})"
    lines = ["# The lesson's worked answer, on the lesson's tree:"]
    lines += ["#   " + line for line in lesson_answer.splitlines()]
    lines.append("# On your tree, by the package's search:")
    if v["kind"] == "set":
        lines += ["from adversarial import alphabeta, tree",
                  "from adversarial.trace import Leaf",
                  f"_looked_at = {{e.path for e in alphabeta({t}, trace=True).trace if isinstance(e, Leaf)}}",
                  f"{v['answer']} = {{leaf.value for leaf in {t}.leaves() if leaf.path not in _looked_at}}"]
    else:
        lines += ["from adversarial import minimax, tree",
                  f"{v['answer']} = minimax({t}).{'move' if v['kind'] == 'move' else 'value'}"]
    return "\n".join(lines)


def variant_cell(varied: dict[int, dict], course_id: str, name: str) -> str:
    """The assignment's first code cell (locked): the student's own trees, drawn from the student's id."""
    lines = ["# Your variant (locked). The trees, positions and numbers of the exercises below are drawn for you from",
             "# the course, the assignment and your student id: the questions are the lesson's, the numbers differ",
             "# from the lesson's (and mostly from other students'). The grader draws the same again and grades",
             "# your answers on them.",
             "from adversarial.exercises.variants import Variant",
             f"variant = Variant({course_id!r}, {name!r}, {nbgrader_hooks.STUDENT}"]
    for number, v in varied.items():
        if "instance" in v:
            fixed = "".join(f", {k}={value!r}" for k, value in v["fixed"].items())
            lines.append(f"{', '.join(v['names'].values())} = variant.instance({number}, {v['instance']!r}, "
                         f"{v['lesson']!r}, known={v['known']!r}{fixed})")
            continue
        if v["key"] != number:
            lines.append(f"{tree_name(number)} = {tree_name(v['key'])}   # the same tree as exercise {v['key']}'s")
            continue
        branching = f", branching={v['options']['branching']!r}" if "branching" in v["options"] else ""
        lines.append(f"{tree_name(number)} = variant.tree({number}, {v['spec']!r}, needs={v['needs']!r}{branching})")
    lines.append("variant")
    return "\n".join(lines)


def shared(calls: list) -> dict | None:
    """How a function's test gives a share of the points for a share of the hidden cases (partial credit), or
    None: only for one call of a check that draws its cases (takes ``seed`` and ``n``) and is not given either.
    Checks on fixed cases, and value, set and rule exercises, stay all or nothing."""
    import adversarial.exercises as checks
    if len(calls) != 1 or any(k.arg in ("seed", "n") for k in calls[0].keywords):
        return None
    check = getattr(checks, calls[0].func.id)
    parameters = inspect.signature(check).parameters
    if not {"seed", "n"} <= set(parameters):
        return None
    return {"call": calls[0], "module": check.__module__.rsplit(".", 1)[1], "n": parameters["n"].default}


def test_source(exercise: dict, grade_id: str, worth: int, *, number: int = 0, varied: dict | None = None,
                form: str | None = None, course_id: str = COURSE_ID, name: str = "", partial: bool = True) -> str:
    """The autograded test cell: the lesson's check (visible), or with ``form`` only the answer's form (a value,
    set or rule exercise in an assignment with variants); then the hidden tests, which grade."""
    import adversarial.exercises as checks
    check = exercise["check"].source.strip()
    calls = check_calls(check)
    if not calls:
        raise SystemExit(f"{exercise['check'].get('id')}: a check cell must call a check_* function")
    names = sorted({c.func.id for c in calls})
    tree = _parse(check)
    last = tree.body[-1]
    points_are = f"Autograded test ({worth} point{'s' * (worth != 1)})"
    share = shared(calls) if partial and not varied and not form else None
    if form:
        answer = varied["answer"] if varied else ast.get_source_segment(check, calls[-1].args[0])
        spec = f", {tree_name(number)}" if varied and varied["kind"] == "set" and "instance" not in varied else ""
        lines = [f"# {points_are}: here only your answer's form is checked; whether it is right is graded when "
                 "you hand in.",
                 "from adversarial.exercises.variants import check_answer_form",
                 f"verdict = check_answer_form({answer}, {(varied or {}).get('kind', form)!r}{spec})"]
    else:
        lines = [f"# {points_are}: the lesson's check; the points need its ✓." if not share else
                 f"# {points_are}: the lesson's check. When you hand in, the grader tries your function on hidden "
                 "cases: all right, all the points; a share of them right, a share of the points.",
                 "from adversarial.exercises import " + ", ".join(names)]
        lines += [ast.get_source_segment(check, stmt) for stmt in tree.body[:-1]
                  if not isinstance(stmt, (ast.Import, ast.ImportFrom))]
        lines += [f"verdict = {ast.get_source_segment(check, last.value if isinstance(last, ast.Expr) else last)}"]
    lines += ["display(verdict)",
              "if not verdict:",
              "    " + (nbgrader_hooks.SHARE if share else "raise AssertionError(verdict.message)")]
    modules = sorted({getattr(checks, n).__module__.rsplit(".", 1)[1] for n in names} - {"core"}
                     | ({"variants"} if varied else set()))
    hidden = ["### BEGIN HIDDEN TESTS", FRESH_LOADER.rstrip(), "", "",
              "def _hidden(_fresh=_fresh, _must_pass=_must_pass, _share=_share):    # bound now: the hand-in runs "
              "inside",
              f"    {nbgrader_hooks.FACTS}",
              "    _swapped = []",
              "    try:",
              f"    core, {', '.join(modules)} = _fresh('core', {', '.join(map(repr, modules))}, swapped=_swapped)",
              "    if _GRADER is None:     # not written in: the instructor validating this version, or a wrong set-up",
              "        import os",
              "        if os.environ.get('NBGRADER_EXECUTION') == 'autograde':",
              "            raise AssertionError('not graded: this course was graded without its '",
              "                                 'nbgrader_config.py (the step that writes in the student id and '",
              "                                 'hidden seeds is missing)')",
              "        _GRADER = {'student': _fresh('variants')[0].student_id(), 'others': [], 'seeds': [1]}"]
    if varied and "instance" in varied:
        module = getattr(checks, varied["instance"]).__module__.rsplit(".", 1)[1]
        fixed = "".join(f", {k}={value!r}" for k, value in varied["fixed"].items())
        hidden += [f"    mine = variants.Variant({course_id!r}, {name!r}, _GRADER['student'])",
                   f"    _must_pass(core, variants.grade_instance({module}.{varied['instance']}, {varied['answer']}, "
                   f"{number}, {varied['instance']!r}, {varied['lesson']!r}, variant=mine, "
                   f"others=_GRADER['others'], known={varied['known']!r}{fixed}), "
                   f"'graded on your own {varied['what']}')"]
    elif varied:
        options = "".join(f", {k}={value!r}" for k, value in varied["options"].items())
        hidden += [f"    mine = variants.Variant({course_id!r}, {name!r}, _GRADER['student'])",
                   f"    _must_pass(core, variants.grade(handwork.{varied['check']}, {varied['answer']}, "
                   f"{varied['key']}, "
                   f"{varied['spec']!r}, variant=mine, others=_GRADER['others'], kind={varied['kind']!r}, "
                   f"needs={varied['needs']!r}{options}), "
                   "'graded on your own tree')"]
    if share:
        fresh = f"{share['module']}." + ast.get_source_segment(check, share["call"])
        graded = fresh[:-1].rstrip() + (", " if share["call"].args or share["call"].keywords else "") + \
            "seed=seed, n=n)"
        hidden += [f"    return _share(core, lambda seed, n: {graded}, _GRADER['seeds'][0], {share['n']}, {worth}, "
                   "verdict)"]
    for call in [] if varied or share else calls:
        check_name = call.func.id
        module = getattr(checks, check_name).__module__.rsplit(".", 1)[1]
        fresh = f"{module}." + ast.get_source_segment(check, call)
        takes_seed = "seed" in inspect.signature(getattr(checks, check_name)).parameters
        if takes_seed and not any(k.arg == "seed" for k in call.keywords):
            seeded = fresh[:-1].rstrip() + (", " if call.args or call.keywords else "") + "seed=seed)"
            hidden += ["    for seed in _GRADER['seeds']:",
                       f"        _must_pass(core, {seeded}, 'hidden cases')"]
        else:
            hidden.append(f"    _must_pass(core, {fresh}, 'the check again, from a fresh copy of the package')")
    # the body of _hidden inside its try (the lines after "try:"), then what _fresh swapped put back
    start = hidden.index("    try:") + 1
    hidden[start:] = ["    " + line for line in hidden[start:]]
    hidden += ["    finally:",
               "        for key, value in _swapped:",
               "            globals()[key] = value"]
    # a share of the points (partial credit): a number, nbgrader's partial grade
    hidden += ["", "", grading_preprocessors.LAST_CALL]
    hidden.append("### END HIDDEN TESTS")
    return "\n".join(lines + hidden)


def marked(cell, grade_id: str, *, solution=False, grade=False, locked=False, worth=None):
    cell.metadata.pop("tags", None)
    cell.metadata["nbgrader"] = {"grade": grade, "solution": solution, "locked": locked, "grade_id": grade_id,
                                 "schema_version": 3}
    if grade:
        cell.metadata["nbgrader"]["points"] = worth
    return cell


def assignment(path: Path, *, course_id: str = COURSE_ID, variants: bool = True, partial: bool = True):
    """The instructor's version of the lesson at ``path`` (an nbformat notebook). With ``variants`` (the
    default), each student gets their own tree in every exercise :func:`variation` can vary, and the visible
    test of every value, set or rule exercise checks only the answer's form (the hidden tests grade it). With
    ``partial`` (the default), a function whose check draws its cases earns a share of its points for a share of
    the hidden cases (:func:`shared`)."""
    notebook = nbformat.read(path, as_version=4)
    found = exercises(notebook)
    if not found:
        raise SystemExit(f"{path.name} has no exercises (cells tagged exercise, solution, check): nothing to grade")
    code = lambda source: nbformat.v4.new_code_cell(source)       # noqa: E731
    text = lambda source: nbformat.v4.new_markdown_cell(source)   # noqa: E731
    title = lessons.title(notebook, path.stem)
    total = sum(points(e["stub"]) for e in found)
    varied = variations(found) if variants else {}
    how = ("the tests under each answer are the lesson's checks, and the grader runs them again, with more cases."
           if not variants else
           "under a function you write, the test is the lesson's check; under a value, a set or a rule, it checks "
           "only your answer's form. The grader grades every answer, with more cases, after you hand in"
           + (", and the trees, positions and numbers of the exercises marked *your tree*, *your board*, ... are "
              "your own (the first cell draws them)." if varied else "."))
    cells = [text(f"# Assignment: {title}\n\nBuilt from the lesson `{path.name}`: its exercises, each with its "
                  f"points ({total} in all), and the code they need. Write your answers in the cells that hold "
                  "a `...`; the other cells are locked. Run every cell from the top (Kernel > Restart & Run "
                  f"All) before you hand in: {how}")]
    if varied:
        cells.append(code(variant_cell(varied, course_id, path.stem)))
        cells[-1].metadata["variant"] = True
    needs, defined = set(), set()
    for e in found:
        for source in (e["stub"].source, e["answer"], e["check"].source):
            tree = _parse(source)
            if tree:
                d, u = _names(tree)
                needs |= u
                defined |= d
    first = found[0]["first"]
    # A predict cell's statements count too: a lesson's imports may share a cell with a prediction (lesson 7's),
    # and only the statements that define what the exercises need are taken.
    before = [c for c in notebook.cells[:first] if c.cell_type == "code" and not
              {"install", "exercise", "check"} & set(lessons.tags(c))]
    between = [c for c in notebook.cells[first:] if c.cell_type == "code" and not
               {"exercise", "check", "install"} & set(lessons.tags(c))]
    drawn = {name for v in varied.values() if "instance" in v for name in v["named"].values()}
    setup = needed_code(before + between, needs - defined - drawn, drawn)
    if setup:
        cells.append(code("# What the exercises need from the lesson (imports and definitions).\n"
                          + "\n".join(setup)))
    for number, e in enumerate(found, 1):
        worth = points(e["stub"])
        statement = "\n\n".join(e["statement"]) or f"### Exercise {number}"
        if number in varied and "instance" in varied[number]:
            from adversarial.exercises.variants import INSTANCES
            v = varied[number]
            statement = INSTANCES[v["instance"]].statement(statement, v["names"], v["lesson"], v["fixed"])
            shown = ", ".join(f"`{n}`" for n in v["names"].values())
            statement += (f"\n\n*Yours:* {shown} ({v['what']}), drawn for you by the first cell: the question is "
                          "the lesson's, the numbers are yours.")
        elif number in varied:
            statement = statement.replace(varied[number]["literal"], tree_name(number))
            statement += (f"\n\n*Your tree:* `{tree_name(number)}`, drawn for you by the first cell: the question "
                          "is the lesson's, the numbers are yours.")
        cells.append(text(f"{statement}\n\n**({worth} point{'s' * (worth != 1)})**"))
        answer = e["answer"].strip()
        if number in varied:
            answer = variant_solution(number, varied[number], answer)
        stub = e["stub"].source.rstrip()
        if number in varied and "instance" in varied[number]:
            from adversarial.exercises.variants import INSTANCES
            rewrite = INSTANCES[varied[number]["instance"]].stub
            stub = rewrite(stub, varied[number]["names"], varied[number]["fixed"]) if rewrite else stub
        cells.append(code(f"{stub}\n### BEGIN SOLUTION\n{answer}\n### END SOLUTION"))
        cells[-1].metadata["exercise"] = number
        form = (varied[number]["kind"] if number in varied else _answer_kind(e)) if variants else None
        cells.append(code(test_source(e, f"test-{number}", worth, number=number, varied=varied.get(number),
                                      form=form, course_id=course_id, name=path.stem,
                                      partial=partial)))
    base = path.stem
    for index, cell in enumerate(cells):
        grade_id = f"{base}-{index:02d}"
        if cell.cell_type == "code" and "### BEGIN SOLUTION" in cell.source:
            marked(cell, f"answer-{cell.metadata.pop('exercise')}", solution=True)
        elif cell.cell_type == "code" and cell.source.startswith("# Autograded test"):
            number = sum(1 for c in cells[:index] if "Autograded test" in c.source) + 1
            marked(cell, f"test-{number}", grade=True, locked=True, worth=points(found[number - 1]["stub"]))
        elif cell.metadata.pop("variant", False):
            marked(cell, "variant", locked=True)
        else:
            marked(cell, grade_id, locked=True)
    result = nbformat.v4.new_notebook(cells=cells)
    result.metadata["kernelspec"] = lessons.KERNELSPEC
    result.metadata["language_info"] = {"name": "python"}
    return result


# -- the course directory ---------------------------------------------------------------------------

def kernel_spec(course: Path, limits: dict | None = None, sandbox: str | None = None) -> Path:
    """Install (in the course's own jupyter/kernels) the kernel hand-ins are graded in; with ``sandbox`` (a
    ``bwrap``), each starts inside its own sandbox (tools/grading_sandbox.py), the course folder hidden."""
    limits = {"memory": 1500, "cpu": 300, "output": 200, **(limits or {})}
    if sandbox:
        limits.setdefault("processes", 64)     # RLIMIT_NPROC counts the sandbox's own user namespace only
    where = course / "jupyter" / "kernels" / KERNEL
    where.mkdir(parents=True, exist_ok=True)
    argv = [sys.executable, str(ROOT / "tools" / "grading_kernel.py"), "-f", "{connection_file}"]
    for name, value in limits.items():
        argv += [f"--{name}", str(value)]
    spec = {"argv": argv, "display_name": "Python (graded hand-ins)", "language": "python"}
    if sandbox:
        sys.path.insert(0, str(ROOT / "tools"))
        import grading_sandbox
        readable = [arg for path in grading_sandbox.read_only_paths() for arg in ("--read-only", path)]
        spec["argv"] = [sys.executable, "-S", str(ROOT / "tools" / "grading_sandbox.py"), "--bwrap", sandbox,
                        "--hide", str(course), "--pids", str(limits["processes"]), *readable, "--"] + argv
        # A signal would reach the sandbox's outer process, not the kernel: interrupt through a message.
        spec["interrupt_mode"] = "message"
    (where / "kernel.json").write_text(json.dumps(spec, indent=1))
    return course / "jupyter"


def environment(course: Path) -> dict:
    """nbgrader's environment: the course's kernels, and this Python's scripts first (nbgrader runs alembic)."""
    scripts = os.path.dirname(sys.executable)
    return dict(os.environ, JUPYTER_PATH=str(course / "jupyter"),
                PATH=scripts + os.pathsep + os.environ.get("PATH", ""))


def nbgrader(course: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    env = environment(course)
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env, capture_output=True,
                          text=True)
    if check and done.returncode != 0:
        raise SystemExit(f"nbgrader {' '.join(args)} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return done


def api(course: Path, overrides: dict | None = None):
    """nbgrader's Python API on this course, with its nbgrader_config.py and ``overrides`` ("Execute.timeout")."""
    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config import Config
    from traitlets.config.loader import PyFileConfigLoader
    os.environ.update(environment(course))
    config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    extra = Config()
    for key, value in (overrides or {}).items():
        section, name = key.split(".")
        extra[section][name] = value
    config.merge(extra)
    return NbGraderAPI(coursedir=CourseDirectory(config=config), config=config)


LATE_PENALTIES = ("none", "zero")       # nbgrader's own methods (LateSubmissionPlugin.penalty_method)


def prepare(course: Path, course_id: str = COURSE_ID, late: str = "none") -> None:
    if late not in LATE_PENALTIES:
        raise SystemExit(f"late penalty {late!r}: use one of {', '.join(LATE_PENALTIES)} (nbgrader's methods)")
    course.mkdir(parents=True, exist_ok=True)
    (course / "nbgrader_config.py").write_text(CONFIG.format(root=str(course), kernel=KERNEL, course_id=course_id,
                                                             tools=str(ROOT / "tools"), late=late))
    nbgrader_hooks.course_secret(course)
    kernel_spec(course)


def build(numbers: list[str], course: Path = COURSE, *, course_id: str = COURSE_ID, variants: bool = True,
          partial: bool = True, late: str = "none") -> list[str]:
    """Write and generate the assignments of these lessons; return their names. ``course_id`` names the course
    (nbgrader's exchange and the students' variants use it); ``variants=False`` asks the lessons' own questions
    with their visible checks (a course whose lessons' answers are not public); ``partial=False`` grades every
    exercise all or nothing; ``late`` is nbgrader's late penalty ("none" or "zero"), written into the course's
    nbgrader_config.py, so the formgrader's autograde and tools/grade.py both apply it."""
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]*", course_id):
        raise SystemExit(f"course id {course_id!r}: use letters, digits, '-', '_' and '.', as nbgrader's exchange "
                         "folders do")
    prepare(course, course_id, late)
    grader = api(course)
    names = []
    for number in numbers:
        path = lesson(number)
        name = path.stem
        folder = course / "source" / name
        folder.mkdir(parents=True, exist_ok=True)
        nbformat.write(assignment(path, course_id=course_id, variants=variants, partial=partial),
                       folder / f"{name}.ipynb")
        done = grader.generate_assignment(name, force=True, create=True)
        if not done["success"]:
            raise SystemExit(f"nbgrader generate_assignment {name} failed:\n{done.get('error') or done.get('log')}")
        names.append(name)
        print(f"{name}: source/{name}/{name}.ipynb and release/{name}/{name}.ipynb "
              f"({sum(1 for c in nbformat.read(folder / f'{name}.ipynb', as_version=4).cells if _is_test(c))} "
              "autograded tests)")
    return names


def _is_test(cell) -> bool:
    return cell.metadata.get("nbgrader", {}).get("grade", False)


def with_exercises() -> list[str]:
    return [p.stem[:2] for p in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
            if any("check" in lessons.tags(c) for c in nbformat.read(p, as_version=4).cells)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", help="lesson numbers (default: every lesson with exercises)")
    parser.add_argument("--course", type=Path, default=COURSE, help="the nbgrader course directory")
    parser.add_argument("--course-id", default=COURSE_ID, help=f"the course's id (default {COURSE_ID})")
    parser.add_argument("--no-variants", action="store_true",
                        help="ask the lessons' own questions, with their visible checks")
    parser.add_argument("--no-partial", action="store_true",
                        help="grade every exercise all or nothing (default: a function earns a share of its points "
                             "for the share of the hidden cases it gets right)")
    parser.add_argument("--late-penalty", choices=LATE_PENALTIES, default="none",
                        help="nbgrader's late penalty, written into the course's nbgrader_config.py (the formgrader "
                             "and tools/grade.py apply it): 'zero' scores a hand-in handed in after its due date 0")
    args = parser.parse_args(argv)
    numbers = [re.sub(r"\D", "", n) or n for n in args.lessons] or with_exercises()
    build(numbers, args.course.resolve(), course_id=args.course_id, variants=not args.no_variants,
          partial=not args.no_partial, late=args.late_penalty)


if __name__ == "__main__":
    main()
