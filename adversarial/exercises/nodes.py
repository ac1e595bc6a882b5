"""The node a student's search gets in the checks of alpha-beta and PVS (:mod:`.alphabeta`, :mod:`.engine`).

It lives alone in this module: a graded hand-in's function is handed these nodes while a check runs, and
nothing of the checks (their reference searches) is reachable from them, not even through their methods'
globals (tools/grading_kernel.py keeps the rest out of reach).
"""

from __future__ import annotations


class ExerciseNode:
    """A node of the tree a student's alpha-beta searches; reading ``value`` is recorded."""

    __slots__ = ("_log", "_value", "children", "label", "path", "player")

    def __init__(self, path, player, label, value, children, log):
        self.path, self.player, self.label = path, player, label
        self._value, self.children, self._log = value, children, log

    @property
    def is_leaf(self) -> bool:
        """True at a leaf (the game is over here)."""
        return not self.children

    @property
    def value(self):
        """The score of a leaf, or the estimate of an inner node: reading it evaluates the node."""
        self._log.append(self.path)
        return self._value

    def __repr__(self) -> str:
        if self.is_leaf:
            return f"<leaf {self.label}>"
        return f"<{self.player} node {self.label}: {len(self.children)} children>"
