"""Results computed ahead of time, for the in-browser edition's longest experiments.

On Pyodide (the in-browser edition) Python runs several times slower than on a computer's own Python: the
lessons' longest experiments there take a minute or more. Those few functions are marked ``@remembered``.
When the lessons are executed to store their outputs (``tools/notebooks.py run``), each call of one of them
is written down with its result in ``ahead.pickle`` beside this file; in the browser the same call, with the
same arguments, returns that result at once and says so on standard error. Anything else (other arguments,
a function the student wrote, ``off()``) is computed as usual.

The results cannot go stale unnoticed: nbval, run on every notebook by ``make test``, executes every call for
real, and a result that differs from the one written down fails the notebook with a message that says to run
the notebook again (``ADVERSARIAL_AHEAD=check``, set by ``conftest.py``). A call is recognised by the pickled
form of its function and arguments; a function or class defined in the notebook itself is never recognised
(its name alone does not say what it does).

A result depends on more than its arguments: on the package's version and on the settings of the modules the
call used (:mod:`adversarial.beyond.settings`: ``connectfour_eval.WINDOW_POINTS``, ``CELL_WEIGHTS`` ...), which a
student may change. Each result is written down with those settings, read when the call ended; one is handed
out only while every one of them is as it was, else the call is computed here and the note says what
differed.

>>> @remembered
... def slow_sum(numbers):
...     return sum(numbers)
>>> slow_sum([1, 2, 3])
6
"""

from __future__ import annotations

import functools
import hashlib
import io
import os
import pickle
import sys
import types
from pathlib import Path

from ..beyond import settings

STORE = Path(__file__).with_name("ahead.pickle")
NOTE = ("(written down ahead, when this in-browser edition was built, from the same call with the same "
        "package version and the same settings ({count} compared, e.g. {example}): computing it in the "
        "browser takes a minute or more. To compute it here, run `from adversarial.lab import ahead; "
        "ahead.off()` first.)")
CHANGED = ("(computed here, not written down ahead: {names} differ from when this in-browser edition was "
           "built; this takes a minute or more.)")
_state: dict = {"off": False, "entries": None, "noted": None}


def off() -> None:
    """From now on, compute every experiment here, even where a result was written down ahead."""
    _state["off"] = True


def _mode() -> str:
    """record (the lessons being executed to be stored), check (nbval), use (the browser), or off."""
    if _state["off"]:
        return "off"
    mode = os.environ.get("ADVERSARIAL_AHEAD", "").lower()
    if mode in ("record", "check", "use", "off"):
        return mode
    return "use" if sys.platform == "emscripten" else "off"


class _Unknown(Exception):
    """The call cannot be recognised: it is simply computed."""


class _Pickler(pickle.Pickler):
    def persistent_id(self, obj):
        if isinstance(obj, types.FunctionType) and obj.__module__.startswith("adversarial.") \
                and "<" in obj.__qualname__:
            # A function the package made (an order from a list of columns) or a lambda of the package: where
            # it is written and what it closes over.
            return ("made", obj.__module__, obj.__qualname__, obj.__code__.co_firstlineno,
                    tuple(c.cell_contents for c in obj.__closure__ or ()))
        if isinstance(obj, (type, types.FunctionType)) and (
                obj.__module__ == "__main__" or "<" in obj.__qualname__):
            raise _Unknown(obj)           # the notebook's own function or class, a lambda: not recognised
        if type(obj).__module__ == "__main__":
            raise _Unknown(obj)
        return None


def _key(function, args, kwargs) -> str | None:
    buffer = io.BytesIO()
    try:
        _Pickler(buffer, protocol=4).dump((function.__module__, function.__qualname__, args,
                                           sorted(kwargs.items())))
    except (_Unknown, pickle.PicklingError, TypeError, AttributeError):
        return None
    return hashlib.sha256(buffer.getvalue()).hexdigest()


