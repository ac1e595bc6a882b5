"""Build the in-browser edition: a JupyterLite site in which every notebook runs on Pyodide.

    python tools/publish/make_lite.py          # writes build/lite/ (serve it: python -m http.server -d build/lite)

Everything comes from the package registries, once, into build/cache/ (never committed):

- Pyodide's core (interpreter, standard library, ``pyodide-lock.json``) from the npm package ``pyodide``;
- Graphviz compiled to WebAssembly from the npm package ``@viz-js/viz``, wrapped in a small wheel
  (``adversarial_viz``) so that ``adversarial.dot_browser`` finds it wherever the site is served;
- the pure-Python wheels the kernel needs at start (micropip, IPython and its dependencies, jedi, ...) and the
  ones our notebooks import (graphviz, ipywidgets, comm, jupyterlab_widgets) from the Python registry, at the
  versions Pyodide's lock names (ours: the versions installed here, so the widget front end matches);
- the package's own wheel, built from this checkout.

Those wheels are listed in the site's ``pyodide-lock.json`` (with their own checksums: Pyodide verifies them),
so ``from adversarial import ...`` installs them in the browser by itself, with no ``%pip`` cell and no request
leaving the site. Every module served (the standard library's and the wheels') is compiled to bytecode here, once,
with the site's own Pyodide in Node.js (tools/publish/compile_pyc.mjs): the browser then imports without compiling.
Then the kernel's start itself is done once, here (make_snapshot: Pyodide's memory snapshot with the kernel and the
package imported, and the files it expects, tools/publish/make_snapshot.mjs, kept in build/cache/snapshot), and the
kernel's worker in the built site is taught to restore it (patch_kernel_worker, tools/publish/snapshot_worker.js).
The JupyterLab extensions that do nothing in the browser are left out of the site (leave_out_extensions).
build(early=True) also has the page that opens a notebook create that worker at once, so the restore runs while
JupyterLab's front end loads (start_kernel_early, tools/publish/early_page.js and early_worker.js): not the default,
because on two cores the restore then slows the front end by as much as it saves (benchmarks/RESULTS.md: 1.13x at
load 4, 0.90-0.95x only at load 7-18; `bench_lite_start.py --compare early`).
Packages compiled for Pyodide that no registry here carries (numpy, matplotlib, ...) stay listed, pointing at
Pyodide's CDN: online readers get them from there; offline they cannot load.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from edition import ROOT, write_reader_edition

PYODIDE = "314.0.6"          # the Pyodide that jupyterlite-pyodide-kernel 0.8.6 expects
VIZ = "3.31.0"               # @viz-js/viz: Graphviz 16 for WebAssembly
CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE}/full/"   # Pyodide's own default home for its packages

BUILD = ROOT / "build"
CACHE = BUILD / "cache"
LITE_SRC = BUILD / "lite-src"      # the lite dir handed to `jupyter lite build`
CONTENTS = BUILD / "lite-contents"
OUT = BUILD / "lite"
CONFIG = ROOT / "publish" / "jupyter-lite.json"
DROPPED = ("install",)    # the install cell pip-installs a missing package: here the site serves it instead
DIST = "adversarial_search_lessons"      # the package's distribution (its wheel's file name)
# The in-browser kernel's JupyterLab extension, installed by jupyterlite-pyodide-kernel into the folder every
# JupyterLab of this environment loads: there, without the in-browser edition's services, it fails on each page
# load ("Shared module @jupyterlite/services doesn't exist in shared scope default"). It is moved aside, to a
# folder only this build reads (`make setup` does it after installing; the build does it too).
LAB_EXTENSIONS = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
ASIDE = Path(sys.prefix) / "share" / "jupyter" / "lite-labextensions"
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"


def move_kernel_extension_aside(source: Path = LAB_EXTENSIONS, aside: Path = ASIDE) -> Path:
    """Move the in-browser kernel's JupyterLab extension from ``source`` to ``aside`` (a reinstall puts a
    fresh copy back, which replaces the one aside); returns ``aside``."""
    installed, kept = source / KERNEL_EXTENSION, aside / KERNEL_EXTENSION
    if installed.is_dir():
        shutil.rmtree(kept, ignore_errors=True)
        kept.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(installed), str(kept))
        if not any(installed.parent.iterdir()):
            installed.parent.rmdir()
    return aside

# What the kernel installs at start (pyodide-kernel's worker: micropip, then ipykernel, comm, pyodide-kernel,
# jedi, ipython): the lock's entries among them, with their dependencies, must be served from the site.
KERNEL_NEEDS = ["micropip", "ipython", "jedi"]
# Pure-Python packages the site can serve for the package, with what Pyodide must load before each. What is
# served is what the package requires in the browser (its metadata, evaluated for Emscripten), with these.
SERVED = {"graphviz": [], "comm": [], "jupyterlab-widgets": [],
          "ipywidgets": ["comm", "ipython", "traitlets", "jupyterlab-widgets"],
          "anywidget": ["ipywidgets", "psygnal", "typing-extensions"],     # the stepper's keys (widgets/keys.py)
          "psygnal": [], "typing-extensions": [], "chess": []}
# Pure-Python packages a lesson imports that the package itself does not require: python-chess (notebook 12,
# through adversarial.games.chess). Served from the site like the package's own requirements.
LESSONS_NEED = ["chess"]


def run(command: list[str], **kwargs) -> None:
    subprocess.run(command, check=True, **kwargs)


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def npm_package(spec: str, tarball: str) -> Path:
    """The npm tarball ``spec`` in build/cache/npm (downloaded with `npm pack` the first time)."""
    folder = CACHE / "npm"
    folder.mkdir(parents=True, exist_ok=True)
    if not (folder / tarball).exists():
        if shutil.which("npm") is None:
            raise RuntimeError("make lite fetches Pyodide and Graphviz for WebAssembly with npm, which is not "
                               "installed: install Node.js and npm (Debian/Ubuntu: apt-get install npm)")
        run(["npm", "pack", "--silent", spec, "--pack-destination", str(folder)], stdout=subprocess.DEVNULL)
    return folder / tarball


def pypi_wheel(name: str, exact: str) -> Path:
    """The pure-Python wheel ``name==exact`` in build/cache/pypi (downloaded with pip the first time)."""
    folder = CACHE / "pypi"
    folder.mkdir(parents=True, exist_ok=True)
    pattern = re.compile(rf"{re.sub(r'[-_.]+', '[-_.]', name)}-{re.escape(exact)}-.*none-any\.whl$", re.IGNORECASE)
    found = [p for p in folder.iterdir() if pattern.match(p.name)]
    if not found:
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                        "--python-version", "3.13", "--implementation", "py", "--platform", "any",
                        "-d", str(folder), f"{name}=={exact}"], check=name not in LESSONS_NEED,
                       stderr=subprocess.DEVNULL if name in LESSONS_NEED else None)
        found = [p for p in folder.iterdir() if pattern.match(p.name)]
    if not found:       # a pure-Python project published as a source archive only (python-chess 1.11): build it
        run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(folder), f"{name}=={exact}"])
        found = [p for p in folder.iterdir() if pattern.match(p.name)]
    if not found:
        raise RuntimeError(f"pip downloaded no pure-Python wheel for {name}=={exact}, and built none")
    return found[0]


def unpack_pyodide(target: Path) -> None:
    """Pyodide's core into ``target``, without source maps, type declarations and demo pages."""
    tarball = npm_package(f"pyodide@{PYODIDE}", f"pyodide-{PYODIDE}.tgz")
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            name = member.name.removeprefix("package/")
            if not member.isfile() or name.endswith((".map", ".d.ts", ".html")) or "/" in name:
                continue
            (target / name).write_bytes(archive.extractfile(member).read())


