"""The words of a game search (issue 43): a pruned move is a move, not a leaf, and leaves are counted only where
the search evaluated one. Checked against an alpha-beta written here, independently of the package's trace, on
random tic-tac-toe positions and random games with transpositions (tests/dag_games.py)."""

import math
import random
import re

import pytest

from adversarial import MAX, Stepper, alphabeta, describe
from adversarial.games.tictactoe import TicTacToe
from tests.dag_games import DagGame


def counted(game, state, depth=None, prune_on_equal=True):
    """Alpha-beta on ``game`` from ``state``: (value, leaves evaluated, moves cut, positions entered)."""
    counts = {"leaves": 0, "cut": 0, "entered": 0}
    movers = counted.movers = {}           # level -> the players who move at a searched node there

    def value(state, alpha, beta, left, level=0):
        counts["entered"] += 1
        if game.is_terminal(state) or left == 0:
            counts["leaves"] += 1
            return game.utility(state) if game.is_terminal(state) else game.evaluate(state)
        movers.setdefault(level, set()).add(game.to_move(state))
        moves = list(game.actions(state))
        maximise = game.to_move(state) == MAX
        best = -math.inf if maximise else math.inf
        for i, move in enumerate(moves):
            v = value(game.result(state, move), alpha, beta, None if left is None else left - 1, level + 1)
            if maximise:
                best, alpha = max(best, v), max(alpha, v)
            else:
                best, beta = min(best, v), min(beta, v)
            if alpha > beta or prune_on_equal and alpha == beta:
                counts["cut"] += len(moves) - i - 1
                break
        return best

    return value(state, -math.inf, math.inf, depth), counts["leaves"], counts["cut"], counts["entered"]


def tictactoe_positions(n, seed=43):
    game, rng, found = TicTacToe(), random.Random(seed), []
    while len(found) < n:
        state = game.initial_state()
        for _ in range(rng.randint(4, 7)):
            state = game.result(state, rng.choice(list(game.actions(state))))
            if game.is_terminal(state):
                break
        if not game.is_terminal(state) and counted(game, state)[3] + counted(game, state)[2] <= 300:
            found.append(state)                           # drawn whole: at most 300 nodes
    return game, found


def check_words(game, state, depth=None, prune_on_equal=True):
    value, leaves, cut, entered = counted(game, state, depth, prune_on_equal)
    result = alphabeta(game, state, depth=depth, prune_on_equal=prune_on_equal, trace=True)
    assert result.value == value
    words = describe(game, result)
    moves = f"{cut} move{'' if cut == 1 else 's'} (branches) pruned"
    assert words.name.endswith(moves), words.name
    assert " of " not in words.name and "leaves pruned" not in words.name     # no total of leaves it cannot know
    assert f"Leaves evaluated: {leaves}. Moves (branches) pruned: {cut}" in words.text
    assert len(words.facts["pruned"]) == cut and words.facts["evaluated"] == leaves
    nodes = f"{entered} node{'' if entered == 1 else 's'}"
    assert (f"and {nodes} and {cut} pruned move" if cut else f"and {nodes};") in words.text
    # every name called a leaf is one the search evaluated (an end of the game or the depth limit)
    called_leaves = re.findall(r"\bleaf (after moves? [0-9a-z+, ]+?), value", words.text)
    assert len(called_leaves) == leaves
    for name in words.facts["pruned"]:
        assert f"leaf {name}," not in words.text            # a pruned move is never called a leaf
    levels = [counted.movers[k] for k in sorted(counted.movers)]
    alternate = all(len(m) == 1 for m in levels) and all(a != b for a, b in zip(levels, levels[1:]))
    assert ("turn about" in words.text) == (alternate and len(levels) > 1)
    return result


def test_the_issues_position_counts_moves_not_leaves():
    game = TicTacToe()
    state = game.board("XOX/OX./...")
    result = check_words(game, state)
    words = describe(game, result)
    assert words.name == "Alpha-beta on a 5-level game tree: root value 1, 4 moves (branches) pruned"
    # names that hold commas are parted by semicolons, so a listener hears where each one ends
    assert "Moves (branches) pruned: 4: after moves 7, 6; after moves 7, 8; after moves 8, 7; after moves 5, 7, 8;" \
        in words.text
    assert "its remaining moves 6, 8 were pruned" in words.text


@pytest.mark.parametrize("prune_on_equal", [True, False])
def test_words_of_tictactoe_searches_agree_with_an_independent_count(prune_on_equal):
    game, positions = tictactoe_positions(12)
    for state in positions:
        check_words(game, state, prune_on_equal=prune_on_equal)


@pytest.mark.parametrize("seed", range(12))
def test_words_of_searches_on_random_games_with_transpositions_agree_with_an_independent_count(seed):
    game = DagGame(seed, size=5)
    for depth in (None, 1, 3):
        check_words(game, game.initial_state(), depth=depth, prune_on_equal=seed % 2 == 0)


def test_the_steppers_counters_count_moves_for_a_game():
    game, positions = tictactoe_positions(3, seed=7)
    for state in positions:
        _, leaves, cut, _ = counted(game, state)
        s = Stepper(game, state=state)
        s.goto(len(s.trace))
        assert s.counters == {"leaves evaluated": leaves, "moves pruned": cut}
        assert f"moves (branches) pruned so far: {cut}" in s.counter_box.value


def test_one_of_a_thing_is_said_in_the_singular():
    """Issue 43: "The tree has 1 levels and 1 node"."""
    from adversarial import minimax, tree
    t = tree(5)
    words = describe(t, minimax(t, trace=True))
    assert "The tree has 1 level and 1 node" in words.text and "1 levels" not in str(words)
    assert describe(t).name.startswith("Game tree with 1 level and 1 leaf")


def test_a_game_drawings_text_form_counts_pruned_moves():
    """What nbval compares of a drawing: for a game, the moves pruned, not "pruned leaves"."""
    from adversarial import draw
    game = TicTacToe()
    state = game.board("XOX/OX./...")
    _, leaves, cut, entered = counted(game, state)
    result = alphabeta(game, state, trace=True)
    assert repr(draw(game, result)) == f"<Drawing: {entered} nodes, {cut} pruned moves, root value 1>"
    assert repr(draw(game, result, step=0)) == f"<Drawing: {entered} nodes, 0 pruned moves, step 0>"
