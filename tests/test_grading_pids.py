"""A hand-in's sandbox has a pids cgroup of its own (issue 41): a fork bomb is contained even when grading runs
as root, where Linux does not apply RLIMIT_NPROC (tools/grading_sandbox.py's ``pids_cgroup``).

The sandbox alone, as tests/test_grading_sandbox.py runs it: no audit hook (a multiprocessing spawn child is a
fresh Python without it), so the script forks freely; only the cgroup bounds it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_grading import ROOT, _tool

sandbox = _tool("grading_sandbox")
BWRAP, WHY = sandbox.available()
pytestmark = pytest.mark.slow

# Forks up to ``tries`` children (each sleeps until killed), then kills them: how many it made, what stopped it.
BOMB = """\
import json, os, sys, time
made, stopped, children = 0, None, []
for _ in range(int(sys.argv[1])):
    try:
        pid = os.fork()
    except OSError as error:
        stopped = type(error).__name__
        break
    if pid == 0:
        time.sleep(60)
        os._exit(0)
    children.append(pid)
    made += 1
for pid in children:
    os.kill(pid, 9)
    os.waitpid(pid, 0)
print(json.dumps({"made": made, "stopped": stopped}))
"""


def run_bomb(tmp_path: Path, tries: int, pids: int | None) -> dict:
    script, scratch = tmp_path / "bomb.py", tmp_path / "scratch"
    script.write_text(BOMB)
    scratch.mkdir(exist_ok=True)
    limit = ["--pids", str(pids)] if pids else []
    done = subprocess.run([sys.executable, "-S", str(ROOT / "tools" / "grading_sandbox.py"), "--bwrap", BWRAP,
                           *limit, "--", sys.executable, str(script), str(tries)], cwd=tmp_path,
                          env=dict(os.environ, GRADING_SCRATCH=str(scratch)), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.skipif(BWRAP is None, reason=f"no sandbox here: {WHY}")
def test_a_fork_bomb_in_the_sandbox_stops_at_the_pids_limit(tmp_path):
    if not sandbox._pids_parents():
        pytest.skip("no pids cgroup can be made here (cgroup v1's pids hierarchy or a v2 delegation)")
    seen = run_bomb(tmp_path, 150, pids=24)
    assert seen["stopped"] == "BlockingIOError" and 10 < seen["made"] < 24, seen
    groups = [parent / "scratch" for parent in sandbox._pids_parents()]
    assert any(g.exists() for g in groups)
    sandbox.release_pids_cgroup(str(tmp_path / "scratch"), wait=10.0)
    assert not any(g.exists() for g in groups)
    if os.geteuid() == 0:       # the control: as root nothing else stops it (RLIMIT_NPROC does not bind root)
        assert run_bomb(tmp_path, 60, pids=None) == {"made": 60, "stopped": None}
