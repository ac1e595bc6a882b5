"""The browser branch of the layout program, seen from CPython (the real run is in tests/e2e/test_lite.py)."""

import sys

import pytest

from adversarial import dot_browser, tree
from adversarial.widgets import Stepper


def test_missing_wasm_graphviz_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "adversarial_viz", None)     # as in a JupyterLite without our wheel
    with pytest.raises(RuntimeError, match=r"adversarial_viz.*make lite"):
        dot_browser._source()


class Promise:
    """A JavaScript promise as Pyodide hands it to Python: awaitable, as often as wanted."""

    def __init__(self, value=None, error=None):
        self.value, self.error = value, error

    def __await__(self):
        if self.error is not None:
            raise self.error
        return self.value
        yield       # a generator, as __await__ must be


def test_preload_starts_the_one_load_the_first_drawing_finishes(monkeypatch):
    """The in-browser kernel calls preload() as it starts: Graphviz's module is asked for once, however often
    preload and load are called; load() returns what that one load gave; a failed load is tried again later."""
    import asyncio
    import types
    loads, promises = [], [Promise(error=RuntimeError("the module did not load")), Promise("graphviz")]

    def run_js(code):
        assert "import(url)" in code
        return lambda source: loads.append(source) or promises[len(loads) - 1]
    monkeypatch.setitem(sys.modules, "pyodide.code", types.SimpleNamespace(run_js=run_js))
    monkeypatch.setattr(dot_browser, "_source", lambda: "viz.js's text")
    monkeypatch.setattr(dot_browser, "_viz", None)
    monkeypatch.setattr(dot_browser, "_loading", None)
    dot_browser.preload()
    dot_browser.preload()
    assert loads == ["viz.js's text"]
    with pytest.raises(RuntimeError, match="did not load"):
        asyncio.run(dot_browser.load())
    assert dot_browser._viz is None and dot_browser._loading is None
    assert asyncio.run(dot_browser.load()) == "graphviz" and len(loads) == 2     # tried again, once
    dot_browser.preload()
    assert asyncio.run(dot_browser.load()) == "graphviz" and len(loads) == 2     # loaded: nothing more asked


def test_off_the_browser_pipe_never_takes_the_browser_branch(monkeypatch):
    from adversarial import dot

    def refuse(*args, **kwargs):
        raise AssertionError("the browser branch ran outside the browser")
    monkeypatch.setattr(dot_browser, "pipe", refuse)
    assert dot.pipe("digraph { a -> b }").startswith(b"<?xml")


# -- follow slides on the WebAssembly Graphviz ------------------------------------------------------------------
# The in-browser edition's Graphviz (@viz-js/viz, the npm tarball make lite packs into the site) run by Node.js
# in one process, answering one JSON line per drawing; dot_browser.pipe talks to it as to the browser's copy.

NODE_SERVER = """import { instance } from "./viz.mjs";
import * as readline from "node:readline";
const viz = await instance();
for await (const line of readline.createInterface({input: process.stdin})) {
    const {source, format, engine} = JSON.parse(line);
    const r = viz.render(source, {format, engine});
    process.stdout.write(JSON.stringify({status: r.status, output: r.output ?? "",
                                         errors: r.errors.map(e => ({message: e.message}))}) + "\\n");
}
"""


@pytest.fixture(scope="module")
def wasm_graphviz(tmp_path_factory):
    """A ``render(source, options)`` of the WebAssembly Graphviz, as the browser's ``viz`` object has it."""
    import json
    import shutil
    import subprocess
    import tarfile
    from types import SimpleNamespace

    from tools.publish import make_lite
    tarball = make_lite.CACHE / "npm" / f"viz-js-viz-{make_lite.VIZ}.tgz"
    if shutil.which("node") is None or not tarball.exists():
        pytest.skip(f"needs Node.js and {tarball} (make lite downloads it)")
    folder = tmp_path_factory.mktemp("viz")
    with tarfile.open(tarball) as archive:
        (folder / "viz.mjs").write_bytes(archive.extractfile("package/dist/viz.js").read())
    (folder / "server.mjs").write_text(NODE_SERVER)
    node = subprocess.Popen(["node", "server.mjs"], cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)

    def render(source, options):
        node.stdin.write(json.dumps({"source": source, **options}) + "\n")
        node.stdin.flush()
        answer = json.loads(node.stdout.readline())
        return SimpleNamespace(status=answer["status"], output=answer["output"],
                               errors=[SimpleNamespace(**e) for e in answer["errors"]])
    yield SimpleNamespace(render=render)
    node.stdin.close()
    node.wait(timeout=10)
    node.stdout.close()


@pytest.fixture
def in_the_browser(wasm_graphviz, monkeypatch):
    """dot.pipe as it runs in the in-browser edition: its browser branch, with the WebAssembly Graphviz."""
    from types import ModuleType, SimpleNamespace
    js, ffi = ModuleType("js"), ModuleType("pyodide.ffi")
    js.Object = SimpleNamespace(fromEntries=dict)
    ffi.to_js = lambda value, dict_converter=None: dict(value)
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.setattr(dot_browser, "_instance", lambda: wasm_graphviz)
    monkeypatch.setattr(sys, "platform", "emscripten")


def test_follow_slides_are_laid_out_by_the_webassembly_graphviz(in_the_browser, tmp_path):
    """save_slides(zoom="follow") in the in-browser edition: the slides' placed nodes are drawn by the WebAssembly
    Graphviz's nop2 engine (neato -n2), and each slide holds what it holds with the layout program; SVG only
    (that Graphviz draws no pixels), PNG refused with what to do."""
    from adversarial import random_tree

    from .test_widgets import check_follow_slide
    s = Stepper(random_tree(2, 5, seed=3))
    deep = next(k for k in range(1, len(s.trace) + 1) if len(s.trace[k - 1].path) == 5)
    assert check_follow_slide(s, deep + 40, 1280) >= 1
    small = Stepper(tree([[3, 5], [2]]))
    files = small.save_slides(tmp_path, zoom="follow", format="svg", width=960)
    assert len(files) == len(small.trace) + 1 and all(f.read_text().lstrip().startswith("<") for f in files)
    drawn = files[1].read_text()
    assert "Generated by graphviz" in drawn and "graphviz-pure" not in drawn    # the WebAssembly one drew it
    with pytest.raises(ValueError, match="writes SVG but not PNG.*format='svg'"):
        small.save_slides(tmp_path, zoom="follow", width=960)


def test_make_lite_takes_a_folder_and_no_snapshot_and_refuses_anything_else(monkeypatch, tmp_path):
    """`make lite SNAPSHOT=0` for readers on slow networks: the build is asked without the kernel's snapshot."""
    from tools.publish import make_lite
    asked = []
    monkeypatch.setattr(make_lite, "build", lambda out, snapshot=True: asked.append((out, snapshot)) or {})
    make_lite.main([str(tmp_path), "--no-snapshot"])
    make_lite.main([])
    assert asked == [(tmp_path, False), (make_lite.OUT, True)]
    for wrong in (["--snapshot=no"], ["a", "b"]):
        with pytest.raises(SystemExit, match="unknown arguments .* --no-snapshot"):
            make_lite.main(wrong)
