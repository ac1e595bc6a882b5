"""adversarial: search game trees, record what the search did, and draw it.

The package behind a collection of lessons on adversarial search (game trees, minimax, alpha-beta, move
ordering). Its README ("The package in one screen") and the reading site's API reference (``make site``:
build/site/reference/) show every public name; the repository is
https://github.com/adversarial-search-lessons/adversarial-search-lessons.

>>> from adversarial import tree, alphabeta
>>> t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
>>> r = alphabeta(t, trace=True)
>>> r.value, r.move, r.pv
(7, 2, (2, 1))
>>> r.stats.nodes, r.stats.leaves, r.stats.cutoffs
(11, 7, 1)

What a newcomer needs:

- **Trees**: ``tree(nested lists)``, ``tree(leaves, branching=2)``, ``random_tree(2, 3, seed=1)``.
- **Searches**: ``minimax``, ``alphabeta``, ``negamax`` (options ``depth=``, ``evaluate=``, ``order=``,
  ``table=``, ``trace=``), then ``pvs``, ``mtdf``, ``mcts``, ``expectiminimax``; each returns a result with
  ``value``, ``move``, ``pv``, ``stats`` and, when asked, ``trace``.
- **Pictures**: ``draw(t, r)`` (Graphviz; ``step=k`` for the search so far), ``Stepper(t)`` to step through a
  search in Jupyter (``help(adversarial.Stepper)``), ``lecture_mode()`` for a projector.
- **Games**: ``adversarial.games`` (``TicTacToe``, ``ConnectFour`` and its exact ``solve``); any object with the
  game protocol (``adversarial.game.Game``) is searched and drawn the same way.
- **Adapters**: ``adversarial.adapters`` takes other courses' games: ``from_aima``, ``from_openspiel``,
  ``from_easyai``.
- **Exercises**: ``adversarial.exercises``, the checks the lessons' exercises call.

The folders name the parts: the core (``tree``, ``game``, ``search``, ``trace``, ``formatting``) at the
top; ``drawing/`` (render, dot, dot_browser, themes); ``widgets/`` (the stepper, the boards to play on);
``beyond/`` (the techniques beyond plain alpha-beta: nullwindow, deepening, ordering, mcts, chance,
techniques, zobrist); ``games/``; ``lab/`` (experiments, matches, plots, the Connect Four and
technique-ladder labs); ``exercises/``.

**Old import paths keep working.** Before the folders, every module sat at the top:
``adversarial.ordering``, ``adversarial.mcts``, ``adversarial.games.connectfour_lab``, ... Importing one of
those names gives the module at its new place (the very same module object, see :data:`MOVED`), so earlier
notebooks and code run unchanged.
"""

import importlib
import importlib.abc
import importlib.util
import sys
import types

from .beyond.chance import expectiminimax
from .beyond.mcts import mcts
from .beyond.nullwindow import mtdf, pvs
from .drawing.themes import lecture_mode, set_theme
from .game import CHANCE, MAX, MIN, Game
from .search import SearchError, SearchResult, Stats, alphabeta, minimax, negamax
from .trace import Trace
from .tree import Node, Tree, random_tree, tree

# old module path -> where the module lives now
MOVED = {
    "adversarial.render": "adversarial.drawing.render",
    "adversarial.dot": "adversarial.drawing.dot",
    "adversarial.dot_browser": "adversarial.drawing.dot_browser",
    "adversarial.themes": "adversarial.drawing.themes",
    "adversarial.play": "adversarial.widgets.play",
    "adversarial.play_connectfour": "adversarial.widgets.play_connectfour",
    "adversarial.nullwindow": "adversarial.beyond.nullwindow",
    "adversarial.deepening": "adversarial.beyond.deepening",
    "adversarial.ordering": "adversarial.beyond.ordering",
    "adversarial.mcts": "adversarial.beyond.mcts",
    "adversarial.chance": "adversarial.beyond.chance",
    "adversarial.techniques": "adversarial.beyond.techniques",
    "adversarial.zobrist": "adversarial.beyond.zobrist",
    "adversarial.experiments": "adversarial.lab.experiments",
    "adversarial.matches": "adversarial.lab.matches",
    "adversarial.plots": "adversarial.lab.plots",
    "adversarial.engine_lab": "adversarial.lab.engine_lab",
    "adversarial.games.connectfour_lab": "adversarial.lab.connectfour_lab",
    "adversarial.games.connectfour_spread": "adversarial.lab.connectfour_lab",
    "adversarial.adapters": "adversarial.games.adapters",
}


class _OldPaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports an old module path (a key of :data:`MOVED`) as the module at its new place."""

    def find_spec(self, fullname, path=None, target=None):
        return importlib.util.spec_from_loader(fullname, self) if fullname in MOVED else None

    def create_module(self, spec):
        module = importlib.import_module(MOVED[spec.name])     # the module itself, not a copy
        spec.loader_state = module.__spec__                     # Python sets this spec on it next: keep its own
        return module

    def exec_module(self, module):
        # Already run at its new place. Give it back its own spec: under the old name's, its relative imports
        # would see __package__ != __spec__.parent (a DeprecationWarning on Python 3.12+).
        module.__spec__ = module.__spec__.loader_state


if not any(isinstance(finder, _OldPaths) for finder in sys.meta_path):
    sys.meta_path.insert(0, _OldPaths())     # first: an installed copy must not answer for an old path


class _Package(types.ModuleType):
    """After ``import adversarial.mcts`` (an old path), Python names the module as the package's attribute
    ``mcts``, over the function of that name: ``from adversarial import mcts`` would then give a module.
    The package keeps its functions; the old path still imports the module."""

    def __setattr__(self, name, value):
        if isinstance(value, types.ModuleType) and callable(self.__dict__.get(name)) \
                and f"{__name__}.{name}" in MOVED:
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


# Drawing (graphviz) and widgets (ipywidgets, IPython) load on first use, so that a pure search does not
# pay for them: `from adversarial import draw` and `adversarial.Stepper` work as before.
_ON_FIRST_USE = {"draw": ".drawing.render", "Stepper": ".widgets.stepper", "describe": ".drawing.describe"}


def __getattr__(name):
    if name in _ON_FIRST_USE:
        value = getattr(importlib.import_module(_ON_FIRST_USE[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'adversarial' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_ON_FIRST_USE))


# What `from adversarial import *` gives and help(adversarial) lists, most used first. `Stepper` is imported by
# name (`from adversarial import Stepper`): listed here, help() would spend 540 lines on the ipywidgets members
# it inherits, and a star import would load ipywidgets.
__all__ = [
    "tree", "random_tree", "minimax", "alphabeta", "negamax", "draw", "lecture_mode",
    "pvs", "mtdf", "mcts", "expectiminimax",
    "SearchResult", "SearchError", "Stats", "Trace", "Tree", "Node", "Game", "MAX", "MIN", "CHANCE",
    "describe", "set_theme",
]
__version__ = "0.2.0"
