"""Connect Four experiments repeated over many seeds or positions, reported with their spread.

One seeded match or one position can say almost anything; a claim such as "this evaluation
beats that one" or "deepening pays for itself" is only as strong as its spread over many
seeds or positions. These helpers return every run, not only the mean; :func:`spread` is
:func:`adversarial.experiments.spread` (imported here, where notebooks 5 and 6 find it):

>>> spread([3, 1, 2, 10])
median 2.5 (range 1 to 10, 4 values)
>>> s = spread([3, 1, 2, 10])
>>> s.median, s.low, s.high, s.values
(2.5, 1, 10, (3, 1, 2, 10))
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from ..deepening import iterative_deepening, previous_best_first
from ..experiments import Spread, _number, spread
from ..formatting import Table
from ..search import alphabeta
from .connectfour import ConnectFour
from .connectfour_lab import _name, match, openings, play_game

_GAME = ConnectFour()


def _seeds(seeds) -> tuple:
    seeds = tuple(seeds)
    if not seeds:
        raise ValueError("give at least one seed, e.g. seeds=range(1, 9)")
    return seeds


def matches_over_seeds(first, second, *, depth: int = 2, openings: int = 10, seeds=range(1, 9)) -> tuple:
    """One :func:`~adversarial.games.connectfour_lab.match` per seed (each its own openings)."""
    return tuple(match(first, second, depth=depth, openings=openings, seed=s) for s in _seeds(seeds))


def standings_over_seeds(evaluations, *, depth: int = 2, openings: int = 10, seeds=range(1, 9)) -> Table:
    """Every pair of evaluations in one match per seed: each seed's wins-draws-losses (row's view),
    on how many seeds the row's evaluation came out ahead, even and behind, and the spread of its
    wins minus losses."""
    seeds = _seeds(seeds)
    rows = []
    for i, a in enumerate(evaluations):
        for b in evaluations[i + 1:]:
            ms = matches_over_seeds(a, b, depth=depth, openings=openings, seeds=seeds)
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
    from .connectfour_eval import centre_control, open_windows
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"count must be a whole number, 1 or more, got {count!r}")
    if isinstance(stones, bool) or not isinstance(stones, int) or not 2 <= stones < 42:
        raise ValueError(f"stones must be a whole number from 2 to 41, got {stones!r}")
    a, b = evaluations or (open_windows, centre_control)
    found = []
    for opening in openings(49, seed=seed):            # all 49 two-move openings, in a seeded order
        for x, o in ((a, b), (b, a)):
            end = play_game(x, o, depth, opening)
            if end.count > stones and end.history[:stones] not in found:
                found.append(end.history[:stones])
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
    previous iteration's best move first at the root (:func:`~adversarial.deepening.previous_best_first`).
    """
    costs = []
    for moves in positions:
        p = game.play(moves)
        single = alphabeta(game, p, depth=depth, evaluate=evaluate).stats.nodes
        plain = iterative_deepening(game, p, evaluate=evaluate, max_depth=depth).nodes
        ordered = iterative_deepening(game, p, evaluate=evaluate, max_depth=depth,
                                      order_from=lambda previous, p=p: previous_best_first(previous, root=p)).nodes
        costs.append(DeepeningCost(moves, depth, single, plain, ordered))
    return tuple(costs)


def solver_nodes(positions, **options) -> tuple:
    """Nodes the exact solver needs for each position, with ``options`` as for
    :class:`~adversarial.games.connectfour_solver.Solver` (a technique switched off)."""
    from .connectfour_solver import Solver
    solver, nodes = Solver(**options), []
    for moves in positions:
        before = solver.nodes
        solver.solve(moves)
        nodes.append(solver.nodes - before)
    return tuple(nodes)


__all__ = ["Spread", "spread", "matches_over_seeds", "standings_over_seeds", "played_positions",
           "DeepeningCost", "deepening_costs", "solver_nodes"]
