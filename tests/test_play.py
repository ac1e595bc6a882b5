"""The play-against-the-engine board, without a browser."""

import pytest

from adversarial.games.tictactoe import TicTacToe, optimal_moves
from adversarial.widgets.play import EMPTY, MARK_COLOURS, WIN_BACKGROUND, PlayBoard


def shown(board) -> str:
    return "".join(cell.description if cell.description in "XO" else "." for cell in board.cells)


def test_the_engine_answers_with_an_optimal_move():
    board = PlayBoard(human="X")
    board.play(0)
    reply = next(i for i, c in enumerate(board.state.cells) if c == "O")
    before = board.game.play(0)
    assert reply in optimal_moves(board.game, before)["best"]
    assert board.status == "Your move." and board.last_move == reply


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


def test_new_game_clears_every_cell_with_a_visible_placeholder_never_an_empty_text():
    """JupyterLab does not redraw a button whose text becomes "": the old marks stayed on screen."""
    board = PlayBoard()
    while board.status == "Your move.":
        board.play(board.state.empty[0])
    assert set(shown(board)) >= {"X", "O"}
    board.new_game()
    assert [cell.description for cell in board.cells] == [EMPTY] * 9
    assert all(cell.style.button_color == "#ffffff" for cell in board.cells)


def test_x_and_o_look_different_and_the_last_move_and_winning_line_are_marked():
    board = PlayBoard()
    for cell in (0, 1, 3):                 # the engine blocks and then wins, or we win: either way a line
        if board.status == "Your move." and cell in board.state.empty:
            board.play(cell)
    x = next(c for c in board.cells if c.description == "X")
    o = next(c for c in board.cells if c.description == "O")
    assert x.style.text_color != o.style.text_color or x.style.button_color != o.style.button_color
    assert board.cells[board.last_move].layout.border.startswith("5px")
    assert sum(c.layout.border.startswith("5px") for c in board.cells) == 1
    board = PlayBoard()
    board.state = board.game.board("XXX/OO./...")     # X has won along the top row
    board._show()
    assert board.winning_line == (0, 1, 2)
    assert [board.cells[i].style.button_color for i in (0, 1, 2)] == [WIN_BACKGROUND] * 3
    assert board.cells[3].style.text_color == MARK_COLOURS["O"]


def test_the_heat_map_colours_the_empty_cells_by_outcome():
    board = PlayBoard(heat=True)
    board.state = board.game.board("XX./OO./...")      # X to move: 2 wins, anything else loses
    board._show()
    assert board.cells[2].description == "win" and board.cells[8].description == "lose"
    assert board.cells[2].style.button_color != board.cells[8].style.button_color
    assert "heat map" in board.engine_line.value
    board.heat_box.value = False
    assert board.cells[2].description == EMPTY


def test_the_depth_aware_engine_takes_the_fastest_win_and_says_which_engine_plays():
    position = "XX./OO./X.."                          # O to move: 5 wins now, and blocking 2 also wins
    fastest, plain = PlayBoard(human="X", engine="fastest"), PlayBoard(human="X", engine="perfect")
    for board in (fastest, plain):
        board.state = board.game.board(position)
        board._engine_move()
    assert fastest.last_move == 5
    assert "faster wins" in fastest.engine_line.value or "faster wins" in fastest.engine_name
    assert "any win will do" in plain.engine_name and "depth 2" in PlayBoard(engine=2).engine_name
    depth_aware = TicTacToe(depth_aware=True)
    assert depth_aware.utility(fastest.state) < 0                 # O won at once


def test_bad_options_and_cells_are_explained():
    with pytest.raises(ValueError, match="human must be"):
        PlayBoard(human="Y")
    with pytest.raises(ValueError, match="depth limit"):
        PlayBoard(engine=0)
    with pytest.raises(TypeError, match="heat must be True or False"):
        PlayBoard(heat="no")
    board = PlayBoard()
    with pytest.raises(ValueError, match="from 0 to 8.*got 9"):
        board.play(9)
    with pytest.raises(ValueError, match="got -1"):
        board.play(-1)
    with pytest.raises(TypeError, match="whole number"):
        board.play("4")


def test_a_finished_game_refuses_more_moves_politely():
    board = PlayBoard()
    while board.status == "Your move.":
        board.play(board.state.empty[0])
    before = board.state
    board.play(before.empty[0] if before.empty else 0)
    assert board.state == before and "New game" in board.status_line.value


def test_static_pages_get_a_picture_of_the_board():
    board = PlayBoard()
    board.play(4)
    page = board._repr_mimebundle_()["text/html"]
    assert page.count("<td") == 9 and ">X<" in page and ">O<" in page


def test_new_game_and_repr():
    board = PlayBoard(engine=2)
    board.play(4)
    board.new_game()
    assert repr(board) == "PlayBoard(human='X', engine=2, board='.../.../...', 'Your move.')"


def reachable_positions():
    game, seen, stack = TicTacToe(), set(), [TicTacToe().initial_state()]
    while stack:
        board = stack.pop()
        if board not in seen:
            seen.add(board)
            if not game.is_terminal(board):
                stack.extend(game.result(board, m) for m in game.actions(board))
    return game, seen


def test_the_default_engine_never_skips_a_win_in_one():
    # Issue 19: the +1/0/-1 engine took a slower win in positions such as ..O/XOX/..X.
    game, positions = reachable_positions()
    can_win_now = [b for b in positions if not game.is_terminal(b)
                   and any(game.result(b, m).winner for m in game.actions(b))]
    assert len(can_win_now) > 1000
    board = PlayBoard()
    missed = []
    for position in can_win_now:
        board.state = position
        board._engine_move()
        if not board.state.winner:
            missed.append(str(position))
    assert missed == []
    board.state = game.board("..O/XOX/..X")           # O to move: 6 wins at once
    board._engine_move()
    assert board.last_move == 6 and board.state.winner == "O"


def test_the_default_engine_loses_as_slowly_as_it_can():
    game, quick = TicTacToe(), TicTacToe(depth_aware=True)
    board = PlayBoard(human="O")                       # the engine plays X
    board.state = game.board("..O/.../XXO")            # X to move and lost whatever it does
    values = optimal_moves(quick, board.state)["values"]
    board._engine_move()
    assert values[board.last_move] == max(values.values()) > min(values.values())
