"""The in-browser edition's start: from opening a lesson to its kernel ready and to its first output, in seconds.

    python benchmarks/bench_lite_start.py [--runs 5] [--compare [no-snapshot|early|all-extensions]] [--revisit]
                                          [--steps] [--notebook 01_minimax_by_hand.ipynb] [--no-build] [--no-write]
                                          [--timeline]

Builds the site from this checkout (tools/publish/make_lite.py, as `make lite` does; --no-build uses build/lite as
it is), serves it from 127.0.0.1 and opens the lesson in a fresh Chromium for each run (a first visit: nothing
cached), every request that leaves the site blocked as in the browser test. Each run measures, from the moment
the page is asked for:

- the front end: JupyterLab's notebook panel on screen (the reference: it is the part no kernel work is in),
- kernel ready: the status bar reads "| Idle" with the kernel connected (a cell can run from then on),
- first output: Run All pressed at kernel ready, until the first cell shows an output (before 2026-11-28 14:00 this
  waited, by mistake, for Run All's promise, which ends when the last cell has run: earlier figures are the whole
  lesson's run, 2-3 s more for lesson 01),

and, from the requests' finishing times, when Pyodide's interpreter (pyodide.asm.wasm) and the kernel's files (the
memory snapshot and its files, or without one the last preloaded wheel) arrived. Printed: each run, then the median
and range of each figure and the ratio of first output to the front end (the machine's speed cancels out of it,
roughly). ``--compare`` alternates, run by run, with a site built without the kernel's memory snapshot (make_lite's
make_snapshot) or, ``--compare early``, with the kernel's early start (make_lite's start_kernel_early: the
worker created by the page as it opens; not built by default); ``--steps`` also times the kernel worker's own steps;
``--revisit`` also times a second visit in the same browser, its cache warm. The goal of issue 45 is a first
output within 8 s on this machine when quiet. Needs Chromium (make test-e2e installs it). Not part of make test.
"""

from __future__ import annotations

import argparse
import functools
import os
import socketserver
import statistics
import sys
import threading
import time
import urllib.parse
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(HERE), str(ROOT / "tools" / "publish")]

import make_lite  # noqa: E402  (tools/publish is not a package)
from results import write_section  # noqa: E402

from tests.e2e.conftest import CHROMIUM_FLAGS, find_chromium  # noqa: E402
from tests.e2e.lab_page import KERNEL_READY  # noqa: E402
from tests.e2e.test_lite import FIRST_OUTPUT, QuietHandler  # noqa: E402

GOAL_S = 8.0
WHAT = {"as built": "the site as make lite builds it: the kernel restored from a memory snapshot made at build",
        "no snapshot": "the same site without the snapshot: the kernel's wheels preloaded, unpacked and imported at "
                       "each start, every module compiled to bytecode at build (as before the snapshot)",
        "early start": "the same site with the kernel's early start (make_lite.build(early=True)): its worker created "
                       "by the page as it opens, while JupyterLab's front end loads",
        "all extensions": "the same site with every JupyterLab extension installed here, the unused ones too "
                          "(make_lite's UNUSED_EXTENSIONS: nbgrader's, jupytext's, ipyevents')"}
# --compare WHAT: the site the one as built is compared with, and how make_lite builds it.
AGAINST = {"no-snapshot": ("no snapshot", {"snapshot": False}), "early": ("early start", {"early": True}),
           "all-extensions": ("all extensions", {"lean": False})}
PANEL = "() => !!document.querySelector('.jp-NotebookPanel .jp-Cell')"
# --steps: the kernel's worker (served to the browser with a line of logging added around each of its start's
# steps: its own code is not changed on disk) tells when each step ended, as the clock's time in milliseconds.
WORKER_STEPS = ("initRuntime", "initFilesystem", "initPackageManager", "initKernel", "initGlobals")
EARLY_RUNTIME = "await adversarialEarlyRuntime(this,e)"         # make_lite's start_kernel_early: initRuntime's place
STEP_MARK = "bench_lite_start step "