def viz_wheel(folder: Path) -> Path:
    """A wheel holding @viz-js/viz's ES module, importable as ``adversarial_viz``."""
    tarball = npm_package(f"@viz-js/viz@{VIZ}", f"viz-js-viz-{VIZ}.tgz")
    with tarfile.open(tarball) as archive:
        viz_js = archive.extractfile("package/dist/viz.js").read()
    dist = f"adversarial_viz-{VIZ}"
    files = {
        "adversarial_viz/__init__.py": f'"""Graphviz for WebAssembly (@viz-js/viz {VIZ}), for '
                                       f'adversarial.dot_browser."""\nVERSION = "{VIZ}"\n'.encode(),
        "adversarial_viz/viz.js": viz_js,
        f"{dist}.dist-info/METADATA": f"Metadata-Version: 2.1\nName: adversarial_viz\nVersion: {VIZ}\n"
                                      f"License: MIT\n".encode(),
        f"{dist}.dist-info/WHEEL": b"Wheel-Version: 1.0\nGenerator: make_lite\nRoot-Is-Purelib: true\n"
                                   b"Tag: py3-none-any\n",
    }

    def digest(data: bytes) -> str:
        return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    record = "".join(f"{name},sha256={digest(data)},{len(data)}\n" for name, data in files.items())
    files[f"{dist}.dist-info/RECORD"] = (record + f"{dist}.dist-info/RECORD,,\n").encode()
    path = folder / f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            wheel.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data)
    return path


