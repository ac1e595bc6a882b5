"""The API reference pages of the reading site, generated from the package's docstrings.

Each page documents one part of the package (the folders a newcomer looks in): every public name with its
signature, its docstring and the examples in it (Sphinx autodoc; Google-style sections via napoleon). The
lessons' pages link the first mention of each public function or class to its entry (see :func:`link_names`).
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

# (page, title, what it covers, modules)
PAGES = [
    ("core", "The core: trees, games, search, traces",
     "What the lessons search and how: explicit trees, the game protocol, minimax and alpha-beta with their "
     "options, the trace a search records, and the one number and table formatter.",
     ["adversarial.tree", "adversarial.game", "adversarial.search", "adversarial.trace", "adversarial.formatting"]),
    ("drawing", "Drawing and widgets",
     "Graphviz drawings of trees and searches, the themes (lecture mode), the stepper and the boards.",
     ["adversarial.drawing.render", "adversarial.drawing.describe", "adversarial.drawing.words",
      "adversarial.drawing.themes",
      "adversarial.drawing.dot",
      "adversarial.widgets.stepper", "adversarial.widgets.play", "adversarial.widgets.play_connectfour"]),
    ("beyond", "Beyond plain alpha-beta",
     "Null-window searches, iterative deepening, move ordering, Monte Carlo tree search, chance nodes, the "
     "engine's techniques and Zobrist keys.",
     ["adversarial.beyond.nullwindow", "adversarial.beyond.deepening", "adversarial.beyond.ordering",
      "adversarial.beyond.mcts", "adversarial.beyond.chance", "adversarial.beyond.techniques",
      "adversarial.beyond.zobrist"]),
    ("games", "Games and adapters",
     "Tic-tac-toe, Connect Four with its solver and evaluations, chess over python-chess, small extra games, "
     "and adapters for games written for AIMA, OpenSpiel and easyAI.",
     ["adversarial.games.tictactoe", "adversarial.games.connectfour", "adversarial.games.connectfour_rules",
      "adversarial.games.connectfour_solver", "adversarial.games.connectfour_eval", "adversarial.games.ends",
      "adversarial.games.adapters", "adversarial.games.chess", "adversarial.games.chess.evaluation",
      "adversarial.games.chess.ordering", "adversarial.games.chess.quiescence", "adversarial.games.chess.suite"]),
    ("lab", "The lab: experiments, matches, plots",
     "Measurements over many trees and positions, matches between engines, and the charts of the lessons.",
     ["adversarial.lab.experiments", "adversarial.lab.connectfour_lab", "adversarial.lab.matches",
      "adversarial.lab.plots", "adversarial.lab.engine_lab", "adversarial.lab.chess_lab"]),
    ("exercises", "Exercise checks",
     "The checks the notebooks' exercises call: an answer in, a verdict and a hint out.",
     ["adversarial.exercises"]),
]

def modules_present(names: list[str]) -> list[str]:
    """The modules of ``names`` that exist in this checkout (the package's layout may move on)."""
    found = []
    for name in names:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:          # a module that exists but needs something missing: say so
                raise
            continue
        found.append(name)
    return found


def page_text(title: str, blurb: str, modules: list[str]) -> str:
    lines = [title, "=" * len(title), "", blurb, ""]
    for module in modules:
        lines += [f".. automodule:: {module}", "   :members:", "   :show-inheritance:", ""]
    return "\n".join(lines)


def write_pages(folder: Path) -> list[str]:
    """Write ``reference/*.rst`` into the Sphinx source ``folder``; return the pages' names for the toctree."""
    out = folder / "reference"
    out.mkdir(parents=True, exist_ok=True)
    names = []
    index = ["API reference", "=============", "",
             "Every public name of the ``adversarial`` package, generated from its docstrings.", "",
             ".. toctree::", "   :maxdepth: 2", ""]
    for page, title, blurb, modules in PAGES:
        present = modules_present(modules)
        if not present:
            continue
        (out / f"{page}.rst").write_text(page_text(title, blurb, present))
        index.append(f"   {page}")
        names.append(f"reference/{page}")
    (out / "index.rst").write_text("\n".join(index) + "\n")
    return ["reference/index"] + names


def public_names() -> dict[str, str]:
    """{name: 'module.qualname'} for every public function and class the package exports at its top level
    or documents on a reference page (first module wins)."""
    import adversarial
    targets = {}
    for name in [*adversarial.__all__, "Stepper"]:        # Stepper: imported by name, not in __all__
        obj = getattr(adversarial, name)
        if inspect.isfunction(obj) or inspect.isclass(obj):
            targets[name] = f"{obj.__module__}.{obj.__qualname__}"
    for _, _, _, modules in PAGES:
        for module_name in modules_present(modules):
            module = importlib.import_module(module_name)
            for name in getattr(module, "__all__", []):
                obj = getattr(module, name, None)
                if (inspect.isfunction(obj) or inspect.isclass(obj)) and name not in targets:
                    targets[name] = f"{obj.__module__}.{obj.__qualname__}"
    return targets


def link_names(markdown: str, targets: dict[str, str], seen: set[str]) -> str:
    """Link the first mention of each public name in a lesson page (``alphabeta`` or ``alphabeta(...)`` in
    backticks) to its reference entry; ``seen`` carries what was linked earlier on the same page."""
    def replace(match):
        whole, name = match.group(0), match.group(1)
        if name not in targets or name in seen:
            return whole
        seen.add(name)
        return f"{{py:obj}}`{whole.strip('`')} <{targets[name]}>`"
    # `name` or `name(...)` not already inside a link or a role
    return re.sub(r"(?<![\]\w{}>])`([A-Za-z_][A-Za-z0-9_]*)(?:\([^`]*\))?`(?!\s*<)", replace, markdown)
