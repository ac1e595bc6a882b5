"""The in-browser edition (make lite): the notebooks run on Pyodide in headless Chromium, offline.

Which notebooks: in CI (``ADVERSARIAL_LITE=all``, set by .ci/run) every lesson; in ``make test`` the lessons
whose widgets need a live kernel (00, 02, 03), the others being skipped with that reason.

The site is built from this checkout (tools/publish/make_lite.py), served from 127.0.0.1, and opened in
Chromium with every request that leaves the site blocked and logged: a notebook that needs anything from the
internet fails here. For each notebook the test runs every cell and checks what a reader would see: no error,
the same text as the stored notebook, a drawing wherever the stored notebook has one (with the same labels),
where there is a stepper, that its Step button redraws the tree, and where there is a board, that the engine
answers a move with an optimal one.

The package's charts (adversarial.plots) ask Pyodide for matplotlib, which only Pyodide's CDN carries (no
registry reachable here has it built for the browser): offline that request is blocked, and each chart cell
shows a one-line note and the chart's numbers as a table; those cells run and are checked for that note. A
notebook cell that itself imports numpy or matplotlib cannot run offline: its statements that import or use
such a package are left out, and a cell with nothing else is not run; each is counted and named in the
test's output. Page load to first output is measured for every notebook and written to the report.
"""

from __future__ import annotations

import ast
import functools
import http.server
import json
import os
import re
import shutil
import socketserver
import subprocess
import sys
import tarfile
import threading
import time
import urllib.parse
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path
from typing import ClassVar

import nbformat
import pytest

from adversarial.games.tictactoe import TicTacToe, optimal_moves

from .lab_page import CURRENT, ERRORS, KERNEL_READY, REPLACE_CELLS, UNRUN, artifact, keyboard_walk
from .test_jupyterlab import stored_stepper

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "publish"))
import axe  # noqa: E402  (tools/publish/axe.py: axe-core from npm)
import make_lite  # noqa: E402  (tools/publish is not a package)
from edition import notebook_paths, reader_copy, tags  # noqa: E402

CDN_ONLY = {"numpy", "matplotlib", "pandas", "scipy"}   # compiled packages only Pyodide's CDN serves
NEEDS_CDN: set[str] = set()     # our modules that need one of those: none (adversarial.plots shows numbers)
CHART_NOTE = "matplotlib is not available here"          # adversarial.plots.ChartNumbers.NOTE begins so
SVG_NS = "{http://www.w3.org/2000/svg}"
STEPPER = ".adversarial-stepper"
BOARD = ".adversarial-board"
NOTEBOOK_NAMES = [path.name for path in notebook_paths()]
# make test runs on Pyodide the lessons whose widgets need a live kernel (a stepper, the boards); CI runs every
# lesson there (.ci/run sets ADVERSARIAL_LITE=all): the other nine are about 120 s of one core, and nbval runs
# each of them on this machine's Python in make test.
EVERY_LESSON = os.environ.get("ADVERSARIAL_LITE", "").lower() == "all"
WIDGET_LESSONS = ("00_", "02_", "03_")
RUN_NAMES = [name for name in NOTEBOOK_NAMES if EVERY_LESSON or name.startswith(WIDGET_LESSONS)]


# ---- what the test expects, from the stored notebooks ---------------------------------------------------

def without_cdn_packages(source: str, names: set[str]) -> tuple[str, bool]:
    """``source`` without the statements that import or use a CDN-only package; and whether any was cut.

    ``names`` holds the names bound by such statements in earlier cells; this cell's are added to it.
    """
    try:
        module = ast.parse(source)
    except SyntaxError:        # IPython syntax (%magic): left as it is
        return source, False
    keep, cut = [], False
    lines = source.splitlines()
    for statement in module.body:
        imported = []
        if isinstance(statement, ast.Import):
            imported = [(a.name, a.asname or a.name.split(".")[0]) for a in statement.names]
        elif isinstance(statement, ast.ImportFrom) and statement.module:
            imported = [(statement.module, a.asname or a.name) for a in statement.names]
        cdn = [bound for module_name, bound in imported
               if module_name.split(".")[0] in CDN_ONLY or module_name in NEEDS_CDN]
        local = {n.id for comp in ast.walk(statement) if isinstance(comp, ast.comprehension)
                 for n in ast.walk(comp.target) if isinstance(n, ast.Name)}
        used = {n.id for n in ast.walk(statement) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        used -= local          # a comprehension's own variables are not the names cut earlier
        bound = {t.id for t in ast.walk(statement) if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store)}
        if cdn or used & names:
            names |= set(cdn) | bound
            if cdn and len(cdn) < len(imported):
                raise AssertionError(f"one import mixes a CDN-only package with others: {lines[statement.lineno - 1]}")
            cut = True
            continue
        names -= bound - local  # rebound by a statement that runs: no longer the cut statement's value
        keep.append("\n".join(lines[statement.lineno - 1:statement.end_lineno]))
    return ("\n".join(keep), cut) if cut else (source, False)


