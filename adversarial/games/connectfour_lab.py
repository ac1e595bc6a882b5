"""Experiments with Connect Four engines: seeded matches between evaluations, and lines of play to draw.

>>> from adversarial.games.connectfour_eval import no_evaluation, open_windows
>>> m = match(open_windows, no_evaluation, depth=1, openings=2, seed=0)
>>> m.games, m.wins + m.draws + m.losses
(4, 4)

A **match** (:func:`adversarial.matches.match`, with Connect Four players) plays every
opening twice, once with each evaluation as X: after the opening, each side picks its
move by a depth-limited alpha-beta search with its own evaluation (ties go to the most
central column), so a match is fully reproducible. The openings are drawn with a seeded
random generator from all 49 two-move starts,
so both evaluations play the same variety of positions.
"""

from __future__ import annotations

import html
import random
import re

from ..formatting import Table
from ..matches import Match, play
from ..matches import match as general_match
from ..search import alphabeta
from .connectfour import ConnectFour, Position, centre_first

_GAME = ConnectFour()


def engine_move(p: Position, evaluate, depth: int):
    """The column a depth-limited alpha-beta search with ``evaluate`` plays at ``p``."""
    return alphabeta(_GAME, p, depth=depth, evaluate=evaluate, order=centre_first).move


def engine_player(evaluate, depth: int = 2):
    """A player (see :mod:`adversarial.matches`) that moves by :func:`engine_move`, named after ``evaluate``."""
    def player(game, p):
        return engine_move(p, evaluate, depth)
    player.__name__ = _name(evaluate)
    return player


def play_game(evaluate_x, evaluate_o, depth: int = 2, opening: str = "") -> Position:
    """A whole game after ``opening``: X moves by ``evaluate_x``'s search, O by ``evaluate_o``'s."""
    return play(_GAME, engine_player(evaluate_x, depth), engine_player(evaluate_o, depth), state=_GAME.play(opening))


MatchResult = Match      # the old name of a Connect Four match's result: it is adversarial.matches.Match


def _name(evaluate) -> str:
    return getattr(evaluate, "__name__", "evaluate")


def openings(count: int, seed: int, length: int = 2) -> list[str]:
    """``count`` different openings of ``length`` moves, drawn with ``random.Random(seed)``
    from all 7**length of them (Connect Four's, as move strings)."""
    every = [""]
    for _ in range(length):
        every = [o + str(c) for o in every for c in range(1, 8)]
    if not 1 <= count <= len(every):
        raise ValueError(f"openings must be between 1 and {len(every)}, got {count}")
    return random.Random(seed).sample(every, count)


def match(first, second, *, depth: int = 2, openings: int = 4, seed: int = 0) -> Match:
    """Play each of ``openings`` seeded openings twice (each evaluation once as X); count for ``first``.

    :func:`adversarial.matches.match` with :func:`engine_player` players; the games' final
    positions are in ``finals`` (``finals[i].history`` is a game's move string).
    """
    return general_match(_GAME, engine_player(first, depth), engine_player(second, depth),
                         openings=_openings(openings, seed), seed=seed)


_openings = openings


def standings(evaluations, *, depth: int = 2, openings: int = 4, seed: int = 0) -> Table:
    """Every pair of evaluations in a match: a win/draw/loss table (from the row's point of view)."""
    rows = []
    for i, a in enumerate(evaluations):
        for b in evaluations[i + 1:]:
            m = match(a, b, depth=depth, openings=openings, seed=seed)
            rows.append([m.first, m.second, m.wins, m.draws, m.losses])
    return Table.from_lists(["evaluation", "against", "wins", "draws", "losses"], rows)


def estimate_tree_size(game, playouts: int = 1000, seed: int = 0) -> tuple[float, float]:
    """Knuth's estimate of a game tree's size: (complete games, nodes), from random playouts.

    Along one random game, the product of the numbers of legal moves met so far is an unbiased
    estimate of how many nodes the tree has at that depth (each choice stands for its
    siblings); the mean over many playouts converges to the true size. Checked on tic-tac-toe,
    whose tree can be counted exactly.
    """
    if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
        raise ValueError(f"playouts must be a whole number, 1 or more, got {playouts!r}")
    rng = random.Random(seed)
    games = nodes = 0.0
    for _ in range(playouts):
        state, weight, total = game.initial_state(), 1, 1
        while not game.is_terminal(state):
            moves = game.actions(state)
            weight *= len(moves)
            total += weight
            state = game.result(state, rng.choice(moves))
        games += weight
        nodes += total
    return games / playouts, nodes / playouts


# -- lines of play, for drawing what a search expects ----------------------------------

class Along:
    """The game seen along one line: at the states of ``line`` only its next move is legal.

    Searching ``Along(game, start, moves)`` gives a chain of boards that ``draw`` can show with
    a board in every node: what a search expects to happen, and what it sees at the end.
    """

    def __init__(self, game, start, moves):
        self._game, self._next = game, {}
        state = start
        for m in moves:
            self._next[state] = m
            state = game.result(state, m)

    def actions(self, state):
        if state in self._next:
            return (self._next[state],)
        return self._game.actions(state)

    def __getattr__(self, name):
        return getattr(self._game, name)


def draw_line(game, start, moves, evaluate, *, theme=None):
    """Draw the line ``moves`` from ``start`` as a chain of boards, scored at its end by ``evaluate``."""
    from ..render import draw
    along = Along(game, start, moves)
    result = alphabeta(along, start, depth=len(moves), evaluate=evaluate, trace=True)
    return draw(along, result, theme=theme)


class SideBySide:
    """Two or more drawings in one picture, left to right, each with a caption."""

    def __init__(self, *drawings, captions=()):
        self.drawings, self.captions = drawings, list(captions) + [""] * len(drawings)

    def svg(self) -> str:
        parts, x, height = [], 0.0, 0.0
        for drawing, caption in zip(self.drawings, self.captions):
            svg = drawing.svg()
            w = float(re.search(r'width="([\d.]+)pt"', svg).group(1))
            h = float(re.search(r'height="([\d.]+)pt"', svg).group(1))
            inner = re.sub(r"^.*?<svg", "<svg", svg, flags=re.S)
            inner = re.sub(r'<svg width="[\d.]+pt" height="[\d.]+pt"',
                           f'<svg x="{x:g}" y="24" width="{w:g}" height="{h:g}"', inner, count=1)
            slot = max(w, 7.5 * len(caption))                 # room for the caption (about 7.5pt a letter)
            inner = inner.replace(f'<svg x="{x:g}"', f'<svg x="{x + (slot - w) / 2:g}"', 1)
            parts.append(f"<text x='{x + slot / 2:g}' y='16' text-anchor='middle' font-family='sans-serif' "
                         f"font-size='14'>{html.escape(caption)}</text>{inner}")
            x, height = x + slot + 30, max(height, h)
        return (f"<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' "
                f"width='{x:g}pt' height='{height + 24:g}pt' viewBox='0 0 {x:g} {height + 24:g}'>"
                + "".join(parts) + "</svg>")

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        return {"image/svg+xml": self.svg(), "text/plain": repr(self)}

    def __repr__(self) -> str:
        return " | ".join(f"{c}: {d!r}" if c else repr(d) for d, c in zip(self.drawings, self.captions))


__all__ = ["estimate_tree_size", "match", "play_game", "engine_move", "engine_player", "standings", "openings",
           "MatchResult", "Table", "Along", "draw_line", "SideBySide"]
