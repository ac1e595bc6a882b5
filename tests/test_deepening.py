"""Iterative deepening: anytime answers, deterministic node budgets, the ordering hook."""

import pytest

from adversarial import alphabeta, tree
from adversarial.beyond.deepening import iterative_deepening, previous_best_first
from adversarial.games.connectfour import ConnectFour
from adversarial.games.connectfour_eval import open_windows
from adversarial.games.tictactoe import TicTacToe

game = ConnectFour()
P = game.play("33144353324114431572")


def test_each_iteration_matches_a_plain_search_to_that_depth():
    r = iterative_deepening(game, P, evaluate=open_windows, max_depth=4)
    assert [it.depth for it in r.iterations] == [1, 2, 3, 4] and r.stopped is None
    for it in r.iterations:
        plain = alphabeta(game, P, depth=it.depth, evaluate=open_windows)
        assert (it.value, it.move, it.pv, it.nodes) == (plain.value, plain.move, plain.pv, plain.stats.nodes)
    assert r.nodes == sum(it.nodes for it in r.iterations)
    assert (r.move, r.value, r.pv, r.completed_depth) == (r.last.move, r.last.value, r.last.pv, 4)


def test_a_node_budget_stops_deterministically_and_keeps_the_last_finished_answer():
    full = iterative_deepening(game, P, evaluate=open_windows, max_depth=5)
    budget = full.iterations[0].nodes + full.iterations[1].nodes + full.iterations[2].nodes + 5
    a = iterative_deepening(game, P, evaluate=open_windows, max_depth=5, node_budget=budget)
    b = iterative_deepening(game, P, evaluate=open_windows, max_depth=5, node_budget=budget)
    assert a == b and a.stopped == "nodes" and a.completed_depth == 3
    assert a.iterations == full.iterations[:3] and a.nodes == budget + 1
    assert "stopped: nodes budget" in str(a.table())


def test_a_time_budget_stops_the_search():
    r = iterative_deepening(game, evaluate=open_windows, max_depth=40, time_budget=0.05)
    assert r.stopped == "time" and r.move is not None


def test_the_ordering_hook_gets_the_previous_iteration():
    seen, root = [], game.play("4455")          # the best move, 3, is not the first column

    def hook(previous):
        seen.append(None if previous is None else previous.depth)
        return previous_best_first(previous, root=root)
    ordered = iterative_deepening(game, root, evaluate=open_windows, max_depth=4, order_from=hook)
    plain = iterative_deepening(game, root, evaluate=open_windows, max_depth=4)
    assert seen == [None, 1, 2, 3]
    assert [it.value for it in ordered.iterations] == [it.value for it in plain.iterations]
    assert ordered.nodes < plain.nodes


def test_previous_best_first_puts_the_best_move_first_at_the_root_only():
    r = iterative_deepening(game, P, evaluate=open_windows, max_depth=1)
    order = previous_best_first(r.last, root=P)
    best = r.move
    assert order(P, (1, 2, 3, 4, 5, 6, 7))[0] == best
    other = game.result(P, 1)
    assert order(other, (1, 2, 3)) == (1, 2, 3)
    assert previous_best_first(None) is None


def test_it_works_on_a_hand_made_tree_too():
    t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    r = iterative_deepening(t, evaluate=lambda s: 0, max_depth=2)
    assert (r.value, r.move) == (7, 2)


@pytest.mark.parametrize("options, message", [
    (dict(max_depth=0), "max_depth"), (dict(max_depth=2.5), "max_depth"),
    (dict(node_budget=0), "node_budget"), (dict(time_budget=-1), "time_budget"),
    (dict(order_from=3), "order_from"),
])
def test_bad_options_are_explained(options, message):
    with pytest.raises((ValueError, TypeError), match=message):
        iterative_deepening(game, evaluate=open_windows, **options)


def test_a_missing_evaluation_is_explained():
    with pytest.raises(ValueError, match="no evaluation function"):
        iterative_deepening(game, max_depth=2)