# The last line a progress meter leaves where its bar was (adversarial/lab/progress.py: "done: 80 games in 33 s",
# "stopped after 5 of 8 games, ..."): shown in the browser, never stored (nbval runs with the meters off), and
# timed, so not compared.
PROGRESS_LINE = re.compile(r"(done: [\d,]+ .* in \S+ (s|min)$|stopped after [\d,]+ )")


def text_of(outputs: list[dict]) -> list[str]:
    """The text a reader sees: streams and the plain-text form of results (stderr and the progress meters' last
    lines left out)."""
    found = []
    for out in outputs:
        if out.get("output_type") == "stream" and out.get("name") == "stdout":
            found.append("".join(out["text"]))
        elif out.get("output_type") in ("execute_result", "display_data"):
            text = out.get("data", {}).get("text/plain")
            if text is None or (out["output_type"] == "display_data" and PROGRESS_LINE.match("".join(text))):
                continue
            found.append("".join(text))
    return ["".join(found)] if found else []


def svg_labels(svg: str) -> list[str]:
    return ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG_NS}text")]


def drawings(outputs: list[dict]) -> list[list[str]]:
    return [svg_labels("".join(out["data"]["image/svg+xml"])) for out in outputs
            if "image/svg+xml" in out.get("data", {})]


@functools.cache
def plan(name: str) -> dict:
    """The reader's copy of ``name``: the sources to run (CDN statements cut) and what each cell must show."""
    notebook = reader_copy(nbformat.read(ROOT / "notebooks" / name, as_version=4), make_lite.DROPPED)
    cells, cut, skipped, names = [], [], [], set()
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        source, was_cut = without_cdn_packages(cell.source, names)
        if was_cut:
            (cut if source.strip() else skipped).append(index)
        ignore = was_cut or bool({"nbval-ignore-output", "nbval-skip"} & set(tags(cell)))
        chart = any("image/png" in out.get("data", {}) for out in cell.outputs)    # offline: its numbers
        cells.append({"index": index, "source": source, "compare": not ignore and not chart and bool(cell.outputs),
                      "text": text_of(cell.outputs), "drawings": drawings(cell.outputs), "chart": chart})
    def named(indexes):
        return [f"cell {i} ({notebook.cells[i].source.splitlines()[0]!r})" for i in indexes]
    return {"cells": cells, "cut": cut, "skipped": skipped, "named": {"skipped": named(skipped),
                                                                       "cut": named(cut)}}


# ---- the site, its server and the browser ---------------------------------------------------------------

class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict] = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json"}

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def lite_build():
    """The site, built from this checkout into build/lite (downloads are cached in build/cache)."""
    summary = make_lite.build()
    artifact("lite-build.json").write_text(json.dumps(summary))
    artifact("lite-report.txt").write_text("")
    return make_lite.OUT


def test_the_lock_serves_our_packages_from_the_site(lite_build):
    """Every package listed as local is in the site with the checksum Pyodide will verify; the rest point at
    Pyodide's CDN at our Pyodide's version (what online readers load numpy or matplotlib from)."""
    folder = lite_build / "static" / "pyodide"
    packages = json.loads((folder / "pyodide-lock.json").read_text())["packages"]
    local = {name: p for name, p in packages.items() if "://" not in p["file_name"]}
    for name in ["adversarial-search-lessons", "adversarial-viz", "graphviz", "ipywidgets", "micropip", "ipython"]:
        assert name in local, f"{name} is not served from the site"
    for name, package in local.items():
        wheel = folder / package["file_name"]
        assert wheel.exists(), f"{name}: {wheel.name} is listed but missing"
        assert make_lite.sha256(wheel) == package["sha256"], f"{name}: checksum differs from the lock's"
        for dependency in package["depends"]:
            assert make_lite.normalize(dependency) in local, f"{name} needs {dependency}, not served locally"
    assert packages["matplotlib"]["file_name"].startswith(make_lite.CDN)
    assert f"/v{make_lite.PYODIDE}/" in make_lite.CDN
    # The kernel's wheels and the package are loaded with the interpreter (benchmarks/bench_lite_start.py), all
    # from the site: each preloaded package is in the lock, served locally.
    config = json.loads((lite_build / "jupyter-lite.json").read_text())["jupyter-config-data"]
    preload = config["litePluginSettings"][f"{make_lite.KERNEL_EXTENSION}:kernel"]["loadPyodideOptions"]["packages"]
    assert preload == make_lite.PRELOAD and all(make_lite.normalize(name) in local for name in preload), preload


