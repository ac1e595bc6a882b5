"""The stepper: walk a search one event at a time, with the drawing updated in place.

>>> from adversarial import tree
>>> s = Stepper(tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]]))
>>> s.step(); s.step(); s.sentence
'Enter MIN node A with α = −∞, β = +∞.'
>>> s
Stepper(alphabeta on Tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]]): step 2 of 29)
"""

from __future__ import annotations

import ast
import html

import ipywidgets as w

from . import render
from .search import alphabeta, minimax, negamax
from .themes import theme_style
from .trace import Leaf
from .tree import Tree, tree

ALGORITHMS = {"alphabeta": alphabeta, "minimax": minimax, "negamax": negamax}


class Stepper(w.VBox):
    """Step / Back / Run / Reset through a traced search, with a slider over its events.

    Args:
        game: a tree (or nested list) or a game small enough to draw.
        algorithm: 'alphabeta' (default), 'minimax' or 'negamax'.
        editable: show a text box with the tree's nested list, to try other leaves.
        theme: drawing theme ('notebook' or 'projector'; default: the current theme).
        **options: passed to the search (prune_on_equal=, depth=, order=, ...).
    """

    def __init__(self, game, algorithm: str = "alphabeta", *, editable: bool = False,
                 theme: str | None = None, **options):
        if algorithm not in ALGORITHMS:
            raise ValueError(f"unknown algorithm {algorithm!r}; choose one of {', '.join(ALGORITHMS)}")
        self.algorithm, self.options, self.theme = algorithm, options, theme
        self.picture = w.HTML().add_class("adversarial-drawing")
        self.explanation = w.HTML().add_class("adversarial-explanation")
        self.counter_box = w.HTML().add_class("adversarial-counters")
        self.error = w.HTML().add_class("adversarial-error")
        self.slider = w.IntSlider(min=0, value=0, description="event", continuous_update=True,
                                  layout=w.Layout(width="60%")).add_class("adversarial-slider")
        self.player = w.Play(min=0, interval=700, description="Run").add_class("adversarial-run")
        w.jslink((self.player, "value"), (self.slider, "value"))
        buttons = []
        for name, action in (("Back", self.back), ("Step", self.step), ("Reset", self.reset)):
            button = w.Button(description=name).add_class(f"adversarial-{name.lower()}")
            button.style.font_size = theme_style(theme)["text"]
            button.on_click(lambda _, act=action: act())
            buttons.append(button)
        self.buttons = buttons
        controls = w.HBox([buttons[0], buttons[1], self.player, buttons[2], self.slider])
        rows = [self.picture, controls, self.explanation, self.counter_box, self.error]
        if editable:
            self.leaves = w.Text(description="leaves", continuous_update=False,
                                 layout=w.Layout(width="80%")).add_class("adversarial-leaves-input")
            rows.insert(0, self.leaves)
        else:
            self.leaves = None
        super().__init__(rows)
        self.add_class("adversarial-stepper")
        self._load(game)
        self.slider.observe(lambda change: self._show(), names="value")
        if self.leaves is not None:
            self.leaves.observe(lambda change: self._edit(change["new"]), names="value")

    # -- what a button does ----------------------------------------------------
    @property
    def position(self) -> int:
        """How many events have happened (0 = before the search starts)."""
        return self.slider.value

    def goto(self, k: int) -> None:
        self.slider.value = max(0, min(int(k), len(self.trace)))

    def step(self) -> None:
        self.goto(self.position + 1)

    def back(self) -> None:
        self.goto(self.position - 1)

    def reset(self) -> None:
        self.goto(0)

    @property
    def sentence(self) -> str:
        """The event just done, in one sentence."""
        if self.position == 0:
            return "Press Step to start the search."
        return self.trace.explain(self.position - 1)

    @property
    def counters(self) -> dict:
        """Leaves evaluated so far, and leaves the search has already decided to skip."""
        return self._counters(self.drawing)

    def _counters(self, drawing) -> dict:
        evaluated = sum(isinstance(e, Leaf) for e in self.trace.events[:self.position])
        saved = sum(1 for path, status in drawing.status.items()
                    if status == "pruned" and self._is_leaf(path))
        return {"leaves evaluated": evaluated, "leaves saved": saved}

    # -- internals ---------------------------------------------------------------
    def _load(self, game) -> None:
        self.game = game if not isinstance(game, (list, tuple)) else tree(game)
        self.result = ALGORITHMS[self.algorithm](self.game, trace=True, **self.options)
        self.trace = self.result.trace
        render.draw(self.game, self.result, theme=self.theme)        # fails early if too large
        self.slider.max = self.player.max = len(self.trace)
        if self.leaves is not None and isinstance(self.game, Tree):
            self.leaves.value = str(self.game.to_list())
        self.error.value = ""
        self.slider.value = 0
        self._show()

    def _edit(self, text: str) -> None:
        try:
            spec = ast.literal_eval(text)
            new = tree(spec, root_player=self.game.root_player)
            self._load(new)
        except (ValueError, TypeError, SyntaxError) as error:
            self.error.value = (f"<span style='color:#b3261e'>Could not use these leaves: "
                                f"{html.escape(str(error))}</span>")

    @property
    def drawing(self):
        """The drawing at the current position (what the picture shows)."""
        return render.draw(self.game, self.result, step=self.position, theme=self.theme)

    def _is_leaf(self, path) -> bool:
        if isinstance(self.game, Tree):
            return self.game.node(path).is_leaf
        return True

    def _show(self) -> None:
        size = theme_style(self.theme)["text"]
        drawing = self.drawing                     # built once per step: the picture and the counters
        self.picture.value = drawing.svg()
        self.explanation.value = f"<div style='font-size:{size}'>{html.escape(self.sentence)}</div>"
        counters = self._counters(drawing)
        self.counter_box.value = (f"<div style='font-size:{size}'>leaves evaluated: "
                                  f"{counters['leaves evaluated']} &nbsp;·&nbsp; leaves saved so far: "
                                  f"{counters['leaves saved']}</div>")

    def __repr__(self) -> str:
        return (f"Stepper({self.algorithm} on {self.game!r}: step {self.position} of "
                f"{len(self.trace)})")
