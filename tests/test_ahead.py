"""adversarial.lab.ahead: results written down ahead for the in-browser edition, used only for the same call,
and checked against a fresh run."""

import pickle
import types

import pytest

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
        for result in calls.values():
            pickle.loads(result)


def test_forget_keeps_what_another_process_wrote_since(store, monkeypatch):
    """tools/notebooks.py forgets each notebook before its kernel (another process) records it: forgetting the
    next one must not write back a copy of the store read before, which lost every notebook but the last."""
    store.write_bytes(pickle.dumps({"98_second": {"key": pickle.dumps(2)}}))     # the last run's
    ahead.forget("97_first")                  # the tool's process has read the store
    store.write_bytes(pickle.dumps({"97_first": {"key": pickle.dumps(1)}, "98_second": {"key": pickle.dumps(2)}}))
    ahead.forget("98_second")                 # ... the first notebook's kernel recorded its results meanwhile
    assert list(pickle.loads(store.read_bytes())) == ["97_first"]