def with_step_marks(script: str) -> str:
    """The kernel worker's ``script`` with each step of its start logging the moment it ended."""
    mark = f"console.log('{STEP_MARK}%s ' + (performance.timeOrigin + performance.now()))"
    script, found = script.replace("var t;if(this._options=e,", f"var t;{mark % 'start'};if(this._options=e,", 1), 0
    for step in WORKER_STEPS:
        call = f"await this.{step}(e)"
        if step == "initRuntime" and EARLY_RUNTIME in script:
            call = EARLY_RUNTIME
        found += call in script
        script = script.replace(call, f"{call},{mark % step}", 1)
    script = f"{mark % 'created'};" + script          # the worker's script starts (the page or the kernel made it)
    if found != len(WORKER_STEPS):
        raise SystemExit("--steps: the kernel worker's start is not written as this benchmark expects "
                         "(another jupyterlite-pyodide-kernel?)")
    return script

def serve(folder: Path):
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def _size(request) -> int:
    """The response's body size in bytes: Chromium's count, or the Content-Length header where Chromium has none
    (the kernel worker's requests report 0)."""
    try:
        size = request.sizes()["responseBodySize"]
        if size > 0:
            return size
        response = request.response()
        return int(response.headers.get("content-length", 0)) if response else 0
    except Exception:           # noqa: BLE001 -- a request without sizes counts nothing
        return 0


def milestones(resources: list[dict]) -> dict:
    """When the interpreter, the kernel's wheels and the package's wheel had arrived (seconds from the start)."""
    def last(test):
        ends = [r["end"] for r in resources if test(r["name"])]
        return max(ends) if ends else float("nan")
    snapshot = tuple(f"/static/pyodide/{name}" for name in make_lite.SNAPSHOT_FILES.values())
    return {"interpreter": last(lambda n: n.endswith("pyodide.asm.wasm")),
            "kernel files": last(lambda n: n.endswith((".whl", *snapshot))),
            "megabytes": sum(r["bytes"] for r in resources) / 1e6}


def visit(context, site: str, notebook: str) -> dict:
    """Open ``notebook`` in a new page of ``context``, run it, and time the milestones (seconds from the start)."""
    page = context.new_page()
    steps = {}                 # the kernel worker's steps (--steps): when each ended, seconds from the start

    def on_console(message):
        if message.text.startswith(STEP_MARK):
            name, epoch_ms = message.text[len(STEP_MARK):].split()
            steps[name] = float(epoch_ms) / 1000 - wall_start
    page.on("worker", lambda worker: worker.on("console", on_console))
    arrived = []               # the page's and its kernel worker's requests: (name, seconds from the start, bytes)
    page.on("requestfinished", lambda r: arrived.append(
        {"name": r.url, "end": time.monotonic() - start, "bytes": _size(r)}))
    cdp = context.new_cdp_session(page)             # CPU seconds: the page's main thread, its whole renderer process
    cdp.send("Performance.enable", {"timeDomain": "threadTicks"})

    def cpu() -> tuple[float, float]:
        metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        return metrics.get("ThreadTime", float("nan")), metrics.get("ProcessTime", float("nan"))
    start, wall_start = time.monotonic(), time.time()
    page.goto(f"{site}/lab/index.html?path={notebook}")
    page.wait_for_function(PANEL, timeout=240_000, polling=50)
    front = time.monotonic() - start
    main_front, _ = cpu()
    page.wait_for_function(KERNEL_READY, timeout=240_000, polling=50)
    ready = time.monotonic() - start
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    # Not awaited: the command's promise ends when the last cell has run, not at the first output.
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(FIRST_OUTPUT, timeout=240_000, polling=50)
    first = time.monotonic() - start
    main_first, renderer_first = cpu()
    page.close()
    marks = {"worker created": steps.get("created", float("nan")), "kernel started": steps["start"],
             "loadPyodide done": steps["initRuntime"]} if steps else {}
    return {"front end": front, "kernel ready": ready, "first output": first, **milestones(arrived), **marks,
            "cpu": {"main thread to front end": main_front, "main thread to first output": main_first,
                    "renderer to first output": renderer_first},
            "requests": sorted(arrived, key=lambda r: r["end"]), "steps": steps, "load": os.getloadavg()[0]}


