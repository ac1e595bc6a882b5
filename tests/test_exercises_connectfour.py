"""The checks of notebook 5: typical wrong answers are rejected, differently written right ones accepted."""

import pytest

from adversarial.exercises import check_evaluation, check_moves_to_loss, check_positions_after, check_solver_score
from adversarial.exercises.connectfour import moves_to_loss, positions_after
from adversarial.games.connectfour import ConnectFour, solve
from adversarial.games.connectfour_eval import WINDOWS, centre_control, no_evaluation, open_windows

game = ConnectFour()
TRAP, TRAP_MOVE = "27477261731557762446", 3          # the notebook's horizon position and its losing move
SCORED = "2252576253462244111563365343671351441"


@pytest.mark.parametrize("check", [check_positions_after, lambda a: check_solver_score(a, SCORED),
                                   lambda a: check_moves_to_loss(a, TRAP, TRAP_MOVE), check_evaluation])
@pytest.mark.parametrize("stub", [..., None])
def test_an_unanswered_stub_reveals_nothing(check, stub):
    verdict = check(stub)
    assert not verdict and verdict.message.startswith("Not answered yet")
    for secret in (str(positions_after(6)), str(moves_to_loss(TRAP, TRAP_MOVE))):
        assert secret not in verdict.message


def test_positions_after_n_moves():
    assert positions_after(2) == 49                          # no two-move transpositions yet
    assert check_positions_after(positions_after(4), plies=4)
    assert check_positions_after(len({game.play(a + b + c + d) for a in "1234567" for b in "1234567"
                                      for c in "1234567" for d in "1234567"}), plies=4)
    wrong = check_positions_after(7 ** 4, plies=4)
    assert not wrong and "sequences" in wrong.message
    assert not check_positions_after(positions_after(4) + 1, plies=4)
    short = check_positions_after(positions_after(5), plies=6)              # one level short: said so
    assert not short and "after 5 moves" in short.message and "exactly 6 moves" in short.message
    assert str(positions_after(6)) not in short.message


def test_solver_score_prediction():
    assert check_solver_score(solve(SCORED), SCORED)
    assert check_solver_score(float(solve("112233")), "112233")
    flipped = check_solver_score(-solve("112233"), "112233")
    assert not flipped and "whose side" in flipped.message and "wrong sign" not in flipped.message
    assert not check_solver_score(22 - 3, "112233")           # counting the stones before the win


def test_a_solver_score_one_too_large_is_told_to_count_the_winning_disc():
    # "37475": O to move, X wins with its 4th disc (-18); 22 minus X's 3 discs so far gives -19.
    for answer, moves in ((-19, "37475"), (19, "112233")):
        assert abs(answer) == abs(solve(moves)) + 1
        verdict = check_solver_score(answer, moves)
        assert not verdict
        assert "the winning one included: 22 minus that" in verdict.message
        assert str(abs(solve(moves))) not in verdict.message.replace(str(answer), "")


def test_moves_to_loss_prediction():
    truth = moves_to_loss(TRAP, TRAP_MOVE)
    assert check_moves_to_loss(truth, TRAP, TRAP_MOVE)
    assert not check_moves_to_loss(truth + 1, TRAP, TRAP_MOVE)
    assert not check_moves_to_loss(truth - 1, TRAP, TRAP_MOVE)


def my_windows(p):
    """A right answer written differently: threes only, counted per window."""
    if game.is_terminal(p):
        return game.utility(p)
    score = 0
    for w in WINDOWS:
        mine, theirs = bin(w & p.x).count("1"), bin(w & p.o).count("1")
        if theirs == 0 and mine >= 2:
            score += mine * mine
        elif mine == 0 and theirs >= 2:
            score -= theirs * theirs
    return score / 1000


def test_evaluations_that_beat_both_weak_ones_pass():
    assert check_evaluation(open_windows)
    assert check_evaluation(my_windows)


@pytest.mark.parametrize("wrong, says", [
    (lambda p: -open_windows(p), "is over"),                               # MIN's point of view
    (lambda p: 0, "is over"),                                             # ignores the result at the end
    (no_evaluation, "against no_evaluation"),                             # no better than nothing
    (centre_control, "against centre_control"),                           # the weak one itself
    (lambda p: game.utility(p) if game.is_terminal(p) else -open_windows(p), "against"),   # sign flipped
    (lambda p: 1 / 0, "raised ZeroDivisionError"),
])
def test_typical_wrong_evaluations_are_rejected(wrong, says):
    verdict = check_evaluation(wrong)
    assert not verdict and says in verdict.message


@pytest.fixture(autouse=True)
def fresh_hints():
    """Hints climb a ladder per exercise; every test starts from the first rung, whatever ran before."""
    from adversarial.exercises.core import reset_hints
    reset_hints()


# -- issue 20: guesses stay inside (-1, 1), numpy answers, odd inputs ------------------------------------

def test_an_evaluation_outside_minus_one_to_one_is_rejected_with_why():
    def too_big(p):
        return game.utility(p) if game.is_terminal(p) else open_windows(p) * 1000
    verdict = check_evaluation(too_big)
    assert not verdict and "strictly between -1 and 1" in verdict.message
    assert "even the smallest proved win (+1, a win on the last disc)" in verdict.message


def test_numpy_answers_pass():
    import numpy as np
    assert check_evaluation(lambda p: np.float64(open_windows(p)) if not game.is_terminal(p)
                            else np.int64(game.utility(p)))
    assert check_positions_after(np.int64(positions_after(4)), plies=4)
    assert check_solver_score(np.int64(solve(SCORED)), SCORED)
    truth = moves_to_loss(TRAP, TRAP_MOVE)
    assert check_moves_to_loss(np.int64(truth), TRAP, TRAP_MOVE) and check_moves_to_loss(float(truth), TRAP, TRAP_MOVE)


@pytest.mark.parametrize("answer", [__import__("numpy").array([1, 2]), 10**400, "49", float("nan"), True, [49]])
def test_odd_answers_get_a_verdict(answer):
    for verdict in (check_positions_after(answer, plies=2), check_solver_score(answer, SCORED),
                    check_moves_to_loss(answer, TRAP, TRAP_MOVE)):
        assert not verdict and verdict.answered


@pytest.mark.parametrize("odd, says", [
    (lambda p: __import__("sys").exit(), "sys.exit"),
    (lambda p: None if game.is_terminal(p) else 0.0, "returned None"),
    (lambda p: "0", "not a number"),
])
def test_odd_evaluations_get_a_verdict(odd, says):
    verdict = check_evaluation(odd)
    assert not verdict and verdict.answered and says in verdict.message, verdict.message