def package_wheel(folder: Path) -> Path:
    """The package's own wheel, built from a clean copy of this checkout's sources (never from the tree
    itself: setuptools would pick up whatever an old build left in build/lib)."""
    for old in folder.glob(f"{DIST}-*.whl"):
        old.unlink()
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "source"
        shutil.copytree(ROOT / "adversarial", source / "adversarial",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        for name in ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in"):
            shutil.copy2(ROOT / name, source / name)
        # Dated as of a fixed moment, the wheel is the same file for the same sources (its compiled copy is then
        # found in build/cache/pyc instead of being made again).
        run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(folder), str(source)],
            stdout=subprocess.DEVNULL, env={**os.environ, "SOURCE_DATE_EPOCH": "315532800"})
    return next(folder.glob(f"{DIST}-*.whl"))


def entry(name: str, version_: str, wheel: Path, imports: list[str], depends: list[str]) -> dict:
    return {"name": name, "version": version_, "file_name": wheel.name, "install_dir": "site",
            "sha256": sha256(wheel), "package_type": "package", "imports": imports, "depends": depends,
            "unvendored_tests": False}


def closure(packages: dict, names: list[str]) -> list[str]:
    seen, todo = [], [normalize(n) for n in names]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.append(name)
            todo += [normalize(d) for d in packages[name]["depends"]]
    return sorted(seen)


def browser_requirements(wheel: Path) -> list[str]:
    """What the package's ``wheel`` requires in the browser; each must be one the site can serve."""
    from packaging.requirements import Requirement
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA")))
    browser = {"sys_platform": "emscripten", "platform_system": "Emscripten", "extra": ""}
    needs = []
    for line in re.findall(r"^Requires-Dist: (.+)$", metadata.decode(), re.MULTILINE):
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate(browser):
            name = normalize(requirement.name)
            if name not in SERVED:
                raise RuntimeError(f"the package requires {name} in the browser, which make lite does not serve: "
                                   f"add it (a pure-Python wheel) to SERVED in tools/publish/make_lite.py")
            needs.append(name)
    return needs


def write_lock(pyodide_dir: Path) -> dict:
    """Rewrite ``pyodide-lock.json`` so that everything the notebooks need is served from the site."""
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    packages = {normalize(k): v for k, v in lock["packages"].items()}
    local = {}
    for name in closure(packages, KERNEL_NEEDS + ["traitlets"]):
        old = packages[name]
        if not old["file_name"].endswith("none-any.whl"):
            raise RuntimeError(f"{name} is compiled for Pyodide ({old['file_name']}); no registry here has it")
        wheel = pypi_wheel(old["name"], old["version"])
        shutil.copy(wheel, pyodide_dir / wheel.name)
        local[name] = dict(old, file_name=wheel.name, sha256=sha256(wheel), unvendored_tests=False)
    ours = package_wheel(pyodide_dir)
    needs = browser_requirements(ours)
    needs += [n for n in LESSONS_NEED if n not in needs]
    for name in closure({**packages, **{n: {"depends": d} for n, d in SERVED.items()}}, needs):
        if name in SERVED:
            wheel = pypi_wheel(name, version(name))
            shutil.copy(wheel, pyodide_dir / wheel.name)
            local[name] = entry(name, version(name), wheel, [name.replace("-", "_")], SERVED[name])
    viz = viz_wheel(pyodide_dir)
    local["adversarial-viz"] = entry("adversarial-viz", VIZ, viz, ["adversarial_viz"], [])
    local[normalize(DIST)] = entry(normalize(DIST), ours.name.split("-")[1], ours, ["adversarial"],
                                   [*needs, "adversarial-viz"])
    for name, package in packages.items():
        if name not in local:       # compiled or unused: where Pyodide itself would fetch it
            package["file_name"] = CDN + package["file_name"]
    packages.update(local)
    lock["packages"] = packages
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True))
    return local


