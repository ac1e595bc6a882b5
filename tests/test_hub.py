"""A course on a real JupyterHub, end to end (issue 41, item 5).

One hub serves every test here (one unit of the suite: conftest.py keeps a file's tests in one process). It is
JupyterHub from PyPI (6.x, the grading dependency group) with configurable-http-proxy from npm (installed into
build/cache/npm on first use), on 127.0.0.1, with the dummy authenticator and the simple local spawner; an
nbgrader exchange and the course live in a temporary folder. What the hub itself does here: it spawns each
student's real single-user Jupyter server (with ``JUPYTERHUB_USER`` set, the shared nbgrader configuration on
its ``JUPYTER_CONFIG_PATH``, the student's home as its root), routes every request through the proxy and checks
every request's token. The students act through their own servers' HTTP APIs, as the Assignments tab does:
nbgrader's fetch, the contents API to save the answered notebook, submit, fetch feedback. The instructor acts
as a course's instructor does in a terminal (nbgrader's commands and the collection's own, in the course
folder), not through the formgrader page.

What a student cannot do, as far as this spawner allows: reach another student's server (the hub refuses
their token) or, through their own server, any file outside their home. The simple spawner runs every server
as the same Unix user, so code in one student's kernel could still read another's home; a real course gives
each student a Unix user or a container (LocalProcessSpawner with system users, DockerSpawner, KubeSpawner).
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbgrader")
pytest.importorskip("jupyterhub")

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
pytestmark = pytest.mark.slow

PROXY = "configurable-http-proxy@5.3.0"
COURSE_ID = "cs-4100-2026"           # not the build's default: the course id is a setting of the build
LESSON, ASSIGNMENT = "01", "01_minimax_by_hand"
STUDENTS = ("ada", "grace")
INSTRUCTOR = "instructor"
TOKEN = "course-test-" + hashlib.sha256(os.urandom(16)).hexdigest()[:24]
def proxy_command() -> str:
    """configurable-http-proxy, from the npm registry into build/cache/npm the first time."""
    folder = ROOT / "build" / "cache" / "npm" / PROXY.replace("@", "-")
    command = folder / "node_modules" / ".bin" / "configurable-http-proxy"
    if not command.exists():
        if shutil.which("npm") is None or shutil.which("node") is None:
            pytest.skip("JupyterHub's proxy (configurable-http-proxy) needs Node.js and npm: install them "
                        "(Debian/Ubuntu: apt-get install nodejs npm)")
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent", "--prefix", str(folder), PROXY],
                       check=True, capture_output=True, timeout=300)
    return str(command)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# The nbgrader configuration every hub user and the instructor share (on JUPYTER_CONFIG_PATH): the course, the
# exchange, and each student's id from JUPYTERHUB_USER (the simple spawner runs everyone as one Unix user,
# whose name nbgrader would otherwise give every hand-in). Not for the instructor: nbgrader's instructor
# commands read student_id as "which students", so it stays "*" for them.
SHARED_CONFIG = """\
import os
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = {course_id!r}
c.Exchange.root = {exchange!r}
_user = os.environ.get("JUPYTERHUB_USER", "")
if _user and _user != {instructor!r}:
    c.CourseDirectory.student_id = _user
"""

# The students' servers here serve the APIs the test drives, without JupyterLab's and the notebook's pages (the
# browser tests cover those, tests/e2e): each server starts in a few seconds instead of many.
SERVER_EXTENSIONS = {"ServerApp": {"jpserver_extensions": {
    "jupyterlab": False, "notebook": False, "jupyter_lsp": False, "jupytext": False, "notebook_shim": False,
    "jupyter_server_terminals": False, "nbgrader.server_extensions.formgrader": False,
    "nbgrader.server_extensions.validate_assignment": False}}}

HUB_CONFIG = """\
c = get_config()  # noqa: F821
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.JupyterHub.db_url = "sqlite:///{state}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{state}/cookie_secret"
c.JupyterHub.pid_file = "{state}/jupyterhub.pid"
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {password!r}
c.Authenticator.allowed_users = {users!r}
c.Authenticator.admin_users = {{{instructor!r}}}
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "{homes}/{{username}}"
c.Spawner.cmd = [{singleuser!r}]
c.Spawner.args = {args!r}
c.Spawner.default_url = "/api/status"
c.Spawner.environment = {{"JUPYTER_CONFIG_PATH": {shared!r}, "PATH": {path!r}}}
c.Spawner.start_timeout = 60
c.Spawner.http_timeout = 60
c.JupyterHub.services = [{{"name": "course-test", "api_token": {token!r}}}]
c.JupyterHub.load_roles = [{{"name": "course-test", "services": ["course-test"],
                             "scopes": ["admin:users", "admin:servers", "access:servers", "tokens"]}}]
