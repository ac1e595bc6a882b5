"""Experiments with Connect Four engines: seeded matches between evaluations, the same experiments
over many seeds or positions with their spread, and lines of play to draw.

The package's one Connect Four lab (notebooks 5 and 6): a match is :func:`adversarial.lab.matches.match`
with Connect Four players, a spread :func:`adversarial.lab.experiments.spread`, deepening
:func:`adversarial.beyond.deepening.iterative_deepening`. The old paths
``adversarial.games.connectfour_lab`` and ``adversarial.games.connectfour_spread`` import this module.

>>> from adversarial.games.connectfour_eval import no_evaluation, open_windows
>>> m = match(open_windows, no_evaluation, depth=1, openings=2, seed=0)
>>> m.games, m.wins + m.draws + m.losses
(4, 4)

A **match** (:func:`adversarial.lab.matches.match`, with Connect Four players) plays every
opening twice, once with each evaluation as X: after the opening, each side picks its
move by a depth-limited alpha-beta search with its own evaluation (ties go to the most
central column), so a match is fully reproducible. The openings are drawn with a seeded
random generator from all 49 two-move starts,
so both evaluations play the same variety of positions.
"""

from __future__ import annotations

import functools
import html
import random
import re
import statistics
from dataclasses import dataclass

from ..beyond import settings
from ..beyond.deepening import iterative_deepening, previous_best_first
from ..formatting import Table
from ..games.connectfour import ConnectFour, Position, centre_first
from ..games.connectfour_eval import centre_control, no_evaluation, open_windows
from ..search import alphabeta
from .ahead import remembered
from .experiments import Spread, _number, spread
from .matches import Match, play
from .matches import match as general_match
from .progress import Progress, progress

_GAME = ConnectFour()


# The package's evaluations are pure functions of the position, so the move a search with one of them makes
# at a position is remembered: a game met before (the 49 openings repeat across seeds) costs no search.
_PURE = (no_evaluation, centre_control, open_windows)


def engine_move(p: Position, evaluate, depth: int):
    """The column a depth-limited alpha-beta search with ``evaluate`` plays at ``p``.

    With one of the package's evaluations the answer for a position is remembered (the search is
    deterministic), so replaying a game costs nothing; any other ``evaluate`` is searched every time.
    """
    if evaluate in _PURE:        # remembered with the settings it reads (connectfour_eval.WINDOW_POINTS ...)
        return _remembered_move(p, evaluate, depth, tuple(sorted(settings.of(evaluate).items())))
    return _searched_move(p, evaluate, depth)


def _searched_move(p: Position, evaluate, depth: int, settings_read=None):
    return alphabeta(_GAME, p, depth=depth, evaluate=evaluate, order=centre_first).move


_remembered_move = functools.lru_cache(maxsize=1 << 17)(_searched_move)   # positions are equal by their discs


def engine_player(evaluate, depth: int = 2):
    """A player (see :mod:`adversarial.lab.matches`) that moves by :func:`engine_move`, named after ``evaluate``."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be a whole number of moves, 1 or more (2 is quick), got {depth!r}: a player "
                         "must look at least one move ahead, and Connect Four is too big to search to the end")
    if not callable(evaluate):
        raise TypeError(f"evaluate must be a function of a position (e.g. open_windows), got {evaluate!r}")

    def player(game, p):
        return engine_move(p, evaluate, depth)
    player.__name__ = _name(evaluate)
    return player


def play_game(evaluate_x, evaluate_o, depth: int = 2, opening: str = "") -> Position:
    """A whole game after ``opening``: X moves by ``evaluate_x``'s search, O by ``evaluate_o``'s."""
    return play(_GAME, engine_player(evaluate_x, depth), engine_player(evaluate_o, depth), state=_GAME.play(opening))


MatchResult = Match      # the old name of a Connect Four match's result: it is adversarial.lab.matches.Match


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

    :func:`adversarial.lab.matches.match` with :func:`engine_player` players; the games' final
    positions are in ``finals`` (``finals[i].history`` is a game's move string).
    """
    return general_match(_GAME, engine_player(first, depth), engine_player(second, depth),
                         openings=_openings(openings, seed), seed=seed)


_openings = openings


# -- the same experiment over many seeds or positions, with its spread ------------------------

def _seeds(seeds) -> tuple:
    seeds = tuple(seeds)
    if not seeds:
        raise ValueError("give at least one seed, e.g. seeds=range(1, 9)")
    return seeds