# What the kernel installs at start, one after another, unless Pyodide's loader has them already: micropip, then
# piplite (with micropip), then ipykernel, comm, pyodide-kernel, jedi and IPython (each a piplite.install, which
# resolves it first). Named in loadPyodideOptions.packages they are fetched together, with the package and what it
# needs (the first cell of every lesson imports it), while the interpreter starts, and unpacked by Pyodide's
# loader: benchmarks/bench_lite_start.py measures the difference. The kernel's own three wheels (the ipykernel
# stand-in, piplite, pyodide-kernel) come from the kernel extension's folder and join the lock.
KERNEL_WHEELS = {"piplite": ["micropip"], "ipykernel": ["pyodide-kernel"], "pyodide-kernel": ["comm", "ipython"]}
PRELOAD = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", normalize(DIST)]


def preload_kernel(pyodide_dir: Path, aside: Path) -> list[str]:
    """The kernel's own wheels put in the site's lock, and the site's config told to load them (and the package)
    with the interpreter; returns the packages preloaded."""
    folder = aside / KERNEL_EXTENSION / "static" / "pypi"
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    for name, depends in KERNEL_WHEELS.items():
        wheel = next(folder.glob(f"{name.replace('-', '_')}-*-py3-none-any.whl"))
        shutil.copy(wheel, pyodide_dir / wheel.name)
        lock["packages"][name] = entry(name, wheel.name.split("-")[1], pyodide_dir / wheel.name,
                                       [name.replace("-", "_")], depends)
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True))
    config = json.loads((LITE_SRC / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"].setdefault("litePluginSettings", {}).setdefault(
        f"{KERNEL_EXTENSION}:kernel", {})
    settings["loadPyodideOptions"] = {"packages": PRELOAD}
    (LITE_SRC / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    return PRELOAD


COMPILER = Path(__file__).resolve().parent / "compile_pyc.mjs"


def compile_bytecode(pyodide_dir: Path) -> int:
    """Every module the site serves compiled once, here, with the site's own Pyodide (tools/publish/compile_pyc.mjs
    says why and how): the standard library's zip and each local wheel in ``pyodide_dir`` rewritten with their
    bytecode, and the lock's checksums updated. Results are kept in build/cache/pyc, by the input's checksum, so a
    rebuild compiles only what changed (usually nothing: the package's wheel is the same for the same sources).
    Returns how many archives were compiled now."""
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    local = [p["file_name"] for p in lock["packages"].values() if "://" not in p["file_name"]]
    archives = [pyodide_dir / "python_stdlib.zip", *(pyodide_dir / name for name in sorted(set(local)))]
    recipe = hashlib.sha256(COMPILER.read_bytes() + PYODIDE.encode()).hexdigest()[:12]
    cache = CACHE / "pyc"
    cache.mkdir(parents=True, exist_ok=True)
    kept = {path: cache / f"{sha256(path)[:24]}-{recipe}-{path.name}" for path in archives}
    missing = [path for path in archives if not kept[path].exists()]
    if missing:
        if shutil.which("node") is None:
            raise RuntimeError("make lite compiles the site's Python with Pyodide in Node.js, which is not installed: "
                               "install Node.js (Debian/Ubuntu: apt-get install nodejs npm)")
        run(["node", str(COMPILER), str(pyodide_dir) + "/", *map(str, missing)], stdout=subprocess.DEVNULL)
        for path in missing:
            for stale in cache.glob(f"*-{path.name}"):     # an older compiled copy of the same file
                stale.unlink()
            shutil.copy(path, kept[path])
    for path in archives:
        shutil.copy(kept[path], path)
    for package in lock["packages"].values():
        if "://" not in package["file_name"]:
            package["sha256"] = sha256(pyodide_dir / package["file_name"])
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True))
    return len(missing)


