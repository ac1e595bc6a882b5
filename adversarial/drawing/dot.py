"""Finding Graphviz's layout program and running it quietly.

The program is looked for, in order:

1. ``ADVERSARIAL_DOT``: the path of a layout program you choose (e.g. a system
   Graphviz: ``ADVERSARIAL_DOT=/usr/bin/dot``);
2. the program of the installed ``graphviz-pure`` distribution, found through
   the distribution's own list of files, so a virtualenv, ``pip install --user``,
   conda and Windows (``Scripts\\graphviz-pure.exe``) all work;
3. ``graphviz-pure`` or ``dot`` on the ``PATH``.

If none is found, drawing raises :class:`LayoutProgramNotFound`, which says how
to install one. Warnings the program prints are dropped, never shown in a cell.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

ENV_VAR = "ADVERSARIAL_DOT"
PROGRAM_NAMES = ("graphviz-pure", "graphviz-pure.exe")

INSTALL_HINT = (
    "Install one with `pip install graphviz-pure` (installing this package installs it), "
    "or install Graphviz from your system's packages (e.g. `apt-get install graphviz`) and set "
    f"{ENV_VAR} to the path of its `dot` program."
)


class LayoutProgramNotFound(RuntimeError):
    """No Graphviz layout program could be found; the message says how to get one."""


def _runnable(path: Path) -> bool:
    return path.is_file() and (os.name == "nt" or os.access(path, os.X_OK))


def _from_distribution() -> Path | None:
    """The program that the installed graphviz-pure wheel put wherever its scripts go."""
    try:
        files = metadata.distribution("graphviz-pure").files or []
    except metadata.PackageNotFoundError:
        return None
    for file in files:
        if file.name in PROGRAM_NAMES:
            path = Path(file.locate()).resolve()
            if _runnable(path):
                return path
    raise LayoutProgramNotFound(
        "graphviz-pure is installed, but its layout program is missing from where pip put it. "
        "Reinstall it: `pip install --force-reinstall graphviz-pure`.")


@functools.lru_cache(maxsize=None)
def _find(env_value: str | None) -> Path:
    if env_value:
        path = Path(env_value).expanduser()
        if not _runnable(path):
            raise LayoutProgramNotFound(
                f"{ENV_VAR} is set to {env_value!r}, which is not an executable file. "
                f"Point it at Graphviz's `dot` program, or unset it to use graphviz-pure. " + INSTALL_HINT)
        return path
    found = _from_distribution()
    if found:
        return found
    for name in ("graphviz-pure", "dot"):
        on_path = shutil.which(name)
        if on_path:
            return Path(on_path)
    raise LayoutProgramNotFound("Drawing needs a Graphviz layout program and none was found. " + INSTALL_HINT)


def layout_program() -> Path:
    """The layout program drawings use (see the module docstring for the search order)."""
    return _find(os.environ.get(ENV_VAR) or None)


@functools.lru_cache(maxsize=None)
def _formats(program: Path) -> frozenset[str] | None:
    proc = subprocess.run([str(program), "-T?"], input=b"", capture_output=True, check=False)
    found = re.search(r"Use one of:(.*)", proc.stderr.decode("utf-8", "replace"))
    return frozenset(found.group(1).split()) if found else None


def check_format(fmt: str) -> None:
    """Refuse, before running anything, an output format the layout program cannot write."""
    if sys.platform == "emscripten":          # in the browser the layout is done by JavaScript
        return
    known = _formats(layout_program())
    if known is not None and fmt.split(":")[0] not in known:
        raise ValueError(f"{layout_program().name} cannot write {fmt!r}. It writes: "
                         f"{', '.join(sorted(known))}. For a picture use 'png' or 'svg'.")


def pipe(source: str, fmt: str = "svg", *, placed: bool = False) -> bytes:
    """Lay out DOT ``source`` and return the output; warnings are dropped, errors explained.
    ``placed``: every node and edge already has its ``pos`` (neato -n2: drawn where it says, no layout)."""
    if sys.platform == "emscripten":     # in the browser (JupyterLite): no program to start
        from . import dot_browser
        # The WebAssembly Graphviz's nop2 engine is neato -n2.
        return dot_browser.pipe(source, fmt, engine="nop2" if placed else "dot")
    program = layout_program()
    engine = ["-Kneato", "-n2"] if placed else ["-Kdot"]
    proc = subprocess.run([str(program), *engine, f"-T{fmt}"], input=source.encode("utf-8"),
                          capture_output=True, check=False)
    if proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip()
        raise RuntimeError(f"Graphviz ({program.name}) could not lay out the drawing: {message}")
    return proc.stdout
