"""Monte Carlo tree search: seeded, counts that add up, good moves, convergence, clear errors."""

import pytest

from adversarial import minimax, tree
from adversarial.beyond.chance import chance, chance_tree
from adversarial.beyond.mcts import convergence, mcts
from adversarial.drawing.render import draw_tree
from adversarial.games import TicTacToe

game = TicTacToe()


def test_the_same_seed_gives_the_same_search():
    a = mcts(game, iterations=300, seed=7)
    b = mcts(game, iterations=300, seed=7)
    assert (a.visits, a.win_rates, a.value, a.pv) == (b.visits, b.win_rates, b.value, b.pv)


def test_counts_add_up():
    r = mcts(game, iterations=500, seed=3)
    assert r.tree.visits == 500
    assert sum(r.visits.values()) == 500            # every iteration goes through one root child
    assert r.tree.size() == 501                     # and adds exactly one node
    assert r.move == max(r.visits, key=r.visits.get)
    assert all(0 <= w <= 1 for w in r.win_rates.values())


def test_a_small_tree_stops_growing_once_complete():
    t = tree([[1, -1], [-1, -1]])
    r = mcts(t, iterations=100, seed=0)
    assert r.tree.size() == len(t) and r.move == 0


def test_convergence_is_mcts_run_once_and_checked_on_the_way():
    position = game.board("X../.O./...")
    steps = convergence(game, position, checkpoints=[50, 200], seed=5)
    for result in steps:
        alone = mcts(game, position, iterations=result.iterations, seed=5)
        assert (alone.visits, alone.value) == (result.visits, result.value)


@pytest.mark.parametrize("cells, best", [("XX./OO./...", 2),     # X wins at once
                                         ("XX./O../...", 2),     # O must block
                                         ("OO./XX./X..", 2)])    # O wins at once
def test_it_finds_the_forced_move(cells, best):
    position = game.board(cells)
    assert mcts(game, position, iterations=400, seed=0).move == best


def test_the_estimate_approaches_the_minimax_value_as_iterations_grow():
    position = game.board("XO./X../...")              # O to move; X wins whatever O does
    true = minimax(game, state=position).value
    errors = [abs(r.value - true) for r in convergence(game, position, checkpoints=[100, 10000], seed=1)]
    assert errors[1] < errors[0] and errors[1] < 0.2


def test_a_finished_game_reports_its_score():
    r = mcts(game, game.board("XXX/OO./..."), iterations=5)
    assert (r.value, r.move, r.visits) == (1, None, {})


def test_the_grown_tree_is_drawn_with_visits_and_win_rates():
    r = mcts(game, game.board("XX./OO./..."), iterations=100, seed=0)
    d = r.draw(depth=1, max_children=3)
    size = r.tree.size()        # fewer than 101: rollouts from a won position add nothing below it
    assert size < 101
    assert repr(d) == f"<Drawing: MCTS tree, 4 of {size} nodes drawn, 100 iterations, best move 2>"
    assert "100 visits" in d.source and "win " in d.source
    assert d.svg().startswith("<?xml")


@pytest.mark.parametrize("kwargs, error, message", [
    ({"iterations": 0}, ValueError, "at least 1"),
    ({"iterations": -3}, ValueError, "at least 1"),
    ({"iterations": 2.5}, TypeError, "whole number"),
    ({"iterations": True}, TypeError, "whole number"),
    ({"c": -1}, ValueError, "0 or more"),
    ({"c": "big"}, TypeError, "exploration constant"),
    ({"seed": None}, TypeError, "seed must be a whole number"),
])
def test_bad_settings_are_refused(kwargs, error, message):
    with pytest.raises(error, match=message):
        mcts(game, **kwargs)


def test_other_bad_inputs():
    with pytest.raises(ValueError, match="increasing order"):
        convergence(game, checkpoints=[100, 10])
    with pytest.raises(ValueError, match="use expectiminimax"):
        mcts(chance_tree(chance((0.5, 1), (0.5, 2))))
    with pytest.raises(ValueError, match="depth must be"):
        draw_tree(mcts(game, iterations=5), depth=-1)
    with pytest.raises(TypeError, match="nested list"):
        mcts("tic-tac-toe")


# -- matches ----------------------------------------------------------------------------

from adversarial.lab.matches import alphabeta_player, match, mcts_player, play, random_openings  # noqa: E402


def test_perfect_play_never_loses_and_draws_itself():
    perfect = alphabeta_player()
    openings = random_openings(game, 3, 1, seed=0)
    assert match(game, perfect, perfect, openings=openings).draws == 6
    weak = match(game, perfect, mcts_player(iterations=2, seed=0), openings=openings)
    assert weak.losses == 0 and weak.wins > 0 and weak.games == 6


def test_matches_are_repeatable_with_the_same_seed():
    def once():
        return match(game, mcts_player(30, seed=4), alphabeta_player(2, evaluate=lambda b: 0),
                     openings=["0", "4"])
    assert once() == once()


def test_play_reaches_the_end_and_openings_differ():
    final = play(game, alphabeta_player(), alphabeta_player())
    assert game.is_terminal(final) and game.utility(final) == 0
    openings = random_openings(game, 5, 2, seed=3)
    assert len(set(openings)) == 5 and all(len(o) == 2 for o in openings)


def test_bad_match_inputs():
    with pytest.raises(ValueError, match="openings is empty"):
        match(game, alphabeta_player(), alphabeta_player(), openings=[])
    with pytest.raises(ValueError, match="at least 1"):
        mcts_player(iterations=0)