# The kernel's start, done once at build: Pyodide started with the preloaded packages, then what the worker imports
# (piplite, then pyodide_kernel, which makes IPython's shell) and what the lessons' first cells import, kept as a
# memory snapshot with the files it expects (tools/publish/make_snapshot.mjs). The worker, patched by
# patch_kernel_worker, restores it instead of starting Python, unpacking 28 wheels and importing.
SNAPSHOT_CODE = """
import sys
import piplite.piplite
import pyodide_kernel
import importlib, pkgutil
import adversarial, ipywidgets, anywidget
for module in pkgutil.walk_packages(adversarial.__path__, "adversarial."):    # the whole package, so that no
    importlib.import_module(module.name)                                     # lesson waits for an import
while "" in sys.path:           # Pyodide puts it first again at every start
    sys.path.remove("")
"""
SNAPSHOT_FILES = {"memory": "kernel-snapshot.bin", "files": "kernel-files.bin"}
# Run by the worker once the snapshot is restored: Graphviz for WebAssembly starts loading (a JavaScript module,
# which no snapshot can hold) while the reader has not yet run a cell. A failure here is not reported: the first
# drawing meets it again and says what is wrong.
SNAPSHOT_START = """
import adversarial.drawing.dot_browser as _dot_browser
try:
    _dot_browser.preload()
except Exception:
    pass
del _dot_browser
"""
SNAPSHOT_MAKER = Path(__file__).resolve().parent / "make_snapshot.mjs"
SNAPSHOT_WORKER = Path(__file__).resolve().parent / "snapshot_worker.js"


# The snapshot must be made where WebAssembly can switch stacks (JSPI), as in the browsers it runs in: Pyodide's C
# code asks once, at Python's start, and keeps the answer in the heap, so a snapshot made without JSPI answers "no"
# in the browser too (run_sync, which the first drawing needs, then fails). Node.js 20 has JSPI behind a flag.
JSPI_FLAGS = ([], ["--experimental-wasm-jspi"], ["--experimental-wasm-stack-switching"])


def node_with_jspi() -> list[str]:
    """The command starting Node.js with WebAssembly's stack switching (JSPI) on."""
    probe = "process.exit('Suspending' in WebAssembly || 'Suspender' in WebAssembly ? 0 : 1)"
    for flags in JSPI_FLAGS:
        if subprocess.run(["node", *flags, "-e", probe], stderr=subprocess.DEVNULL).returncode == 0:
            return ["node", *flags]
    raise RuntimeError("make lite makes the kernel's snapshot in Node.js, whose WebAssembly must switch stacks "
                       "(JSPI): this Node.js has no such option; install Node.js 20 or later")


