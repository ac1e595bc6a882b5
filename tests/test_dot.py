"""Finding Graphviz's layout program, and the error when there is none."""

import os

import pytest

from adversarial import dot


def test_the_wheel_program_is_found_and_lays_out_quietly():
    program = dot.layout_program()
    assert program.name in ("graphviz-pure", "dot")
    svg = dot.pipe('digraph { a [label="≤ 1"]; a -> b }').decode()
    assert svg.lstrip().startswith("<?xml") and "≤ 1" in svg


def test_a_bad_adversarial_dot_path_is_explained(monkeypatch):
    monkeypatch.setenv("ADVERSARIAL_DOT", "/nowhere/dot")
    with pytest.raises(dot.LayoutProgramNotFound, match="ADVERSARIAL_DOT is set to '/nowhere/dot'.*pip install graphviz-pure"):
        dot.layout_program()


def test_no_program_at_all_is_explained(monkeypatch, tmp_path):
    monkeypatch.delenv("ADVERSARIAL_DOT", raising=False)
    monkeypatch.setattr(dot.sys, "executable", str(tmp_path / "python"))
    monkeypatch.setenv("PATH", str(tmp_path))
    dot._find.cache_clear()
    try:
        with pytest.raises(dot.LayoutProgramNotFound, match="none was found.*apt-get install graphviz"):
            dot.layout_program()
    finally:
        dot._find.cache_clear()


def test_adversarial_dot_selects_another_program(monkeypatch):
    real = dot.layout_program()
    monkeypatch.setenv("ADVERSARIAL_DOT", str(real))
    assert dot.layout_program() == real and dot.use_layout_program() == real
    import graphviz.backend.dot_command as dot_command
    assert dot_command.DOT_BINARY == real


def test_layout_errors_are_explained():
    with pytest.raises(RuntimeError, match="could not lay out"):
        dot.pipe("digraph { a -> }")
