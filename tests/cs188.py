"""Read UC Berkeley CS188's multi-agent autograder graph tests into the game protocol.

A ``.test`` file lists named states, their successors (``state action next``),
win/lose states, evaluation values, the number of agents and a depth counted in
full rounds (every agent moves once per round). Agent 0 (Pacman) is MAX; the
ghosts, agents 1.., are MIN and move one after another. The ``.solution`` file
gives the action the agent must choose and every state it must generate.
"""

from __future__ import annotations

import re
from pathlib import Path

from adversarial import MAX, MIN

FIELD = re.compile(r'^(\w+): *(?:"""\n(.*?)\n"""|"([^"\n]*)")', re.S | re.M)


def parse(path: Path) -> dict[str, str]:
    """The ``key: "value"`` and ``key: \"\"\"...\"\"\"`` fields of a test or solution file."""
    text = path.read_text()
    return {m.group(1): m.group(2) if m.group(2) is not None else m.group(3)
            for m in FIELD.finditer(text)}


class GraphGame:
    """A CS188 graph test as a game. A state is ``(name, ply)``: which agent moves is ``ply % agents``."""

    def __init__(self, fields: dict[str, str]):
        self.agents = int(fields["num_agents"])
        self.rounds = int(fields["depth"])
        self.start = fields["start_state"]
        self.win = set(fields.get("win_states", "").split())
        self.lose = set(fields.get("lose_states", "").split())
        self.successors: dict[str, list[tuple[str, str]]] = {}
        for line in fields["successors"].splitlines():
            if line.strip():
                state, action, child = line.split()
                self.successors.setdefault(state, []).append((action, child))
        self.values = {}
        for line in fields["evaluation"].splitlines():
            if line.strip():
                state, value = line.split()
                self.values[state] = float(value)

    @property
    def depth(self) -> int:
        """The depth limit in single moves (plies): every agent moves once per round."""
        return self.rounds * self.agents

    def initial_state(self):
        return (self.start, 0)

    def to_move(self, state):
        return MAX if state[1] % self.agents == 0 else MIN

    def actions(self, state):
        return [action for action, _ in self.successors.get(state[0], [])]

    def result(self, state, action):
        name, ply = state
        return (dict(self.successors[name])[action], ply + 1)

    def is_terminal(self, state):
        return state[0] in self.win or state[0] in self.lose or state[0] not in self.successors

    def utility(self, state):
        return self.values[state[0]]

    def evaluate(self, state):
        return self.values[state[0]]

    def label(self, path):
        state = self.initial_state()
        for action in path:
            state = self.result(state, action)
        return state[0]
