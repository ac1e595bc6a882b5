"""adversarial: search game trees, record what the search did, and draw it.

>>> from adversarial import tree, alphabeta
>>> t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
>>> r = alphabeta(t, trace=True)
>>> r.value, r.move, r.pv
(7, 2, (2, 1))
>>> r.stats.nodes, r.stats.leaves, r.stats.cutoffs
(11, 7, 1)
"""

import importlib

from .chance import expectiminimax
from .game import CHANCE, MAX, MIN, Game
from .mcts import mcts
from .nullwindow import mtdf, pvs
from .search import SearchError, SearchResult, Stats, alphabeta, minimax, negamax
from .themes import lecture_mode, set_theme
from .trace import Trace
from .tree import Node, Tree, random_tree, tree

# Drawing (graphviz) and widgets (ipywidgets, IPython) load on first use, so that a pure search does not
# pay for them: `from adversarial import draw` and `adversarial.Stepper` work as before.
_ON_FIRST_USE = {"draw": ".render", "Stepper": ".widgets"}


def __getattr__(name):
    if name in _ON_FIRST_USE:
        value = getattr(importlib.import_module(_ON_FIRST_USE[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'adversarial' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_ON_FIRST_USE))


__all__ = [
    "MAX", "MIN", "CHANCE", "Game",
    "tree", "random_tree", "Tree", "Node",
    "minimax", "alphabeta", "negamax", "SearchResult", "SearchError", "Stats",
    "pvs", "mtdf", "mcts", "expectiminimax",
    "Trace", "draw", "set_theme", "lecture_mode", "Stepper",
]
__version__ = "0.2.0"
