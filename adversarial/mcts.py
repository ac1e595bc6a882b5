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
child's average score (from MAX's point of view). A final score above 0 counts
as a win for MAX, below 0 for MIN, 0 as a draw (as in tic-tac-toe and Connect
Four).

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

from .game import CHANCE, MAX, as_game
from .themes import theme_style
from .trace import fmt


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
        self.wins = 0.0     # for the player who moved INTO this node: win 1, draw ½, loss 0
        self.total = 0.0    # the sum of the final scores, MAX's point of view

    @property
    def win_rate(self) -> float:
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

    def __repr__(self) -> str:
        return (f"MCTSResult(value={self.value:.3f}, move={self.move!r}, "
                f"iterations={self.iterations}, tree nodes={self.tree.size()})")

    def draw(self, depth: int = 2, max_children: int = 4, theme: str | None = None):
        """The grown tree to ``depth``, each node with its visits and win rate (see :func:`draw_tree`)."""
        return draw_tree(self, depth=depth, max_children=max_children, theme=theme)


def mcts(game, state=None, *, iterations: int = 1000, c: float = math.sqrt(2), seed: int = 0,
         ) -> MCTSResult:
    """Monte Carlo tree search from ``state`` (default: the start of the game).

    Args:
        game: a two-player game (see :mod:`adversarial.game`); a nested list is read as a tree.
        iterations: how many select-expand-simulate-backpropagate rounds (at least 1).
        c: the exploration constant of UCB1 (√2 is the textbook choice; 0 never explores).
        seed: seeds the random rollouts and expansion order; the same seed gives the same result.

    Returns:
        An :class:`MCTSResult`.

    Example:
        >>> r = mcts([[3, -5], [1, 9]], iterations=50, seed=0)
        >>> r.move, sorted(r.visits.items())
        (1, [(0, 6), (1, 44)])
    """
    game = as_game(game)
    iterations = _check_iterations(iterations)
    c = _check_c(c)
    rng = random.Random(_check_seed(seed))
    root = MCTSNode(game, game.initial_state() if state is None else state, rng=rng)
    grow(game, root, iterations, c, rng)
    return _result(game, root, iterations)


def convergence(game, state=None, *, checkpoints=(10, 100, 1000), c: float = math.sqrt(2),
                seed: int = 0) -> list[MCTSResult]:
    """Grow one tree and report what MCTS would answer after each number of iterations.

    The same as calling :func:`mcts` with each number of iterations and the same
    seed, but in one run: the tree after 1000 iterations is the tree after 100
    grown 900 more times.

    >>> [(r.move, r.visits[1]) for r in convergence([[3, -5], [1, 9]], checkpoints=[10, 50])]
    [(1, 8), (1, 44)]
    """
    game = as_game(game)
    checkpoints = [_check_iterations(n) for n in checkpoints]
    if checkpoints != sorted(checkpoints):
        raise ValueError(f"checkpoints must be in increasing order, got {checkpoints}")
    c = _check_c(c)
    rng = random.Random(_check_seed(seed))
    root = MCTSNode(game, game.initial_state() if state is None else state, rng=rng)
    results, done = [], 0
    for n in checkpoints:
        grow(game, root, n - done, c, rng)
        done = n
        results.append(_result(game, root, n))
    return results


def grow(game, root: MCTSNode, iterations: int, c: float, rng: random.Random) -> None:
    """Run ``iterations`` rounds of the four phases on the tree under ``root``."""
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
        while node is not None:                                    # 4. backpropagation
            node.visits += 1
            node.total += score
            if node.parent is not None:
                node.wins += _win(score, node.parent.player)
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


def _win(score, player) -> float:
    """1 if ``player`` won the game that ended with ``score`` (MAX's view), ½ a draw, 0 a loss."""
    if score == 0:
        return 0.5
    return 1.0 if (score > 0) == (player == MAX) else 0.0


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


# -- drawing -----------------------------------------------------------------------

def draw_tree(result: MCTSResult, *, depth: int = 2, max_children: int = 4, theme: str | None = None):
    """Draw the tree MCTS grew: each node shows visits and win rate, thicker edges for more visits.

    Only the ``max_children`` most visited children of each node are drawn, to
    ``depth`` moves from the root; the summary says how many nodes are hidden.

    >>> r = mcts([[3, -5], [1, 9]], iterations=50, seed=0)
    >>> draw_tree(r, depth=1)
    <Drawing: MCTS tree, 3 of 7 nodes drawn, 50 iterations, best move 1>
    """
    from .render import Drawing
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be a whole number 0 or more, got {depth!r}")
    if isinstance(max_children, bool) or not isinstance(max_children, int) or max_children < 1:
        raise ValueError(f"max_children must be a whole number 1 or more, got {max_children!r}")
    style = theme_style(theme)
    g = Drawing()
    g.attr("graph", rankdir="TB", ranksep=str(style["ranksep"]), nodesep=str(style["nodesep"]),
           bgcolor="white")
    g.attr("node", fontname=style["font"], fontsize=str(style["small"]), penwidth=str(style["pen"]))
    g.attr("edge", arrowhead="none", fontname=style["font"], fontsize=str(style["small"]))
    root_visits = max(result.tree.visits, 1)
    drawn = 0

    def add(node, name, level):
        nonlocal drawn
        drawn += 1
        shape = "box" if node.terminal else ("triangle" if node.player == MAX else "invtriangle")
        text = f"{node.visits} visits"
        if node.parent is not None:
            text += f"<BR/>win {node.win_rate:.0%}"
        g.node(name, label=f"<{text}>", shape=shape, margin="0.05")
        if level == depth:
            return
        ranked = sorted(node.children, key=lambda child: -child.visits)[:max_children]
        for i, child in enumerate(ranked):
            child_name = f"{name}_{i}"
            add(child, child_name, level + 1)
            width = style["pen"] + 4 * style["pen"] * child.visits / root_visits
            colour = style["pv"] if i == 0 else style["ink"]
            g.edge(name, child_name, label=f" {fmt(child.move)}",
                   penwidth=f"{width:.1f}", color=colour)

    add(result.tree, "r", 0)
    g.summary = (f"MCTS tree, {drawn} of {result.tree.size()} nodes drawn, "
                 f"{result.iterations} iterations, best move {fmt(result.move)}")
    return g
