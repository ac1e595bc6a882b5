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


def run_cell(source, monkeypatch, *, missing, pip_fails=False, source_value=None):
    """Run the install cell here with pip and the package's presence faked: (pip calls, SystemExit text)."""
    calls = []

    def fake_run(cmd, **kw):
        calls.append(cmd)
        return types.SimpleNamespace(returncode=1 if pip_fails else 0, stdout="",
                                     stderr="ERROR: Could not resolve host: github.com\n" if pip_fails else "")
    monkeypatch.setattr(subprocess, "run", fake_run)
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if (missing and name == "adversarial") else real(name, *a))
    if source_value is not None:
        source = source.replace('SOURCE = ""', f"SOURCE = {source_value!r}")
    try:
        exec(compile(source, "install-cell", "exec"), {})
    except Exception as stop:
        assert type(stop).__name__ == "SetUpProblem" and stop._render_traceback_() == [f"Set-up stopped: {stop}"]
        return calls, str(stop)
    return calls, None


def test_in_jupyter_a_missing_address_shows_one_sentence_and_stops_run_all():
    """In a real kernel: the cell's output is the sentence alone (no traceback), and Run All stops there."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError
    cell = nbtool.install_source().replace("importlib.util.find_spec(\"adversarial\") is None", "True")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(cell),
                                               nbformat.v4.new_code_cell("import adversarial")])
    with pytest.raises(CellExecutionError):
        NotebookClient(notebook, kernel_name="python3", timeout=120).execute()
    (error,) = notebook.cells[0].outputs
    assert error["output_type"] == "error"
    assert error["traceback"] == ["Set-up stopped: This notebook needs the lessons' `adversarial` package and "
                                  "has no address to install it from: ask your instructor for the course's "
                                  "link to the lessons."]
    assert notebook.cells[1].outputs == [] and "execution_count" not in notebook.cells[1].get("metadata", {})


def test_every_notebook_starts_with_the_same_install_cell():
    sources = {install_cell(p).source for p in NOTEBOOKS}
    assert sources == {nbtool.install_source()}


def test_the_install_cell_does_nothing_where_the_package_is_there(monkeypatch):
    assert run_cell(nbtool.install_source(), monkeypatch, missing=False) == ([], None)


def test_without_an_address_the_cell_says_so_in_one_sentence(monkeypatch):
    """The collection is not published yet: no pip call (no 10-second git failure), one plain sentence."""
    assert nbtool.install_from() == ""          # until a course sets it in pyproject.toml
    calls, message = run_cell(nbtool.install_source(), monkeypatch, missing=True)
    assert calls == []
    assert "ask your instructor" in message and message.count(".") <= 1 and "\n" not in message


def test_with_an_address_the_cell_installs_the_version_the_notebooks_ran_with(monkeypatch, tmp_path):
    pyproject = (ROOT / "pyproject.toml").read_text().replace(
        'install-from = ""', 'install-from = "adversarial-search-lessons[lessons] @ git+https://x.test/r@v{version}"')
    monkeypatch.setattr(nbtool, "ROOT", tmp_path)
    (tmp_path / "adversarial").mkdir()
    (tmp_path / "adversarial" / "__init__.py").write_text('__version__ = "9.8.7"\n')
    (tmp_path / "pyproject.toml").write_text(pyproject)
    source = nbtool.install_source()
    assert 'SOURCE = "adversarial-search-lessons[lessons] @ git+https://x.test/r@v9.8.7"' in source
    (command,), message = run_cell(source, monkeypatch, missing=True)
    assert command == [sys.executable, "-m", "pip", "install", "-q", "--no-color",
                       "adversarial-search-lessons[lessons] @ git+https://x.test/r@v9.8.7"]
    assert message is None


def test_pip_runs_without_colour_and_its_real_reason_is_shown(monkeypatch, capsys):
    """ipykernel sets FORCE_COLOR and CLICOLOR_FORCE, and pip's last stderr line was then an ANSI reset
    ("failed ([0m)"): pip runs without colour, and colour codes and blank lines never make the reason."""
    seen = {}

    def fake_run(cmd, **kw):
        seen.update(kw)
        return types.SimpleNamespace(returncode=1, stdout="", stderr=(
            "\x1b[31mERROR: No matching distribution found for adversarial-search-lessons\x1b[0m\n\x1b[0m\n\n"))
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("CLICOLOR_FORCE", "1")
    monkeypatch.setattr(subprocess, "run", fake_run)
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "adversarial" else real(name, *a))
    source = nbtool.install_source().replace('SOURCE = ""', 'SOURCE = "x @ git+https://x.test/r"')
    with pytest.raises(Exception) as stop:
        exec(compile(source, "install-cell", "exec"), {})
    assert "failed (ERROR: No matching distribution found for adversarial-search-lessons)" in str(stop.value)
    assert "FORCE_COLOR" not in seen["env"] and "CLICOLOR_FORCE" not in seen["env"] and seen["env"]["NO_COLOR"]
    assert "Installing the lessons' package" in capsys.readouterr().out     # not silent for half a minute


def test_a_failed_install_says_what_failed_and_what_to_do(monkeypatch):
    calls, message = run_cell(nbtool.install_source(), monkeypatch, missing=True, pip_fails=True,
                              source_value="adversarial-search-lessons[lessons] @ git+https://x.test/r@v1")
    assert len(calls) == 1
    assert "failed (ERROR: Could not resolve host: github.com)" in message
    assert "check the address with your instructor" in message


def test_an_old_ipywidgets_already_loaded_asks_for_a_restart(monkeypatch):
    monkeypatch.setitem(sys.modules, "ipywidgets", types.SimpleNamespace(__version__="7.7.1"))
    _, message = run_cell(nbtool.install_source(), monkeypatch, missing=False)
    assert message.startswith("Restart the runtime") and "7.7.1" in message


def test_on_colab_the_install_cell_turns_on_the_widget_manager(monkeypatch):
    enabled = []
    output = types.SimpleNamespace(enable_custom_widget_manager=lambda: enabled.append(True))
    colab = types.ModuleType("google.colab")
    colab.output = output
    monkeypatch.setitem(sys.modules, "google", types.ModuleType("google"))
    monkeypatch.setitem(sys.modules, "google.colab", colab)
    run_cell(nbtool.install_source(), monkeypatch, missing=False)
    assert enabled == [True]


def _fresh_python(tmp_path):
    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "venv")], check=True)
    bindir = "Scripts" if os.name == "nt" else "bin"
    return tmp_path / "venv" / bindir / "python"


# The two real installs below (a fresh virtualenv, and `pip install --user`: about 25 s of CPU) run in `make
# test-pythons`, beside the plain install on 3.10 (CI's .ci/run runs it after make test); make test runs the rest.
@pytest.mark.other_pythons
def test_the_install_cell_really_installs_into_an_empty_environment(tmp_path):
    """The cell, run in a fresh virtualenv without the package, installs it (from this checkout, as a
    course's address would) and drawing then works."""
    python = _fresh_python(tmp_path)
    source = nbtool.install_source().replace('SOURCE = ""', f"SOURCE = {str(ROOT)!r}")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}     # the fresh environment's own package
    subprocess.run([str(python), "-c", source], check=True, cwd=tmp_path, capture_output=True, env=env)
    done = subprocess.run([str(python), "-c", DRAW_AND_SAVE, str(tmp_path / "tree")], cwd=tmp_path,
                          capture_output=True, text=True, env=env)
    assert done.stdout.strip().endswith("True"), done.stdout + done.stderr


