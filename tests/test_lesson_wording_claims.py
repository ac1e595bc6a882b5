"""Sentences of the lessons' prose that rest on an experiment (issue 44), checked on other seeds than the ones
the notebooks print: each test measures what its sentence says, so a change that makes the sentence false
fails here."""

import math
import random

from adversarial import alphabeta, minimax, tree


# -- notebook 2: what pruning can save --------------------------------------------------------------------

def _distinct_tree(seed, b=3, d=4):
    return tree(random.Random(seed).sample(range(1000), b ** d), branching=b).to_list()


def _best_first(spec, maximising=True):
    if not isinstance(spec, list):
        return spec
    children = [_best_first(child, not maximising) for child in spec]
    worth = lambda c: minimax(tree(c, root_player="MIN" if maximising else "MAX")).value  # noqa: E731
    return sorted(children, key=worth, reverse=maximising)


def _worst_first(values, b, maximising=True):
    if len(values) == 1:
        return values[0]
    k = len(values) // b
    blocks = [values[i * k:(i + 1) * k] for i in range(b)]
    return [_worst_first(block, b, not maximising) for block in (blocks if maximising else blocks[::-1])]


def test_nb2_minimax_reads_81_and_the_best_order_17_whatever_the_seed():
    """'Minimax reads all 81 leaves, and the same tree with every node's children sorted best first reads 17,
    whatever the seed.'"""
    for seed in range(3, 40):
        spec = _distinct_tree(seed)
        assert minimax(tree(spec)).stats.leaves == 81
        assert alphabeta(tree(_best_first(spec))).stats.leaves == 17 == 3 ** 2 + 3 ** 2 - 1


def test_nb2_the_worst_order_is_built_apart():
    """'worst_first arranges the values so that nothing can be pruned (81); sorting a random tree's own
    branches worst first does not always manage that.'"""
    for values in (list(range(81)), sorted(random.Random(5).sample(range(1000), 81))):
        assert alphabeta(tree(_worst_first(values, 3))).stats.leaves == 81
    own = [alphabeta(tree(_best_first(_distinct_tree(seed), maximising=False))).stats.leaves
           for seed in range(20)]                 # each node's children sorted best first for the other side
    assert min(own) < 81


def _alphabeta_leaves(spec, hard, prune_on_equal):
    seen = []

    def search(node, alpha, beta, maximising):
        if not isinstance(node, list):
            seen.append(node)
            return node
        alpha0, beta0 = alpha, beta
        value = -math.inf if maximising else math.inf
        for child in node:
            v = search(child, alpha, beta, not maximising)
            if maximising:
                value, alpha = max(value, v), max(alpha, v)
            else:
                value, beta = min(value, v), min(beta, v)
            if alpha > beta or (prune_on_equal and alpha == beta):
                break
        return max(alpha0, min(value, beta0)) if hard else value

    return search(spec, -math.inf, math.inf, True), seen


def test_nb2_fail_hard_and_fail_soft_read_the_same_leaves_only_under_the_textbook_rule():
    """'With the rule α ≥ β both read the same leaves and give the same root value ... (Under the strict rule
    α > β they can read different leaves.)' Ties are common here: leaves 0-5."""
    rng = random.Random(44)
    differ = 0
    for _ in range(500):
        spec = tree([rng.randint(0, 5) for _ in range(27)], branching=3).to_list()
        assert _alphabeta_leaves(spec, False, True) == _alphabeta_leaves(spec, True, True)
        soft, hard = _alphabeta_leaves(spec, False, False), _alphabeta_leaves(spec, True, False)
        assert soft[0] == hard[0] == minimax(tree(spec)).value
        differ += soft[1] != hard[1]
    assert differ > 0


# -- notebook 4: a guess that outranks a win ---------------------------------------------------------------

def test_nb4_open_lines_outranks_a_proved_win_unless_scaled():
    """'its guesses count lines (X can be up to 4 lines ahead in positions a game reaches) while a win scores only
    +1, so a guess can outrank a proved win'."""
    from adversarial.games import TicTacToe
    from adversarial.games.tictactoe import LINES

    def open_lines(board):
        c = board.cells
        return (sum("O" not in (c[a], c[x], c[y]) for a, x, y in LINES)
                - sum("X" not in (c[a], c[x], c[y]) for a, x, y in LINES))

    game = TicTacToe()
    assert open_lines(game.initial_state()) == 0 and open_lines(game.board("X../.../...")) == 3
    from adversarial.games.tictactoe import reachable_positions
    reach = {open_lines(board) for board in reachable_positions(game) if not game.is_terminal(board)}
    assert max(reach) == 4
    trap = game.board("XX./O../O..")
    assert alphabeta(game, trap).move == 2
    assert alphabeta(game, trap, depth=1, evaluate=open_lines).move != 2
    assert alphabeta(game, trap, depth=1, evaluate=lambda b: open_lines(b) / 9).move == 2