def _entries() -> dict:
    if _state["entries"] is None:
        try:
            _state["entries"] = pickle.loads(STORE.read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError):
            _state["entries"] = {}
    return _state["entries"]


def _write(entries: dict) -> None:
    STORE.write_bytes(pickle.dumps(dict(sorted(entries.items())), protocol=4))


def forget(notebook: str) -> None:
    """Drop what ``notebook``'s last run wrote down (``tools/notebooks.py run`` does it before running it).
    The file is read afresh: a kernel run since (another notebook's) may have written to it."""
    _state["entries"] = None
    entries = _entries()
    if entries.pop(notebook, None) is not None:
        _write(entries)


def _record(notebook: str, key: str, result, world: dict) -> None:
    """Write down ``result`` of the call ``key`` under the settings ``world`` (one result per settings)."""
    entries = _entries()
    kept = [(w, r) for w, r in entries.setdefault(notebook, {}).get(key, ()) if w != world]
    entries[notebook][key] = kept + [(world, pickle.dumps(result, protocol=4))]
    _write(entries)


def _versions(key: str) -> list:
    """Every (settings, pickled result) written down for the call ``key``."""
    found = []
    for notebook in _entries().values():
        held = notebook.get(key, ())
        found.extend(held if isinstance(held, list) else [])    # an older file's bare result: not usable
    return found


def _stored(key: str):
    """(pickled result, settings) written down for ``key`` under the settings of now, or (None, names that
    differ) when the call was written down only under other settings, or (None, None) if never."""
    versions = _versions(key)
    differ = None
    for world, result in versions:
        names = settings.changed(world)
        if not names:
            return result, world
        if differ is None or len(names) < len(differ):
            differ = names
    return None, differ


def _cell():
    """Which cell is running (IPython's execution count), or None outside IPython."""
    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    return getattr(shell, "execution_count", None)


def remembered(function):
    """Mark ``function`` (a long experiment whose result depends on its arguments alone) as one whose calls
    the lessons' run writes down for the in-browser edition."""
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        mode = _mode()
        key = _key(function, args, kwargs) if mode != "off" else None
        if key is None:
            return function(*args, **kwargs)
        if mode == "use":
            stored, world = _stored(key)
            cell = _cell()
            if stored is not None or world:
                if cell is None or _state["noted"] != cell:      # once a cell
                    _state["noted"] = cell
                    print(_note(world) if stored is not None else
                          CHANGED.format(names=", ".join(_short(n) for n in world)), file=sys.stderr)
            if stored is not None:
                return pickle.loads(stored)
            return function(*args, **kwargs)
        result = function(*args, **kwargs)
        if mode == "record":
            _record(os.environ.get("ADVERSARIAL_AHEAD_NOTEBOOK", "?"), key, result, settings.settings())
        elif mode == "check":
            stored, world = _stored(key)
            differ = world if stored is None else None        # written down only under other settings
            if differ or stored is not None and \
                    pickle.dumps(result, protocol=4) != stored and repr(result) != repr(pickle.loads(stored)):
                raise RuntimeError(
                    f"{function.__qualname__}: the result written down ahead for the in-browser edition "
                    f"(adversarial/lab/ahead.pickle) differs from the one computed now"
                    + (f" (written down only under other settings: {', '.join(differ)})" if differ else "")
                    + ": run the notebook again with `python tools/notebooks.py run notebooks/NN_name.md`")
        return result
    return wrapper


def _short(name: str) -> str:
    """``adversarial.games.connectfour_eval.WINDOW_POINTS`` as ``connectfour_eval.WINDOW_POINTS``."""
    return name if name == settings.VERSION else ".".join(name.split(".")[-2:])


def _note(world: dict) -> str:
    names = [n for n in world if n != settings.VERSION]
    example = next((_short(n) for n in names if n.endswith("WINDOW_POINTS")), _short(names[0]) if names else "none")
    return NOTE.format(count=len(world) - 1, example=example)