def test_every_served_module_comes_compiled_beside_its_source(lite_build):
    """The standard library's zip and every local wheel carry bytecode next to each source (make_lite's
    compile_bytecode): unchecked hash-based pycs (flags 1, valid whatever the unpacked files' dates), all of one
    Python (one magic number), the sources kept for tracebacks."""
    folder = lite_build / "static" / "pyodide"
    packages = json.loads((folder / "pyodide-lock.json").read_text())["packages"]
    archives = [folder / "python_stdlib.zip"] + sorted({folder / p["file_name"] for p in packages.values()
                                                        if "://" not in p["file_name"]})
    magics = set()
    for archive in archives:
        with zipfile.ZipFile(archive) as z:
            names = set(z.namelist())
            sources = [n for n in names if n.endswith(".py")]
            if archive.suffix == ".zip":
                compiled = {n: n[:-3] + ".pyc" for n in sources}
            else:
                compiled = {n: f"{n.rpartition('/')[0]}/__pycache__/{n.rpartition('/')[2][:-3]}.cpython-314.pyc"
                            .lstrip("/") for n in sources}
            have = [pyc for pyc in compiled.values() if pyc in names]
            assert have, f"{archive.name}: no compiled module"
            for pyc in have:
                header = z.read(pyc)[:8]
                magics.add(header[:4])
                assert int.from_bytes(header[4:8], "little") == 1, f"{archive.name}: {pyc} is not an unchecked-hash pyc"
            if archive.name.startswith(make_lite.DIST) or archive.suffix == ".zip":
                missing = [n for n, pyc in compiled.items() if pyc not in names]
                assert not missing, f"{archive.name}: sources without bytecode: {missing[:5]}"
    assert len(magics) == 1, f"bytecode of several Pythons: {magics}"


def test_the_kernel_starts_from_a_snapshot_made_at_build(lite_build):
    """make_lite's make_snapshot: the site's settings name the kernel's memory snapshot and its files; the snapshot
    is Pyodide's (its magic number), made by this site's Pyodide (the build id it carries is the one in
    pyodide.mjs), and its files hold every preloaded package as unpacked (its metadata) and the package's sources;
    both of the kernel's workers start from it (patch_kernel_worker)."""
    folder = lite_build / "static" / "pyodide"
    config = json.loads((lite_build / "jupyter-lite.json").read_text())["jupyter-config-data"]
    options = config["litePluginSettings"][f"{make_lite.KERNEL_EXTENSION}:kernel"]["loadPyodideOptions"]
    assert {k: options["snapshot"][k] for k in make_lite.SNAPSHOT_FILES} == make_lite.SNAPSHOT_FILES
    memory = (folder / make_lite.SNAPSHOT_FILES["memory"]).read_bytes()
    words = [int.from_bytes(memory[4 * k:4 * k + 4], "little") for k in range(12)]
    assert words[0] == 1886286592, "not a Pyodide memory snapshot"
    build_id = re.search(r'BUILD_ID:"([0-9a-f]{64})"', (folder / "pyodide.mjs").read_text()).group(1)
    assert "".join(f"{w:08x}" for w in words[4:12]) == build_id, "made by another Pyodide than the site's"
    bundle = (folder / make_lite.SNAPSHOT_FILES["files"]).read_bytes()
    length = int.from_bytes(bundle[:4], "little")
    index = json.loads(bundle[4:4 + length])
    paths = {path for path, _, _ in index["files"]}
    site = "/lib/python3.14/site-packages/"
    assert sum(size for _, _, size in index["files"]) == len(bundle) - 4 - length
    # The package's sources are there; the bytecode of what the snapshot imported is not (never read again), that of
    # modules it did not import is.
    assert site + "adversarial/__init__.py" in paths
    assert site + "adversarial/__pycache__/__init__.cpython-314.pyc" not in paths
    assert any(p.startswith(site + "pygments/lexers/__pycache__/") for p in paths)
    unpacked = {make_lite.normalize(p[len(site):].split("-")[0]) for p in paths
                if p.startswith(site) and p.endswith(".dist-info/METADATA")}
    assert {make_lite.normalize(name) for name in make_lite.PRELOAD} <= unpacked, unpacked
    workers = sorted((lite_build / "extensions" / make_lite.KERNEL_EXTENSION / "static").glob("*.worker.*.js"))
    assert len(workers) == 2 and all("adversarialSnapshotOptions(e.indexUrl" in w.read_text() for w in workers)


