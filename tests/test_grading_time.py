"""A cell's time limit counts the cell's own time, not the machine's load (tools/grading_preprocessors.py's
ExecuteOnOwnTime): a right answer whose kernel waits for a CPU on a busy machine is not timed out, an endless loop
still is. Here the mechanism, cheaply; benchmarks/bench_grading_load.py grades under real load (CPU hogs)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.test_grading import _tool

pytest.importorskip("nbgrader", reason="graded assignments need nbgrader (make setup installs it)")
pre = _tool("grading_preprocessors")


def test_a_cells_own_time_is_its_wall_time_less_its_wait_for_a_cpu():
    assert pre.charged(12.0, 1.0, 10.0) == 3.0          # 9 s of the 12 waiting: 3 s its own
    assert pre.charged(12.0, 1.0, 1.0) == 12.0          # never waited (it computed, or slept): all its own
    assert pre.charged(12.0, None, 5.0) == 12.0         # no schedstat: wall time, as nbgrader counts
    assert pre.charged(2.0, 0.0, 5.0) == 0.0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="schedstat is Linux's")
def test_the_wait_is_read_from_the_kernels_schedstat():
    before = pre.waited(os.getpid())
    if before is None:
        pytest.skip("this kernel keeps no schedstat (CONFIG_SCHED_INFO)")
    assert before >= 0 and pre.waited(os.getpid()) >= before
    assert pre.waited(None) is None and pre.waited(2 ** 22 + 7) is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_kernel_is_found_below_its_sandbox(tmp_path):
    """The kernel manager started the sandbox's bwrap, whose command line names the kernel's command too: the
    kernel is the first process below it that names the kernel and is not bwrap."""
    marker = f"kernel-{os.getpid()}-{time.monotonic_ns()}"
    child = f"import subprocess; subprocess.run([{sys.executable!r}, '-c', 'import time; time.sleep(30)', {marker!r}])"
    outer = subprocess.Popen(["bwrap-like", "-c", child, marker], executable=sys.executable)
    found = None
    try:
        for _ in range(100):
            found = pre.kernel_pid(outer.pid, marker)
            if found is not None:
                break
            time.sleep(0.05)
        assert found is not None and found != outer.pid
        assert marker in Path(f"/proc/{found}/cmdline").read_bytes().decode()
        assert pre.kernel_pid(None) is None
    finally:
        if found not in (None, outer.pid):
            os.kill(found, 9)           # (the sleeper below: it would outlive its parent by its 30 s)
        outer.kill()
        outer.wait()


@pytest.fixture
def execute(monkeypatch):
    """nbgrader's Execute with the cell's own time, 12 s into a cell with a limit of 10 s; nbgrader's own
    time-out (its interrupt) replaced by a record of it."""
    stopped = []

    async def time_out(self, timeout, cell=None):
        stopped.append(timeout)
        return {"stopped": timeout}
    monkeypatch.setattr(pre.Execute, "_async_handle_timeout", time_out)
    monkeypatch.setattr(pre, "STEP", 0.01)
    e = pre.ExecuteOnOwnTime()
    e._limit, e._kernel, e._started = 10, 1, (pre.monotonic() - 12.0, 1.0)
    e.stopped = stopped
    return e


@pytest.mark.parametrize("clock, waited, stopped", [
    ("own", 10.0, False),        # 9 of its 12 s waiting for a CPU: 3 s of its own, under the limit
    ("own", 1.5, True),          # computing (or sleeping) all along: 11.5 s of its own
    ("wall", 10.0, True),        # nbgrader's clock: 12 s of wall time
])
def test_a_cell_is_stopped_by_its_own_time(execute, monkeypatch, clock, waited, stopped):
    monkeypatch.setattr(pre, "waited", lambda pid: waited)
    monkeypatch.setenv("GRADING_CELL_TIME", clock)
    reply = asyncio.run(execute._async_handle_timeout(pre.STEP, cell={"source": "while True: pass"}))
    assert (reply == {"stopped": 10}) is stopped and execute.stopped == ([10] if stopped else [])


def test_a_machine_too_busy_to_run_the_cell_at_all_stops_it_after_a_while(execute, monkeypatch):
    execute._started = (pre.monotonic() - 10 * pre.STRETCH - 1, 0.0)
    monkeypatch.setattr(pre, "waited", lambda pid: 10 * pre.STRETCH)     # it waited all along
    assert asyncio.run(execute._async_handle_timeout(pre.STEP, cell={})) == {"stopped": 10}
