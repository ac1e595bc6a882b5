"""The notebooks' one source: MyST Markdown files paired with their executed .ipynb.

Each lesson is ``notebooks/NN_name.md`` (what you edit, in any editor or in JupyterLab, where
jupytext saves both files) beside ``notebooks/NN_name.ipynb`` (executed, outputs stored: what a
student opens and what nbval checks). The stored notebook *is* the student edition: exercises
are stubs, worked answers sit in a collapsed ``solution`` markdown cell, checks say "not
answered yet".

    python tools/notebooks.py run [FILES]       # md -> ipynb, navigation, execute, store (default: all)
    python tools/notebooks.py sync              # the newer file of each pair rewrites the older one
    python tools/notebooks.py nav               # refresh the previous | contents | next cells only
    python tools/notebooks.py check             # every pair in sync (exit 1 and say where if not)
    python tools/notebooks.py solutions [NN..]  # solutions edition in build/solutions/, executed;
                                                # exit 1 unless every check says ✓
    python tools/notebooks.py student           # site edition in build/student/: solutions removed

Cell ids, tags and other cell metadata survive the round trip: ``run`` takes the inputs from the
Markdown and the ids of matching cells from the existing .ipynb.

A code cell tagged ``predict`` asks the student to predict its result before running it, so the
stored notebook keeps it unrun: no output, no execution count. ``run`` executes it like any other
cell and stores only a fingerprint of its text output in the notebook's metadata
(``predictions``: cell id -> sha256). nbval executes an unrun cell without comparing it; the
root ``conftest.py`` then compares the fresh output's fingerprint with the stored one, and the
solutions edition (which shows the output) does the same.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import sys
from pathlib import Path

import jupytext
import nbformat
from jupytext.combine import combine_inputs_with_outputs

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
CONTENTS = "00_start_here.ipynb"
FORMATS = "ipynb,md:myst"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
DISTRIBUTION = "adversarial-search-lessons"

# The first code cell of every lesson, kept identical everywhere by `run` and `nav`. It installs the
# version the lessons were executed with, from where pyproject.toml's [tool.adversarial-search-lessons]
# `install-from` says; until a course sets that, or when pip fails, it stops with one plain sentence
# (an exception whose _render_traceback_ is the sentence: Jupyter shows it instead of a traceback, and Run
# All stops there).
INSTALL_CELL = """\
# Set-up. Where the `adversarial` package is missing (Colab, Kaggle, another hosted Jupyter), this
# installs the version these lessons were run with; where it is installed (`make lab`, Binder), it
# does nothing.
import importlib.util
import os
import re
import subprocess
import sys

SOURCE = "{source}"


class SetUpProblem(Exception):      # shown as its one sentence, not as a traceback
    def _render_traceback_(self):
        return [f"Set-up stopped: {{self}}"]


if importlib.util.find_spec("adversarial") is None:
    if not SOURCE:
        raise SetUpProblem("This notebook needs the lessons' `adversarial` package and has no address to "
                         "install it from: ask your instructor for the course's link to the lessons.")
    print(f"Installing the lessons' package and what it needs from {{SOURCE}} (about half a minute) ...", flush=True)
    plain = {{k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "CLICOLOR_FORCE")}}
    done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-color", SOURCE],
                          capture_output=True, text=True, env=dict(plain, NO_COLOR="1"))
    if done.returncode != 0:        # pip's last words, without colour codes, are its reason
        lines = [re.sub(r"\\x1b\\[[0-9;]*[A-Za-z]", "", line).strip() for line in done.stderr.splitlines()]
        why = next((line for line in reversed(lines) if line), "no message")
        raise SetUpProblem(f"Installing the lessons' package from {{SOURCE}} failed ({{why}}): "
                         "check the address with your instructor, or the runtime's internet access.")
    print("Installed.")