def test_the_kernel_worker_is_patched_in_the_built_site_only(tmp_path):
    """patch_kernel_worker on the installed jupyterlite-pyodide-kernel's own two workers: each calls loadPyodide
    with the snapshot's options and mends the restored interpreter after, and still parses; the installed copy
    (which the site's may be a hard link to) is unchanged; a worker written otherwise is an error naming why."""
    installed = sorted((make_lite.ASIDE / make_lite.KERNEL_EXTENSION / "static").glob("*.worker.*.js"))
    if not installed:
        pytest.skip("the in-browser kernel's extension is not installed aside (make setup does it)")
    static = tmp_path / "site" / "extensions" / make_lite.KERNEL_EXTENSION / "static"
    static.mkdir(parents=True)
    before = {}
    for worker in installed:
        os.link(worker, static / worker.name)
        before[worker] = worker.read_text()
    assert make_lite.patch_kernel_worker(tmp_path / "site") == 2
    for worker in installed:
        assert worker.read_text() == before[worker], "the installed worker was written through a link"
        patched = (static / worker.name).read_text()
        assert patched.count("...await adversarialSnapshotOptions(e.indexUrl,e.loadPyodideOptions)})") == 1
        assert patched.count("await adversarialSnapshotRestored(this._pyodide,e.loadPyodideOptions)") == 1
        if shutil.which("node"):
            copy = tmp_path / (worker.name[:-3] + ".mjs")
            copy.write_text(patched)
            assert subprocess.run(["node", "--check", str(copy)], capture_output=True).returncode == 0
    (static / installed[0].name).write_text("this._pyodide=await load(options)")
    with pytest.raises(RuntimeError, match=r"does not call loadPyodide as make lite expects.*0\.8\.6"):
        make_lite.patch_kernel_worker(tmp_path / "site")


def test_the_kernel_starts_while_the_page_loads_in_the_built_site_only(tmp_path):
    """start_kernel_early on the installed jupyterlite-pyodide-kernel's own files and JupyterLite's own pages: each
    worker starts Pyodide when made and its kernel waits for that start; the kernel's page code takes the page's
    worker; each page that opens a notebook makes that worker, from the site's own settings, before JupyterLab
    loads; all still parse; the installed copies (which the site's may be hard links to) are unchanged; a file
    written otherwise is an error naming why."""
    installed = make_lite.ASIDE / make_lite.KERNEL_EXTENSION / "static"
    app = next((Path(sys.prefix) / "lib").glob("python3*/site-packages/jupyterlite_core/jupyterlite-app-*.tgz"), None)
    if not list(installed.glob("*.worker.*.js")) or app is None:
        pytest.skip("the in-browser kernel's extension is not installed aside (make setup does it)")
    site = tmp_path / "site"
    static = site / "extensions" / make_lite.KERNEL_EXTENSION / "static"
    static.mkdir(parents=True)
    before = {}
    for path in installed.glob("*.js"):
        os.link(path, static / path.name)
        before[path] = path.read_text()
    with tarfile.open(app) as archive:
        for page in make_lite.EARLY_PAGES:
            (site / page).mkdir()
            (site / page / "index.html").write_bytes(archive.extractfile(f"package/{page}/index.html").read())
    settings = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "loadPyodideOptions": {"packages": ["micropip"]}}
    (site / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {"litePluginSettings": {
        f"{make_lite.KERNEL_EXTENSION}:kernel": settings}}}))
    assert make_lite.start_kernel_early(site) == list(make_lite.EARLY_PAGES)
    for path, text in before.items():
        assert path.read_text() == text, f"the installed {path.name} was written through a link"
    workers = sorted(static.glob("*.worker.*.js"))
    for worker in workers:
        script = worker.read_text()
        assert script.count("adversarialEarlyStart(this)}async initialize(") == 1
        assert script.count("await adversarialEarlyRuntime(this,e),await this.initFilesystem(e)") == 1
    kernel = [p for p in static.glob("*.js") if "initWorker(e){const adversarialEarly" in p.read_text()]
    assert len(kernel) == 1
    for page in make_lite.EARLY_PAGES:
        html = (site / page / "index.html").read_text()
        script = re.search(r"<script>\n(// Added by make lite.*?)</script>\n</head>", html, re.DOTALL).group(1)
        assert html.index('id="jupyter-config-data"') < html.index(script), "the page's root is named after it"
        named = json.loads(re.search(r"const settings = (\{.*\});", script).group(1))
        assert {k: named[k] for k in settings} == settings
        assert all((site / path).is_file() for path in named["workers"].values()), named["workers"]
    if shutil.which("node"):
        for path in [*workers, *kernel]:
            copy = tmp_path / (path.name[:-3] + ".mjs")
            copy.write_text(path.read_text())
            assert subprocess.run(["node", "--check", str(copy)], capture_output=True).returncode == 0, path.name
        copy = tmp_path / "page.js"
        copy.write_text(script)
        assert subprocess.run(["node", "--check", str(copy)], capture_output=True).returncode == 0
    workers[0].unlink()
    workers[0].write_text("async initialize(e){await this.initRuntime(e)}")
    with pytest.raises(RuntimeError, match=r"early start.*0\.8\.6"):
        make_lite.start_kernel_early(site)