def one_run(playwright, chromium: str, site: str, notebook: str, revisit: bool = False,
            mark_steps: bool = False) -> dict:
    """A fresh browser's first visit; with ``revisit``, a second visit in the same browser after it (its cache
    warm), under "second visit". Every request leaving the site is blocked on a first visit only: Playwright's
    request interception switches the browser's cache off, so a revisit only counts them (none ever succeeds
    here: the machine is offline)."""
    browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_FLAGS)
    try:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        here = urllib.parse.urlsplit(site).netloc
        outside = []

        def leaves(url: str) -> bool:
            return urllib.parse.urlsplit(url).netloc != here and not url.startswith(("blob:", "data:"))

        def guard(route):
            if leaves(route.request.url):
                outside.append(route.request.url)
                route.abort("blockedbyclient")
            elif mark_steps and "/pyodide-kernel-extension/static/comlink.worker." in route.request.url:
                response = route.fetch()
                route.fulfill(response=response, body=with_step_marks(response.text()))
            else:
                route.continue_()

        if revisit:
            context.on("request", lambda r: outside.append(r.url) if leaves(r.url) else None)
        else:
            context.route("**/*", guard)
        result = visit(context, site, notebook)
        if revisit:
            result["second visit"] = visit(context, site, notebook)
        return {**result, "outside requests": len(outside)}
    finally:
        browser.close()


