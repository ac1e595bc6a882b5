"""Other courses' games plug in: AIMA-, OpenSpiel- and easyAI-shaped tic-tac-toe, searched by this package
and compared with its own TicTacToe; bad inputs get clear errors."""

import functools
import re

import pytest

from adversarial import Stepper, alphabeta, draw, minimax
from adversarial.games import TicTacToe
from adversarial.games.adapters import from_aima, from_easyai, from_openspiel

from .aima_style import AimaStyleTicTacToe

OURS = TicTacToe()



def easyai_or_skip():
    """easyAI, or a skip that says why it is missing: not installed, or installed but not importable (the
    pinned release imports `easyAI.AI`, which it lacks on Python 3.12 and 3.13), issue 43."""
    import importlib.util
    import sys
    if importlib.util.find_spec("easyAI") is None:
        pytest.skip("easyAI is not installed")
    try:
        import easyAI
        from easyAI.games import TicTacToe  # noqa: F401 -- what the tests use
    except ImportError as error:
        pytest.skip(f"easyAI is installed but cannot be imported on Python {sys.version_info.major}."
                    f"{sys.version_info.minor}: {error}")
    return easyAI

@functools.cache        # our value of a position, the same for every adapter compared with it
def ours(cells: str) -> int:
    """Our tic-tac-toe's value of a position given as 9 cells, row by row."""
    return minimax(OURS, OURS.board("/".join(cells[i:i + 3] for i in (0, 3, 6)))).value


POSITIONS = ["." * 9, "X...O....", "XX..O....", "X.O.X..O.", "OX.XO...X"]


def play(game, state, cells, to_index):
    """Reach ``cells`` (X first) from the game's start, moves given by cell index through ``to_index``."""
    xs = [i for i, c in enumerate(cells) if c == "X"]
    os_ = [i for i, c in enumerate(cells) if c == "O"]
    order = [m for pair in zip(xs, os_ + [None]) for m in pair if m is not None]
    for index in order:
        state = game.result(state, to_index(index))
    return state


