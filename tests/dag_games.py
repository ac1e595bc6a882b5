"""Small random games WITH transpositions, for property tests against plain minimax.

A state is a pair ``(a, b)`` of counters. A move adds 1 or 2 to ``a`` or 1 to ``b``,
so the same state is reached by different paths and at different depths
(``(2, 0)`` by ``a+2`` after one move, or by ``a+1, a+1`` after two). Who moves,
which states end the game, the scores and the heuristic evaluation are drawn
from a seed, per state, so the same state always looks the same.
"""

from __future__ import annotations

import random

from adversarial import MAX, MIN

MOVES = ("a+1", "a+2", "b+1")


class DagGame:
    """A seeded random game on counters ``(a, b)``; the game ends when ``a + b >= size``."""

    def __init__(self, seed: int, size: int = 5, low: int = -3, high: int = 3):
        self.seed, self.size = seed, size
        rng = random.Random(seed)
        self.players, self.scores, self.guesses, self.stops = {}, {}, {}, {}
        for a in range(size + 2):
            for b in range(size + 1):
                self.players[a, b] = rng.choice((MAX, MIN))    # the same side may move twice
                self.scores[a, b] = rng.randint(low, high)     # small range: many ties
                self.guesses[a, b] = rng.randint(low, high)
                self.stops[a, b] = rng.random() < 0.15         # some games end early
        self.stops[0, 0] = False

    def __repr__(self) -> str:
        return f"DagGame(seed={self.seed}, size={self.size})"

    def initial_state(self):
        return (0, 0)

    def to_move(self, state):
        return self.players[state]

    def actions(self, state):
        return MOVES

    def result(self, state, move):
        a, b = state
        return {"a+1": (a + 1, b), "a+2": (a + 2, b), "b+1": (a, b + 1)}[move]

    def is_terminal(self, state):
        return sum(state) >= self.size or self.stops[state]

    def utility(self, state):
        return self.scores[state]

    def evaluate(self, state):
        return self.guesses[state]
