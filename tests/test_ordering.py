"""Move-ordering policies (adversarial.ordering) and the search's cutoff notification."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adversarial import MAX, MIN, alphabeta, minimax, negamax, tree
from adversarial.beyond.ordering import (
    HashMove,
    History,
    Killers,
    OrderError,
    as_given,
    best_first,
    plies_played,
    quickest_first,
    reversed_order,
    shuffled,
    static,
    tictactoe_centre_first,
    worst_first,
)
from adversarial.games import TicTacToe
from adversarial.lab.experiments import UniformTree

TEXTBOOK = [[3, 5, 6], [1, 2, 0], [9, 7, 8]]


class Listener:
    """An order policy that keeps the moves as given and records every cutoff it is told of."""
    name = "listener"

    def __init__(self):
        self.heard = []

    def __call__(self, state, moves):
        return moves

    def cutoff(self, state, move, depth):
        self.heard.append((state.path, move, depth))


def test_the_search_tells_the_order_policy_which_move_refuted_which_state():
    for search in (alphabeta, negamax):
        listener = Listener()
        r = search(tree(TEXTBOOK), order=listener)
        # B's first child (1) refutes B: MAX already has 3 from A.
        assert listener.heard == [((1,), 0, float("inf"))]
        assert r.stats.order == "listener"
        assert (r.stats.cutoffs, r.stats.first_cutoffs) == (1, 1)


def test_the_depth_told_is_the_depth_left_under_a_depth_limit():
    listener = Listener()
    alphabeta(tree(TEXTBOOK), depth=2, order=listener)
    assert listener.heard == [((1,), 0, 1)]


def test_stats_name_the_order_and_count_cutoffs_not_made_by_the_first_move():
    def last_first(state, moves):
        return list(reversed(moves))
    assert alphabeta(tree(TEXTBOOK), order=last_first).stats.order == "last_first"
    assert alphabeta(tree(TEXTBOOK)).stats.order == "as given"
    # MAX has 5 from A; at B, MIN's first move (9) does not refute, its second (1) does.
    r = alphabeta(tree([[5], [9, 1, 0]]))
    assert (r.stats.cutoffs, r.stats.first_cutoffs) == (1, 0)
    r = alphabeta(tree([[5], [0, 1, 9]]))   # B's first move refutes it
    assert (r.stats.cutoffs, r.stats.first_cutoffs) == (1, 1)


# -- the policies ---------------------------------------------------------------------

class Lattice:
    """A random game WITH transpositions: states are (level, k); a move leads one or two
    levels down, so one position is reached by several paths and at different depths.
    Who moves is drawn per state (sometimes the same side twice in a row); leaves are
    small integers, so ties are common."""

    def __init__(self, seed):
        rng = random.Random(seed)
        self.levels = rng.randint(2, 6)
        self.width = [1] + [rng.randint(1, 4) for _ in range(self.levels)]
        self.player, self.moves, self.values = {}, {}, {}
        for level in range(self.levels + 1):
            for k in range(self.width[level]):
                state = (level, k)
                self.player[state] = rng.choice((MAX, MIN))
                targets = []
                if level < self.levels:
                    for _ in range(rng.randint(1, 3)):
                        down = min(self.levels, level + rng.choice((1, 1, 2)))
                        targets.append((down, rng.randrange(self.width[down])))
                self.moves[state] = tuple(dict.fromkeys(targets))
                self.values[state] = rng.randint(-3, 3)

    def initial_state(self):
        return (0, 0)

    def to_move(self, s):
        return self.player[s]

    def actions(self, s):
        return self.moves[s]

    def result(self, s, move):
        return move

    def is_terminal(self, s):
        return not self.moves[s]

    def utility(self, s):
        return self.values[s]

    def evaluate(self, s):
        return self.values[s] / 2


def policies(game, seed):
    """Every policy, fresh (learning ones start empty)."""
    return [as_given, reversed_order, shuffled(seed), static(lambda s, m: hash(m) % 3, "mod 3"),
            best_first(game), worst_first(game), quickest_first(game), Killers(), History(), HashMove(),
            HashMove(Killers(History(reversed_order)))]


seeds = st.integers(0, 2**32 - 1)


@given(seeds, st.booleans(), st.booleans())
def test_every_policy_gives_the_minimax_value_on_games_with_transpositions(seed, rule, table):
    game = Lattice(seed)
    truth = minimax(game)
    for order in policies(game, seed):
        r = alphabeta(game, order=order, prune_on_equal=rule, table=table)
        assert r.value == truth.value, order.name
        assert r.stats.leaves <= truth.stats.leaves
        again = alphabeta(game, order=order, prune_on_equal=rule, table=table)  # having learnt
        assert again.value == truth.value


@given(seeds, st.integers(1, 4))
def test_every_policy_gives_the_depth_limited_minimax_value(seed, depth):
    game = Lattice(seed)
    truth = minimax(game, depth=depth)
    for order in policies(game, seed)[:4] + policies(game, seed)[6:]:   # oracles see the end
        # (no table here: a table reuses a deeper search's value for a position met again
        # nearer the root, which is right for play but differs from depth-limited minimax)
        assert alphabeta(game, order=order, depth=depth).value == truth.value


@given(st.integers(2, 4), st.integers(1, 5), seeds, st.booleans())
def test_every_policy_gives_the_minimax_value_on_uniform_trees(b, d, seed, rule):
    game = UniformTree(b, d, seed % 1000)
    truth = minimax(game)
    for order in policies(game, seed):
        r = alphabeta(game, order=order, prune_on_equal=rule)
        assert r.value == truth.value and r.stats.leaves <= truth.stats.leaves


def test_the_oracles_sort_by_the_exact_value_for_the_side_to_move():
    t = tree(TEXTBOOK)                      # A = 3, B = 0, C = 7
    assert best_first(t)(t.root, (0, 1, 2)) == [2, 0, 1]
    assert worst_first(t)(t.root, (0, 1, 2)) == [1, 0, 2]
    b = t.node((1,))                        # MIN node B: 1, 2, 0
    assert best_first(t)(b, (0, 1, 2)) == [2, 0, 1]
    assert worst_first(t)(b, (0, 1, 2)) == [1, 0, 2]


def test_the_quickest_oracle_keeps_the_value_order_and_breaks_ties_by_the_shortest_end():
    t = tree([[[1, 1], [1, 1]], 1, 0])        # two ways to 1: a long one listed first
    assert best_first(t)(t.root, (0, 1, 2)) == [0, 1, 2]
    assert quickest_first(t)(t.root, (0, 1, 2)) == [1, 0, 2]
    game = TicTacToe()
    oracle, quick = best_first(game), quickest_first(game)
    for board in [game.play(0, 4, 1), game.play(4, 0, 8, 2), game.play(0, 3, 1, 4)]:
        moves = game.actions(board)
        mover = 1 if game.to_move(board) == MAX else -1
        values = [mover * oracle.value(game.result(board, m)) for m in quick(board, moves)]
        assert values == sorted(values, reverse=True)                 # still best value first
        for a, b in zip(quick(board, moves), quick(board, moves)[1:]):
            if oracle.value(game.result(board, a)) == oracle.value(game.result(board, b)):
                assert quick.length(game.result(board, a)) <= quick.length(game.result(board, b))
    # it wins at once where the value oracle takes a longer (equally winning) line first
    board = game.play(0, 3, 1, 4)             # X: 0, 1; O: 3, 4; X to move wins at 2
    assert quick(board, game.actions(board))[0] == 2


def test_static_centre_corners_edges_for_tictactoe():
    game = TicTacToe()
    board = game.initial_state()
    assert tictactoe_centre_first(board, game.actions(board)) == [4, 0, 2, 6, 8, 1, 3, 5, 7]


def test_killers_keep_the_latest_refutations_per_ply_and_try_them_first():
    k = Killers(slots=2)
    t = tree(TEXTBOOK)
    a, b = t.node((0,)), t.node((1,))
    for move in (2, 0, 1, 0):
        k.cutoff(a, move, 3)
    assert k.killers == {1: [0, 1]}
    assert k(b, (0, 1, 2)) == [0, 1, 2] and k(b, (2, 1)) == [1, 2]
    assert k(t.root, (0, 1, 2)) == [0, 1, 2]              # nothing learnt at ply 0


def test_history_weights_by_depth_squared_and_learning_passes_down_the_stack():
    inner = History()
    k = Killers(inner)
    k.cutoff(tree(TEXTBOOK).node((0,)), 2, 3)
    k.cutoff(tree(TEXTBOOK).node((0,)), 1, float("inf"))
    assert inner.scores == {2: 9, 1: 1}
    assert k.name == "killers + history"


def test_hash_move_remembers_the_principal_variation_and_refutations():
    game = TicTacToe()
    h = HashMove(tictactoe_centre_first)
    root = game.initial_state()
    h.remember(game, root, (0, 4))
    assert h(root, game.actions(root))[:2] == [0, 4]
    assert h(game.result(root, 0), game.actions(game.result(root, 0)))[0] == 4


def test_policy_names_show_in_the_stats():
    t = tree(TEXTBOOK)
    names = [alphabeta(t, order=o).stats.order for o in
             (as_given, reversed_order, shuffled(3), best_first(t), HashMove(Killers()))]
    assert names == ["as given", "reversed", "random (seed 3)", "best first (oracle)",
                     "hash move + killers"]


def test_killers_make_more_first_move_cutoffs_than_the_order_they_wrap():
    game, board = TicTacToe(), TicTacToe().play(0)
    plain = alphabeta(game, board, depth=6, evaluate=lambda s: 0, order=reversed_order).stats
    learnt = alphabeta(game, board, depth=6, evaluate=lambda s: 0,
                       order=Killers(reversed_order)).stats
    assert learnt.first_cutoffs / learnt.cutoffs > plain.first_cutoffs / plain.cutoffs


def test_bad_policies_are_explained():
    with pytest.raises(OrderError, match="seed"):
        shuffled("x")
    with pytest.raises(OrderError, match="score"):
        static(3, "three")
    with pytest.raises(OrderError, match="slots"):
        Killers(slots=0)
    with pytest.raises(OrderError, match="base"):
        History(base=5)
    with pytest.raises(OrderError, match="ply="):
        plies_played("a state of some other game")
    with pytest.raises(TypeError, match="not a game|expected a game"):
        best_first(42)


@given(seeds, st.integers(1, 5))
def test_iterative_deepening_with_learning_orders_gives_the_minimax_value(seed, depth):
    from adversarial.beyond.deepening import iterative_deepening
    game = Lattice(seed)

    def learning(policy):
        def order_from(previous):
            if previous is not None:
                policy.remember(game, game.initial_state(), previous.pv)
            return policy
        return order_from
    result = iterative_deepening(game, max_depth=depth, order_from=learning(HashMove(Killers(History(shuffled(seed))))))
    assert result.value == minimax(game, depth=depth).value
    solved = iterative_deepening(game, max_depth=None, order_from=learning(HashMove(Killers())))
    assert solved.value == minimax(game).value and solved.iterations[-1].stats.leaves > 0
    assert result.nodes == sum(it.nodes for it in result.iterations) == result.stats.nodes


def test_connect_four_centre_first_tries_the_middle_column_first():
    from adversarial.beyond.ordering import connectfour_centre_first
    from adversarial.games.connectfour import CENTRE_FIRST, ConnectFour
    game = ConnectFour()
    assert tuple(connectfour_centre_first(game.initial_state(), tuple(range(1, 8)))) == CENTRE_FIRST
    assert plies_played(game.play("4453")) == 4


@given(st.integers(0, 2**32 - 1), st.integers(2, 6), st.booleans(), st.booleans())
def test_the_oracles_give_the_minimax_value_on_dag_games(seed, size, rule, table):
    from .dag_games import DagGame
    game = DagGame(seed, size)
    truth = minimax(game)
    for order in (best_first(game), quickest_first(game), worst_first(game)):
        r = alphabeta(game, order=order, prune_on_equal=rule, table=table)
        assert r.value == truth.value and r.stats.leaves <= truth.stats.leaves, order.name
