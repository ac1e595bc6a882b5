"""Installing the collection the ways its users do: the notebooks' install cell (as on Colab), a plain
`pip install <repo>` in a fresh virtualenv, and `pip install --user`; each must draw and save a PNG."""

import os
import subprocess
import sys
import types
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import notebooks as nbtool  # noqa: E402

NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
DRAW_AND_SAVE = """
import sys
from adversarial import alphabeta, draw, tree
t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
out = draw(t, alphabeta(t, trace=True)).render(sys.argv[1], format="png")
print(out, open(out, "rb").read(8) == b"\\x89PNG\\r\\n\\x1a\\n")
"""


def install_cell(path):
    return next(c for c in nbformat.read(path, as_version=4).cells if "install" in c.metadata.get("tags", []))


def run_cell(source, monkeypatch, *, missing):
    calls = []
    monkeypatch.setattr(subprocess, "run", lambda cmd, **kw: calls.append(cmd))
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if (missing and name == "adversarial") else real(name, *a))
    exec(compile(source, "install-cell", "exec"), {})
    return calls


def test_every_notebook_starts_with_the_same_install_cell():
    sources = {install_cell(p).source for p in NOTEBOOKS}
    assert sources == {nbtool.install_source()}


def test_the_install_cell_installs_only_where_the_package_is_missing(monkeypatch):
    source = install_cell(NOTEBOOKS[0]).source
    assert run_cell(source, monkeypatch, missing=False) == []
    (command,) = run_cell(source, monkeypatch, missing=True)
    assert command[:5] == [sys.executable, "-m", "pip", "install", "-q"]
    assert command[5] == f"adversarial-search-lessons[notebooks] @ git+{nbtool.repository()}"


def test_on_colab_the_install_cell_turns_on_the_widget_manager(monkeypatch):
    enabled = []
    output = types.SimpleNamespace(enable_custom_widget_manager=lambda: enabled.append(True))
    colab = types.ModuleType("google.colab")
    colab.output = output
    monkeypatch.setitem(sys.modules, "google", types.ModuleType("google"))
    monkeypatch.setitem(sys.modules, "google.colab", colab)
    run_cell(install_cell(NOTEBOOKS[0]).source, monkeypatch, missing=False)
    assert enabled == [True]


def _fresh_python(tmp_path):
    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "venv")], check=True)
    bindir = "Scripts" if os.name == "nt" else "bin"
    return tmp_path / "venv" / bindir / "python"


def test_the_install_cell_really_installs_into_an_empty_environment(tmp_path):
    """The cell, run in a fresh virtualenv without the package, installs it (from this checkout
    instead of the public address) and drawing then works."""
    python = _fresh_python(tmp_path)
    source = install_cell(NOTEBOOKS[0]).source.replace(f"git+{nbtool.repository()}", ROOT.as_uri())
    source = source.replace("[notebooks]", "")          # the extra is JupyterLab & co: not needed here
    subprocess.run([str(python), "-c", source], check=True, cwd=tmp_path, capture_output=True)
    done = subprocess.run([str(python), "-c", DRAW_AND_SAVE, str(tmp_path / "tree")], cwd=tmp_path,
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip().endswith("True"), done.stdout + done.stderr


def test_pip_install_user_finds_the_layout_program(tmp_path):
    """`pip install --user` puts graphviz-pure's program in the user base's bin, away from Python."""
    base = Path(getattr(sys, "_base_executable", sys.executable))
    env = dict(os.environ, PYTHONUSERBASE=str(tmp_path / "userbase"), PATH="/usr/bin:/bin")
    env.pop("PYTHONPATH", None)
    check = subprocess.run([str(base), "-m", "pip", "--version"], capture_output=True, env=env)
    if check.returncode != 0:
        pytest.skip(f"the base interpreter {base} has no pip")
    subprocess.run([str(base), "-m", "pip", "install", "-q", "--user", "--break-system-packages",
                    "--no-warn-script-location", str(ROOT)], check=True, env=env, capture_output=True)
    done = subprocess.run([str(base), "-c", DRAW_AND_SAVE, str(tmp_path / "tree")],
                          cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip().endswith("True"), done.stdout + done.stderr
    assert "userbase" in subprocess.run(
        [str(base), "-c", "from adversarial import dot; print(dot.layout_program())"],
        cwd=tmp_path, env=env, capture_output=True, text=True).stdout