def test_extensions_that_do_nothing_in_the_browser_are_left_out(tmp_path):
    """leave_out_extensions: the named extensions leave the site's settings, the settings' schemas and its files;
    the others stay as they were."""
    site = tmp_path / "site"
    names = ["@jupyter/nbgrader", "@jupyter-widgets/jupyterlab-manager", "ipyevents"]
    for name in names:
        (site / "extensions" / name / "static").mkdir(parents=True)
    (site / "build" / "schemas").mkdir(parents=True)
    (site / "build" / "schemas" / "all_federated.json").write_text(json.dumps(
        [{"id": "@jupyter/nbgrader:formgrader"}, {"id": "@jupyter-widgets/jupyterlab-manager:plugin"}]))
    (site / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {
        "appName": "x", "federated_extensions": [{"name": name, "load": "static/remoteEntry.js"} for name in names]}}))
    assert make_lite.leave_out_extensions(site, ("@jupyter/nbgrader", "ipyevents", "jupyterlab-jupytext")) == [
        "@jupyter/nbgrader", "ipyevents"]
    data = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert data["appName"] == "x"
    assert [e["name"] for e in data["federated_extensions"]] == ["@jupyter-widgets/jupyterlab-manager"]
    assert json.loads((site / "build" / "schemas" / "all_federated.json").read_text()) == [
        {"id": "@jupyter-widgets/jupyterlab-manager:plugin"}]
    assert (site / "extensions" / "@jupyter-widgets" / "jupyterlab-manager" / "static").is_dir()
    assert not (site / "extensions" / "ipyevents").exists()
    assert not (site / "extensions" / "@jupyter" / "nbgrader").exists()


@pytest.fixture(scope="module")
def lite_site(chromium_path, lite_build):
    """The built site, served on 127.0.0.1 for the module's tests."""
    handler = functools.partial(QuietHandler, directory=str(lite_build))
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def lite_page(browser, lite_site):
    """One page on the site for the module; every request that leaves it is blocked and recorded in
    ``page.outside``."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    outside, problems, served = [], [], []
    site = urllib.parse.urlsplit(lite_site).netloc

    def guard(route):
        url = route.request.url
        if urllib.parse.urlsplit(url).netloc == site or url.startswith(("blob:", "data:")):
            served.append(url)
            route.continue_()
        else:
            outside.append(url)
            route.abort("blockedbyclient")

    context.route("**/*", guard)
    context.on("request", lambda r: None if urllib.parse.urlsplit(r.url).netloc in (site, "")
               or r.url.startswith(("blob:", "data:")) else outside.append(r.url))
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.site, page.outside, page.problems, page.served = lite_site, outside, problems, served
    yield page
    try:
        page.screenshot(path=str(artifact("lite-every-lesson.png")))
    finally:
        context.close()


OUTPUTS = f"""() => {{
    const cells = {CURRENT}.content.model.cells;
    const found = [];
    for (let i = 0; i < cells.length; i++) {{
        const cell = cells.get(i);
        found.push(cell.type === 'code' ? cell.outputs.toJSON() : null);
    }}
    return found;
}}"""

# The open notebook's cells replaced by ``sources`` (code cells), in one change of its shared model.
FIRST_OUTPUT = f"""() => {{
    const cells = {CURRENT}.content.model.cells;
    for (let i = 0; i < cells.length; i++)
        if (cells.get(i).type === 'code' && cells.get(i).outputs.length > 0) return true;
    return false;
}}"""

# Between two lessons the kernel forgets every name the first one defined (IPython's %reset), as a fresh
# kernel would; the modules it imported stay loaded, which is what makes one kernel for all quick.
FORGET = "%reset -f"
# Each cell's seconds on Pyodide, kept by IPython's own cell events in a module %reset does not clear, and
# printed as JSON by the last cell of the run.
TIMER = """import sys, time, types
_t = sys.modules.setdefault("_lite_timer", types.ModuleType("_lite_timer"))
_t.seconds, _t.started = [], [0.0]
def _start(info, t=_t, clock=time.perf_counter):   # bound now: %reset clears the names
    t.started[0] = clock()
def _stop(result, t=_t, clock=time.perf_counter, rounded=round):
    t.seconds.append(rounded(clock() - t.started[0], 2))