@pytest.mark.other_pythons
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


def _python_310():
    import shutil
    for candidate in ("python3.10", str(Path.home() / ".pyenv/versions/3.10.13/bin/python")):
        found = shutil.which(candidate) or (candidate if Path(candidate).exists() else None)
        if found:
            done = subprocess.run([found, "-c", "import sys, venv; print(sys.version_info[:2] == (3, 10))"],
                                  capture_output=True, text=True)
            if done.stdout.strip() == "True":
                return found
    return None


@pytest.mark.other_pythons       # make test-pythons runs it, beside the library's tests on 3.10, 3.12 and 3.13
def test_the_library_installs_and_runs_on_python_3_10(tmp_path):
    """requires-python says 3.10: a plain `pip install .` there (the newest releases pyproject's ranges allow,
    not the lock) searches, draws and saves a PNG."""
    python310 = _python_310()
    if python310 is None:
        if os.environ.get("ADVERSARIAL_PYTHONS") == "required":
            pytest.fail("no Python 3.10 on this machine (python3.10 not on PATH): install it (pyenv install 3.10)")
        pytest.skip("no Python 3.10 on this machine (python3.10 not on PATH)")
    subprocess.run([python310, "-m", "venv", str(tmp_path / "venv")], check=True)
    python = tmp_path / "venv" / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(ROOT)], check=True, capture_output=True, env=env)
    done = subprocess.run([str(python), "-c", DRAW_AND_SAVE, str(tmp_path / "tree")], cwd=tmp_path,
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0 and done.stdout.strip().endswith("True"), done.stdout + done.stderr
    # Tic-tac-toe is a draw; Pons' Test_L2_R1 line 1 scores 4 for the side to move (solved in milliseconds:
    # an opening such as "4453444" takes a minute of CPU and would test nothing more)
    games = ("from adversarial import alphabeta\nfrom adversarial.games import TicTacToe\n"
             "from adversarial.games.connectfour import solve\n"
             "print(alphabeta(TicTacToe(), table=True).value, solve('5554224333234511764415115'))")
    done = subprocess.run([str(python), "-c", games], cwd=tmp_path, capture_output=True, text=True, env=env)
    assert done.returncode == 0 and done.stdout.split() == ["0", "4"], done.stdout + done.stderr


def test_the_distributions_build_from_the_sdist_and_pass_twine(tmp_path):
    """`make dist`'s steps: the wheel is built from the sdist (nothing stale in the tree ships), both pass
    `twine check --strict`, the sdist holds no half test tree, the wheel holds py.typed and only MIT."""
    import tarfile
    import zipfile
    pytest.importorskip("build")
    pytest.importorskip("twine")
    stale = ROOT / "build" / "lib" / "adversarial" / "stale_module_from_an_old_build.py"
    stale.parent.mkdir(parents=True, exist_ok=True)
    stale.write_text("raise ImportError('stale')\n")
    try:
        subprocess.run([sys.executable, "-m", "build", "-q", "--outdir", str(tmp_path), str(ROOT)],
                       check=True, capture_output=True)
    finally:
        stale.unlink()
    sdist, = tmp_path.glob("*.tar.gz")
    wheel, = tmp_path.glob("*.whl")
    done = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(sdist), str(wheel)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    names = tarfile.open(sdist).getnames()
    assert not [n for n in names if "/tests/" in n or n.endswith("conftest.py")]
    inside = zipfile.ZipFile(wheel).namelist()
    assert "adversarial/py.typed" in inside
    # the description is the README, whose lessons' text is CC BY: its licence ships with it (issue 43)
    assert [n for n in names if n.endswith("/LICENSE-lessons")]
    assert [n for n in inside if n.endswith("/LICENSE-lessons")]
    assert not [n for n in inside if "stale_module" in n]
    meta = zipfile.ZipFile(wheel).read(next(n for n in inside if n.endswith("METADATA"))).decode()
    assert "License-Expression: MIT" in meta and "Requires-Python: >=3.10" in meta
    assert "Provides-Extra: lessons" in meta and "Classifier: Intended Audience :: Education" in meta


def _readme_without_make() -> list[str]:
    """The README's "Without make" commands for Linux and macOS, as written."""
    import re
    text = (ROOT / "README.md").read_text()
    block = re.search(r"### Without make.*?```bash\n(.*?)```", text, re.S).group(1)
    return [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]


def test_the_readmes_steps_without_make_begin_by_upgrading_pip():
    """Issue 43: with the pip a fresh Python 3.11 venv ships (23.2), step 2 failed on the lock."""
    steps = _readme_without_make()
    assert steps[0].startswith("python3 -m venv .venv")
    assert steps[1] == "python -m pip install --upgrade pip"
    assert steps[2].startswith("pip install --require-hashes -r requirements-lessons.txt")


@pytest.mark.other_pythons       # a whole JupyterLab install (a minute or two): CI's `make test-pythons` runs it
def test_the_readmes_steps_without_make_work_with_a_new_venvs_own_pip(tmp_path):
    """The README's first steps, run literally in a copy of the checkout with a new venv's own pip (23.2 on
    Python 3.11), install the lessons' lock and the package."""
    import shutil
    copy = tmp_path / "checkout"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".venv", ".git", "build", "notebooks", "node_modules",
                                                               "*.egg-info", "__pycache__", ".hypothesis"))
    steps = _readme_without_make()[:4]          # venv, pip upgrade, the lock, the package
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    done = subprocess.run(["bash", "-c", "set -e\n" + "\n".join(steps)], cwd=copy, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    check = subprocess.run([str(copy / ".venv" / "bin" / "python"), "-c",
                            "import adversarial, jupyterlab; print(adversarial.__file__)"],
                           cwd=tmp_path, env=env, capture_output=True, text=True)
    assert str(copy) in check.stdout, check.stdout + check.stderr
