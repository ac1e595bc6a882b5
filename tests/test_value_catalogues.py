"""Value checks moved onto the diagnosis engine (issue 42): a wrong value is named only when exactly one typical
mistake gives it; when two causes (or a cause and the right answer) give the same value, neither is named."""

from adversarial.exercises import check_deepest, check_moves_to_loss, check_selfish_move, check_solver_score
from adversarial.exercises.beyond import SELFISH_HINT, selfish_catalogue
from adversarial.exercises.connectfour import SCORE_HINT, moves_to_loss_catalogue, solver_score_catalogue
from adversarial.exercises.ordering import DEEPEST_HINT, deepest_catalogue


def test_a_move_both_wrong_readings_pick_is_named_by_neither():
    # move 0 is minimax's move (its worst reply, 4, is the best worst) and the hopeful one (its best reply, 9)
    payoffs = [[(9, 0), (4, 1)], [(1, 0), (0, 1)], [(5, 9), (3, 0)]]
    assert selfish_catalogue(payoffs).names() == []
    verdict = check_selfish_move(0, payoffs)
    assert not verdict and SELFISH_HINT in verdict.message and "minimax" not in verdict.message
    assert check_selfish_move(2, payoffs)


def test_the_notebooks_selfish_moves_are_named():
    payoffs = [[(2, 1), (2, 0)], [(6, 0), (1, 5)], [(3, 2), (0, 0)]]
    assert selfish_catalogue(payoffs).diagnose(0).name == "minimax"
    assert selfish_catalogue(payoffs).diagnose(1).name == "hopeful"


def test_a_drawn_position_has_no_wrong_sign_and_no_winning_disc_to_count():
    from adversarial.games.connectfour import solve
    moves = "37475"
    truth = solve(moves)
    assert solver_score_catalogue(moves).diagnose(-truth).name == "whose side"
    assert "whose side" in check_solver_score(-truth, moves).message
    assert SCORE_HINT in check_solver_score(truth + 7, moves).message


def test_moves_to_loss_names_the_line_and_the_trap_only_where_they_differ():
    moves, trap = "543155133351644442246636", 5
    catalogue = moves_to_loss_catalogue(moves, trap)
    assert catalogue.twins() == []
    for mistake in catalogue.mistakes:
        assert mistake.cause in check_moves_to_loss(mistake.model, moves, trap).message


def test_deepest_names_minimax_depth_and_nothing_else():
    assert deepest_catalogue(35, 2_000_000).diagnose(4).name == "minimax's depth"
    assert "how deep minimax" in check_deepest(4, 35, 2_000_000).message
    assert DEEPEST_HINT in check_deepest(8, 35, 2_000_000).message
    assert DEEPEST_HINT in check_deepest(6, 35, 2_000_000).message       # too shallow: the same words
