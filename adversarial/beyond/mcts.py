"""Monte Carlo tree search (MCTS) with UCB1: estimate by playing random games.

No evaluation function, no full tree: MCTS grows a tree one node per
iteration, and each iteration has four phases.

1. **Selection**: from the root, while every move of a node has been tried,
   go to the child with the highest UCB1 score
   ``win rate + c · sqrt(ln N / n)`` (``n`` the child's visits, ``N`` the
   parent's; the first term exploits what looks good, the second explores
   what has been tried little).
2. **Expansion**: try one untried move there: add its child to the tree.
3. **Simulation** (rollout): from that child play uniformly random moves to the
   end of the game.
4. **Backpropagation**: every node on the way down counts one more visit, the
   final score, and a win (1), draw (½) or loss (0) *for the player who chose
   the move into it*, so each side's UCB1 looks at its own win rate.

The move played is the root's most visited child; the value estimate is that
child's average score (from MAX's point of view).

**What counts as a win.** UCB1 needs rewards between 0 and 1, so a final score
is turned into one:

- In a game, a score above the ``draw`` value (default 0) is a win for MAX
  (reward 1), below it a win for MIN (reward 0), equal to it a draw (½), as in
  tic-tac-toe and Connect Four. How much a game is won by does not count.
- In an explicit tree (a nested list or :func:`~adversarial.tree.tree`), whose
  leaves are all known, the leaf values are **ranked**: the lowest leaf is
  worth reward 0 to MAX, the highest 1, and the others are spaced evenly in
  between by their rank. Then a tree whose leaves are all negative (or all
  positive) still tells MAX which move is better, and minimax's best move is
  what MCTS converges to. Pass ``draw=`` to use wins and losses there too.

MIN's reward is 1 minus MAX's. Limits: the value estimate is an average in
floating point (a score beyond ±1.8e308 counts as ±∞); a game with chance
nodes is refused (use :func:`~adversarial.beyond.chance.expectiminimax`); with few
iterations the most visited move can be wrong, and how many are enough depends
on the tree.

>>> from adversarial.games import TicTacToe
>>> game = TicTacToe()
>>> r = mcts(game, game.board("XX./OO./..."), iterations=200, seed=1)
>>> r.move, r.visits[r.move] > 100
(2, True)
"""

from __future__ import annotations

import math
import numbers
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..formatting import fmt
from ..game import CHANCE, MAX, State, check_number
from ..search import Stats
from ..tree import Tree, as_game, tree  # noqa: F401 (tree: doctest)

if TYPE_CHECKING:
    from ..search import GameLike


class MCTSNode:
    """One node of the tree MCTS grows: a state, its visit count and its results."""

    __slots__ = (
        "children",
        "move",
        "parent",
        "player",
        "state",
        "terminal",
        "total",
        "untried",
        "visits",
        "wins",
    )

    def __init__(self, game, state, move=None, parent=None, rng=None):
        self.state, self.move, self.parent = state, move, parent
        self.children: list[MCTSNode] = []
        self.terminal = game.is_terminal(state)
        self.player = game.to_move(state)
        if self.player == CHANCE:
            raise ValueError("mcts() handles two-player games without chance nodes; "
                             "use expectiminimax() for a game with a CHANCE node")
        self.untried = [] if self.terminal else list(game.actions(state))
        if rng is not None:
            rng.shuffle(self.untried)      # expand in a random (seeded) order
        self.visits = 0
        self.wins = 0.0     # for the player who moved INTO this node: win 1, draw ½, loss 0 (or a reward)
        self.total = 0.0    # the sum of the final scores, MAX's point of view

    @property
    def win_rate(self) -> float:
        """The average reward (1 a win, ½ a draw, 0 a loss) of the player who moved into this node."""
        return self.wins / self.visits if self.visits else 0.0

    @property
    def mean(self) -> float:
        """The average final score of the games played through here (MAX's point of view)."""
        return self.total / self.visits if self.visits else 0.0

    def ucb1(self, c: float) -> float:
        """Win rate plus the exploration bonus c·sqrt(ln N / n)."""
        return self.win_rate + c * math.sqrt(math.log(self.parent.visits) / self.visits)

    def size(self) -> int:
        return 1 + sum(child.size() for child in self.children)

    def __repr__(self) -> str:
        return (f"<MCTSNode move={self.move!r}: {self.visits} visits, "
                f"win rate {self.win_rate:.2f}, {len(self.children)} children>")