if "ipywidgets" in sys.modules and not sys.modules["ipywidgets"].__version__.startswith(("8", "9")):
    raise SetUpProblem("Restart the runtime (Colab: Runtime > Restart session), then run this notebook from "
                     f"the top: it has ipywidgets {{sys.modules['ipywidgets'].__version__}} loaded and the "
                     "lessons need 8.")
if "google.colab" in sys.modules:   # Colab shows ipywidgets 8 widgets only through this manager
    from google.colab import output
    output.enable_custom_widget_manager()"""


def pyproject() -> dict:
    """pyproject.toml, read (on Python 3.10, where the library's tests run too, by its backport tomli)."""
    try:
        import tomllib
    except ImportError:
        import tomli as tomllib
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def settings() -> dict:
    """This project's [tool.adversarial-search-lessons] table in pyproject.toml."""
    return pyproject()["tool"].get(DISTRIBUTION, {})


def repository() -> str:
    """The public address of the repository, from pyproject.toml's [project.urls]."""
    project = pyproject()["project"]
    return project["urls"]["Repository"]


def version() -> str:
    text = (ROOT / "adversarial" / "__init__.py").read_text()
    return re.search(r'^__version__ = "([^"]+)"', text, re.M).group(1)


def install_from() -> str:
    """What the install cell hands pip: `install-from` with {version} filled in, or "" (not set)."""
    return settings().get("install-from", "").format(version=version())


def install_source() -> str:
    return INSTALL_CELL.format(source=install_from())


def with_install_cell(notebook):
    """Put the install cell first among the code cells (once), with today's source."""
    cells = [c for c in notebook.cells if "install" not in tags(c)]
    first_code = next((i for i, c in enumerate(cells) if c.cell_type == "code"), len(cells))
    old = next((c for c in notebook.cells if "install" in tags(c)), None)
    cell = old or nbformat.v4.new_code_cell()
    cell.source, cell.id = install_source(), "install"
    cell.metadata["tags"] = ["install"]
    notebook.cells = cells[:first_code] + [cell] + cells[first_code:]
    return notebook


def sources() -> list[Path]:
    """The lessons' Markdown sources, in order."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.md"))


def tags(cell) -> list[str]:
    return cell.metadata.get("tags", [])


# -- prediction cells: run, fingerprinted, stored without output ----------------------------

PREDICT = "predict"


def output_text(outputs) -> str:
    """The comparable text of a code cell's outputs: streams (merged per stream, as nbval merges
    them), each result's text/plain (a drawing's is its summary), and errors by name. A display with no
    text form (a progress bar: adversarial.lab.progress) is left out, as nbval leaves it out."""
    parts, stream = [], None
    for output in outputs or []:
        kind = output.get("output_type")
        if kind == "display_data" and "text/plain" not in output.get("data", {}):
            continue
        if kind == "stream":
            if stream and stream[0] == output.get("name"):
                stream[1] += output.get("text", "")
                continue
            stream = [output.get("name"), output.get("text", "")]
            parts.append(stream)
            continue
        stream = None
        if kind in ("execute_result", "display_data"):
            parts.append(["data", output.get("data", {}).get("text/plain", "")])
        elif kind == "error":
            parts.append(["error", output.get("ename", "")])
    return "\n".join(f"[{name}]\n{text}" for name, text in parts)


def output_digest(outputs) -> str:
    return hashlib.sha256(output_text(outputs).encode()).hexdigest()


def hide_predictions(notebook):
    """Store every ``predict`` cell unrun: the fingerprint of its output goes into the notebook's
    metadata (``predictions``), its outputs and execution count are dropped. A cell already stored
    unrun keeps the fingerprint it has."""
    stored = notebook.metadata.get("predictions", {})
    digests = {}
    for cell in notebook.cells:
        if cell.cell_type == "code" and PREDICT in tags(cell):
            if cell.get("outputs") or cell.get("execution_count") is not None:
                digests[cell.id] = output_digest(cell.get("outputs"))
            elif cell.id in stored:
                digests[cell.id] = stored[cell.id]
            cell.outputs, cell.execution_count = [], None
    if digests:
        notebook.metadata["predictions"] = digests
    else:
        notebook.metadata.pop("predictions", None)
    return notebook


def prediction_problem(notebook, cell, outputs) -> str | None:
    """None when a ``predict`` cell's fresh ``outputs`` match the fingerprint stored for it."""
    stored = notebook.metadata.get("predictions", {}).get(cell.get("id"))
    if stored is None:
        return (f"prediction cell {cell.get('id')} has no stored fingerprint: run "
                "`python tools/notebooks.py run` on its notebook")
    if output_digest(outputs) != stored:
        return (f"prediction cell {cell.get('id')} printed something else than when the notebook was "
                f"stored:\n{output_text(outputs)[:500]}\nIf that is intended, run "
                "`python tools/notebooks.py run` on its notebook")
    return None