def test_iterations_count_nodes_as_the_search_does_and_the_result_has_stats_and_algorithm():
    from adversarial import pvs
    for search in (alphabeta, pvs):
        r = iterative_deepening(game, P, evaluate=open_windows, max_depth=3, search=search)
        assert [it.nodes for it in r.iterations] == [search(game, P, depth=d, evaluate=open_windows).stats.nodes
                                                      for d in (1, 2, 3)]
        assert r.stats.nodes == r.nodes == sum(it.nodes for it in r.iterations)
        assert r.stats.leaves == sum(it.stats.leaves for it in r.iterations)
        assert r.algorithm == f"iterative deepening ({search.__name__})"


def test_max_depth_none_deepens_until_an_iteration_sees_every_end():
    ttt = TicTacToe()
    start = ttt.play(4, 0, 8)
    r = iterative_deepening(ttt, start, evaluate=lambda s: 0, max_depth=None)
    assert r.value == alphabeta(ttt, start).value and r.completed_depth <= 6
    assert iterative_deepening(ttt, start, evaluate=lambda s: 0, max_depth=20).completed_depth == 20
    with pytest.raises(ValueError, match="needs evaluate"):
        iterative_deepening(ttt, start, max_depth=None)


class _Chain:
    """Five positions: the root (MAX) moves to 'a' or straight to 'p'; 'a' leads to 'p', 'p' to 'q', 'q' to
    the only ending, worth -1. Every guess says +1. 'p' is met one ply deep and two plies deep."""
    NEXT = {"root": ("a", "p"), "a": ("p",), "p": ("q",), "q": ("end",)}

    def initial_state(self):
        return "root"

    def to_move(self, state):
        return "MAX" if state == "root" else "MIN"

    def actions(self, state):
        return self.NEXT[state]

    def result(self, state, move):
        return move

    def is_terminal(self, state):
        return state == "end"

    def utility(self, state):
        return -1

    def evaluate(self, state):
        return 1


def test_deepening_until_exact_with_a_shared_table_does_not_trust_guesses_from_other_plies():
    """Issue 30: with a shared table, depth 3 met 'p' two plies down with 1 move left, a table entry
    found at depth 2 from a guess; no evaluation was called, so the value 1 was taken as exact."""
    from adversarial.beyond.techniques import TranspositionTable, aspiration_deepening, deepening
    want = alphabeta(_Chain()).value
    assert want == -1
    r = deepening(_Chain(), max_depth=None, table=TranspositionTable())
    assert r.value == want and r.last.stats.guessed_hits == 0
    r, _ = aspiration_deepening(_Chain(), max_depth=None, table=TranspositionTable())
    assert r.value == want


def test_deepening_until_exact_with_a_shared_table_gives_minimax_on_random_dag_games():
    from adversarial import minimax
    from adversarial.beyond.techniques import TranspositionTable, aspiration_deepening, deepening

    from .dag_games import DagGame
    for seed in range(40):                  # before the fix, seeds 9 and 34 came out wrong
        game = DagGame(seed, size=6)
        want = minimax(game).value
        assert deepening(game, max_depth=None, table=TranspositionTable()).value == want, seed
        assert deepening(game, max_depth=None, table=TranspositionTable(), pvs=True).value == want, seed
        r, _ = aspiration_deepening(game, max_depth=None, table=TranspositionTable(), delta=1)
        assert r.value == want, seed


def test_a_search_without_a_depth_option_is_refused_with_advice():
    """Issue 30: iterative_deepening(t, search=mcts) failed inside with "unexpected keyword argument"."""
    from adversarial import mcts
    with pytest.raises(TypeError, match=r"mcts\(\) has no depth option.*more iterations"):
        iterative_deepening(tree([[1, 2], [3, 4]]), evaluate=lambda s: 0, search=mcts)


def test_a_huge_value_prints_in_the_deepening_result():
    """An int too long for Python to print in full (over 4300 digits) made repr() raise ValueError."""
    r = iterative_deepening(tree([10**5000, 0]), evaluate=lambda s: 0, max_depth=2)
    assert r.value == 10**5000 and "value=1.000e+5000" in repr(r)