get_ipython().events.register("pre_run_cell", _start)
get_ipython().events.register("post_run_cell", _stop)"""
TIMES = "import json, sys\nprint(json.dumps(sys.modules['_lite_timer'].seconds))"


def run_all(page, timeout_ms: int = 600_000, loaded: float | None = None) -> float | None:
    """Run every cell; wait until each has run, or until the kernel is idle after an error (which stops a run).

    Returns the seconds from ``loaded`` (a time.monotonic() taken when the page was asked for) to the first
    output of a cell."""
    page.evaluate(f"() => {{ {CURRENT}.content.activate(); }}")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    page.wait_for_function(f"() => ({UNRUN})() > 0", timeout=60_000, polling=100)
    # Not awaited: the command's promise ends when the last cell has run, which would make the first output the last.
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    first = None
    if loaded is not None:
        page.wait_for_function(FIRST_OUTPUT, timeout=timeout_ms, polling=100)
        first = time.monotonic() - loaded
    page.wait_for_function(f"() => ({UNRUN})() === 0 || (({ERRORS})().length > 0 && ({KERNEL_READY})())",
                           timeout=timeout_ms, polling=500)
    page.wait_for_function(KERNEL_READY, timeout=timeout_ms, polling=200)
    return first


def open_in_lite(page, name: str, timeout_ms: int = 240_000) -> float:
    """Open notebook ``name`` in the site and wait until its Pyodide kernel is ready; returns the seconds."""
    page.loaded = start = time.monotonic()
    page.goto(f"{page.site}/lab/index.html?path={name}")
    page.wait_for_function(KERNEL_READY, timeout=timeout_ms, polling=200)
    return time.monotonic() - start


SET_SOURCES = f"""(sources) => {{
    const cells = {CURRENT}.content.model.cells;
    for (const [index, source] of Object.entries(sources)) cells.get(Number(index)).sharedModel.setSource(source);
}}"""


def reader_changes(name: str) -> dict[str, str]:
    """The cells of ``name`` the test changes before running it: CDN-only statements cut, or the cell emptied."""
    expected = plan(name)
    changed = {c["index"]: c["source"] for c in expected["cells"] if c["index"] in expected["cut"]}
    changed |= {index: "" for index in expected["skipped"]}
    return {str(k): v for k, v in changed.items()}


@pytest.fixture(scope="module")
def every_lesson(lite_page):
    """Every lesson run on Pyodide, in order, in one page and one kernel. The first lesson is opened from the
    site and run as a reader runs it (page load to first output is measured there); then the notebook's cells
    are replaced by every other lesson's code cells, each lesson after a %reset (it starts with no name
    defined; the modules it imports stay loaded). A kernel on Pyodide takes 10-30 s to start and the page
    as long to load: one for all twelve lessons is what keeps this test within the suite's budget.
    Returns, for each lesson, its outputs by the plan's cell index."""
    page = lite_page
    first_name, *others = RUN_NAMES
    ready = open_in_lite(page, first_name)
    page.evaluate(SET_SOURCES, reader_changes(first_name))
    start = time.monotonic()
    first = run_all(page, loaded=page.loaded)
    ran_first = time.monotonic() - start
    shown = page.evaluate(OUTPUTS)
    outputs = {first_name: {c["index"]: shown[c["index"]] or [] for c in plan(first_name)["cells"]}}
    sources, at = [TIMER], {}
    for name in others:
        expected = plan(name)
        sources.append(FORGET)
        at[name] = {}
        for cell in expected["cells"]:
            at[name][cell["index"]] = len(sources)
            sources.append("" if cell["index"] in expected["skipped"] else cell["source"])
    page.evaluate(REPLACE_CELLS, [*sources, TIMES])
    start = time.monotonic()
    run_all(page, timeout_ms=1_800_000)
    ran = time.monotonic() - start
    shown = page.evaluate(OUTPUTS)
    outputs |= {name: {index: shown[k] or [] for index, k in at[name].items()} for name in others}
    seconds = json.loads("".join(text_of(shown[-1])) or "[]")        # one a run cell, empty ones not counted
    ran_cells = [k for k, source in enumerate(sources) if source.strip()][:len(seconds)]
    took = dict(zip(ran_cells, seconds))
    with open(artifact("lite-cells.txt"), "w") as log:
        log.write("On Pyodide, in one kernel: each lesson's seconds and its three slowest cells\n")
        for name in others:
            times = {index: took.get(k, 0.0) for index, k in at[name].items()}
            texts = {c["index"]: c["source"] for c in plan(name)["cells"]}
            slowest = sorted(times, key=times.get, reverse=True)[:3]
            log.write(f"{name}: {sum(times.values()):.1f} s in all; slowest: " + "; ".join(
                f"cell {i} {times[i]:.1f} s ({(texts[i].splitlines() or [''])[0][:60]})" for i in slowest) + "\n")
    report = (f"{first_name}: page load to kernel ready {ready:.0f} s, to first output {first:.0f} s, its cells "
              f"ran in {ran_first:.0f} s; then, in the same kernel, the other {len(others)} lessons' "
              f"{len(sources) - len(others)} code cells ran in {ran:.0f} s")
    print(report)
    with open(artifact("lite-report.txt"), "a") as log:
        log.write(report + "\n")
    return outputs