def table(runs: list[dict]) -> str:
    names = ["front end", "worker created", "kernel started", "interpreter", "kernel files", "loadPyodide done",
             "kernel ready", "first output"]
    names = [name for name in names if all(name in r for r in runs)]
    rows = ["| from opening the page to | median | range |", "|---|--:|--:|"]
    for name in names:
        values = [r[name] for r in runs if r[name] == r[name]]      # a mark the browser did not report: left out
        if not values:
            continue
        rows.append(f"| {name} | {statistics.median(values):.1f} s | {min(values):.1f}–{max(values):.1f} s |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh browsers, one after another (per site)")
    parser.add_argument("--notebook", default="01_minimax_by_hand.ipynb", help="the lesson to open")
    parser.add_argument("--no-build", action="store_true", help="use build/lite as it is")
    parser.add_argument("--compare", nargs="?", const="no-snapshot", choices=sorted(AGAINST),
                        help="also build the site without the kernel's memory snapshot (no-snapshot, the default: "
                             "build/lite-no-snapshot), or with the kernel's early start (early: build/lite-early), and "
                             "alternate runs on the two sites")
    parser.add_argument("--revisit", action="store_true",
                        help="after each first visit, open the lesson again in the same browser (its cache warm) "
                             "and time that too")
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    parser.add_argument("--timeline", action="store_true", help="list each run's requests as they finished")
    parser.add_argument("--steps", action="store_true",
                        help="also time the kernel worker's own steps (served with a log line after each: the "
                             "site's files are not changed); printed with each run")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be 1 or more")
    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("no Chromium found: run `make test-e2e` once (it installs one), or set ADVERSARIAL_CHROMIUM")
    sites, options = {"as built": make_lite.OUT}, {"as built": {}}
    if args.compare:
        against, options[against] = AGAINST[args.compare]
        sites = {against: make_lite.BUILD / f"lite-{args.compare}", **sites}
    if not args.no_build:
        for name, folder in sites.items():
            print(f"building the site ({name}) ...", file=sys.stderr, flush=True)
            summary = make_lite.build(folder, **options[name])
            print(f"built in {summary['seconds']} s, {summary['bytes'] / 1e6:.1f} MB", file=sys.stderr, flush=True)
    for folder in sites.values():
        if not (folder / "lab" / "index.html").exists():
            raise SystemExit(f"no site in {folder}: run without --no-build")
    from playwright.sync_api import sync_playwright

    served = {name: serve(folder) for name, folder in sites.items()}
    runs: dict[str, list[dict]] = {name: [] for name in sites}
    try:
        with sync_playwright() as p:
            for k in range(args.runs):
                for name, (_, site) in served.items():             # the sites take turns
                    runs[name].append(one_run(p, chromium, site, args.notebook, args.revisit, args.steps))
                    r = runs[name][-1]
                    print(f"run {k + 1} of {args.runs}, {name}: front end {r['front end']:.1f} s, kernel ready "
                          f"{r['kernel ready']:.1f} s, first output {r['first output']:.1f} s (interpreter at "
                          f"{r['interpreter']:.1f} s, the kernel's files at {r['kernel files']:.1f} s; "
                          f"{r['megabytes']:.1f} MB; load average "
                          f"{os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
                    print("    CPU seconds: " + ", ".join(f"{what} {sec:.1f}" for what, sec in r["cpu"].items()),
                          file=sys.stderr, flush=True)
                    if args.revisit:
                        v = r["second visit"]
                        print(f"    second visit: front end {v['front end']:.1f} s, kernel ready "
                              f"{v['kernel ready']:.1f} s, first output {v['first output']:.1f} s",
                              file=sys.stderr, flush=True)
                    if args.steps:
                        print("    kernel worker: " + ", ".join(f"{step} ended at {at:.1f} s"
                                                               for step, at in r["steps"].items()),
                              file=sys.stderr, flush=True)
                    if args.timeline:
                        for q in r["requests"]:
                            print(f"  {q['end']:6.1f} s {q['bytes'] / 1e3:8.0f} kB  {q['name'][len(site):]}",
                                  file=sys.stderr)
    finally:
        for server, _ in served.values():
            server.shutdown()
            server.server_close()
    parts = []
    for name, done in runs.items():
        first = [r["first output"] for r in done]
        ratios = [r["first output"] / r["front end"] for r in done]
        median = statistics.median(first)
        parts.append(
            f"**{name}** ({WHAT[name]}):\n\n"
            f"{table(done)}\n\nFirst output / front end: {statistics.median(ratios):.1f}× (runs: "
            f"{min(ratios):.1f}–{max(ratios):.1f}×). Goal: first output within {GOAL_S:.0f} s, "
            f"{'met' if median <= GOAL_S else 'not met'} (median {median:.1f} s). "
            f"{statistics.median(r['megabytes'] for r in done):.1f} MB transferred a run; "
            f"{sum(r['outside requests'] for r in done)} requests to outside the site "
            f"{'tried' if args.revisit else 'blocked'}. CPU seconds (not stretched by the machine's load as the "
            f"times are), median: " + ", ".join(f"{what} {statistics.median(r['cpu'][what] for r in done):.1f}"
                                                for what in done[0]["cpu"]) + ".")
        if args.revisit:
            again = [r["second visit"] for r in done]
            parts.append(f"**{name}, second visit** (the same browser again, its cache warm; the bytes are not "
                         f"counted: Chromium reports a cached response's full size):\n\n{table(again)}")
    if args.compare:
        base = runs[against]
        pairs = [b["first output"] / a["first output"] for a, b in zip(base, runs["as built"])]
        ready = [b["kernel ready"] / a["kernel ready"] for a, b in zip(base, runs["as built"])]
        parts.append(f"As built / {against}, run by run: first output {statistics.median(pairs):.2f}× "
                     f"({min(pairs):.2f}–{max(pairs):.2f}×), kernel ready {statistics.median(ready):.2f}× "
                     f"({min(ready):.2f}–{max(ready):.2f}×).")
    body = "\n\n".join(parts) + (
        f"\n\n{args.notebook}, {args.runs} fresh Chromium browsers per site one after another (the sites taking "
        f"turns), nothing cached{' on the first visit' if args.revisit else ''}. The machine's load average (1 "
        f"minute) as each run ended: " + "; ".join(f"{name} " + ", ".join(f"{r['load']:.1f}" for r in done)
                                                  for name, done in runs.items())
        + f" ({os.cpu_count()} cores; the benchmark's own browser adds about 1-2).\n")
    print(body)
    if not args.no_write:
        write_section("bench_lite_start", "The in-browser edition: opening a lesson to its first output", body)


if __name__ == "__main__":
    main()
