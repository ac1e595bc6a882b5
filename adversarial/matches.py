"""Seeded matches between game-playing programs: who wins, and how often.

A *player* is a function ``player(game, state) -> move``. :func:`alphabeta_player`
and :func:`mcts_player` make players from the package's searches; :func:`match`
plays them against each other from a list of openings, each opening twice with
the colours swapped, and counts wins, draws and losses.

>>> from adversarial.games import TicTacToe
>>> game = TicTacToe()
>>> perfect = alphabeta_player()
>>> match(game, perfect, perfect, openings=["", "0"])
Match: 0 wins, 4 draws, 0 losses (4 games)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .game import MAX
from .mcts import _check_iterations, mcts
from .search import alphabeta


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


@dataclass(frozen=True)
class Match:
    """The result of a match, from the first player's side."""
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def __repr__(self) -> str:
        return f"Match: {self.wins} wins, {self.draws} draws, {self.losses} losses ({self.games} games)"


def match(game, first, second, *, openings) -> Match:
    """Play ``first`` against ``second`` from each opening twice, once with each colour.

    Args:
        openings: the moves to play before the programs take over, each a sequence of
            moves, or a string of one-digit moves (``"44"``: column 4 twice in Connect
            Four); they make the games differ when the players are deterministic.

    Returns:
        A :class:`Match` counted from ``first``'s side.
    """
    openings = list(openings)
    if not openings:
        raise ValueError("openings is empty: give at least one starting position (\"\" is the start)")
    wins = draws = losses = 0
    for opening in openings:
        start = game.initial_state()
        for move in (map(int, opening) if isinstance(opening, str) else opening):
            start = game.result(start, move)
        for first_is_max in (True, False):
            players = (first, second) if first_is_max else (second, first)
            score = game.utility(play(game, *players, state=start))
            mine = score if first_is_max else -score
            wins += mine > 0
            draws += mine == 0
            losses += mine < 0
    return Match(wins, draws, losses)


def random_openings(game, count, moves, seed):
    """``count`` different openings of ``moves`` random moves each (seeded), as tuples of moves."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state, line = game.initial_state(), ()
        for _ in range(moves):
            move = rng.choice(tuple(game.actions(state)))
            state, line = game.result(state, move), line + (move,)
        if line not in found and not game.is_terminal(state):
            found.append(line)
    return found