# -- reading and writing a pair ------------------------------------------------------------

def read_source(md: Path):
    """The notebook the Markdown describes, with the ids and outputs of the stored .ipynb kept."""
    notebook = jupytext.read(md, fmt="md:myst")
    ipynb = md.with_suffix(".ipynb")
    if ipynb.exists():
        notebook = combine_inputs_with_outputs(notebook, nbformat.read(ipynb, as_version=4))
    notebook.metadata["kernelspec"] = KERNELSPEC
    notebook.metadata.setdefault("jupytext", {})["formats"] = FORMATS
    notebook.metadata["jupytext"].pop("text_representation", None)
    with_install_cell(notebook)
    stable_ids(notebook, md.stem[:2])
    return notebook


def stable_ids(notebook, prefix: str) -> None:
    """Give every cell without an id (or with a repeated one) a deterministic id."""
    seen = set()
    for index, cell in enumerate(notebook.cells):
        if not cell.get("id") or cell.id in seen:
            digest = hashlib.sha1(f"{index}:{cell.source}".encode()).hexdigest()[:8]
            cell.id = f"nb{prefix}-{digest}"
        seen.add(cell.id)


def write_pair(notebook, md: Path) -> None:
    """Write both files; ``predict`` cells are stored unrun (see :func:`hide_predictions`)."""
    hide_predictions(notebook)
    nbformat.write(notebook, md.with_suffix(".ipynb"))
    jupytext.write(notebook, md, fmt="md:myst")


# -- navigation ------------------------------------------------------------------------------

def title(notebook, fallback: str) -> str:
    for cell in notebook.cells:
        if cell.cell_type == "markdown" and "nav" not in tags(cell):
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return fallback


def nav_text(names: list[str], titles: list[str], index: int) -> str:
    parts = []
    if index > 0:
        parts.append(f"[← {titles[index - 1]}]({names[index - 1]})")
    if names[index] != CONTENTS:
        parts.append(f"[contents]({CONTENTS})")
    if index + 1 < len(names):
        parts.append(f"[{titles[index + 1]} →]({names[index + 1]})")
    return " | ".join(parts)


def with_navigation(notebook, text: str):
    cells = [c for c in notebook.cells if "nav" not in tags(c)]
    top, bottom = (nbformat.v4.new_markdown_cell(text) for _ in range(2))
    for cell, where in ((top, "top"), (bottom, "bottom")):
        cell.metadata["tags"] = ["nav"]
        cell.id = f"nav-{where}"
    notebook.cells = [top] + cells + [bottom]
    return notebook


def navigate() -> None:
    """Rewrite the navigation cells of every pair (no execution; outputs kept)."""
    mds = sources()
    notebooks = [read_source(md) for md in mds]
    names = [md.with_suffix(".ipynb").name for md in mds]
    titles = [title(nb, md.stem) for nb, md in zip(notebooks, mds)]
    for index, (notebook, md) in enumerate(zip(notebooks, mds)):
        write_pair(with_navigation(notebook, nav_text(names, titles, index)), md)


# -- executing -------------------------------------------------------------------------------

