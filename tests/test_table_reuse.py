"""A TranspositionTable reused across searches (issue 43): it remembers what its values depend on and refuses a
search that differs, so it never hands one search's values to another. On random games with transpositions."""

import pytest

from adversarial import alphabeta
from adversarial.beyond.techniques import LMR, NullMove, TranspositionTable, connectfour_pass, engine
from adversarial.games.connectfour import ConnectFour, centre_first
from tests.dag_games import DagGame


def other_guess(game):
    def evaluate(state):
        return -game.evaluate(state) + (state[0] % 2)
    return evaluate


@pytest.mark.parametrize("seed", range(40))
def test_a_reused_table_never_returns_another_searchs_values(seed):
    game = DagGame(seed, size=6)
    for depth in (2, 3, 4):
        table = TranspositionTable()
        first = engine(game, depth=depth, table=table)
        assert first.value == alphabeta(game, depth=depth).value
        again = engine(game, depth=depth, table=table)              # the same search: reuse is the point
        assert again.value == first.value
        guess = other_guess(game)
        want = alphabeta(game, depth=depth, evaluate=guess).value
        with pytest.raises(ValueError, match=r"different search \(evaluation: DagGame.evaluate then, "
                                             r"other_guess.<locals>.evaluate now\).*fresh TranspositionTable"):
            engine(game, depth=depth, table=table, evaluate=guess)
        table.clear()
        assert engine(game, depth=depth, table=table, evaluate=guess).value == want
        with pytest.raises(ValueError, match=r"lmr: None then, LMR\(after=1"):
            engine(game, depth=depth, table=table, evaluate=guess, lmr=LMR(after=1, min_depth=2))
        lmr = TranspositionTable()
        engine(game, depth=depth, table=lmr, lmr=LMR(after=1, min_depth=2))     # LMR's values: not plain ones
        with pytest.raises(ValueError, match=r"lmr: LMR\(after=1.*then, None now"):
            engine(game, depth=depth, table=lmr)


def test_a_table_notices_a_changed_setting_of_the_evaluations_module(monkeypatch):
    from adversarial.games import connectfour_eval
    from adversarial.games.connectfour_eval import open_windows
    game, table = ConnectFour(), TranspositionTable()
    p = game.play("4453")
    engine(game, p, depth=4, evaluate=open_windows, order=centre_first, table=table)
    engine(ConnectFour(), p, depth=4, evaluate=open_windows, order=centre_first, table=table)   # a game alike
    monkeypatch.setattr(connectfour_eval, "WINDOW_POINTS", (0, 1, 4, 9))
    with pytest.raises(ValueError, match=r"connectfour_eval.WINDOW_POINTS changed"):
        engine(game, p, depth=4, evaluate=open_windows, order=centre_first, table=table)
    with pytest.raises(ValueError, match=r"null_move: None then"):
        engine(game, p, depth=4, evaluate=open_windows, table=table,
               null_move=NullMove(pass_turn=connectfour_pass))
    table.clear()
    fresh = engine(game, p, depth=4, evaluate=open_windows, order=centre_first).value
    assert engine(game, p, depth=4, evaluate=open_windows, order=centre_first, table=table).value == fresh
