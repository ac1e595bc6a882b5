"""``describe``: the words of a picture (a drawing, a stepper's step, a tree and its search), for a screen
reader or for anyone who asks. The words themselves are made in :mod:`adversarial.drawing.words`.

>>> from adversarial import tree, alphabeta
>>> t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
>>> print(describe(t, alphabeta(t, trace=True), step=9).lines[0])
Step 9 of 29: Leaf F is worth 6.
"""

from __future__ import annotations

from . import render
from .words import Description


def describe(what, result=None, *, step: int | None = None) -> Description:
    """The words of a picture: its short name and its long description (see the module docstring).

    Args:
        what: a drawing (what ``draw`` or ``result.draw()`` returned), a :class:`~adversarial.Stepper`
            (its current step), an MCTS result, or a tree / nested list / game to draw.
        result: with a tree or game, a search result made with ``trace=True``.
        step: with a result, describe the search after its first ``step`` events.

    >>> from adversarial import tree
    >>> describe(tree([[3, 5], [2]])).name
    'Game tree with 3 levels and 3 leaves, MAX at the root'
    """
    if isinstance(what, Description):
        return what
    if isinstance(what, render.Drawing):
        if result is not None or step is not None:
            raise TypeError("describe(drawing) takes no result or step: the drawing already shows one; "
                            "to describe another step, draw it: describe(draw(t, r, step=3))")
        return what.description
    if hasattr(what, "drawing") and hasattr(what, "trace"):           # a Stepper: what it shows now
        return what.drawing.description
    if hasattr(what, "iterations") and callable(getattr(what, "draw", None)):   # an MCTS result
        return what.draw().description
    return render.draw(what, result, step=step).description


__all__ = ["describe", "Description"]
