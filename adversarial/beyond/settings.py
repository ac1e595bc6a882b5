"""What a result depends on besides its arguments: the package's version and its modules' settings.

A *setting* is a module-level name in capitals holding plain data (numbers, text, and tuples, lists, sets and
dicts of them), such as ``connectfour_eval.WINDOW_POINTS``: a student may change one (``WINDOW_POINTS = (0, 1,
4, 9)``) and every later evaluation reads the new value. Whatever keeps results to hand them out again (a
transposition table reused across searches, the results written down ahead for the in-browser edition)
records the settings its results were computed under and compares them before handing one out.

>>> from adversarial.games import connectfour_eval
>>> before = settings(["adversarial.games.connectfour_eval"])
>>> changed(before)
[]
>>> old, connectfour_eval.WINDOW_POINTS = connectfour_eval.WINDOW_POINTS, (0, 1, 4, 9)
>>> changed(before)
['adversarial.games.connectfour_eval.WINDOW_POINTS']
>>> connectfour_eval.WINDOW_POINTS = old
>>> connectfour_eval.CELL_WEIGHTS[(0, 0)] += 1           # changed in place
>>> changed(before)
['adversarial.games.connectfour_eval.CELL_WEIGHTS']
>>> connectfour_eval.CELL_WEIGHTS[(0, 0)] -= 1
>>> changed(before)
[]
"""

from __future__ import annotations

import hashlib
import importlib
import sys

VERSION = "adversarial (the package's version)"      # the key under which settings() records the version
# Modules whose settings shape what is shown, never what is computed: left out by default, so that restyling
# a drawing does not make every result written down look stale.
NOT_COMPUTING = ("adversarial.drawing", "adversarial.widgets", "adversarial.exercises", "adversarial.lab.plots",
                 "adversarial.lab.progress", "adversarial.lab.ahead", "adversarial.beyond.settings")


def _text(value, depth: int = 0) -> str | None:
    """``value`` written out the same way on every run and machine, or None if it is not plain data."""
    if depth > 6:
        return None
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return repr(value)
    if isinstance(value, (tuple, list, set, frozenset)):
        parts = [_text(v, depth + 1) for v in value]
        written = [p for p in parts if p is not None]
        if len(written) < len(parts):
            return None
        if isinstance(value, (set, frozenset)):          # sorted: a set's order changes with the hash seed
            return "set(" + ", ".join(sorted(written)) + ")"
        return type(value).__name__ + "(" + ", ".join(written) + ")"
    if isinstance(value, dict):
        pairs = []
        for k, v in value.items():
            key, item = _text(k, depth + 1), _text(v, depth + 1)
            if key is None or item is None:
                return None
            pairs.append(f"{key}: {item}")
        return "dict(" + ", ".join(pairs) + ")"
    return None


# Fingerprints, so that a search that checks its evaluation's settings at every move (adversarial.lab.connectfour_lab)
# does not write out connectfour_eval.CELL_WEIGHTS and WINDOWS each time, which took longer than a shallow search
# itself. A value that can never change (numbers, text, tuples of them) is known by its identity (it is kept, so
# its id is not reused); any other by its type and repr: plain data's repr spells out every item and its type
# (1, 1.0 and True differ), so an equal repr is an equal text, and a list or dict changed in place has a new repr.
_BY_ID: dict[int, tuple[object, str | None]] = {}
_BY_REPR: dict[tuple[type, str], str | None] = {}


def _frozen(value, depth: int = 0) -> bool:
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return True
    return depth <= 6 and type(value) in (tuple, frozenset) and all(_frozen(v, depth + 1) for v in value)


def _fingerprint(value) -> str | None:
    held = _BY_ID.get(id(value))
    if held is not None and held[0] is value:
        return held[1]
    try:
        key = (type(value), repr(value)) if isinstance(value, (tuple, list, set, frozenset, dict)) else None
    except Exception:                       # an object in it whose repr fails: not plain data anyway
        key = None
    found = _BY_REPR.get(key, "") if key is not None else ""
    if found == "":
        text = _text(value)
        found = None if text is None else hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
        if key is not None:
            if len(_BY_REPR) > 4096:
                _BY_REPR.clear()
            _BY_REPR[key] = found
    if _frozen(value):
        if len(_BY_ID) > 4096:
            _BY_ID.clear()
        _BY_ID[id(value)] = (value, found)
    return found


def _module_settings(module) -> dict[str, str]:
    found = {}
    for name, value in vars(module).items():
        if name.isupper() and not name.startswith("_") and name != "TYPE_CHECKING":
            fingerprint = _fingerprint(value)
            if fingerprint is not None:
                found[f"{module.__name__}.{name}"] = fingerprint
    return found


def settings(modules=None) -> dict[str, str]:
    """The settings of ``modules`` (names; default: every module of the package loaded now that computes,
    not those of :data:`NOT_COMPUTING`) and the package's version, as ``{"module.NAME": fingerprint}``."""
    from .. import __version__
    if modules is None:
        modules = sorted(name for name in sys.modules if (name == "adversarial" or name.startswith("adversarial."))
                         and not any(name == n or name.startswith(n + ".") for n in NOT_COMPUTING))
    found = {VERSION: __version__}
    for name in modules:
        module = sys.modules.get(name)
        if module is not None:
            found.update(_module_settings(module))
    return found


def changed(recorded: dict[str, str]) -> list[str]:
    """The names in ``recorded`` (what :func:`settings` gave) whose value differs now (each module is imported
    if it is not yet: a module not loaded has the values it is written with)."""
    from .. import __version__
    differ = []
    modules = {name.rsplit(".", 1)[0] for name in recorded if name != VERSION}
    now = {VERSION: __version__}
    for module in modules:
        try:
            now.update(_module_settings(importlib.import_module(module)))
        except ImportError:
            pass
    for name, value in recorded.items():
        if now.get(name) != value:
            differ.append(name)
    return sorted(differ)


def of(function) -> dict[str, str]:
    """The settings of the module ``function`` is written in (an evaluation reads its own module's)."""
    module = getattr(function, "__module__", None) or getattr(type(function), "__module__", None)
    return settings([module]) if module in sys.modules else settings([])


__all__ = ["settings", "changed", "of"]
