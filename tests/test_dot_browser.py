"""The browser branch of the layout program, seen from CPython (the real run is in tests/e2e/test_lite.py)."""

import sys

import pytest

from adversarial import dot_browser


def test_missing_wasm_graphviz_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "adversarial_viz", None)     # as in a JupyterLite without our wheel
    with pytest.raises(RuntimeError, match=r"adversarial_viz.*make lite"):
        dot_browser._source()


def test_off_the_browser_pipe_never_takes_the_browser_branch(monkeypatch):
    from adversarial import dot

    def refuse(*args, **kwargs):
        raise AssertionError("the browser branch ran outside the browser")
    monkeypatch.setattr(dot_browser, "pipe", refuse)
    assert dot.pipe("digraph { a -> b }").startswith(b"<?xml")
