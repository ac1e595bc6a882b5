"""The stepper's logic, without a browser."""

from adversarial import tree
from adversarial.trace import Cutoff
from adversarial.widgets import Stepper


def make(**kwargs):
    return Stepper(tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]]), **kwargs)


def test_step_back_reset_move_through_the_events():
    s = make()
    assert s.position == 0 and s.sentence == "Press Step to start the search."
    s.step(); s.step()
    assert s.position == 2 and s.sentence == "Enter MIN node A with α = −∞, β = +∞."
    s.back()
    assert s.position == 1
    s.goto(10_000)
    assert s.position == len(s.trace) and s.sentence == "The root's value is 7."
    s.reset()
    assert s.position == 0


def test_counters_follow_the_trace():
    s = make()
    cut = next(i for i, e in enumerate(s.trace) if isinstance(e, Cutoff))
    s.goto(cut)
    assert s.counters == {"leaves evaluated": 4, "leaves saved": 0}
    s.step()
    assert s.sentence.startswith("MIN node B: value 1 ≤ α = 3")
    assert s.counters == {"leaves evaluated": 4, "leaves saved": 2}
    s.goto(len(s.trace))
    assert s.counters == {"leaves evaluated": 7, "leaves saved": 2}


def test_the_picture_updates_in_place_and_the_layout_does_not_move():
    s = make()
    first = s.picture.value
    s.step()
    assert s.picture.value != first and "<svg" in s.picture.value
    assert "adversarial-drawing" in s.picture._dom_classes


def test_editable_leaves_rebuild_and_bad_input_is_shown():
    s = make(editable=True)
    s.leaves.value = "[[1, 2], [3, 4]]"
    assert s.game.to_list() == [[1, 2], [3, 4]] and s.result.value == 3 and s.error.value == ""
    s.leaves.value = "[[1, 2], []]"
    assert "empty list" in s.error.value and s.game.to_list() == [[1, 2], [3, 4]]
    s.leaves.value = "[[1, 'x']]"
    assert "is &#x27;x&#x27; (str)" in s.error.value


def test_repr_is_stable():
    assert repr(make()) == "Stepper(alphabeta on Tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]]): step 0 of 29)"