"""


class Hub:
    """A running JupyterHub and the requests a test makes to it (the service's admin token by default)."""

    def __init__(self, where: Path):
        self.where = where
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.homes = where / "homes"
        self.process = None

    def request(self, method: str, path: str, body=None, token: str = TOKEN, timeout: float = 60):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Authorization": f"token {token}",
                                                  "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                text = response.read().decode()
                return response.status, json.loads(text) if text.strip()[:1] in ("[", "{") else text
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(errors="replace")

    def start(self, shared: Path, log: Path) -> None:
        state = self.where / "hub"
        state.mkdir()
        self.homes.mkdir()
        config = state / "jupyterhub_config.py"
        config.write_text(HUB_CONFIG.format(
            port=self.port, hub_port=free_port(), proxy_api_port=free_port(), proxy=proxy_command(), state=state,
            password=TOKEN, users={*STUDENTS, INSTRUCTOR}, instructor=INSTRUCTOR, homes=self.homes,
            singleuser=str(BIN / "jupyterhub-singleuser"), args=["--allow-root"] if os.geteuid() == 0 else [],
            shared=str(shared), path=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", token=TOKEN))
        env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
        env.pop("JUPYTERHUB_USER", None)
        self.log = log
        with open(log, "w") as out:
            self.process = subprocess.Popen([str(BIN / "jupyterhub"), "-f", str(config)], cwd=state, env=env,
                                            stdout=out, stderr=subprocess.STDOUT)

    def wait_up(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterHub stopped:\n{self.log.read_text()[-3000:]}")
            try:
                if self.request("GET", "/hub/api/", timeout=2)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"JupyterHub did not answer in {timeout} s:\n{self.log.read_text()[-3000:]}")

    def spawn(self, *users: str) -> None:
        """Ask the hub to start these users' servers (its spawner); :meth:`wait_ready` waits for them."""
        for user in users:
            assert self.request("POST", f"/hub/api/users/{user}")[0] in (201, 409)
            assert self.request("POST", f"/hub/api/users/{user}/server")[0] in (201, 202)

    def wait_ready(self, *users: str, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        waiting = set(users)
        while waiting and time.monotonic() < deadline:
            for user in list(waiting):
                status, model = self.request("GET", f"/hub/api/users/{user}")
                if status == 200 and model["servers"].get("", {}).get("ready"):
                    waiting.discard(user)
            time.sleep(0.3)
        if waiting:
            raise RuntimeError(f"servers of {sorted(waiting)} not ready in {timeout} s:\n"
                               f"{self.log.read_text()[-3000:]}")

    def stop(self) -> None:
        """Stop the hub (its servers and its proxy with it)."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()


def digest(folder: Path) -> dict:
    """Every file under ``folder``: its bytes' hash and its modification time."""
    return {p.relative_to(folder).as_posix(): (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def instructor(course: Path, shared: Path, *command: str) -> subprocess.CompletedProcess:
    """A command run as the instructor in the course folder (the shared configuration, the course's own)."""
    env = dict(os.environ, JUPYTER_CONFIG_PATH=str(shared), PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
               JUPYTER_PATH=str(course / "jupyter"))
    env.pop("JUPYTERHUB_USER", None)
    done = subprocess.run(list(command), cwd=course, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def right_answers(student: str) -> list:
    """The right answers of exercises 1-3 (two values, a move) on this student's own trees."""
    from adversarial import minimax, tree
    from adversarial.exercises.variants import Variant
    mine = Variant(COURSE_ID, ASSIGNMENT, student)
    return [minimax(tree(mine.tree(1, [[4, 8, 3], [1, 7, 2], [6, 5, 9]]))).value,
            minimax(tree(mine.tree(2, [3, 5, 2, 9, 12, 5, 23, 2], root_player="MIN", branching=2),
                         branching=2, root_player="MIN")).value,
            minimax(tree(mine.tree(3, [[3, 12, 8], [2, 4, 6], [14, 5, 2]], kind="move"))).move]


@pytest.fixture(scope="module")
def course_on_hub(tmp_path_factory):
    """The whole term on one hub: build and release, two students fetch, answer and submit, the instructor
    collects, grades and releases feedback, a student fetches it. Returns what the tests look at."""
    started = time.perf_counter()
    where = tmp_path_factory.mktemp("hub")
    course, exchange, shared = where / "course", where / "exchange", where / "shared"
    exchange.mkdir()
    exchange.chmod(0o777)
    shared.mkdir()
    (shared / "nbgrader_config.py").write_text(SHARED_CONFIG.format(course_id=COURSE_ID, exchange=str(exchange),
                                                                    instructor=INSTRUCTOR))
    (shared / "jupyter_server_config.json").write_text(json.dumps(SERVER_EXTENSIONS))
    hub = Hub(where)
    hub.start(shared, where / "jupyterhub.log")
    try:
        # The instructor builds the assignment and releases it to the exchange, while the hub starts the
        # students' servers.
        times = {}
        env = dict(os.environ, JUPYTER_CONFIG_PATH=str(shared))
        env.pop("JUPYTERHUB_USER", None)
        building = subprocess.Popen([sys.executable, str(ROOT / "tools" / "assignments.py"), LESSON, "--course",
                                     str(course), "--course-id", COURSE_ID], env=env, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, text=True)
        hub.wait_up()
        times["hub up"] = time.perf_counter() - started
        hub.spawn(*STUDENTS)
        output = building.communicate(timeout=300)[0]
        assert building.returncode == 0, output[-3000:]
        times["built"] = time.perf_counter() - started
        instructor(course, shared, str(BIN / "nbgrader"), "release_assignment", ASSIGNMENT)
        hub.wait_ready(*STUDENTS)
        times["released, servers ready"] = time.perf_counter() - started

        # Each student fetches it through their own server, answers, saves and submits.
        source = nbformat.read(course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", as_version=4)
        worked = {c.metadata["nbgrader"]["grade_id"]: c.source.split("### BEGIN SOLUTION\n")[1].split(
            "### END SOLUTION")[0] for c in source.cells if c.metadata.get("nbgrader", {}).get("solution")}
        values = {student: right_answers(student) for student in STUDENTS}
        ada_values = values["ada"]
        handed = {"ada": worked,                                   # right: the answers worked out on her trees
                  "grace": {"answer-1": f"answer1 = {ada_values[0]}", "answer-2": f"answer2 = {ada_values[1]}",
                            "answer-3": f"answer3 = {ada_values[2]}",  # ada's answers, copied: wrong for grace
                            "answer-4": "def my_minimax(node, maximising=True):\n"
                                        "    return node if not isinstance(node, list) else "
                                        "max(my_minimax(c) for c in node)\n"}}
        query = f"?course_id={COURSE_ID}&assignment_id={ASSIGNMENT}"
        fetched = {}
        for student in STUDENTS:
            status, listing = hub.request("POST", f"/user/{student}/assignments/fetch{query}")
            assert status == 200, listing
            path = f"{ASSIGNMENT}/{ASSIGNMENT}.ipynb"
            status, model = hub.request("GET", f"/user/{student}/api/contents/{path}")
            assert status == 200, model
            notebook = nbformat.from_dict(model["content"])
            fetched[student] = copy.deepcopy(notebook)
            for cell in notebook.cells:
                grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
                if grade_id in handed[student]:
                    cell.source = handed[student][grade_id]
            status, saved = hub.request("PUT", f"/user/{student}/api/contents/{path}",
                                        {"type": "notebook", "format": "json", "content": notebook})
            assert status == 200, saved
            status, listing = hub.request("POST", f"/user/{student}/assignments/submit{query}")
            assert status == 200 and (not isinstance(listing, dict) or listing.get("success", True)), listing

        times["submitted"] = time.perf_counter() - started
        # The instructor collects, grades with the collection's command and releases the feedback.
        instructor(course, shared, str(BIN / "nbgrader"), "collect", ASSIGNMENT)
        submitted = course / "submitted"
        before = digest(submitted)
        # One grading worker for the two hand-ins: a worker's start (importing nbgrader) costs more CPU than grading
        # a hand-in of lesson 1 (tests/test_grading.py grades in parallel).
        instructor(course, shared, sys.executable, str(ROOT / "tools" / "grade.py"), LESSON, str(submitted),
                   "--course", str(course), "--jobs", "1")
        after = digest(submitted)
        times["collected and graded"] = time.perf_counter() - started
        instructor(course, shared, str(BIN / "nbgrader"), "release_feedback", ASSIGNMENT)

        # Ada fetches her feedback through her server.
        status, listing = hub.request("POST", f"/user/ada/assignments/fetch_feedback{query}")
        assert status == 200, listing
        elapsed = time.perf_counter() - started
        print("\nthe course on a hub, seconds from the start: " + ", ".join(f"{k} {v:.1f}" for k, v in times.items())
              + f", feedback fetched {elapsed:.1f}", file=sys.stderr)
        yield {"hub": hub, "course": course, "where": where, "before": before, "after": after,
               "fetched": fetched, "values": values, "elapsed": elapsed}
    finally:
        hub.stop()


def test_both_students_handins_arrive_under_their_own_ids(course_on_hub):
    course = course_on_hub["course"]
    assert sorted(p.name for p in (course / "submitted").iterdir()) == sorted(STUDENTS)
    for student in STUDENTS:
        assert (course / "submitted" / student / ASSIGNMENT / "timestamp.txt").exists()


def test_each_student_fetched_a_release_naming_no_one(course_on_hub):
    """The release is one notebook for all: the student's id (so the variant) comes from the student's server."""
    ada, grace = (course_on_hub["fetched"][s] for s in STUDENTS)
    assert nbformat.writes(ada) == nbformat.writes(grace)
    assert "student=None" in ada.cells[1].source and "BEGIN HIDDEN" not in nbformat.writes(ada)


def test_the_scores_the_right_and_the_copied_answers(course_on_hub):
    import csv
    course, values = course_on_hub["course"], course_on_hub["values"]
    with open(course / "grades" / f"{ASSIGNMENT}.csv", encoding="utf-8") as handle:
        rows = {row["student"]: row for row in csv.DictReader(handle)}
    assert float(rows["ada"]["score"]) == float(rows["ada"]["max_score"]) == 5
    # grace handed in ada's answers and a wrong my_minimax: she scores only where ada's answer happens to be right
    # on her own tree too (a move, of three, can be), and each copied value is flagged as another variant's
    by_chance = [a == g for a, g in zip(values["ada"], values["grace"])]
    assert not all(by_chance[:2])
    assert float(rows["grace"]["score"]) == sum(by_chance), rows["grace"]["reasons"]
    assert rows["grace"]["reasons"].count("FLAGGED") == 2 - sum(by_chance[:2]), rows["grace"]["reasons"]
    from adversarial.exercises.variants import Variant
    ada = Variant(COURSE_ID, ASSIGNMENT, "ada").code
    assert rows["grace"]["reasons"].count(f"another student's variant {ada}") == 2 - sum(by_chance[:2])
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        scores = {s.student.id: s.score for s in gradebook.assignment_submissions(ASSIGNMENT)}
    assert scores == {"ada": 5, "grace": sum(by_chance)}


def test_nothing_in_submitted_changed(course_on_hub):
    """Every file nbgrader's collect wrote (notebook, timestamp.txt, submission_secret.txt), byte for byte and
    its modification time: grading reads nbgrader's submitted/ in place and writes nothing there."""
    assert course_on_hub["before"] and course_on_hub["after"] == course_on_hub["before"]


def test_the_student_fetched_feedback_with_the_verdicts_and_no_hidden_source(course_on_hub):
    homes = course_on_hub["hub"].homes
    pages = sorted((homes / "ada").rglob("feedback/*/*.html"))
    assert pages, sorted(str(p) for p in (homes / "ada").rglob("*"))[:40]
    page = pages[-1].read_text(encoding="utf-8")
    assert "Score: 5.0 / 5.0" in page or "5.0 / 5.0" in page
    assert "BEGIN HIDDEN" not in page and "_GRADER" not in page and "seeds" not in page
    assert not list((homes / "grace").rglob("feedback/*/*.html"))      # only ada asked for hers


def test_a_student_cannot_reach_the_others_files(course_on_hub):
    hub = course_on_hub["hub"]
    status, token = hub.request("POST", "/hub/api/users/ada/tokens", {"note": "ada's own", "expires_in": 600})
    assert status in (200, 201), token
    ada = token["token"]
    assert hub.request("GET", "/user/ada/api/contents", token=ada)[0] == 200
    assert hub.request("GET", "/user/grace/api/contents", token=ada)[0] == 403
    assert hub.request("GET", "/hub/api/users/grace", token=ada)[0] == 404      # not even that grace exists
    for outside in ("%2E%2E/grace", "..%2Fgrace", "%2E%2E/%2E%2E/course/source"):
        status, _ = hub.request("GET", f"/user/ada/api/contents/{outside}", token=ada)
        assert status in (400, 403, 404), (outside, status)
    # What the simple spawner does not separate: every server runs as one Unix user (see the module's text).
    homes = hub.homes
    assert (homes / "ada").stat().st_uid == (homes / "grace").stat().st_uid
