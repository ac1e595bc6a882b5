"""The Connect Four board widget, without a browser."""

import pytest

from adversarial.games.connectfour import ConnectFour
from adversarial.games.connectfour_eval import open_windows
from adversarial.widgets.play_connectfour import ConnectFourBoard, column_scores

game = ConnectFour()


def test_the_engine_answers_with_its_best_scored_column():
    board = ConnectFourBoard(depth=3, evaluate=open_windows)
    board.play(4)
    before = game.play("4")
    scores = column_scores(game, before, 3, open_windows)
    reply = int(board.state.history[1])
    assert board.evaluation == scores and scores[reply] == max(scores.values())
    assert board.status == "Your move."


def test_the_engine_takes_a_win_and_blocks_a_threat():
    board = ConnectFourBoard(depth=2)
    board.state = game.play("1212")                # X: a1 a2, O: b1 b2; X stacks a third in column 1
    board.play(1)
    assert board.state.history == "121211"         # the engine blocks at once
    board.state = game.play("212171")              # O: a1 a2 a3; X plays elsewhere
    board.play(6)
    assert board.state.history == "2121716" + "1" and board.status == "The engine wins."


def test_the_engine_starts_when_the_human_is_o_and_full_columns_are_refused():
    board = ConnectFourBoard(human="O", depth=2)
    assert board.state.count == 1
    board.state = game.play("4444445")            # column 4 full, the human (O) to move
    board.play(4)
    assert "full" in board.status_line.value and board.state.history == "4444445"


def test_the_depth_choice_changes_the_search():
    board = ConnectFourBoard(depth=1)
    board.depth_choice.value = 5
    assert board.depth == 5
    board.play(4)
    assert board.evaluation == column_scores(game, game.play("4"), 5, board.evaluate)


def test_the_static_picture_travels_with_the_widget():
    board = ConnectFourBoard(depth=2)
    board.play(4)
    bundle = board._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "<svg" in data["text/html"] and "Your move." in data["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in data
    assert repr(board) == f"ConnectFourBoard(human='X', depth=2, moves={board.state.history!r}, 'Your move.')"


def test_new_game_and_bad_options():
    board = ConnectFourBoard(depth=2)
    board.play(4)
    board.new_game()
    assert board.state == game.initial_state() and board.evaluation == {}
    with pytest.raises(ValueError, match="human must be"):
        ConnectFourBoard(human="Y")
    with pytest.raises(ValueError, match="depth must be"):
        ConnectFourBoard(depth=9)
    with pytest.raises(TypeError, match="evaluate must be"):
        ConnectFourBoard(evaluate=3)