@pytest.mark.parametrize("name", NOTEBOOK_NAMES)
def test_notebook_runs_in_the_browser(every_lesson, name):
    if name not in RUN_NAMES:
        pytest.skip("make test runs on Pyodide the lessons with live widgets (00, 02, 03); CI runs every lesson "
                    "there (ADVERSARIAL_LITE=all, set by .ci/run)")
    expected = plan(name)
    outputs = [every_lesson[name][c["index"]] for c in expected["cells"]]
    charts = [c["index"] for c in expected["cells"] if c["chart"] and c["index"] not in expected["skipped"]]
    report = (f"{name}: {len(charts)} chart cells shown as their numbers; "
              f"{sum(c['compare'] for c in expected['cells'])} cells' outputs compared, "
              f"{sum(len(c['drawings']) for c in expected['cells'] if c['compare'])} drawings; "
              f"{len(expected['cells']) - len(expected['skipped'])} code cells run, "
              f"{len(expected['skipped'])} skipped {expected['named']['skipped']} and {len(expected['cut'])} run "
              f"without their {'/'.join(sorted(CDN_ONLY))} lines {expected['named']['cut']} "
              f"(only Pyodide's CDN has those packages for the browser)")
    print(report)
    with open(artifact("lite-report.txt"), "a") as log:
        log.write(report + "\n")

    errors = [(c["index"], o["ename"], o["evalue"]) for c, outs in zip(expected["cells"], outputs)
              for o in outs if o["output_type"] == "error"]
    assert not errors, f"{name}: error outputs in the browser (cell, error): {errors}"
    for cell, fresh in zip(expected["cells"], outputs):
        if cell["chart"] and cell["index"] not in expected["skipped"]:
            shown = "".join(text_of(fresh))
            assert CHART_NOTE in shown, f"{name}, cell {cell['index']}: no chart note and numbers: {shown[:200]!r}"
    compared = [c for c in expected["cells"] if c["compare"]]
    assert compared, f"{name}: no cell's output could be compared"
    for cell, fresh in zip(expected["cells"], outputs):
        if cell["index"] in expected["skipped"]:
            continue
        if cell["compare"]:
            assert text_of(fresh) == cell["text"], f"{name}, cell {cell['index']}: text differs"
        if cell["drawings"] and cell["compare"]:
            assert drawings(fresh) == cell["drawings"], f"{name}, cell {cell['index']}: drawing differs"


def test_nothing_leaves_the_site_and_the_page_has_no_error(lite_page, every_lesson):
    page = lite_page
    assert not page.problems, f"page errors: {page.problems}"
    # The only request that may try to leave: adversarial.plots asking Pyodide's CDN for matplotlib (blocked).
    stray = [url for url in page.outside if not url.startswith(make_lite.CDN)]
    assert not stray, f"requests left the site (blocked): {sorted(set(stray))}"
    # The guard saw the kernel's own requests (made from its web worker: the snapshot it starts from, instead of
    # the wheels), so none could slip past it.
    worker = [f"/static/pyodide/{name}" for name in make_lite.SNAPSHOT_FILES.values()]
    assert all(any(url.endswith(name) for url in page.served) for name in worker), \
        "the guard missed the kernel worker's requests"


def test_the_outputs_have_no_serious_axe_violation(lite_page, every_lesson):
    found = axe.violations(lite_page, ".jp-OutputArea-output")    # not JupyterLite's chrome; nothing excused
    with open(artifact("axe-lite.txt"), "w") as log:
        log.write(f"every lesson's outputs (axe-core {axe.VERSION}): {len(axe.blocking(found))} serious/critical, "
                  f"{len(found)} in all\n" + "".join(f"  {line}\n" for line in axe.summary(found).splitlines()))
    assert not axe.blocking(found), f"axe-core in the outputs:\n{axe.summary(axe.blocking(found))}"


def first_lesson_showing(prefix: str) -> str:
    return next(name for name in RUN_NAMES[1:]       # the first lesson's outputs were replaced
                if any(text.startswith(prefix) for cell in plan(name)["cells"] for text in cell["text"]))


def test_the_stepper_steps_runs_and_walks_from_the_keyboard(lite_page, every_lesson):
    name = first_lesson_showing("Stepper(")          # the page's first stepper is that lesson's
    step_redraws(lite_page)
    walk = keyboard_walk(lite_page, lite_page.locator(STEPPER).first, stored_stepper(name))   # the same tree
    with open(artifact("lite-report.txt"), "a") as log:
        log.write(f"{name}: keyboard walk {walk}\n")


def test_the_board_answers_a_move(lite_page, every_lesson):
    first_lesson_showing("PlayBoard(")
    board_answers(lite_page)


def board_answers(page) -> None:
    """Play the centre on the board; the engine must answer with one of its optimal moves."""
    game = TicTacToe()
    board = page.locator(BOARD).first
    board.scroll_into_view_if_needed()
    board.locator(".adversarial-cell-4").click()
    marked = board.locator("[class*='adversarial-cell-']", has_text=re.compile("[XO]"))
    marked.nth(1).wait_for(timeout=60_000)
    shown = "".join(board.locator(f".adversarial-cell-{i}").inner_text().strip() or "." for i in range(9))
    state = game.result(game.initial_state(), 4)
    answers = [i for i in state.empty if shown[i] == "O"]
    assert len(answers) == 1 and answers[0] in optimal_moves(game, state)["best"], \
        f"after X in the centre the board shows {shown}; optimal answers: {optimal_moves(game, state)['best']}"