def execute(notebook, folder: Path, timeout: int = 600):
    from nbclient import NotebookClient
    # The long experiments' progress bars (adversarial.lab.progress) are for people watching: stored
    # notebooks hold none (the kernel inherits this environment).
    os.environ["ADVERSARIAL_PROGRESS"] = "off"
    NotebookClient(notebook, timeout=timeout, kernel_name="python3", record_timing=False,
                   resources={"metadata": {"path": str(folder)}}).execute()
    return notebook


def run(mds: list[Path]) -> None:
    navigate()
    for md in mds:
        # The lessons' longest experiments write their results down for the in-browser edition
        # (adversarial/lab/ahead.py): this run rewrites the notebook's entries in adversarial/lab/ahead.pickle.
        from adversarial.lab import ahead
        ahead.forget(md.stem)
        os.environ.update(ADVERSARIAL_AHEAD="record", ADVERSARIAL_AHEAD_NOTEBOOK=md.stem)
        try:
            notebook = execute(read_source(md), md.parent)
        finally:
            del os.environ["ADVERSARIAL_AHEAD"], os.environ["ADVERSARIAL_AHEAD_NOTEBOOK"]
        write_pair(notebook, md)
        print(f"executed {md.with_suffix('.ipynb').relative_to(ROOT)}")


# -- keeping the pair in sync ----------------------------------------------------------------

def sync() -> None:
    """Without executing: where the .ipynb was saved last, it rewrites the .md; otherwise the
    .md's inputs go into the .ipynb (outputs of unchanged cells kept)."""
    for md in sources():
        ipynb = md.with_suffix(".ipynb")
        if ipynb.exists() and ipynb.stat().st_mtime > md.stat().st_mtime:
            jupytext.write(nbformat.read(ipynb, as_version=4), md, fmt="md:myst")
            print(f"{ipynb.name} -> {md.name}")
        else:
            write_pair(read_source(md), md)
            print(f"{md.name} -> {ipynb.name}")


def comparable(notebook) -> list[tuple]:
    """What must agree between the two files: each cell's type, source and metadata."""
    return [(c.cell_type, c.source.strip(), {k: v for k, v in c.metadata.items()
                                            if k not in ("execution", "ExecuteTime")})
            for c in notebook.cells]


def differences(md: Path) -> str | None:
    """None when ``md`` and its .ipynb hold the same notebook; else where they first differ."""
    ipynb = md.with_suffix(".ipynb")
    if not ipynb.exists():
        return f"{md.name} has no {ipynb.name}: run `python tools/notebooks.py run {md}`"
    text, stored = comparable(jupytext.read(md, fmt="md:myst")), comparable(
        nbformat.read(ipynb, as_version=4))
    for index, (a, b) in enumerate(zip(text, stored)):
        if a != b:
            return (f"{md.name} and {ipynb.name} differ at cell {index}:\n  md:    {a!r:.200}\n"
                    f"  ipynb: {b!r:.200}\nEdit the .md and run `python tools/notebooks.py run {md}` "
                    "(or save the notebook in JupyterLab, which writes both).")
    if len(text) != len(stored):
        return f"{md.name} has {len(text)} cells but {ipynb.name} has {len(stored)}"
    return None


def check() -> int:
    problems = [d for md in sources() if (d := differences(md))]
    orphans = [p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if not p.with_suffix(".md").exists()]
    problems += [f"{name} has no Markdown source beside it" for name in orphans]
    for problem in problems:
        print(problem)
    print("all pairs in sync" if not problems else f"{len(problems)} pair(s) out of sync")
    return 1 if problems else 0


# -- editions --------------------------------------------------------------------------------

SOLUTION_CODE = re.compile(r"```python\n(.*?)```", re.S)


def solution_code(cell) -> str:
    """The worked answer inside a ``solution`` markdown cell's <details> block."""
    found = SOLUTION_CODE.search(cell.source)
    if not found:
        raise ValueError(f"solution cell {cell.id} has no ```python block")
    return found.group(1).rstrip("\n")


