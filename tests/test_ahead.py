"""adversarial.lab.ahead: results written down ahead for the in-browser edition, used only for the same call,
and checked against a fresh run."""

import pickle
import types

import pytest

from adversarial import __version__
from adversarial.beyond import settings
from adversarial.games.connectfour import ConnectFour
from adversarial.lab import ahead


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setattr(ahead, "STORE", tmp_path / "ahead.pickle")
    monkeypatch.setattr(ahead, "_state", {"off": False, "entries": None, "noted": None})
    monkeypatch.setenv("ADVERSARIAL_AHEAD_NOTEBOOK", "99_test")
    return tmp_path / "ahead.pickle"


def counted(answer=None):
    calls = []

    def experiment(game, positions, depth, evaluate=None):
        calls.append((positions, depth))
        return answer or {"nodes": [len(p) * depth for p in positions]}
    experiment.__qualname__ = "experiment"
    return ahead.remembered(experiment), calls


def fresh_state():
    ahead._state.update(entries=None, off=False, noted=None)


def test_a_recorded_call_is_answered_from_the_store_and_any_other_is_computed(store, monkeypatch, capsys):
    experiment, calls = counted()
    monkeypatch.setenv("ADVERSARIAL_AHEAD", "record")
    assert experiment(ConnectFour(), ["44", "453"], 3) == {"nodes": [6, 9]}
    assert pickle.loads(store.read_bytes())["99_test"]
    monkeypatch.setenv("ADVERSARIAL_AHEAD", "use")
    fresh_state()
    calls.clear()
    assert experiment(ConnectFour(), ["44", "453"], 3) == {"nodes": [6, 9]} and calls == []
    assert "written down ahead" in capsys.readouterr().err
    assert experiment(ConnectFour(), ["44", "453"], 4) == {"nodes": [8, 12]} and calls == [(["44", "453"], 4)]
    ahead.off()
    experiment(ConnectFour(), ["44", "453"], 3)
    assert len(calls) == 2                      # after off(), computed here too


def test_a_function_of_the_notebook_or_a_lambda_is_never_taken_for_a_recorded_one(store, monkeypatch):
    experiment, calls = counted()
    mine = types.FunctionType((lambda p: 0).__code__, {}, "mine")
    mine.__module__, mine.__qualname__ = "__main__", "mine"
    for evaluate in (mine, lambda p: 0):
        assert ahead._key(experiment, (ConnectFour(), ["4"], 2), {"evaluate": evaluate}) is None
    monkeypatch.setenv("ADVERSARIAL_AHEAD", "record")
    experiment(ConnectFour(), ["4"], 2, evaluate=mine)
    assert not store.exists()                   # nothing written down: the call cannot be recognised


def test_a_stale_result_fails_the_check_with_what_to_do(store, monkeypatch):
    monkeypatch.setenv("ADVERSARIAL_AHEAD", "record")
    experiment, _ = counted()
    experiment(ConnectFour(), ["44"], 3)

    experiment, _ = counted({"nodes": [0]})         # the same function and call, now another result
    monkeypatch.setenv("ADVERSARIAL_AHEAD", "check")
    fresh_state()
    with pytest.raises(RuntimeError, match=r"differs from the one computed now: run the notebook again"):
        experiment(ConnectFour(), ["44"], 3)


def test_forget_drops_only_that_notebooks_entries(store, monkeypatch):
    monkeypatch.setenv("ADVERSARIAL_AHEAD", "record")
    experiment, _ = counted()
    experiment(ConnectFour(), ["44"], 3)
    monkeypatch.setenv("ADVERSARIAL_AHEAD_NOTEBOOK", "98_other")
    experiment(ConnectFour(), ["45"], 3)
    ahead.forget("99_test")
    fresh_state()
    assert list(pickle.loads(store.read_bytes())) == ["98_other"]


def test_off_the_browser_and_without_a_mode_nothing_is_looked_up(store, monkeypatch):
    monkeypatch.delenv("ADVERSARIAL_AHEAD", raising=False)
    assert ahead._mode() == "off"               # a computer's own Python always computes


def test_the_shipped_store_holds_results_of_the_lessons():
    entries = pickle.loads(ahead.STORE.read_bytes())
    assert entries and all(name[:2].isdigit() for name in entries)
    for calls in entries.values():
        for versions in calls.values():          # each result with the settings it was computed under
            assert isinstance(versions, list) and versions
            for world, result in versions:
                assert world[settings.VERSION] == __version__
                pickle.loads(result)


