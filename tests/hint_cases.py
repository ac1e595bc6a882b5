"""Typical wrong answers for every check of the package, for the hint rule (tests/test_hint_rule.py,
tests/hint_rule.py). Each is an answer a student reaches honestly; several are the ones whose hints used to give
the answer away (issue 30)."""

from __future__ import annotations

import math

from adversarial.games.tictactoe import TicTacToe
from adversarial.search import alphabeta

from . import gallery
from .hint_rule import HintCase

# typical wrong answers that the checks' own tests already write down (one copy of each)
from .test_exercises_engine import alphabeta_only as pvs_full_window
from .test_exercises_engine import no_research as aspiration_no_research
from .test_exercises_engine import strict as aspiration_strict

TREE = [[3, 5], [2], [9, 1]]
SCOUT = [[3, 5, 6], [1, 2, 0], [9, 7, 8]]


def minimax_first_child_deep(node, maximising=True):
    """Right on small trees, wrong below depth 2 (it trusts the first grandchild): no known slip."""
    if not isinstance(node, list):
        return node
    values = [minimax_first_child_deep(c, not maximising) if not isinstance(c, list) or len(c) < 3
              else minimax_first_child_deep(c[0], maximising) for c in node]
    return max(values) if maximising else min(values)


def alphabeta_odd(node, depth, alpha, beta, maximising):
    """Prunes right at MAX nodes, but a MIN node stops after its first child: no known slip."""
    if depth == 0 or node.is_leaf:
        return node.value
    value = -math.inf if maximising else math.inf
    for child in node.children:
        v = alphabeta_odd(child, depth - 1, alpha, beta, not maximising)
        if maximising:
            value = max(value, v)
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        else:
            value = min(value, v)
            break
    return value


def careless_table(game, board, alpha=-math.inf, beta=math.inf, table=None):
    """The natural slip of notebook 4, exercise 2: the recursive calls get no table."""
    table = {} if table is None else table
    if board in table:
        return table[board][0]
    if game.is_terminal(board):
        return game.utility(board)
    called_with = alpha, beta
    maximising = game.to_move(board) == "MAX"
    value = -math.inf if maximising else math.inf
    for move in game.actions(board):
        v = careless_table(game, game.result(board, move), alpha, beta)      # the table is not passed on
        if maximising:
            value, alpha = max(value, v), max(alpha, v)
        else:
            value, beta = min(value, v), min(beta, v)
        if alpha >= beta:
            break
    kind = "upper" if value <= called_with[0] else "lower" if value >= called_with[1] else "exact"
    table[board] = (value, kind)
    return value


# The gallery's student answer (tests/gallery), not a second copy of it: the kind decided against the α and β the
# loop has changed.
table_kind_from_updated_window = gallery.answer("check_careful_table", "bug_kind_from_the_updated_window")


def negamax_no_negation(spec, sign):
    return sign * spec if not isinstance(spec, list) else max(negamax_no_negation(c, -sign) for c in spec)


def negamax_root_max(spec, sign):
    def value(node, s):
        return s * node if not isinstance(node, list) else max(-value(c, -s) for c in node)
    return value(spec, 1)


def worse_order(board, moves):
    return sorted(moves, key=[1, 3, 5, 7, 0, 2, 6, 8, 4].index)


def pvs_never_researches_min(node, depth, alpha, beta, maximising):
    """Tests later children but re-searches only at MAX nodes: no known slip."""
    if depth == 0 or node.is_leaf:
        return node.value
    best = -math.inf if maximising else math.inf
    for i, child in enumerate(node.children):
        if i == 0:
            v = pvs_never_researches_min(child, depth - 1, alpha, beta, not maximising)
        elif maximising:
            v = pvs_never_researches_min(child, depth - 1, alpha, alpha + 1, False)
            if alpha < v < beta and depth > 1 and not child.is_leaf:
                v = pvs_never_researches_min(child, depth - 1, alpha, beta, False)
        else:
            v = pvs_never_researches_min(child, depth - 1, beta - 1, beta, True)
        if maximising:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def mtdf_swapped(spec, guess):
    from adversarial.exercises.beyond import at_least
    lower, upper, g = -math.inf, math.inf, guess
    while lower < upper:
        gamma = g + 1 if g == lower else g
        v = at_least(spec, gamma)
        if v >= gamma:
            upper = v
        else:
            lower = v
        g = v
    return lower


def mtdf_one_test(spec, guess):
    from adversarial.exercises.beyond import at_least
    return at_least(spec, guess)


def margin_adds(row):
    memo = {}

    def best(i, j):
        if i == j:
            return 0
        if (i, j) not in memo:
            memo[i, j] = max(row[i] + best(i + 1, j), row[j - 1] + best(i, j - 1))
        return memo[i, j]
    return best(0, len(row))


def margin_greedy(row):
    row, total, sign = list(row), 0, 1
    while row:
        total += sign * (row.pop(0) if row[0] >= row[-1] else row.pop())
        sign = -sign
    return total


def evaluation_ignores_the_end(p):
    return 0