@remembered
def matches_over_seeds(first, second, *, depth: int = 2, openings: int = 10, seeds=range(1, 9)) -> tuple:
    """One :func:`match` per seed (each its own openings)."""
    return tuple(match(first, second, depth=depth, openings=openings, seed=s)
                 for s in progress(_seeds(seeds), "matches"))            # shown while it takes long


@remembered
def standings_over_seeds(evaluations, *, depth: int = 2, openings: int = 10, seeds=range(1, 9)) -> Table:
    """Every pair of evaluations in one match per seed: each seed's wins-draws-losses (row's view),
    on how many seeds the row's evaluation came out ahead, even and behind, and the spread of its
    wins minus losses."""
    seeds = _seeds(seeds)
    rows = []
    pairs = [(a, b) for i, a in enumerate(evaluations) for b in evaluations[i + 1:]]
    with Progress(len(pairs) * len(seeds), "matches") as meter:     # shown while it takes long
        for a, b in pairs:
            ms = []
            for s in seeds:
                ms.append(match(a, b, depth=depth, openings=openings, seed=s))
                meter.advance()
            net = [m.wins - m.losses for m in ms]
            ahead, even = sum(n > 0 for n in net), sum(n == 0 for n in net)
            rows.append([_name(a), _name(b)] + [f"{m.wins}-{m.draws}-{m.losses}" for m in ms]
                        + [f"{ahead}/{even}/{len(net) - ahead - even}",
                           f"{_number(statistics.median(net))} ({min(net):+d} to {max(net):+d})"])
    header = (["evaluation", "against"] + [f"seed {s}" for s in seeds]
              + ["ahead/even/behind", "wins − losses: median (range)"])
    return Table.from_lists(header, rows)


def played_positions(count: int, stones: int, seed: int, *, evaluations=None, depth: int = 2) -> list[str]:
    """``count`` positions met in engine games, each after ``stones`` moves of a game not yet over.

    The games are played by depth-``depth`` searches with two evaluations (default ``open_windows``
    as X against ``centre_control``, then the other way round) from the 49 two-move openings in a seeded order, so
    the positions look like the ones an engine meets rather than random play (which leaves an
    immediate win on the board in most positions).
    """
    from ..games.connectfour_eval import centre_control, open_windows
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"count must be a whole number, 1 or more, got {count!r}")
    if isinstance(stones, bool) or not isinstance(stones, int) or not 2 <= stones < 42:
        raise ValueError(f"stones must be a whole number from 2 to 41, got {stones!r}")
    a, b = evaluations or (open_windows, centre_control)
    found = []
    for opening in openings(49, seed=seed):            # all 49 two-move openings, in a seeded order
        for x, o in ((a, b), (b, a)):
            end = play_game(x, o, depth, opening)
            if end.count > stones and str(end.history)[:stones] not in found:
                found.append(str(end.history)[:stones])
                if len(found) == count:
                    return found
    raise ValueError(f"only {len(found)} of the 98 games from two-move openings last more than {stones} moves: "
                     "ask for fewer positions or fewer stones")


@dataclass(frozen=True)
class DeepeningCost:
    """Nodes for one position: one search to ``depth``, and iterative deepening up to it,
    without and with the previous iteration's best move tried first at the root."""
    moves: str
    depth: int
    single: int
    deepening: int
    ordered: int


def deepening_costs(positions, *, depth: int, evaluate, game=_GAME) -> tuple:
    """What iterative deepening to ``depth`` costs against one search to ``depth``, position by position.

    All three searches use the game's own move order, except that the ordered deepening tries the
    previous iteration's best move first at the root (:func:`~adversarial.beyond.deepening.previous_best_first`).
    """
    costs = []
    for moves in progress(positions, "positions"):                       # shown while it takes long
        p = game.play(moves)
        single = alphabeta(game, p, depth=depth, evaluate=evaluate).stats.nodes
        plain = iterative_deepening(game, p, evaluate=evaluate, max_depth=depth).nodes
        ordered = iterative_deepening(game, p, evaluate=evaluate, max_depth=depth,
                                      order_from=lambda previous, p=p: previous_best_first(previous, root=p)).nodes
        costs.append(DeepeningCost(moves, depth, single, plain, ordered))
    return tuple(costs)


