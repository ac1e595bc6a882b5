"""One source per notebook: each .md and its executed .ipynb hold the same cells, and the
editions built from them are what they claim to be."""

import copy
import sys
from pathlib import Path

import jupytext
import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import notebooks as nbtool  # noqa: E402

SOURCES = nbtool.sources()


def test_every_notebook_has_a_markdown_source():
    stored = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert stored and stored == [p.stem for p in SOURCES]


@pytest.mark.parametrize("md", SOURCES, ids=lambda p: p.name)
def test_pair_in_sync(md):
    assert nbtool.differences(md) is None, nbtool.differences(md)


def test_an_edit_on_one_side_is_caught(tmp_path):
    md = SOURCES[0]
    for name in (md.name, md.with_suffix(".ipynb").name):
        (tmp_path / name).write_bytes((md.parent / name).read_bytes())
    copy_md = tmp_path / md.name
    assert nbtool.differences(copy_md) is None
    copy_md.write_text(copy_md.read_text().replace("## The map", "## The plan", 1))
    assert "differ at cell" in nbtool.differences(copy_md)


def test_a_round_trip_keeps_ids_tags_and_outputs(tmp_path):
    md = next(p for p in SOURCES if p.name.startswith("01"))
    stored = nbformat.read(md.with_suffix(".ipynb"), as_version=4)
    for name in (md.name, md.with_suffix(".ipynb").name):
        (tmp_path / name).write_bytes((md.parent / name).read_bytes())
    again = nbtool.read_source(tmp_path / md.name)       # md -> notebook, ids/outputs from the ipynb
    assert [c.id for c in again.cells] == [c.id for c in stored.cells]
    assert [c.metadata.get("tags") for c in again.cells] == [c.metadata.get("tags") for c in stored.cells]
    assert [c.get("outputs") for c in again.cells] == [c.get("outputs") for c in stored.cells]
    text = jupytext.writes(again, fmt="md:myst")
    assert jupytext.reads(text, fmt="md:myst").cells[5].source == stored.cells[5].source


def test_the_solutions_edition_answers_every_exercise():
    notebook = nbformat.read(SOURCES[1].with_suffix(".ipynb"), as_version=4)
    stubs = [c.source for c in notebook.cells if "exercise" in c.metadata.get("tags", [])]
    answered = nbtool.solutions_edition(copy.deepcopy(notebook))
    answers = [c.source for c in answered.cells if "exercise" in c.metadata.get("tags", [])]
    assert len(answers) == len(stubs) >= 1 and all("..." not in a for a in answers)
    assert all(a != s for a, s in zip(answers, stubs))


def test_the_student_edition_shows_no_worked_answer():
    for md in SOURCES:
        notebook = nbformat.read(md.with_suffix(".ipynb"), as_version=4)
        answers = [nbtool.solution_code(c) for c in notebook.cells if "solution" in c.metadata.get("tags", [])]
        student = nbtool.student_edition(notebook)
        text = "\n".join(c.source for c in student.cells)
        assert answers and all(a not in text for a in answers)
        assert "Show a worked answer" not in text, f"{md.name}'s student edition points at worked answers it lacks"


def test_a_missing_solution_is_an_error():
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = ...")])
    notebook.cells[0].metadata["tags"] = ["exercise"]
    with pytest.raises(ValueError, match="no solution cell"):
        nbtool.solutions_edition(notebook)


def test_saving_in_jupyter_writes_both_files(tmp_path):
    """jupytext is in the environment `make lab` opens: a notebook saved through the Jupyter
    server (what JupyterLab's Save does) updates its Markdown source too, and the pair stays in sync."""
    import json
    import os
    import socket
    import subprocess
    import time
    import urllib.request

    md = SOURCES[0]
    for name in (md.name, md.with_suffix(".ipynb").name):
        (tmp_path / name).write_bytes((md.parent / name).read_bytes())
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp_path / "cfg"), JUPYTER_RUNTIME_DIR=str(tmp_path / "rt"))
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter_server", "--allow-root", "--no-browser", f"--port={port}",
         "--ServerApp.port_retries=0", "--IdentityProvider.token=t", "--ServerApp.ip=127.0.0.1"],
        cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/api/contents/{md.with_suffix('.ipynb').name}?token=t"
    try:
        for _ in range(240):
            try:
                model = json.load(urllib.request.urlopen(url))
                break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("the Jupyter server did not start")
        cell = model["content"]["cells"][1]
        cell["source"] = "".join(cell["source"]).replace("Welcome!", "Welcome, edited in JupyterLab!")
        body = json.dumps({"type": "notebook", "format": "json", "content": model["content"]}).encode()
        urllib.request.urlopen(urllib.request.Request(url, data=body, method="PUT",
                                                      headers={"Content-Type": "application/json"}))
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert "edited in JupyterLab" in (tmp_path / md.name).read_text()
    assert nbtool.differences(tmp_path / md.name) is None
