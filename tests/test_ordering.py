"""Move-ordering policies (adversarial.ordering) and the search's cutoff notification."""

from adversarial import alphabeta, negamax, tree

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
