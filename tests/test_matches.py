"""The one match (adversarial.matches) and the one random-position sampler, as every experiment uses them."""

import pytest

from adversarial.games import TicTacToe
from adversarial.games.connectfour import ConnectFour
from adversarial.games.connectfour_eval import no_evaluation, open_windows
from adversarial.lab.connectfour_lab import engine_player, match, openings
from adversarial.lab.engine_lab import play_match
from adversarial.lab.experiments import random_positions
from adversarial.lab.matches import Match, alphabeta_player, random_openings
from adversarial.lab.matches import match as general_match


def test_a_connect_four_match_is_the_general_match_with_engine_players():
    c4 = ConnectFour()
    ours = match(open_windows, no_evaluation, depth=1, openings=3, seed=5)
    general = general_match(c4, engine_player(open_windows, 1), engine_player(no_evaluation, 1),
                            openings=openings(3, seed=5), seed=5)
    assert isinstance(ours, Match) and ours == general
    assert repr(ours).startswith("open_windows vs no_evaluation: ")
    assert len(ours.finals) == ours.games == 6 and all(c4.is_terminal(f) for f in ours.finals)


def test_score_and_interval_come_from_the_points_per_opening():
    perfect = alphabeta_player()
    m = general_match(TicTacToe(), perfect, perfect, openings=["", "4", "0"])
    assert m.points == (1.0, 1.0, 1.0) and m.score == 0.5 and m.interval == (0.5, 0.5)
    lopsided = Match("a", "b", 3, 0, 1, points=(2.0, 1.0), seed=0)
    assert lopsided.score == 0.75 and 0.5 <= lopsided.low <= lopsided.high <= 1.0
    assert str(lopsided).startswith("3 wins, 0 draws, 1 loss: score 0.75 (95% interval ")
    assert repr(lopsided).endswith("3 wins, 0 draws, 1 loss (4 games)")


def test_a_ladder_match_is_the_general_match():
    m = play_match(1, 0, openings=2, node_budget=60, seed=3)
    assert isinstance(m, Match) and m.games == 4 and len(m.points) == 2


def test_random_openings_are_the_lines_to_random_positions_each_position_once():
    game = TicTacToe()
    lines = random_openings(game, 6, 3, seed=4)
    states = random_positions(game, 6, 3, seed=4)
    assert [game.play(*line) for line in lines] == states
    assert len(set(states)) == 6
    c4 = ConnectFour()
    reached = [c4.play("".join(map(str, line))) for line in random_openings(c4, 48, 4, seed=1)]
    assert len(set(reached)) == 48             # seed 1 draws two lines to one position: counted once


def test_no_openings_is_a_clear_error():
    with pytest.raises(ValueError, match="openings is empty"):
        general_match(TicTacToe(), alphabeta_player(), alphabeta_player(), openings=[])


@pytest.mark.parametrize("resamples", [0, -5, 2.5, None])
def test_resamples_must_be_a_whole_number_and_are_checked_before_any_game(resamples):
    """Issue 30: match(..., resamples=0).interval raised IndexError, after every game was played."""
    with pytest.raises(ValueError, match="resamples must be a whole number of bootstrap resamples"):
        general_match(TicTacToe(), alphabeta_player(), alphabeta_player(), openings=[()], resamples=resamples)