def test_a_result_is_handed_out_only_under_the_settings_it_was_computed_with(store, monkeypatch, capsys):
    """Issue 43: notebook 5 shows connectfour_eval.WINDOW_POINTS just before its standings; a student who changes
    it must not be served the standings of the old points."""
    from adversarial.games import connectfour_eval
    from adversarial.games.connectfour_eval import open_windows

    calls = []

    def experiment(positions):
        calls.append(positions)
        return [round(open_windows(ConnectFour().play(p)), 6) for p in positions]
    experiment.__qualname__ = "experiment"
    experiment = ahead.remembered(experiment)
    monkeypatch.setenv("ADVERSARIAL_AHEAD", "record")
    first = experiment(["4453", "3344"])
    monkeypatch.setenv("ADVERSARIAL_AHEAD", "use")
    fresh_state()
    calls.clear()
    assert experiment(["4453", "3344"]) == first and calls == []
    note = capsys.readouterr().err
    assert "same package version and the same settings" in note and "connectfour_eval.WINDOW_POINTS" in note

    monkeypatch.setattr(connectfour_eval, "WINDOW_POINTS", (0, 1, 4, 9))
    fresh_state()
    changed = experiment(["4453", "3344"])
    assert calls == [["4453", "3344"]] and changed != first       # computed here, with the new points
    note = capsys.readouterr().err
    assert "computed here" in note and "connectfour_eval.WINDOW_POINTS differ" in note

    monkeypatch.setenv("ADVERSARIAL_AHEAD", "check")           # nbval: a call written down only under other
    fresh_state()                                              # settings is stale
    with pytest.raises(RuntimeError, match=r"only under other settings: adversarial.games.connectfour_eval."
                                           r"WINDOW_POINTS\): run the notebook again"):
        experiment(["4453", "3344"])
    monkeypatch.setenv("ADVERSARIAL_AHEAD", "record")          # both written down: each served under its own
    experiment(["4453", "3344"])
    monkeypatch.setenv("ADVERSARIAL_AHEAD", "use")
    fresh_state()
    calls.clear()
    assert experiment(["4453", "3344"]) == changed
    monkeypatch.setattr(connectfour_eval, "WINDOW_POINTS", (0, 0, 1, 8))
    assert experiment(["4453", "3344"]) == first and calls == []


def test_the_evaluations_and_the_remembered_moves_read_the_settings_of_now(monkeypatch):
    from adversarial.games import connectfour_eval
    from adversarial.games.connectfour_eval import centre_control, open_windows
    from adversarial.lab.connectfour_lab import engine_move
    p = ConnectFour().play("4453")
    before = open_windows(p), centre_control(p), engine_move(p, open_windows, 2)
    monkeypatch.setattr(connectfour_eval, "WINDOW_POINTS", (0, 5, -3, 1))
    monkeypatch.setitem(connectfour_eval.CELL_WEIGHTS, (3, 0), 90)
    points, weights = connectfour_eval.WINDOW_POINTS, connectfour_eval.CELL_WEIGHTS
    x, o = p.x, p.o
    by_hand = sum(points[(w & x).bit_count()] if not w & o else -points[(w & o).bit_count()] if not w & x else 0
                  for w in connectfour_eval.WINDOWS) / (len(connectfour_eval.WINDOWS) * points[3] + 1)
    assert open_windows(p) == by_hand != before[0]
    centre = sum(wt if x & connectfour_eval.bit(*cell) else -wt if o & connectfour_eval.bit(*cell) else 0
                 for cell, wt in weights.items()) / (sum(weights.values()) + 1)
    assert centre_control(p) == pytest.approx(centre) and centre_control(p) != before[1]
    from adversarial import alphabeta
    from adversarial.games.connectfour import centre_first
    assert engine_move(p, open_windows, 2) == alphabeta(ConnectFour(), p, depth=2, evaluate=open_windows,
                                                        order=centre_first).move


def test_forgetting_one_notebook_keeps_what_another_process_wrote_since(store, monkeypatch):
    """tools/notebooks.py runs several notebooks in one process, each in its own kernel: forgetting the next
    notebook's entries must not write back a copy read before the last kernel wrote its own."""
    monkeypatch.setenv("ADVERSARIAL_AHEAD", "record")
    experiment, _ = counted()
    experiment(ConnectFour(), ["4"], 2)             # 99_test's entry, then this process's copy is cached
    ahead.forget("98_other")
    written = pickle.loads(store.read_bytes())      # another kernel (another process) writes its notebook's entry
    written["97_kernel"] = {"k": [({}, pickle.dumps(1))]}
    store.write_bytes(pickle.dumps(written))
    ahead.forget("96_next")
    assert set(pickle.loads(store.read_bytes())) == {"99_test", "97_kernel"}


def test_a_settings_fingerprint_follows_its_value_and_type_not_its_writing():
    """Fingerprints are worked out once per value (settings._KNOWN): one changed in place, or to equal numbers
    of another type, is seen; a set built in another order (so written by marshal in another order) is not."""
    fingerprint = settings._fingerprint
    weights = {(3, 0): 3, (3, 1): 4}
    before = fingerprint(weights)
    weights[(3, 0)] = 90
    assert fingerprint(weights) != before and fingerprint({(3, 0): 3, (3, 1): 4}) == before
    assert fingerprint((0, 1, 4, 9)) != fingerprint((0.0, 1.0, 4.0, 9.0)) != fingerprint((False, True, 4, 9))
    many = [f"line {k}" for k in range(40)]
    assert fingerprint(set(many)) == fingerprint(set(reversed(many))) == fingerprint(frozenset(many))
    assert fingerprint(ConnectFour()) is None and fingerprint((1, ConnectFour())) is None
