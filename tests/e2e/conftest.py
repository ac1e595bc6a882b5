"""End-to-end set-up: JupyterLab on localhost, opened in headless Chromium driven by Playwright.

Each test gets its own copy of the notebooks it opens (the repository's files are never touched) and a
fresh browser page; a screenshot of the page is saved under artifacts/e2e/ after every test, pass or fail.

The tests skip, saying why, when Playwright or a Chromium is missing. ``make test-e2e`` installs Debian's
chromium where it can and sets ADVERSARIAL_E2E=required, which turns a missing browser into a failure.
Set ADVERSARIAL_CHROMIUM to use another Chromium or Chrome executable.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from importlib.metadata import version
from pathlib import Path

import pytest

from .lab_page import NOTEBOOKS, artifact

# Flags for Chromium on a machine with no screen and a closed network (../shared/notes/browser-tests.md):
# without the background-networking ones it keeps trying to reach Google's hosts.
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                  "--no-first-run", "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]
HOW_TO_GET_A_BROWSER = ("run `make test-e2e` as root on Debian/Ubuntu (it installs the `chromium` package), "
                        "or install Chromium yourself and set ADVERSARIAL_CHROMIUM=/path/to/chromium")

# JupyterLab settings for a quiet, predictable page: every cell attached to the DOM (no windowing), no news
# or update pop-ups.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                        "checkForUpdates": False},
}


def find_chromium() -> str | None:
    explicit = os.environ.get("ADVERSARIAL_CHROMIUM")
    if explicit:
        return explicit if Path(explicit).exists() else None
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _missing(reason: str):
    if os.environ.get("ADVERSARIAL_E2E") == "required":
        pytest.fail(f"{reason}; {HOW_TO_GET_A_BROWSER}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}; {HOW_TO_GET_A_BROWSER}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# JupyterLab answers in a few seconds on a quiet machine; under heavy load (two busy loops and other work on two
# cores) it took over 60 s. The wait ends as soon as it answers, so a long limit costs a quiet run nothing.
START_LIMIT = 180


# What the tests' JupyterLab leaves out: the server extensions and the page's plugins that no test uses (nbgrader's
# four, jupytext's, the language server's, terminals, Notebook 7's pages; the debugger, which sends its requests to
# every kernel it sees start; the extension manager). The lessons' own JupyterLab (make lab) keeps them all. Loading
# nbgrader's formgrader alone took 2 s of the server's start, and each page load built and ran their plugins.
SERVER_EXTENSIONS_OFF = ("nbgrader.server_extensions.formgrader", "nbgrader.server_extensions.validate_assignment",
                         "nbgrader.server_extensions.assignment_list", "nbgrader.server_extensions.course_list",
                         "jupyter_lsp", "jupyter_server_terminals", "jupyterlab_jupytext", "notebook", "notebook_shim")
PAGE_PLUGINS_OFF = ("@jupyter/nbgrader", "jupyterlab-jupytext", "@jupyter-notebook/lab-extension",
                    "@jupyterlab/debugger-extension", "@jupyterlab/lsp-extension", "@jupyterlab/terminal-extension",
                    "@jupyterlab/extensionmanager-extension")


class Lab:
    """A running JupyterLab server with its own private folders."""

    def __init__(self, base: Path):
        self.base = base
        self.root = base / "root"
        self.root.mkdir()
        self.token = secrets.token_hex(16)
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = base / "server.log"
        self._copies = 0

    def start(self) -> None:
        settings = self.base / "settings"
        for name, values in LAB_SETTINGS.items():
            path = settings / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values))
        config = self.base / "config"
        (config / "labconfig").mkdir(parents=True)
        (config / "jupyter_server_config.json").write_text(json.dumps(
            {"ServerApp": {"jpserver_extensions": dict.fromkeys(SERVER_EXTENSIONS_OFF, False)}}))
        (config / "labconfig" / "page_config.json").write_text(json.dumps(
            {"disabledExtensions": dict.fromkeys(PAGE_PLUGINS_OFF, True)}))
        self.env = env = dict(os.environ,
                   JUPYTER_CONFIG_DIR=str(config),
                   JUPYTER_RUNTIME_DIR=str(self.base / "runtime"),
                   JUPYTER_DATA_DIR=str(self.base / "data"),
                   JUPYTERLAB_SETTINGS_DIR=str(settings),
                   JUPYTERLAB_WORKSPACES_DIR=str(self.base / "workspaces"),
                   PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
        command = [sys.executable, "-m", "jupyter", "lab", "--no-browser",
                   f"--port={self.port}", "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1",
                   f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={self.root}",
                   "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=",
                   "--LabApp.extension_manager=readonly"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            command.append("--allow-root")       # JupyterLab refuses to run as root without it
        self._log = open(self.log_path, "w")      # noqa: SIM115 -- open for the server's whole life, closed in stop()
        self.process = subprocess.Popen(command, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                        cwd=self.root)
        deadline = time.monotonic() + START_LIMIT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with code {self.process.returncode}:\n{self.log()}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/status?token={self.token}", timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"JupyterLab did not answer within {START_LIMIT} s:\n{self.log()}")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()         # reaped, so pytest sees no server still running (an error under load)
        self._log.close()

    def stop_kernels(self) -> None:
        """Shut down every session (and its kernel) that earlier tests left running."""
        for session in json.loads(self._api("GET", "sessions")):
            self._api("DELETE", f"sessions/{session['id']}")

    def _api(self, method: str, path: str) -> bytes:
        request = urllib.request.Request(f"{self.url}/api/{path}", method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.read()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:]

    def notebook(self, name: str, sources: list[str]) -> str:
        """A new trusted notebook of code cells (for widgets no lesson shows in the needed way);
        returns its path relative to the server's root."""
        import nbformat

        return self.save(name, nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources]))

    def save(self, name: str, book) -> str:
        """``book`` (an nbformat notebook) written to a new folder and signed as trusted (JupyterLab then shows
        its stored drawings and widgets); returns its path relative to the server's root."""
        import nbformat

        self._copies += 1
        folder = self.root / f"run{self._copies:02d}"
        folder.mkdir()
        book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(book, folder / name)
        subprocess.run([sys.executable, "-m", "jupyter", "trust", str(folder / name)], env=self.env,
                       check=True, capture_output=True)
        return f"{folder.name}/{name}"

    def copy(self, name: str, trust: bool = True) -> str:
        """A private copy of notebooks/``name``; returns its path relative to the server's root.

        With ``trust``, the copy is signed as trusted, as ``make lab`` does for the repository's notebooks:
        JupyterLab shows a stored SVG drawing or widget only in a trusted notebook.
        """
        self._copies += 1
        folder = self.root / f"run{self._copies:02d}"
        folder.mkdir()
        shutil.copy(NOTEBOOKS / name, folder / name)
        if trust:
            subprocess.run([sys.executable, "-m", "jupyter", "trust", str(folder / name)], env=self.env,
                           check=True, capture_output=True)
        return f"{folder.name}/{name}"