def step_redraws(page) -> None:
    """Click the stepper's Step button and wait until its picture changes."""
    drawing = page.locator(f"{STEPPER} .adversarial-drawing svg").first
    drawing.wait_for(timeout=60_000)
    before = drawing.inner_html()
    page.locator(f"{STEPPER} .adversarial-step").first.click()
    page.wait_for_function(
        f"(before) => document.querySelector('{STEPPER} .adversarial-drawing svg').innerHTML !== before",
        arg=before, timeout=30_000)
    assert "<text" in drawing.inner_html(), "the redrawn stepper picture has no labels"
    run_plays(page)


def run_plays(page) -> None:
    """Click Run: the stepper plays (Pyodide has no threads: Run is driven by the event loop), then Pause."""
    stepper = page.locator(STEPPER).first
    stepper.locator(".adversarial-speed select").select_option("fast")
    sentence = stepper.locator(".adversarial-explanation")
    run = stepper.locator(".adversarial-run")
    run.click()
    page.wait_for_function(f"() => document.querySelector('{STEPPER} .adversarial-run').textContent.trim() === 'Pause'",
                           timeout=30_000)
    seen = {sentence.inner_text()}
    deadline = time.monotonic() + 30
    while len(seen) < 4 and time.monotonic() < deadline:     # three more events, played with no click
        time.sleep(0.1)
        seen.add(sentence.inner_text())
    assert len(seen) >= 4, f"Run did not play: the sentence stayed at {seen}"
    if run.inner_text().strip() == "Pause":
        run.click()
    page.wait_for_function(f"() => document.querySelector('{STEPPER} .adversarial-run').textContent.trim() === 'Run'",
                           timeout=30_000)


def test_cdn_statements_are_cut_and_their_names_followed():
    names: set[str] = set()
    source, cut = without_cdn_packages("import random\nimport matplotlib.pyplot as plt\nx = random.random()",
                                       names)
    assert (source, cut) == ("import random\nx = random.random()", True)
    source, cut = without_cdn_packages("fig, ax = plt.subplots()\nax.plot([1])\nprint(fig)", names)
    assert (source, cut) == ("", True)          # every line uses a name that only matplotlib gave
    assert without_cdn_packages("print(x)", names) == ("print(x)", False)
    # Rebinding a cut name, or a comprehension's own variable of that name, is not a use of it.
    assert without_cdn_packages("y = [ax for ax in range(3)]\nax, y = 1, 2\nprint(ax)", names)[1] is False
    assert without_cdn_packages("print(fig)", names)[1] is True     # fig still holds only matplotlib's


def test_the_packages_browser_requirements_are_read_from_its_wheel(tmp_path):
    def wheel(*requirements):
        path = tmp_path / f"w{len(list(tmp_path.iterdir()))}.whl"
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("x-1.dist-info/METADATA", "Name: x\n" + "".join(
                f"Requires-Dist: {r}\n" for r in requirements))
        return path
    assert make_lite.browser_requirements(wheel(
        "graphviz>=0.20", "graphviz-pure>=0.2; sys_platform != 'emscripten'", "ipywidgets>=8",
        "jupyterlab>=4; extra == 'notebooks'")) == ["graphviz", "ipywidgets"]
    with pytest.raises(RuntimeError, match=r"requires numpy in the browser.*SERVED"):
        make_lite.browser_requirements(wheel("numpy"))


def test_the_kernel_extension_is_moved_out_of_the_lessons_jupyterlab(tmp_path):
    """Installed where every JupyterLab of the environment loads it, the in-browser kernel's extension fails
    on each page load ("Shared module @jupyterlite/services doesn't exist"): it is moved to a folder only the
    in-browser build reads (the build passes that folder to `jupyter lite build`)."""
    source, aside = tmp_path / "labextensions", tmp_path / "lite-labextensions"
    (source / make_lite.KERNEL_EXTENSION / "static").mkdir(parents=True)
    (source / make_lite.KERNEL_EXTENSION / "package.json").write_text("{}")
    (source / "@jupyter-widgets" / "jupyterlab-manager").mkdir(parents=True)
    assert make_lite.move_kernel_extension_aside(source, aside) == aside
    assert not (source / "@jupyterlite").exists() and (source / "@jupyter-widgets" / "jupyterlab-manager").is_dir()
    assert (aside / make_lite.KERNEL_EXTENSION / "package.json").is_file()
    (source / make_lite.KERNEL_EXTENSION).mkdir(parents=True)        # reinstalled: the fresh copy wins
    (source / make_lite.KERNEL_EXTENSION / "package.json").write_text('{"v": 2}')
    make_lite.move_kernel_extension_aside(source, aside)
    assert (aside / make_lite.KERNEL_EXTENSION / "package.json").read_text() == '{"v": 2}'
    make_lite.move_kernel_extension_aside(source, aside)              # nothing to move: nothing happens
    assert (aside / make_lite.KERNEL_EXTENSION / "package.json").is_file()