@dataclass(frozen=True)
class MCTSResult:
    """What MCTS found: value estimate, best move, visit counts per move, and the tree it grew."""
    value: float            # the chosen child's average score (MAX's view); the utility at a terminal root
    move: object            # the most visited move at the root (None at a terminal root)
    pv: tuple               # follow the most visited child from the root
    visits: dict            # move -> visits of that root child
    win_rates: dict         # move -> win rate of that child for the root's player to move
    iterations: int
    tree: MCTSNode = field(repr=False)
    game: object = field(repr=False, default=None)
    algorithm: str = field(default="mcts", repr=False)

    @property
    def stats(self) -> Stats:
        """The cost as a :class:`~adversarial.search.Stats`, so one table compares MCTS with every search:
        ``nodes`` the nodes of the grown tree, ``leaves`` the playouts scored (one per iteration)."""
        return Stats(nodes=self.tree.size(), leaves=self.iterations, order="random (seeded)")

    def __repr__(self) -> str:
        return (f"MCTSResult(value={_value_text(self.value)}, move={self.move!r}, "
                f"iterations={self.iterations}, tree nodes={self.tree.size()})")

    def draw(self, depth: int = 2, max_children: int = 4, theme: str | None = None):
        """The grown tree to ``depth``, each node with its visits and win rate
        (:func:`adversarial.drawing.render.draw_tree`, loaded on first use: drawing needs graphviz)."""
        from ..drawing.render import draw_tree
        return draw_tree(self, depth=depth, max_children=max_children, theme=theme)


def mcts(game: GameLike, state: State = None, *, iterations: int = 1000, c: float = math.sqrt(2), seed: int = 0,
         draw=None) -> MCTSResult:
    """Monte Carlo tree search from ``state`` (default: the start of the game).

    Args:
        game: a two-player game (see :mod:`adversarial.game`); a nested list is read as a tree.
        iterations: how many select-expand-simulate-backpropagate rounds (at least 1).
        c: the exploration constant of UCB1 (√2 is the textbook choice; 0 never explores).
        seed: seeds the random rollouts and expansion order; the same seed gives the same result.
        draw: the score of a draw: above it MAX wins, below it MIN wins. Default: 0 for a
            game; for an explicit tree, leaf values are ranked instead (see the module docstring).

    Returns:
        An :class:`MCTSResult`.

    Example:
        >>> r = mcts([[3, -5], [1, 9]], iterations=50, seed=0)
        >>> r.move, sorted(r.visits.items())
        (1, [(0, 14), (1, 36)])
    """
    game = as_game(game)
    iterations = _check_iterations(iterations)
    c = _check_c(c)
    rng = random.Random(_check_seed(seed))
    reward = rewards(game, draw)
    root = MCTSNode(game, game.initial_state() if state is None else state, rng=rng)
    grow(game, root, iterations, c, rng, reward)
    return _result(game, root, iterations)


def convergence(game, state=None, *, checkpoints=(10, 100, 1000), c: float = math.sqrt(2),
                seed: int = 0, draw=None) -> list[MCTSResult]:
    """Grow one tree and report what MCTS would answer after each number of iterations.

    The same as calling :func:`mcts` with each number of iterations and the same
    seed, but in one run: the tree after 1000 iterations is the tree after 100
    grown 900 more times.

    >>> [(r.move, r.visits[1]) for r in convergence([[3, -5], [1, 9]], checkpoints=[10, 50])]
    [(1, 6), (1, 36)]
    """
    game = as_game(game)
    checkpoints = [_check_iterations(n) for n in checkpoints]
    if checkpoints != sorted(checkpoints):
        raise ValueError(f"checkpoints must be in increasing order, got {checkpoints}")
    c = _check_c(c)
    rng = random.Random(_check_seed(seed))
    reward = rewards(game, draw)
    root = MCTSNode(game, game.initial_state() if state is None else state, rng=rng)
    results, done = [], 0
    for n in checkpoints:
        grow(game, root, n - done, c, rng, reward)
        done = n
        results.append(_result(game, root, n))
    return results