@pytest.mark.parametrize("cells", POSITIONS)
def test_an_aima_style_tic_tac_toe_has_our_values(cells):
    game = from_aima(AimaStyleTicTacToe())
    state = play(game, game.initial_state(), cells, lambda i: (i // 3 + 1, i % 3 + 1))
    assert alphabeta(game, state).value == minimax(game, state).value == ours(cells)


def test_the_real_aima_python_when_installed():
    games = pytest.importorskip("aima3.games", reason="aima-python (aima3) is not installed: its PyPI "
                                "packaging pins networkx 1.11 and jupyter; the stand-in above covers its interface")
    game = from_aima(games.TicTacToe())
    assert alphabeta(game).value == 0


@pytest.mark.parametrize("cells", POSITIONS)
def test_openspiel_tic_tac_toe_has_our_values(cells):
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    game = from_openspiel(pyspiel.load_game("tic_tac_toe"))
    state = play(game, game.initial_state(), cells, lambda i: i)
    value = ours(cells)
    assert alphabeta(game, state).value == value
    assert alphabeta(game, state, table=game.key).value == value


def test_openspiel_by_name_labels_moves_its_way_and_draws():
    pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    game = from_openspiel("tic_tac_toe")
    assert game.label((4, 0)) == "x(1,1)→o(0,0)"
    state = play(game, game.initial_state(), "XX..O.O..", lambda i: i)
    result = alphabeta(game, state, trace=True)
    assert result.value == 1 and result.move == 2
    assert "root value 1" in repr(draw(game, result))


@pytest.mark.parametrize("cells", POSITIONS)
def test_easyai_tic_tac_toe_has_our_values(cells):
    easyai = easyai_or_skip()
    from easyAI.games import TicTacToe as EasyTicTacToe
    original = EasyTicTacToe([easyai.Human_Player(), easyai.Human_Player()])
    game = from_easyai(original)
    state = play(game, game.initial_state(), cells, lambda i: i + 1)    # easyAI numbers cells 1 to 9
    value = ours(cells)
    result = alphabeta(game, state)
    assert (result.value > 0) - (result.value < 0) == value      # easyAI scores a loss -100
    assert original.board == [0] * 9                               # the search never touched the game given


def test_the_stepper_steps_an_adapted_game():
    game = from_aima(AimaStyleTicTacToe())
    state = play(game, game.initial_state(), "XX.OO.X.O", lambda i: (i // 3 + 1, i % 3 + 1))
    stepper = Stepper(game, state=state)
    assert stepper.result.value == minimax(game, state).value


def test_bad_inputs_get_clear_errors():
    with pytest.raises(TypeError, match=r"got the class AimaStyleTicTacToe: pass a game"):
        from_aima(AimaStyleTicTacToe)
    with pytest.raises(TypeError, match=r"from_aima needs initial, .* lacks initial"):
        from_aima(object())
    with pytest.raises(TypeError, match=r"from_easyai needs possible_moves"):
        from_easyai(AimaStyleTicTacToe())
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    with pytest.raises(ValueError, match="two-player games; this one has 3 players"):
        from_openspiel(pyspiel.load_game("kuhn_poker", {"players": 3}))
    with pytest.raises(ValueError, match="chance or simultaneous node"):
        alphabeta(from_openspiel(pyspiel.load_game("kuhn_poker")))
    with pytest.raises(ValueError, match="max_player must be 0 or 1"):
        from_openspiel("tic_tac_toe", max_player=2)


def test_a_max_player_that_is_not_a_player_is_refused():
    """Issue 30: from_aima(game, max_player='a') made every node MIN, silently."""
    with pytest.raises(ValueError, match=r"max_player='a' is not a player of this game \(its players are 'X' "
                                         r"and 'O'; 'X' moves first\)"):
        from_aima(AimaStyleTicTacToe(), max_player="a")
    game = from_aima(AimaStyleTicTacToe(), max_player="O")
    # alphabeta reads 18,297 nodes to plain minimax's 549,946 (5.9 CPU-s), the same value (tests/test_properties.py)
    assert alphabeta(game).value == 0 and game.to_move(game.initial_state()) == "MIN"


def test_an_aima_game_gets_a_table_through_its_key_and_a_clear_message_without():
    """aima-python's states hold a dict (the board): table=True cannot key by them; the adapter's key() can."""
    game = from_aima(AimaStyleTicTacToe())
    state = play(game, game.initial_state(), "X...O....", lambda i: (i // 3 + 1, i % 3 + 1))
    with pytest.raises(TypeError, match=r"keyed by the state itself, which cannot be a key \(unhashable type: "
                                        r"'dict'\): pass table=game.key"):
        alphabeta(game, state, table=True)
    tabled, plain = alphabeta(game, state, table=game.key), alphabeta(game, state)
    assert tabled.value == plain.value and tabled.stats.nodes < plain.stats.nodes
    assert game.key(state) == game.key(state._replace(board=dict(state.board)))


def test_another_librarys_game_passed_as_it_is_names_its_adapter():
    with pytest.raises(TypeError, match=r"looks like an aima-python game.*import from_aima, then "
                                        r"alphabeta\(from_aima\(game\)\)"):
        alphabeta(AimaStyleTicTacToe())
    easyai = easyai_or_skip()
    from easyAI.games import TicTacToe as EasyTicTacToe
    with pytest.raises(TypeError, match=r"looks like an easyAI game.*from_easyai"):
        minimax(EasyTicTacToe([easyai.Human_Player(), easyai.Human_Player()]))


def test_openspiel_drawings_name_the_moves_on_their_edges():
    pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    game = from_openspiel("tic_tac_toe")
    state = play(game, game.initial_state(), "XX..O.O..", lambda i: i)
    source = draw(game, alphabeta(game, state, trace=True)).source
    assert "x(0,2)" in source
    assert not re.search(r"->[^\n]*\blabel=\"?\d+\"?[ \]]", source)      # no bare action numbers


def test_an_easyai_that_cannot_be_imported_is_skipped_with_the_true_reason(monkeypatch):
    """On Python 3.12 and 3.13 the pinned easyAI installs but fails with "No module named 'easyAI.AI'"; the skip
    said "easyAI is not installed" (issue 43)."""
    import sys

    class Broken:
        def find_spec(self, name, path=None, target=None):
            if name == "easyAI" or name.startswith("easyAI."):
                raise ModuleNotFoundError("No module named 'easyAI.AI'", name="easyAI.AI")
            return None
    for name in [n for n in sys.modules if n == "easyAI" or n.startswith("easyAI.")]:
        monkeypatch.delitem(sys.modules, name)
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: object() if name == "easyAI" else real(name, *a))
    monkeypatch.setattr(sys, "meta_path", [Broken(), *sys.meta_path])
    with pytest.raises(pytest.skip.Exception, match=r"easyAI is installed but cannot be imported on Python "
                                                     r"3\.\d+: No module named 'easyAI.AI'"):
        easyai_or_skip()
