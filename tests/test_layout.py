"""The package's plan: no import circle (a module stands above everything it imports), and every search
result answers the same questions (value, move, stats, algorithm) so one table compares them all."""

import ast
from pathlib import Path

import adversarial
from adversarial import alphabeta, mcts, tree
from adversarial.beyond.deepening import iterative_deepening
from adversarial.search import Stats

PACKAGE = Path(adversarial.__file__).parent


def import_arrows() -> dict:
    """module -> the package modules it imports, anywhere in its code (inside functions too)."""
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ("adversarial",) + path.relative_to(PACKAGE).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    arrows = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        arrows[name] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                subs = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in modules]
                arrows[name] |= {t for t in (subs or [target]) if t in modules and t != name}
            elif isinstance(node, ast.Import):
                arrows[name] |= {a.name for a in node.names if a.name in modules and a.name != name}
    return arrows


def circles(arrows: dict) -> list:
    """Modules that reach themselves through the arrows (the package's __init__ re-exports are left out)."""
    def reach(start):
        seen, todo = set(), [start]
        while todo:
            for nxt in arrows[todo.pop()]:
                if nxt != "adversarial" and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen
    return sorted(m for m in arrows if m != "adversarial" and m in reach(m))


def test_no_module_imports_one_that_imports_it_back():
    arrows = import_arrows()
    assert arrows["adversarial.tree"] >= {"adversarial.game", "adversarial.formatting"}    # the finder finds arrows
    assert circles(arrows) == []
    assert not arrows["adversarial.game"] and not arrows["adversarial.formatting"]         # the bottom layer
    assert "adversarial.games.connectfour" not in arrows["adversarial.games.connectfour_solver"]


def test_the_circle_finder_sees_a_circle():
    assert circles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == ["a", "b"]


def test_drawing_helpers_live_with_the_drawing():
    import adversarial.beyond.mcts
    import adversarial.drawing.render as render
    import adversarial.search
    assert hasattr(render, "draw_tree") and not hasattr(adversarial.mcts, "draw_tree")
    assert hasattr(render, "searched_game") and not hasattr(adversarial.search, "searched_game")


def test_every_search_result_has_stats_and_an_algorithm():
    t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    results = [alphabeta(t), mcts(t, iterations=40, seed=0), iterative_deepening(t, evaluate=lambda s: 0, max_depth=2)]
    for r in results:
        assert isinstance(r.stats, Stats) and r.stats.nodes > 0 and isinstance(r.algorithm, str)
    assert [r.algorithm for r in results] == ["alphabeta", "mcts", "iterative deepening (alphabeta)"]
    assert results[1].stats.leaves == 40 and results[1].stats.nodes == results[1].tree.size()


def test_every_old_module_path_imports_the_module_at_its_new_place():
    import importlib
    for old, new in adversarial.MOVED.items():
        assert importlib.import_module(old) is importlib.import_module(new), old
    from adversarial import draw, ordering  # a package attribute and an old path side by side
    from adversarial.drawing.render import draw as drawn
    assert draw is drawn and ordering.__name__ == "adversarial.beyond.ordering"
    # `adversarial.mcts` was a module path and is a function: importing the old path keeps the function
    from adversarial.mcts import mcts as same

    from adversarial import mcts as search
    assert search is same and adversarial.mcts is same
    import sys
    assert adversarial.tree is sys.modules["adversarial.tree"].tree


def test_an_old_module_path_leaves_the_module_its_own_spec():
    """Python 3.12+ warns at every relative import of a module whose __spec__ names another package."""
    import importlib
    import warnings
    for old, new in adversarial.MOVED.items():
        module = importlib.import_module(old)
        assert module.__spec__.name == new and module.__spec__.parent == module.__package__, old
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from adversarial.render import draw
        draw(tree([[1, 2], [3]]), alphabeta(tree([[1, 2], [3]]), trace=True))


def test_the_top_holds_only_the_core():
    top = sorted(p.stem for p in PACKAGE.glob("*.py"))
    assert top == ["__init__", "formatting", "game", "search", "trace", "tree"]
    folders = sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists())
    assert folders == ["beyond", "drawing", "exercises", "games", "lab", "widgets"]


def test_help_opens_with_what_a_newcomer_needs_and_is_not_swamped_by_the_widgets():
    import pydoc
    text = pydoc.render_doc(adversarial, renderer=pydoc.plaintext)
    opening = text[:3500]
    for needed in ("README", "reference", "Trees", "Searches", "Pictures", "Games", "Adapters", "from_aima",
                   "Stepper(t)"):
        assert needed in opening, needed
    assert opening.index("Trees") < opening.index("Old import paths")
    # was 1,296 lines on 3.11, 540 of them the Stepper's (VBox's members); now about 780 (920 on 3.13's pydoc)
    assert "class Stepper" not in text and "VBox" not in text and len(text.splitlines()) < 1000
    from adversarial import Stepper  # still imported by name
    assert Stepper.__name__ == "Stepper"
