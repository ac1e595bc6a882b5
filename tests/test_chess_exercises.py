"""The checks of notebook 12 (adversarial.exercises.chess): each typical wrong answer is rejected with its own
hint, right answers written differently pass, a stub is 'not answered', and the verdicts need no seed."""

import math

import pytest

pytest.importorskip("chess")

from adversarial.exercises import chess as ex  # noqa: E402
from adversarial.exercises.chess import check_killer_update, check_mvv_lva, check_stand_pat  # noqa: E402
from adversarial.games.chess import ChessState  # noqa: E402
from adversarial.games.chess.ordering import mvv_lva, update_killers  # noqa: E402
from adversarial.games.chess.quiescence import captures, quiesce  # noqa: E402


def centipawn_mvv_lva(board, moves):
    """Right, written differently: centipawn values (a bishop worth more than a knight), en passant by hand."""
    worth = {1: 100, 2: 320, 3: 330, 4: 500, 5: 900, 6: 20000}

    def taken(m):
        return 100 if board.is_en_passant(m) else worth[board.piece_type_at(m.to_square)]
    caps = [m for m in moves if board.is_capture(m)]
    caps.sort(key=lambda m: (-taken(m), worth[board.piece_type_at(m.from_square)]))
    return caps + [m for m in moves if not board.is_capture(m)]


def in_place_killers(slots, move):
    """Right, written differently: changes the list it is given and returns nothing."""
    if move in slots:
        slots.remove(move)
    slots.insert(0, move)
    del slots[2:]


def fail_hard(state, alpha, beta, evaluate):
    """Right, written differently: fail-hard (returns α or β outside the window)."""
    stand = evaluate(state) if state.board.turn else -evaluate(state)
    if stand >= beta:
        return beta
    alpha = max(alpha, stand)
    for m in captures(state):
        v = -fail_hard(ChessState(state, m), -beta, -alpha, evaluate)
        if v >= beta:
            return beta
        alpha = max(alpha, v)
    return alpha


def test_right_answers_pass():
    assert check_mvv_lva(lambda board, moves: mvv_lva(_State(board), moves))
    assert check_mvv_lva(centipawn_mvv_lva)
    assert check_killer_update(update_killers)
    assert check_killer_update(in_place_killers)
    assert check_stand_pat(quiesce)
    assert check_stand_pat(fail_hard)


class _State:
    def __init__(self, board):
        self.board = board


@pytest.mark.parametrize("check, catalogue", [
    (check_mvv_lva, ex.mvv_lva_catalogue()),
    (check_killer_update, ex.KILLER_CATALOGUE),
    (check_stand_pat, ex.stand_pat_catalogue()),
])
def test_each_typical_mistake_gets_its_own_hint(check, catalogue):
    assert catalogue.twins() == []
    for slip, hint in ((m.model, m.cause) for m in catalogue.mistakes):
        verdict = check(slip)
        assert not verdict and verdict.answered, slip
        assert hint.rstrip(".") in verdict.message, (slip, verdict.message)
        assert check(slip).message == verdict.message          # the same verdict every time: no seed


def test_stubs_are_not_answered_and_other_mistakes_get_the_general_hint():
    def stub(*args): ...
    for check in (check_mvv_lva, check_killer_update, check_stand_pat):
        assert not check(stub) and not check(stub).answered
    v = check_mvv_lva(lambda board, moves: list(reversed(moves)))
    assert not v and "capture before every quiet move" in v.message
    v = check_mvv_lva(lambda board, moves: 3)          # no list at all: a verdict, not a traceback
    assert not v and "not a list of moves" in v.message
    v = check_killer_update(lambda slots, move: ["Nf3", "Bb5"])
    assert not v and "slots" in v.message
    v = check_stand_pat(lambda state, alpha, beta, evaluate: 0.0)
    assert not v and "stand pat" in v.message
    v = check_stand_pat(lambda state, alpha, beta, evaluate: math.nan if False else "x")
    assert not v and "not a number" in v.message


def test_messages_do_not_give_the_answer_away():
    """A wrong order is told one pair out of place, not the whole order."""
    v = check_mvv_lva(lambda board, moves: list(moves))
    assert v.message.count(" comes before ") <= 1


# Typical wrong answers for the hint rule (tests/hint_rule.py): no message may state the answer.
from .hint_rule import HintCase  # noqa: E402

HINT_RULE_CASES = [
    HintCase("check_mvv_lva", lambda check: check(lambda board, moves: list(moves)), label="natural order"),
    HintCase("check_killer_update", lambda check: check(lambda slots, move: (slots + [move])[-2:]),
             label="oldest first"),
    HintCase("check_stand_pat", lambda check: check(lambda state, alpha, beta, evaluate: 0.0), label="always 0"),
]