@pytest.fixture(scope="session")
def chromium_path():
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _missing("the Python package `playwright` is not installed (`pip install -r requirements.txt`)")
    path = find_chromium()
    if path is None:
        _missing("no Chromium executable found")
    return path


@pytest.fixture(scope="session")
def lab(chromium_path, tmp_path_factory):
    server = Lab(tmp_path_factory.mktemp("lab"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="package")
def playwright_driver(chromium_path):
    """Playwright's driver for the browser tests a process runs one after another (the JupyterLab files are one unit
    of work: root conftest.py's ``group``). Playwright's sync API marks an event loop as running in this thread while
    it is open; it is stopped when the process leaves tests/e2e, which leaves the process's other tests (the
    stepper's Run, driven by asyncio) a normal thread, whichever order pytest-xdist runs them in."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver


def launch(driver, chromium_path, flags):
    chromium = driver.chromium.launch(executable_path=chromium_path, headless=True, args=flags)
    artifact("versions.txt").write_text(
        f"chromium {chromium.version} ({chromium_path})\nplaywright {version('playwright')}\n")
    return chromium


@pytest.fixture(scope="package")
def browser(playwright_driver, chromium_path):
    """One Chromium for the in-browser edition's tests (test_lite.py)."""
    chromium = launch(playwright_driver, chromium_path, CHROMIUM_FLAGS)
    yield chromium
    chromium.close()


# The JupyterLab tests' Chromium (and the site's, for axe-core) composites in its browser process (--in-process-gpu:
# with --disable-gpu there is no GPU, only a process that draws in software): opening a notebook and running it, then
# 16 clicks of Step, took 10-25% less of Chromium's CPU than with a separate GPU process (measured alternating,
# 2026-11-28).
LAB_FLAGS = [*CHROMIUM_FLAGS, "--in-process-gpu"]


@pytest.fixture(scope="package")
def lab_browser(playwright_driver, chromium_path):
    """One Chromium for every JupyterLab test."""
    chromium = launch(playwright_driver, chromium_path, LAB_FLAGS)
    yield chromium
    chromium.close()


VIEWPORT = {"width": 1400, "height": 1000}


@pytest.fixture(scope="package")
def lab_page(lab_browser):
    """One page for every JupyterLab test: JupyterLab is loaded once (loading it costs 7-10 s of CPU), and each
    test opens its notebook in it (lab_page.open_notebook closes the one before and stops its kernel)."""
    context = lab_browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    yield page
    context.close()


@pytest.fixture
def page(lab_page, lab, request):
    """The shared JupyterLab page, at its usual size and with no page error recorded yet; a screenshot after each
    test, pass or fail."""
    lab_page.set_viewport_size(VIEWPORT)
    lab_page.problems.clear()
    yield lab_page
    try:
        lab_page.screenshot(path=str(artifact(f"{request.node.name}.png")))
    finally:
        # The mouse leaves the widgets before they go (a hover left on a removed widget is no state to inherit).
        lab_page.mouse.move(1, 1)