def grow(game, root: MCTSNode, iterations: int, c: float, rng: random.Random, reward=None) -> None:
    """Run ``iterations`` rounds of the four phases on the tree under ``root``.

    ``reward(score)`` is MAX's reward in [0, 1] for a final score (default: win, draw or
    loss by the sign of the score, see :func:`rewards`).
    """
    reward = reward or rewards(game, 0)
    for _ in range(iterations):
        node = root
        while not node.untried and node.children:                  # 1. selection
            node = max(node.children, key=lambda child: child.ucb1(c))
        if node.untried:                                           # 2. expansion
            move = node.untried.pop()
            child = MCTSNode(game, game.result(node.state, move), move, node, rng)
            node.children.append(child)
            node = child
        score = rollout(game, node.state, rng)                     # 3. simulation
        for_max, score = reward(score), _as_float(score)
        while node is not None:                                    # 4. backpropagation
            node.visits += 1
            node.total += score
            if node.parent is not None:
                node.wins += for_max if node.parent.player == MAX else 1 - for_max
            node = node.parent


def _result(game, root, iterations) -> MCTSResult:
    if root.terminal:
        return MCTSResult(game.utility(root.state), None, (), {}, {}, iterations, root, game)
    line, node = [], root
    while node.children:
        node = max(node.children, key=lambda child: child.visits)
        line.append(node.move)
    best = max(root.children, key=lambda child: child.visits)
    return MCTSResult(best.mean, best.move, tuple(line),
                      {child.move: child.visits for child in root.children},
                      {child.move: child.win_rate for child in root.children},
                      iterations, root, game)


def rollout(game, state, rng: random.Random):
    """Play uniformly random moves from ``state`` to the end; return the final score."""
    while not game.is_terminal(state):
        moves = game.actions(state)
        moves = moves if isinstance(moves, (tuple, list, range)) else tuple(moves)
        state = game.result(state, rng.choice(moves))
    return game.utility(state)


def rewards(game, draw=None):
    """MAX's reward for a final score, a function ``score -> 0 … 1``.

    With a ``draw`` value (the default for a game is 0): 1 above it (MAX won), 0 below it,
    ½ equal to it. For an explicit tree without ``draw``: the rank of the score among the
    tree's distinct leaf values, scaled to [0, 1] (the lowest 0, the highest 1).

    >>> reward = rewards(tree([[-3, -5], [-1, -9]]))
    >>> [reward(v) for v in (-9, -5, -3, -1)]
    [0.0, 0.3333333333333333, 0.6666666666666666, 1.0]
    >>> rewards(tree([[-3, -5], [-1, -9]]), draw=0)(-1)
    0.0
    """
    if draw is None and isinstance(game, Tree):
        ranked = sorted(set(leaf.value for leaf in game.leaves()))
        if len(ranked) == 1:
            return lambda score: 0.5
        rank = {value: i / (len(ranked) - 1) for i, value in enumerate(ranked)}
        return lambda score: rank[score]
    draw = 0 if draw is None else check_number(draw, "draw (the score of a drawn game)")

    def win(score):
        if score == draw:
            return 0.5
        return 1.0 if score > draw else 0.0
    return win


def _as_float(score) -> float:
    """A score as a float for the averages: Decimal and Fraction converted, huge ints ±∞."""
    if type(score) is float:
        return score
    try:
        return float(score)
    except OverflowError:
        return math.inf if score > 0 else -math.inf
    except (TypeError, ValueError):
        raise TypeError(f"a final score must be a number, got {score!r} "
                        f"({type(score).__name__})") from None


def _value_text(value) -> str:
    """The value estimate for the repr: 3 decimals, or the number in short when it is huge."""
    if isinstance(value, float) and math.isfinite(value) and abs(value) < 1e15:
        return f"{value:.3f}"
    return fmt(value)


def _check_iterations(iterations):
    if isinstance(iterations, bool) or not isinstance(iterations, numbers.Integral):
        raise TypeError(f"iterations must be a whole number, got {iterations!r}")
    if iterations <= 0:
        raise ValueError(f"iterations must be at least 1 (each one grows the tree by a node), "
                         f"got {iterations}")
    return int(iterations)


def _check_seed(seed):
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number (it makes the result repeatable), got {seed!r}")
    return seed


def _check_c(c):
    if isinstance(c, bool) or not isinstance(c, numbers.Real) or math.isnan(c):
        raise TypeError(f"c (the exploration constant) must be a number such as 1.41, got {c!r}")
    if c < 0:
        raise ValueError(f"c (the exploration constant) must be 0 or more, got {c}")
    return float(c)