def make_snapshot(pyodide_dir: Path) -> bool:
    """The kernel's memory snapshot and its files, in ``pyodide_dir``; kept in build/cache/snapshot by the checksum
    of everything it is made from (the site's Python and wheels, the lock, the code run, the maker), so a rebuild
    makes it again only when one of those changed. Returns whether it was made now."""
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    local = sorted({p["file_name"] for p in lock["packages"].values() if "://" not in p["file_name"]})
    settings = {"packages": PRELOAD, "code": SNAPSHOT_CODE, **SNAPSHOT_FILES}
    key = hashlib.sha256(json.dumps([settings, node_with_jspi()], sort_keys=True).encode() + SNAPSHOT_MAKER.read_bytes()
                         + "".join(sha256(pyodide_dir / name) for name in ["python_stdlib.zip", "pyodide.asm.wasm",
                                                                          "pyodide-lock.json", *local]).encode()
                         ).hexdigest()[:24]
    cache = CACHE / "snapshot"
    cache.mkdir(parents=True, exist_ok=True)
    kept = {name: cache / f"{key}-{name}" for name in SNAPSHOT_FILES.values()}
    made = not all(path.exists() for path in kept.values())
    if made:
        if shutil.which("node") is None:
            raise RuntimeError("make lite makes the kernel's snapshot with Pyodide in Node.js, which is not "
                               "installed: install Node.js (Debian/Ubuntu: apt-get install nodejs npm)")
        with tempfile.NamedTemporaryFile("w", suffix=".json") as file:
            json.dump(settings, file)
            file.flush()
            run([*node_with_jspi(), str(SNAPSHOT_MAKER), str(pyodide_dir) + "/", file.name],
                stdout=subprocess.DEVNULL)
        for stale in cache.iterdir():
            if not stale.name.startswith(key):
                stale.unlink()
        for name, path in kept.items():
            shutil.copy(pyodide_dir / name, path)
    else:
        for name, path in kept.items():
            shutil.copy(path, pyodide_dir / name)
    config = json.loads((LITE_SRC / "jupyter-lite.json").read_text())
    options = config["jupyter-config-data"]["litePluginSettings"][f"{KERNEL_EXTENSION}:kernel"]["loadPyodideOptions"]
    options["snapshot"] = {**SNAPSHOT_FILES, "start": SNAPSHOT_START}
    (LITE_SRC / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    return made


# Where the kernel's worker (jupyterlite-pyodide-kernel 0.8.6, both its builds: comlink and coincident) calls
# loadPyodide: with the site's options, to which the snapshot's are added, and the restored interpreter mended
# after (tools/publish/snapshot_worker.js says how and why).
WORKER_LOAD = re.compile(r"(this\._pyodide=await \w+\(\{indexURL:\w+,.*?\.\.\.e\.loadPyodideOptions)\}\)")


def _rewrite(path: Path, text: str) -> None:
    path.unlink()           # the build may have linked it to the installed copy: never write through
    path.write_text(text)


def patch_kernel_worker(out: Path) -> int:
    """The kernel's workers in the built site ``out`` taught to start from the snapshot; returns how many."""
    folder = out / "extensions" / KERNEL_EXTENSION / "static"
    workers = sorted(folder.glob("*.worker.*.js"))
    for worker in workers:
        script = worker.read_text()
        patched, found = WORKER_LOAD.subn(
            r"\1,...await adversarialSnapshotOptions(e.indexUrl,e.loadPyodideOptions)}),"
            r"await adversarialSnapshotRestored(this._pyodide,e.loadPyodideOptions)", script, count=1)
        if found != 1:
            raise RuntimeError(f"{worker.name}: the kernel's worker does not call loadPyodide as make lite expects "
                               f"(another jupyterlite-pyodide-kernel than 0.8.6?): see patch_kernel_worker")
        _rewrite(worker, SNAPSHOT_WORKER.read_text() + "\n" + patched)
    if not workers:
        raise RuntimeError(f"no kernel worker in {folder}")
    return len(workers)


# The kernel started while the page loads (tools/publish/early_page.js, early_worker.js): the page creates the kernel's
# worker as it opens a notebook, the worker starts Pyodide at once, and JupyterLab's kernel (its initWorker, in the
# extension's page code) takes that worker instead of creating one once its front end is up. Each pattern below is
# where jupyterlite-pyodide-kernel 0.8.6 does the step; make lite stops with the reason if one is not found.
EARLY_PAGE = Path(__file__).resolve().parent / "early_page.js"
EARLY_WORKER = Path(__file__).resolve().parent / "early_worker.js"
EARLY_PAGES = ("lab", "notebooks")          # the pages that open a notebook from ?path=
EARLY_UNUSED_SECONDS = 300                  # a page whose kernel never starts stops the worker after this
KERNEL_INIT_WORKER = re.compile(r"initWorker\((\w+)\)\{(?=let \w+=\w+=>new Worker\()")
WORKER_CONSTRUCTED = re.compile(r"(this\._initialized=new Promise\(\((\w+),(\w+)\)=>\{this\._initializer="
                                r"\{resolve:\2,reject:\3\}\}\))\}(?=async initialize\()")
WORKER_RUNTIME = re.compile(r"await this\.initRuntime\((\w+)\),(?=await this\.initFilesystem\(\1\))")


def _one(pattern: re.Pattern, replacement: str, text: str, where: str) -> str:
    patched, found = pattern.subn(replacement, text, count=1)
    if found != 1:
        raise RuntimeError(f"{where} is not written as make lite expects for the kernel's early start (another "
                           f"jupyterlite-pyodide-kernel than 0.8.6?): see start_kernel_early")
    return patched


def start_kernel_early(out: Path) -> list[str]:
    """The site ``out`` taught to start the kernel while its front end loads: the kernel's two workers start Pyodide
    when the page creates them, the kernel's page code takes the page's worker, and each page that opens a notebook
    creates it. Returns the pages changed."""
    folder = out / "extensions" / KERNEL_EXTENSION / "static"
    workers = {kind: next(iter(sorted(folder.glob(f"{kind}.worker.*.js"))), None)
               for kind in ("comlink", "coincident")}
    for kind, worker in workers.items():
        if worker is None:
            raise RuntimeError(f"no {kind} kernel worker in {folder}")
        script = _one(WORKER_CONSTRUCTED, r"\1,adversarialEarlyStart(this)}", worker.read_text(), worker.name)
        script = _one(WORKER_RUNTIME, r"await adversarialEarlyRuntime(this,\1),", script, worker.name)
        _rewrite(worker, EARLY_WORKER.read_text() + "\n" + script)
    kernels = [p for p in sorted(folder.glob("*.js")) if ".worker." not in p.name
               and KERNEL_INIT_WORKER.search(p.read_text())]
    if len(kernels) != 1:
        raise RuntimeError(f"the kernel's initWorker found in {len(kernels)} files of {folder}, not 1 (another "
                           f"jupyterlite-pyodide-kernel than 0.8.6?): see start_kernel_early")
    take = (r"initWorker(\1){const adversarialEarly=globalThis.adversarialEarlyKernel;if(adversarialEarly&&"
            r"!adversarialEarly.taken&&adversarialEarly.kind===(crossOriginIsolated?'coincident':'comlink'))"
            r"{adversarialEarly.taken=!0;return adversarialEarly.worker}")
    _rewrite(kernels[0], _one(KERNEL_INIT_WORKER, take, kernels[0].read_text(), kernels[0].name))
    config = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config.get("litePluginSettings", {}).get(f"{KERNEL_EXTENSION}:kernel", {})
    if "pyodideUrl" not in kernel:
        raise RuntimeError("the site's settings name no pyodideUrl for the kernel: the early start needs the site's "
                           "own Pyodide")
    settings = {"pyodideUrl": kernel["pyodideUrl"], "loadPyodideOptions": kernel.get("loadPyodideOptions", {}),
                "workers": {kind: str(w.relative_to(out)) for kind, w in workers.items()},
                "unusedSeconds": EARLY_UNUSED_SECONDS}
    script = EARLY_PAGE.read_text().replace("/*ADVERSARIAL_EARLY_SETTINGS*/null",
                                            json.dumps(settings).replace("</", "<\\/"))
    changed = []
    for name in EARLY_PAGES:
        page = out / name / "index.html"
        html = page.read_text()
        if html.count("</head>") != 1 or "data-jupyter-lite-root" not in html:
            raise RuntimeError(f"{page}: not the page make lite expects (one head, the site's root named in it) for "
                               f"the kernel's early start")
        _rewrite(page, html.replace("</head>", f"<script>\n{script}</script>\n</head>", 1))
        changed.append(name)
    return changed


# JupyterLab extensions installed here that do nothing in the in-browser edition: nbgrader's (an instructor's and a
# student's exchange, which needs a server), jupytext's (text files paired with notebooks; the site serves .ipynb) and
# ipyevents' (no lesson uses it: the stepper's keys are anywidget's). `jupyter lite build` puts in every extension of
# this environment; each would be fetched, started and its settings checked at every page load. Left out of the site.
UNUSED_EXTENSIONS = ("@jupyter/nbgrader", "jupyterlab-jupytext", "ipyevents")


def leave_out_extensions(out: Path, names=UNUSED_EXTENSIONS) -> list[str]:
    """The JupyterLab extensions ``names`` taken out of the built site ``out`` (its settings, their settings'
    schemas and their files); returns those that were there."""
    config_path = out / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    data = config["jupyter-config-data"]
    found = [e["name"] for e in data.get("federated_extensions", []) if e["name"] in names]
    data["federated_extensions"] = [e for e in data.get("federated_extensions", []) if e["name"] not in names]
    _rewrite(config_path, json.dumps(config, indent=2, sort_keys=True))
    schemas = out / "build" / "schemas" / "all_federated.json"
    if schemas.exists():
        kept = [s for s in json.loads(schemas.read_text()) if s["id"].split(":")[0] not in names]
        _rewrite(schemas, json.dumps(kept))
    for name in found:
        shutil.rmtree(out / "extensions" / name)
    return found


def build(out: Path = OUT, preload: bool = True, bytecode: bool = True, snapshot: bool = True,
          early: bool = False, lean: bool = True) -> dict:
    """Build the site into ``out``; returns a summary (sizes, wheels served, seconds)."""
    start = time.monotonic()
    out = Path(out).resolve()          # `jupyter lite build` runs in LITE_SRC: a relative folder would land there
    shutil.rmtree(LITE_SRC, ignore_errors=True)
    (LITE_SRC / "static").mkdir(parents=True)
    shutil.copy(CONFIG, LITE_SRC / "jupyter-lite.json")
    pyodide_dir = LITE_SRC / "static" / "pyodide"
    unpack_pyodide(pyodide_dir)
    local = write_lock(pyodide_dir)
    shutil.rmtree(CONTENTS, ignore_errors=True)
    notebooks = write_reader_edition(CONTENTS, DROPPED)
    shutil.rmtree(out, ignore_errors=True)
    aside = move_kernel_extension_aside()
    if preload:
        preload_kernel(pyodide_dir, aside)
    if bytecode:
        compile_bytecode(pyodide_dir)
    if snapshot:
        if not preload:
            raise ValueError("the kernel's snapshot holds the preloaded packages: build with preload=True")
        make_snapshot(pyodide_dir)
    run([sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(LITE_SRC), "--contents",
         str(CONTENTS), "--output-dir", str(out), "--no-sourcemaps",
         f"--FederatedExtensionAddon.extra_labextensions_path={aside}"], cwd=LITE_SRC,
        stdout=subprocess.DEVNULL)
    if snapshot:
        patch_kernel_worker(out)
    if early:
        start_kernel_early(out)
    if lean:
        leave_out_extensions(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return {"notebooks": len(notebooks), "served wheels": len(local), "bytes": size, "folder": str(out),
            "seconds": round(time.monotonic() - start, 1)}


def main(argv: list[str]) -> dict | None:
    """``make_lite.py [OUT] [--no-snapshot]``: the site in OUT (default build/lite). ``--no-snapshot`` (``make lite
    SNAPSHOT=0``) leaves the kernel's snapshot out: a first visit then transfers about 41 MB instead of 110 MB, and
    the first output comes in about 1.7 times the time (13.4 s against 7.9 s quiet, benchmarks/RESULTS.md), a
    trade for readers on slow networks."""
    if argv == ["--move-kernel-extension-aside"]:
        move_kernel_extension_aside()
        return None
    unknown = [a for a in argv if a.startswith("-") and a != "--no-snapshot"]
    if unknown or len([a for a in argv if not a.startswith("-")]) > 1:
        raise SystemExit(f"make_lite.py: unknown arguments {argv}: give at most a folder, and --no-snapshot to leave "
                         "the kernel's snapshot out")
    folders = [a for a in argv if not a.startswith("-")]
    return build(Path(folders[0]) if folders else OUT, snapshot="--no-snapshot" not in argv)


if __name__ == "__main__":
    summary = main(sys.argv[1:])
    if summary is None:
        sys.exit()
    print(f"make lite: {summary['notebooks']} notebooks, {summary['served wheels']} wheels served from the "
          f"site, {summary['bytes'] / 1e6:.1f} MB in {summary['folder']} ({summary['seconds']} s). "
          f"Serve it: python -m http.server -b 127.0.0.1 -d {summary['folder']} 8000, then open "
          f"http://127.0.0.1:8000/lab/index.html")