def solutions_edition(notebook):
    """Each exercise stub replaced by the worked answer that follows it."""
    cells = notebook.cells
    for index, cell in enumerate(cells):
        if "exercise" in tags(cell):
            answer = next((c for c in cells[index + 1:] if "solution" in tags(c)), None)
            if answer is None:
                raise ValueError(f"exercise cell {cell.id} has no solution cell after it")
            cell.source = solution_code(answer)
    return notebook


def student_edition(notebook):
    """What a site shows: the stored notebook without its worked answers.

    A Markdown cell that tells the reader about the folded worked answers carries, in its metadata
    ``student_edition``, the words an edition without them shows instead (the site, the in-browser edition,
    ``make student``): a page must not send its reader to a **Show a worked answer** it does not have.
    """
    notebook.cells = [c for c in notebook.cells if "solution" not in tags(c)]
    for cell in notebook.cells:
        instead = cell.get("metadata", {}).get("student_edition")
        if cell.cell_type == "markdown" and instead is not None:
            cell.source = instead
    return notebook


def verdict_text(outputs) -> str:
    """What a check cell said: its printed text and the plain text of what it displayed."""
    return "".join(o.get("text", "") or o.get("data", {}).get("text/plain", "") for o in outputs or [])


def passed(verdict: str) -> bool:
    """A check says ✓ first when the answer is right."""
    return verdict.lstrip().startswith("✓")


def verdicts(notebook) -> list[tuple[str, str]]:
    """(cell id, text) of every check cell's output."""
    return [(cell.id, verdict_text(cell.get("outputs"))) for cell in notebook.cells if "check" in tags(cell)]


def solution_problems(md: Path, out: Path) -> list[str]:
    """Execute ``md``'s solutions edition on a fresh kernel, write it to ``out``, and return what failed:
    each check that did not say ✓ and each prediction cell whose output differs from its fingerprint."""
    out.mkdir(parents=True, exist_ok=True)
    notebook = execute(solutions_edition(read_source(md)), md.parent)
    nbformat.write(notebook, out / md.with_suffix(".ipynb").name)
    problems = [f"{md.name}: check {cell_id} did not pass: {text.strip()[:300]}"
                for cell_id, text in verdicts(notebook) if not passed(text)]
    for cell in notebook.cells:
        if cell.cell_type == "code" and PREDICT in tags(cell):
            if problem := prediction_problem(notebook, cell, cell.outputs):
                problems.append(f"{md.name}: {problem}")
    return problems


def solutions(numbers: list[str], out: Path) -> int:
    failed = 0
    for md in sources():
        if numbers and md.name[:2] not in numbers:
            continue
        problems = solution_problems(md, out)
        for problem in problems:
            print(problem)
        failed += len(problems)
        print(f"wrote {(out / md.with_suffix('.ipynb').name).relative_to(ROOT)}")
    print("every check passes" if not failed else f"{failed} check(s) failed")
    return 1 if failed else 0


def student(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for md in sources():
        ipynb = md.with_suffix(".ipynb")
        nbformat.write(student_edition(nbformat.read(ipynb, as_version=4)), out / ipynb.name)
        print(f"wrote {(out / ipynb.name).relative_to(ROOT)}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("run").add_argument("files", nargs="*", type=Path)
    sub.add_parser("nav")
    sub.add_parser("sync")
    sub.add_parser("check")
    p = sub.add_parser("solutions")
    p.add_argument("numbers", nargs="*")
    p.add_argument("--out", type=Path, default=ROOT / "build" / "solutions")
    sub.add_parser("student").add_argument("--out", type=Path, default=ROOT / "build" / "student")
    args = parser.parse_args(argv)
    if args.command == "run":
        files = [f.resolve().with_suffix(".md") for f in args.files] or sources()
        run(files)
    elif args.command == "nav":
        navigate()
    elif args.command == "sync":
        sync()
    elif args.command == "check":
        return check()
    elif args.command == "solutions":
        return solutions(args.numbers, args.out)
    elif args.command == "student":
        student(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
