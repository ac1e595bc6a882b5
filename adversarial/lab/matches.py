"""Seeded matches between game-playing programs: who wins, and how often.

A *player* is a function ``player(game, state) -> move``. :func:`alphabeta_player`
and :func:`mcts_player` make players from the package's searches; :func:`match`
plays them against each other from a list of openings, each opening twice with
the colours swapped, and counts wins, draws and losses, with the score's bootstrap
interval over the openings.

This is the package's one match: the Connect Four matches between evaluations
(:func:`adversarial.lab.connectfour_lab.match`) and between the rungs of the technique
ladder (:func:`adversarial.lab.engine_lab.play_match`) are this match with game-specific players
and openings; the openings drawn at random are :func:`adversarial.lab.experiments.random_positions`.

>>> from adversarial.games import TicTacToe
>>> game = TicTacToe()
>>> perfect = alphabeta_player()
>>> m = match(game, perfect, perfect, openings=["", "0"])
>>> m
alpha-beta vs alpha-beta: 0 wins, 4 draws, 0 losses (4 games)
>>> print(m)
0 wins, 4 draws, 0 losses: score 0.50 (95% interval 0.50–0.50)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..beyond.mcts import _check_iterations, mcts
from ..game import MAX
from ..search import alphabeta
from .experiments import random_positions
from .progress import progress


def alphabeta_player(depth=None, evaluate=None, order=None, name=None):
    """A player that moves by alpha-beta search (``depth``-limited with ``evaluate``, or to the end).

    Alpha-beta is deterministic: from the same position it always plays the same move.
    """
    def player(game, state):
        return alphabeta(game, state, depth=depth, evaluate=evaluate, order=order).move
    player.__name__ = name or ("alpha-beta" + (f" depth {depth}" if depth is not None else ""))
    return player


def mcts_player(iterations=1000, seed=0, name=None):
    """A player that moves by MCTS with ``iterations`` per move; ``seed`` seeds the whole game's
    searches (each move draws its own seed from it, so two moves never share rollouts)."""
    _check_iterations(iterations)
    seeds = random.Random(seed)

    def player(game, state):
        return mcts(game, state, iterations=iterations, seed=seeds.randrange(2**32)).move
    player.__name__ = name or f"MCTS {iterations}"
    return player


def play(game, max_player, min_player, state=None):
    """Play one game to the end; return the final state."""
    state = game.initial_state() if state is None else state
    while not game.is_terminal(state):
        mover = max_player if game.to_move(state) == MAX else min_player
        state = game.result(state, mover(game, state))
    return state



def _count(n: int, one: str, many: str | None = None) -> str:
    """``1 game``, ``4 games``."""
    return f"{n} {one if n == 1 else many or one + 's'}"

@dataclass(frozen=True)
class Match:
    """The result of a match, from the first player's side.

    ``points`` holds the first player's points per opening (win 1, draw ½, out of 2 games);
    ``finals`` the final state of every game, in the order played; ``seed`` seeds the
    bootstrap of the score's interval.
    """
    first: str
    second: str
    wins: int
    draws: int
    losses: int
    points: tuple = ()
    finals: tuple = field(default=(), repr=False)
    seed: int = 0
    resamples: int = 2000

    def __post_init__(self):
        _check_resamples(self.resamples)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Points per game for the first player (win 1, draw ½)."""
        return (self.wins + self.draws / 2) / self.games

    @property
    def interval(self) -> tuple:
        """The 95% bootstrap interval of :attr:`score`, resampling the openings (seeded: reproducible)."""
        rng, points, n = random.Random(self.seed), self.points, self.resamples
        means = sorted(sum(rng.choice(points) for _ in points) / (2 * len(points)) for _ in range(n))
        return means[int(0.025 * n)], means[int(0.975 * n) - 1]

    @property
    def low(self) -> float:
        return self.interval[0]

    @property
    def high(self) -> float:
        return self.interval[1]

    def __repr__(self) -> str:
        return (f"{self.first} vs {self.second}: {_count(self.wins, 'win')}, {_count(self.draws, 'draw')}, "
                f"{_count(self.losses, 'loss', 'losses')} ({_count(self.games, 'game')})")

    def __str__(self) -> str:
        low, high = self.interval
        return (f"{_count(self.wins, 'win')}, {_count(self.draws, 'draw')}, {_count(self.losses, 'loss', 'losses')}: "
                f"score {self.score:.2f} "
                f"(95% interval {low:.2f}–{high:.2f})")


def _check_resamples(resamples):
    if isinstance(resamples, bool) or not isinstance(resamples, int) or resamples < 1:
        raise ValueError(f"resamples must be a whole number of bootstrap resamples, 1 or more (2000 is usual), "
                         f"got {resamples!r}")


def _name(player) -> str:
    return getattr(player, "__name__", "player")


def match(game, first, second, *, openings, seed: int = 0, resamples: int = 2000) -> Match:
    """Play ``first`` against ``second`` from each opening twice, once with each colour.

    Args:
        openings: the moves to play before the programs take over, each a sequence of
            moves, or a string of one-digit moves (``"44"``: column 4 twice in Connect
            Four); they make the games differ when the players are deterministic.
        seed, resamples: for the bootstrap interval of the score (:attr:`Match.interval`).

    Returns:
        A :class:`Match` counted from ``first``'s side.
    """
    _check_resamples(resamples)
    openings = list(openings)
    if not openings:
        raise ValueError("openings is empty: give at least one starting position (\"\" is the start)")
    wins = draws = losses = 0
    points, finals = [], []
    for opening in progress(openings, "openings"):               # shown while it takes long
        start = game.initial_state()
        for move in (map(int, opening) if isinstance(opening, str) else opening):
            start = game.result(start, move)
        here = 0.0
        for first_is_max in (True, False):
            players = (first, second) if first_is_max else (second, first)
            final = play(game, *players, state=start)
            finals.append(final)
            score = game.utility(final)
            mine = score if first_is_max else -score
            wins += mine > 0
            draws += mine == 0
            losses += mine < 0
            here += 1 if mine > 0 else 0.5 if mine == 0 else 0
        points.append(here)
    return Match(_name(first), _name(second), wins, draws, losses, tuple(points), tuple(finals), seed, resamples)


def random_openings(game, count, moves, seed):
    """``count`` different openings of ``moves`` random moves each (seeded), as tuples of moves:
    :func:`adversarial.lab.experiments.random_positions` with ``lines=True``."""
    return random_positions(game, count, moves, seed, lines=True)
