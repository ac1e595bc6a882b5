"""Finding Graphviz's layout program and running it quietly.

The program is looked for, in order:

1. ``ADVERSARIAL_DOT``: the path of a layout program you choose (e.g. a system
   Graphviz: ``ADVERSARIAL_DOT=/usr/bin/dot``);
2. ``graphviz-pure`` installed next to this Python (``pip install graphviz-pure``
   puts it there; ``requirements.txt`` installs it);
3. ``graphviz-pure`` or ``dot`` on the ``PATH``.

If none is found, drawing raises :class:`LayoutProgramNotFound`, which says how
to install one. Warnings the program prints are dropped, never shown in a cell.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path

ENV_VAR = "ADVERSARIAL_DOT"

INSTALL_HINT = (
    "Install one with `pip install graphviz-pure` (it is in requirements.txt: `make lab` "
    "or `pip install -r requirements.txt` installs it), or install Graphviz from your system's "
    f"packages (e.g. `apt-get install graphviz`) and set {ENV_VAR}=/usr/bin/dot."
)


class LayoutProgramNotFound(RuntimeError):
    """No Graphviz layout program could be found; the message says how to get one."""


@functools.lru_cache(maxsize=None)
def _find(env_value: str | None) -> Path:
    if env_value:
        path = Path(env_value).expanduser()
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise LayoutProgramNotFound(
                f"{ENV_VAR} is set to {env_value!r}, which is not an executable file. "
                f"Point it at Graphviz's `dot` program, or unset it to use graphviz-pure. "
                + INSTALL_HINT
            )
        return path
    beside_python = Path(sys.executable).parent / "graphviz-pure"
    if beside_python.is_file() and os.access(beside_python, os.X_OK):
        return beside_python
    for name in ("graphviz-pure", "dot"):
        found = shutil.which(name)
        if found:
            return Path(found)
    raise LayoutProgramNotFound("Drawing needs a Graphviz layout program and none was found. "
                                + INSTALL_HINT)


def layout_program() -> Path:
    """The layout program drawings use (see the module docstring for the search order)."""
    return _find(os.environ.get(ENV_VAR) or None)


def use_layout_program() -> Path:
    """Point the ``graphviz`` package at :func:`layout_program` and return it."""
    import graphviz.backend.dot_command as dot_command
    program = layout_program()
    dot_command.DOT_BINARY = program
    return program


def pipe(source: str, fmt: str = "svg") -> bytes:
    """Lay out DOT ``source`` and return the output; warnings are dropped, errors explained."""
    if sys.platform == "emscripten":     # in the browser (JupyterLite): no program to start
        from . import dot_browser
        return dot_browser.pipe(source, fmt)
    program = layout_program()
    proc = subprocess.run([str(program), "-Kdot", f"-T{fmt}"], input=source.encode("utf-8"),
                          capture_output=True, check=False)
    if proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip()
        raise RuntimeError(f"Graphviz ({program.name}) could not lay out the drawing: {message}")
    return proc.stdout