@remembered
def solver_nodes(positions, **options) -> tuple:
    """Nodes the exact solver needs for each position, with ``options`` as for
    :class:`~adversarial.games.connectfour_solver.Solver` (a technique switched off)."""
    from ..games.connectfour_solver import Solver
    solver, nodes = Solver(**options), []
    for moves in progress(positions, "positions solved"):               # shown while it takes long
        before = solver.nodes
        solver.solve(moves)
        nodes.append(solver.nodes - before)
    return tuple(nodes)


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


def draw_line(game, start, moves, evaluate, *, theme=None, across=None):
    """Draw the line ``moves`` from ``start`` as a chain of boards, scored at its end by ``evaluate``.

    ``across``: the chain runs left to right instead of down; by default it does in the projector theme
    (lecture mode), where a line of five boards down would take two and a half screens."""
    from ..drawing.render import draw
    from ..drawing.themes import theme_style
    along = Along(game, start, moves)
    result = alphabeta(along, start, depth=len(moves), evaluate=evaluate, trace=True)
    if across is None:
        across = theme_style(theme)["heavy"]
    return draw(along, result, theme=theme, across=across)


def _svg_size(svg: str) -> tuple[float, float]:
    """A drawing's width and height in points, as its SVG gives them."""
    w = float(re.search(r'width="([\d.]+)pt"', svg).group(1))  # type: ignore[union-attr]
    h = float(re.search(r'height="([\d.]+)pt"', svg).group(1))  # type: ignore[union-attr]
    return w, h


class SideBySide:
    """Two or more drawings in one picture, each with a caption: left to right, or one under the other when
    they are wider than tall (lines of boards laid across, as :func:`draw_line` does in lecture mode).
    Captions are in the theme's text size."""

    def __init__(self, *drawings, captions=()):
        self.drawings, self.captions = drawings, list(captions) + [""] * len(drawings)

    def svg(self) -> str:
        from ..drawing.themes import theme_style
        font = theme_style()["size"]                          # 14 pt, or 24 in the projector theme
        head, base = 24 * font / 14, 16 * font / 14           # the caption's band above each drawing, its baseline
        svgs = [drawing.svg() for drawing in self.drawings]
        sizes = [_svg_size(svg) for svg in svgs]
        stacked = all(w > h for w, h in sizes)
        parts, x, y, width, height = [], 0.0, 0.0, 0.0, 0.0
        for svg, (w, h), caption in zip(svgs, sizes, self.captions):
            slot = max(w, 7.5 * font / 14 * len(caption))      # room for the caption (7.5 pt a letter at 14 pt)
            inner = re.sub(r"^.*?<svg", "<svg", svg, flags=re.S)
            inner = re.sub(r'<svg width="[\d.]+pt" height="[\d.]+pt"',
                           f'<svg x="{x + (slot - w) / 2:g}" y="{y + head:g}" width="{w:g}" height="{h:g}"',
                           inner, count=1)
            parts.append(f"<text x='{x + slot / 2:g}' y='{y + base:g}' text-anchor='middle' "
                         f"font-family='sans-serif' font-size='{font}'>{html.escape(caption)}</text>{inner}")
            width, height = max(width, x + slot + (0 if stacked else 30)), max(height, y + head + h)
            if stacked:
                y += head + h + font
            else:
                x += slot + 30
        return (f"<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' "
                f"width='{width:g}pt' height='{height:g}pt' viewBox='0 0 {width:g} {height:g}'>"
                + "".join(parts) + "</svg>")

    @property
    def description(self):
        """The words of the pictures, one after another, each under its caption."""
        from ..drawing.words import Description
        words = [d.description for d in self.drawings]
        name = "; ".join(f"{c}: {w.name}" if c else w.name for w, c in zip(words, self.captions))
        lines = [line for w, c in zip(words, self.captions)
                 for line in (f"{c or 'Next picture'}: {w.name}.", *w.lines)]
        return Description(f"{len(words)} drawings side by side: {name}", tuple(lines))

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        from ..drawing.words import html_view, svg_with_words
        svg = svg_with_words(self.svg(), self.description)
        return {"text/html": html_view(svg, self.description), "image/svg+xml": svg, "text/plain": repr(self)}

    def __repr__(self) -> str:
        return " | ".join(f"{c}: {d!r}" if c else repr(d) for d, c in zip(self.drawings, self.captions))


__all__ = ["estimate_tree_size", "match", "play_game", "engine_move", "engine_player", "openings",
           "Spread", "spread", "matches_over_seeds", "standings_over_seeds", "played_positions",
           "DeepeningCost", "deepening_costs", "solver_nodes",
           "MatchResult", "Table", "Along", "draw_line", "SideBySide"]