def _loses_every_match(check):
    """check_evaluation on a legal evaluation whose matches (replaced by a stand-in: the real ones take
    seconds) are all lost, to reach the hints about what a good evaluation rewards."""
    from types import SimpleNamespace

    import adversarial.exercises.connectfour as module
    from adversarial.games.connectfour import ConnectFour
    game = ConnectFour()
    real = module.match
    module.match = lambda evaluate, weak, **options: SimpleNamespace(wins=0, draws=2, losses=38,
                                                                      second=weak.__name__)
    try:
        return check(lambda p: game.utility(p) if game.is_terminal(p) else 0.0)
    finally:
        module.match = real


def _reverse_nodes_truth():
    priority = [4, 0, 2, 6, 8, 1, 3, 5, 7]
    return alphabeta(TicTacToe(), order=lambda b, m: sorted(m, key=priority.index, reverse=True)).stats.nodes


HINT_RULE_CASES = [
    # notebooks 0-2: by hand
    HintCase("check_tree_value", lambda check: check(9, TREE), label="largest leaf"),
    HintCase("check_tree_value", lambda check: check(4, [[4, 8, 3], [1, 7, 2], [6, 5, 9]]), label="nb1 ex1"),
    HintCase("check_tree_move", lambda check: check(1, [[3, 12, 8], [2, 4, 6], [14, 5, 2]]), label="swapped",
             secrets=("counted from 1",)),
    HintCase("check_tree_move", lambda check: check(2, TREE), label="largest leaf"),
    HintCase("check_skipped_leaves", lambda check: check({12, 8}, [[3, 12, 8], [2, 4, 6], [14, 5, 2]]),
             secrets=("{4, 6}", "4 and 6")),
    HintCase("check_window_rule", lambda check: check(lambda x: 5 <= x <= 7), tries=4,
             secrets=("5 < x", "x <= 7", "x ≤ 7", "7 ≥ x", "5 ≥ x", "x > 5")),
    HintCase("check_window_rule", lambda check: check(lambda x: 5 < x <= 7, prune_on_equal=False), label="strict",
             secrets=("5 <= x", "x < 7", "5 ≤ x")),
    HintCase("check_minimax", lambda check: check(minimax_first_child_deep, seed=1), tries=3, label="no known slip"),
    HintCase("check_minimax", lambda check: check(lambda node, maximising=True: node if not isinstance(node, list)
                                                  else max(node) if maximising else min(node), seed=1),
             label="depth one"),
    HintCase("check_alphabeta", lambda check: check(alphabeta_odd, seed=1, n=40), label="no known slip"),
    # notebooks 3 and 4: tic-tac-toe
    HintCase("check_board_value", lambda check: check(1, "X../X../OO."), secrets=("wrong sign", "right size")),
    HintCase("check_board_value", lambda check: check(-3, ".O./.../XOX", depth_aware=True), label="depth-aware",
             secrets=("wrong sign", "right size")),
    HintCase("check_optimal_moves", lambda check: check({3, 4, 5}, "XXO/.../.O."), secrets=("{6, 8}", "6 and 8")),
    HintCase("check_tree_size_without_wins", lambda check: check(362880), answer=986410),
    HintCase("check_reverse_order_nodes", lambda check: check(0), answer=_reverse_nodes_truth(),
             secrets=("reverse=True", "sorted(")),
    HintCase("check_careful_table", lambda check: check(careless_table, seed=1, n=2), label="no table passed down"),
    HintCase("check_careful_table", lambda check: check(table_kind_from_updated_window, seed=1, n=2),
             label="kind from the updated window"),
    HintCase("check_symmetric_first_moves", lambda check: check(9), secrets=("three kinds", "three sorts")),
    HintCase("check_symmetric_first_moves", lambda check: check(4), label="four", secrets=("three kinds",)),
    HintCase("check_positions_up_to_symmetry", lambda check: check(5478 // 8), answer=765),
    # notebooks 5 and 6: Connect Four
    HintCase("check_positions_after", lambda check: check(7 ** 6, plies=6), answer=16422),
    HintCase("check_positions_after", lambda check: check(22100, plies=6), answer=16422, label="levels added"),
    HintCase("check_solver_score", lambda check: check(18, "37475"), answer=-18, secrets=("wrong sign",)),
    HintCase("check_moves_to_loss", lambda check: check(5, "7765215363133175327746", 2)),
    HintCase("check_moves_to_loss", lambda check: check(3, "543155133351644442246636", 5), label="depth-3 line",
             secrets=("5 moves", "five moves")),
    HintCase("check_evaluation", lambda check: check(evaluation_ignores_the_end), label="ignores the end"),
    HintCase("check_evaluation", lambda check: check(lambda p: 5.0 if p.count % 2 else -5.0), label="out of range"),
    HintCase("check_evaluation", _loses_every_match, label="loses its matches",
             secrets=("[0, 0, 1, 10]", "if it holds no O", "loop over every window")),
    # notebook 7: move ordering
    HintCase("check_best_order_leaves", lambda check: check(9 ** 5, 9, 5), answer=809),
    HintCase("check_best_order_leaves", lambda check: check(2 * 9 ** 2 - 1, 9, 5), answer=809, label="floor twice"),
    HintCase("check_minimal_leaves", lambda check: check(lambda b, d: b ** d), secrets=("b ** ((d + 1) // 2)",)),
    HintCase("check_minimal_leaves", lambda check: check(lambda b, d: b ** (d // 2) * 2), label="no known slip",
             secrets=("b ** ((d + 1) // 2)",)),
    HintCase("check_two_proofs", lambda check: check((729, 81), 9, 5), secrets=("(81, 729)", "81, 729")),
    HintCase("check_two_proofs", lambda check: check(809, 9, 5), label="the total", secrets=("(81, 729)",)),
    HintCase("check_proofs_function", lambda check: check(lambda b, d: b ** ((d + 1) // 2) + b ** (d // 2) - 1),
             label="the closed formula"),
    HintCase("check_proofs_function", lambda check: check(lambda b, d: (b ** ((d + 1) // 2), b ** (d // 2))),
             label="swapped"),
    HintCase("check_deepest", lambda check: check(8, 35, 2_000_000), secrets=("more than the budget",)),
    HintCase("check_deepest", lambda check: check(4, 35, 2_000_000), label="minimax depth"),
    HintCase("check_beats_static", lambda check: check(worse_order), tries=2,
             secrets=("wins at once", "blocks the opponent")),
    # notebook 8: null windows
    HintCase("check_negamax", lambda check: check(negamax_no_negation), label="no negation"),
    HintCase("check_negamax", lambda check: check(negamax_root_max), label="root sign"),
    HintCase("check_pvs_order", lambda check: check([0, 1, 2], SCOUT), secrets=("[2, 0, 1]", "[2, 1, 0]")),
    HintCase("check_two_test_guesses", lambda check: check(lambda g: g == 7, SCOUT), tries=3,
             secrets=("3 < g", "g <= 9", "g ≤ 9")),
    HintCase("check_mtdf_driver", lambda check: check(mtdf_swapped, seed=1, n=5), label="swapped"),
    HintCase("check_mtdf_driver", lambda check: check(mtdf_one_test, seed=1, n=5), label="one test"),
    # notebooks 9 and 10: engine techniques
    HintCase("check_pvs", lambda check: check(pvs_full_window, seed=1, n=30), label="full window"),
    HintCase("check_pvs", lambda check: check(pvs_never_researches_min, seed=1, n=30), label="no known slip"),
    HintCase("check_zobrist_update", lambda check: check(lambda key, numbers, cell, piece: key + numbers[cell, piece],
                                                         seed=1), secrets=("key ^ numbers",)),
    HintCase("check_zobrist_update", lambda check: check(lambda key, numbers, cell, piece: key ^ numbers[cell][piece],
                                                         seed=1), label="numbers[cell][piece]",
             secrets=("key ^ numbers",)),
    HintCase("check_aspiration", lambda check: check(aspiration_no_research, seed=1), label="no re-search",
             secrets=("α = −∞", "alpha = -math.inf")),
    HintCase("check_aspiration", lambda check: check(aspiration_strict, seed=1), label="strict",
             secrets=("α = −∞", "alpha = -math.inf")),
    HintCase("check_expected_collisions", lambda check: check(lambda n, bits: n * n / 2 ** bits),
             secrets=("n(n − 1)/2", "n * (n - 1)", "(n - 1)")),
    HintCase("check_expected_collisions", lambda check: check(lambda n, bits: n / 2 ** bits), label="n",
             secrets=("n(n − 1)/2", "n * (n - 1)", "(n - 1)")),
    # notebook 11: Monte Carlo, chance and other games
    HintCase("check_ucb1", lambda check: check(lambda w, n, big_n, c: w / n + c * math.sqrt(math.log(big_n) / big_n))),
    HintCase("check_chance_value", lambda check: check(3.5, _chance_tree()), answer=2.7),
    HintCase("check_best_margin", lambda check: check(margin_greedy), label="greedy",
             secrets=("row[i] - best(i + 1, j)",)),
    HintCase("check_best_margin", lambda check: check(margin_adds), label="adds",
             secrets=("row[i] - best(i + 1, j)",)),
    HintCase("check_selfish_move", lambda check: check(0, [[(2, 1), (2, 0)], [(6, 0), (1, 5)], [(3, 2), (0, 0)]]),
             secrets=("move 2",)),
]


def _chance_tree():
    from adversarial.beyond.chance import chance, chance_tree
    return chance_tree([chance((0.6, [4, 5]), (0.4, [8, 0])), chance((0.9, [7, 3]), (0.1, [0, 2]))])

# An assignment's visible check of a value, set or rule answer (adversarial.exercises.variants): its form only.
HINT_RULE_CASES += [
    HintCase("check_answer_form", lambda check: check("5", "value"), label="text"),
    HintCase("check_answer_form", lambda check: check({99}, "set", [[4, 6], [1]]), label="not a leaf"),
]
