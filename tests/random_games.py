"""A seeded random game with transpositions, for property tests against plain minimax.

A state is ``(a, b)``. A move adds 1 to ``a``, 2 to ``a`` or 1 to ``b``, so one state is
reached by several paths and at several depths ((2, 0) after one move or after two).
Who moves, where the game stops early, the scores and the heuristic guesses are drawn
per state from the seed, so a state always looks the same whichever path reached it.
The same side may move twice in a row. (The engine branch has a similar ``DagGame``;
this one is kept apart so the two branches merge without touching each other's files.)
"""

from __future__ import annotations

import random

from adversarial import MAX, MIN

STEPS = {"a+1": (1, 0), "a+2": (2, 0), "b+1": (0, 1)}


class TranspositionGame:
    """Random game on counters (a, b); it ends when a + b reaches ``size`` or at a random stop."""

    def __init__(self, seed: int, size: int = 5, low: int = -4, high: int = 4, floats: bool = False):
        rng = random.Random(seed)
        self.seed, self.size = seed, size
        self.info = {}
        for a in range(size + 2):
            for b in range(size + 1):
                score = rng.uniform(low, high) if floats else rng.randint(low, high)
                self.info[a, b] = (rng.choice((MAX, MIN)), score, rng.randint(low, high),
                                   (a, b) != (0, 0) and rng.random() < 0.15)

    def __repr__(self):
        return f"TranspositionGame(seed={self.seed}, size={self.size})"

    def initial_state(self):
        return (0, 0)

    def to_move(self, state):
        return self.info[state][0]

    def actions(self, state):
        return tuple(STEPS)

    def result(self, state, move):
        da, db = STEPS[move]
        return (state[0] + da, state[1] + db)

    def is_terminal(self, state):
        return sum(state) >= self.size or self.info[state][3]

    def utility(self, state):
        return self.info[state][1]

    def evaluate(self, state):
        return self.info[state][2]
