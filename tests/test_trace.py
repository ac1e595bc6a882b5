"""Traces: the events in order, the α/β table, and the sentences that explain each step."""

from adversarial import alphabeta, minimax, tree
from adversarial.trace import Bound, Cutoff, Enter, Leaf, Return, fmt


def three_by_three():
    return alphabeta(tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]]), trace=True).trace


def test_events_follow_the_search_in_order():
    trace = three_by_three()
    assert trace[0] == Enter((), "MAX", float("-inf"), float("inf"))
    assert [type(e).__name__ for e in trace[:6]] == ["Enter", "Enter", "Enter", "Leaf", "Bound", "Enter"]
    assert trace[4] == Bound((0,), "beta", float("inf"), 3)
    cut = next(e for e in trace if isinstance(e, Cutoff))
    assert (cut.path, cut.player, cut.value, cut.alpha, cut.beta, cut.skipped) == ((1,), "MIN", 1, 3, 1, (1, 2))
    assert trace[-1] == Return((), 7, "exact")


def test_table_text_has_one_row_per_inner_node():
    text = str(three_by_three().table())
    lines = text.splitlines()
    assert lines[0].split() == ["#", "node", "player", "α", "β", "children", "explored", "value", "pruned?"]
    assert lines[2].split() == ["1", "root", "MAX", "−∞", "+∞", "A,", "B,", "C", "7", "no"]
    assert lines[4].split() == ["6", "B", "MIN", "3", "+∞", "1", "≤", "1", "yes:", "2,", "0"]
    assert len(lines) == 2 + 4


def test_table_can_include_leaves_and_shows_in_html():
    trace = three_by_three()
    assert len(trace.rows(leaves=True)) == 11
    html = trace._repr_html_()
    assert html.startswith('<table class="adversarial-trace"') and "≤ 1" in html and "yes: 2, 0" in html


def test_eight_leaf_table_shows_what_the_seed_lesson_got_wrong():
    """The lesson's table says Left-Right MAX stopped after leaf 2 with value 2; it did not."""
    trace = alphabeta(tree([3, 5, 2, 9, 12, 5, 23, 2], branching=2), trace=True).trace
    rows = {row.path: row for row in trace.rows()}
    left_right = rows[(0, 1)]
    assert left_right.explored == [0, 1] and left_right.skipped == ()
    assert (left_right.value, left_right.bound, left_right.beta) == (9, "exact", 5)   # 9 ≥ β, but nothing cut below
    right_right = rows[(1, 1)]
    assert right_right.explored == [0] and right_right.skipped == (1,)
    assert (right_right.alpha, right_right.beta, right_right.value) == (5, 12, 23)


def test_minimax_traces_have_no_bounds():
    trace = minimax(tree([[3, 5], [2]]), trace=True).trace
    assert not any(isinstance(e, (Bound, Cutoff)) for e in trace)
    assert str(trace.table()).splitlines()[2].split()[3:5] == ["—", "—"]


def test_sentences():
    trace = three_by_three()
    said = [trace.explain(i) for i in range(len(trace))]
    assert said[0] == "Enter the root (MAX) with α = −∞, β = +∞."
    assert said[2] == "Reach leaf D with α = −∞, β = +∞."
    assert said[3] == "Leaf D is worth 3."
    assert said[4] == "MIN node A lowers β from +∞ to 3."
    assert "MIN node B: value 1 ≤ α = 3, so B's remaining children H and I are pruned." in said
    assert any(s.startswith("B returns 1, only an upper bound") for s in said)
    assert said[-1] == "The root's value is 7."


def test_strict_rule_sentences_use_strict_signs():
    trace = alphabeta(tree([[3, 5], [2, 1, 0]]), prune_on_equal=False, trace=True).trace
    cut = next(i for i, e in enumerate(trace) if isinstance(e, Cutoff))
    assert trace.explain(cut) == "MIN node B: value 2 < α = 3, so B's remaining children F and G are pruned."


def test_games_without_labels_name_nodes_by_their_moves():
    from adversarial.trace import Trace
    trace = Trace([Enter((), "MAX", None, None), Enter((4, 0), "MAX", None, None), Leaf((4, 0), 1)])
    assert trace.label(()) == "root" and trace.label((4, 0)) == "4→0"


def test_numbers_print_plainly():
    assert [fmt(x) for x in (3, 3.0, 2.5, float("inf"), float("-inf"), None)] == \
        ["3", "3", "2.5", "+∞", "−∞", "—"]


def test_a_finished_game_still_has_a_row():
    from adversarial import alphabeta, tree
    rows = alphabeta(tree(7), trace=True).trace.rows()
    assert [(row.path, row.value) for row in rows] == [((), 7)]
    assert "7" in str(alphabeta(tree(7), trace=True).trace.table())
