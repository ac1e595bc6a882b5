"""Finding Graphviz's layout program, saving drawings with it, and the errors when there is none."""

from importlib import metadata
from pathlib import Path

import pytest

from adversarial import dot, draw, tree

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def fresh_search():
    dot._find.cache_clear()
    yield
    dot._find.cache_clear()


def test_the_wheel_program_is_found_and_lays_out_quietly():
    program = dot.layout_program()
    assert program.name in ("graphviz-pure", "graphviz-pure.exe", "dot")
    svg = dot.pipe('digraph { a [label="≤ 1"]; a -> b }').decode()
    assert svg.lstrip().startswith("<?xml") and "≤ 1" in svg


def test_the_program_is_found_through_the_distribution_not_beside_python(monkeypatch, tmp_path, fresh_search):
    """A `pip install --user` puts the program far from sys.executable and maybe off PATH."""
    monkeypatch.delenv("ADVERSARIAL_DOT", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert dot.layout_program().name.startswith("graphviz-pure")


def test_a_wheel_without_its_program_says_reinstall(monkeypatch, tmp_path, fresh_search):
    class Dist:
        files = [metadata.PackagePath("graphviz_pure-0/METADATA")]
    monkeypatch.delenv("ADVERSARIAL_DOT", raising=False)
    monkeypatch.setattr(dot.metadata, "distribution", lambda name: Dist())
    with pytest.raises(dot.LayoutProgramNotFound, match="--force-reinstall graphviz-pure"):
        dot.layout_program()


def test_a_bad_adversarial_dot_path_is_explained(monkeypatch, fresh_search):
    monkeypatch.setenv("ADVERSARIAL_DOT", "/nowhere/dot")
    with pytest.raises(dot.LayoutProgramNotFound,
                       match="ADVERSARIAL_DOT is set to '/nowhere/dot'.*pip install graphviz-pure"):
        dot.layout_program()


def test_no_program_at_all_is_explained(monkeypatch, tmp_path, fresh_search):
    def missing(name):
        raise metadata.PackageNotFoundError(name)
    monkeypatch.delenv("ADVERSARIAL_DOT", raising=False)
    monkeypatch.setattr(dot.metadata, "distribution", missing)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(dot.LayoutProgramNotFound, match="none was found.*apt-get install graphviz"):
        dot.layout_program()
    with pytest.raises(dot.LayoutProgramNotFound):       # saving says the same as drawing
        draw(tree([[1, 2], [3]])).pipe(format="png")


def test_adversarial_dot_selects_another_program(monkeypatch, fresh_search):
    real = dot.layout_program()
    monkeypatch.setenv("ADVERSARIAL_DOT", str(real))
    assert dot.layout_program() == real


def test_layout_errors_are_explained():
    with pytest.raises(RuntimeError, match="could not lay out"):
        dot.pipe("digraph { a -> }")


@pytest.mark.parametrize("fmt", ["png", "svg", "pdf_or_none"])
def test_a_drawing_renders_pipes_and_saves_without_a_system_graphviz(tmp_path, monkeypatch, fmt):
    monkeypatch.setenv("PATH", "/nonexistent")        # no system `dot` to fall back on
    drawing = draw(tree([[3, 5], [2], [9, 1]]))
    if fmt == "pdf_or_none":                            # graphviz-pure has no PDF: say so, clearly
        with pytest.raises(ValueError, match="cannot write 'pdf'.*png.*svg"):
            drawing.pipe(format="pdf")
        with pytest.raises(ValueError, match="cannot write 'pdf'"):
            drawing.render(tmp_path / "tree", format="pdf")
        return
    data = drawing.pipe(format=fmt)
    assert data.startswith(PNG_MAGIC) if fmt == "png" else b"<svg" in data
    out = Path(drawing.render(tmp_path / "tree", format=fmt))
    assert out.exists() and out.read_bytes()[:8] == data[:8]
    saved = Path(drawing.save(tmp_path / "tree.gv"))
    assert saved.read_text() == drawing.source


def test_a_copy_keeps_the_summary_and_status():
    from adversarial import alphabeta
    t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    drawing = draw(t, alphabeta(t, trace=True))
    twin = drawing.copy()
    assert repr(twin) == repr(drawing) and twin.status == drawing.status and twin.source == drawing.source


def test_saving_keeps_the_layout_programs_warnings_out_of_the_cell(tmp_path, capfd):
    from adversarial import alphabeta
    t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    drawing = draw(t, alphabeta(t, trace=True), step=15, theme="projector")   # α and β in the notes
    drawing.render(tmp_path / "step", format="png")
    drawing.pipe(format="png")
    assert capfd.readouterr().err == ""


def test_saving_touches_none_of_the_graphviz_packages_internals(tmp_path, monkeypatch):
    """render/pipe go through dot.pipe: a graphviz release that renames its private constants, or a
    machine without a system `dot`, cannot break saving."""
    import graphviz.backend.dot_command as dot_command
    monkeypatch.setattr(dot_command, "DOT_BINARY", "/nonexistent/dot")
    monkeypatch.setenv("PATH", "/nonexistent")
    drawing = draw(tree([[1, 2], [3]]))
    assert drawing.pipe(format="png")[:4] == b"\x89PNG"
    assert drawing.pipe(format="svg", encoding="utf-8").lstrip().startswith("<?xml")
    out = Path(drawing.render(tmp_path / "tree", format="png"))
    assert out == tmp_path / "tree.png" and out.read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "tree").read_text() == drawing.source
    named = Path(drawing.render(outfile=tmp_path / "named.svg"))
    assert named == tmp_path / "named.svg" and b"<svg" in named.read_bytes()
    assert dot_command.DOT_BINARY == "/nonexistent/dot"


def test_saving_refuses_options_the_layout_program_does_not_offer(tmp_path):
    drawing = draw(tree([[1, 2], [3]]))
    with pytest.raises(ValueError, match="laid out by Graphviz's dot only; drop engine"):
        drawing.pipe(format="png", engine="neato")
    with pytest.raises(ValueError, match=r"view=True\) is not supported"):
        drawing.render(tmp_path / "t", format="png", view=True)
