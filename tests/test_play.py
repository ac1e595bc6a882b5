"""The play-against-the-engine board, without a browser."""

import pytest

from adversarial.games.tictactoe import optimal_moves
from adversarial.play import PlayBoard


def test_the_engine_answers_with_an_optimal_move():
    board = PlayBoard(human="X")
    board.play(0)
    reply = next(i for i, c in enumerate(board.state.cells) if c == "O")
    before = board.game.play(0)
    assert reply in optimal_moves(board.game, before)["best"]
    assert board.status == "Your move." and board.evaluation[reply] == 0


def test_a_perfect_engine_never_loses_to_a_greedy_player():
    board = PlayBoard(human="X")
    while board.status == "Your move.":
        board.play(board.state.empty[0])
    assert board.status in ("A draw.", "The engine wins.")


def test_engine_starts_when_the_human_is_o_and_taken_cells_are_refused():
    board = PlayBoard(human="O")
    assert board.state.cells.count("X") == 1
    taken = board.state.cells.index("X")
    board.play(taken)
    assert "taken" in board.status_line.value and board.state.cells.count("O") == 0


def test_bad_options_are_explained():
    with pytest.raises(ValueError, match="human must be"):
        PlayBoard(human="Y")
    with pytest.raises(ValueError, match="depth limit"):
        PlayBoard(engine=0)


def test_new_game_and_repr():
    board = PlayBoard(engine=2)
    board.play(4)
    board.new_game()
    assert repr(board) == "PlayBoard(human='X', engine=2, board='.../.../...', 'Your move.')"
