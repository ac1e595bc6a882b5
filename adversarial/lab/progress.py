"""Progress for the experiments that take more than a moment: how far, and about how long is left.

``progress(items, "games")`` hands out ``items`` one by one, like ``iter``; once a second has passed it
shows where it is, and keeps that up to date (at most four times a second):

- in Jupyter (JupyterLab, Notebook 7, the in-browser edition): a bar and a line of text, as a widget
  that has no text form, so a notebook test comparing outputs (nbval) sees nothing to compare. When the
  loop ends, the bar gives way to its last line as plain text ("done: 80 games in 33 s") and the widget is
  closed, so a notebook saved and opened again shows that line, never "Error displaying widget"; a cell
  that runs several loops leaves one line for each;
- in a terminal: one line on standard error, rewritten in place;
- nowhere else (output redirected to a file), and nowhere when the environment variable
  ``ADVERSARIAL_PROGRESS`` is ``off`` (``tools/notebooks.py`` sets it, so stored notebooks never hold it).

A loop that fails leaves a line saying where it stopped ("stopped after 3 of 8 matches, 12 s: the loop
ended with an error"): ``progress`` and ``with Progress(...)`` close their meter however the loop ends, and in
Jupyter a meter still open when its cell ends is closed then. The time left is estimated from the work done
so far, once there is enough of it (a twentieth of the whole, and two steps), not from the first step.

An experiment made of smaller ones (a tournament of matches) shows one bar: the outer one. A meter
started while another is running and active (advanced in the last half minute, in the same cell) stays quiet.

>>> list(progress(range(3), "steps"))
[0, 1, 2]
"""

from __future__ import annotations

import os
import sys
import time

SHOW_AFTER = 1.0        # seconds before anything is shown: quick runs stay quiet
EVERY = 0.25            # seconds between updates
STALE = 30.0            # an outer meter not advanced for this long is taken as abandoned (an error)
_outer = None           # the running outermost meter


def _mode() -> str:
    if os.environ.get("ADVERSARIAL_PROGRESS", "").lower() in ("off", "0", "no", "false"):
        return "off"
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython else None
    if shell is not None and hasattr(shell, "kernel"):
        return "jupyter"
    stream = sys.stderr
    return "terminal" if stream is not None and hasattr(stream, "isatty") and stream.isatty() else "off"


def _seconds(s: float) -> str:
    return f"{s:.0f} s" if s < 90 else f"{s / 60:.1f} min"


def _noun(count: int, what: str) -> str:
    """``what`` (a plural: "games", "leaves of the trees") for ``count`` of them: "1 game", "1 leaf of the trees"."""
    if count != 1 or not what:
        return what
    first, _, rest = what.partition(" ")
    if first == "leaves":
        first = "leaf"
    elif first.endswith(("ches", "shes", "sses", "xes")):
        first = first[:-2]
    elif first.endswith("s") and not first.endswith("ss"):
        first = first[:-1]
    return f"{first} {rest}" if rest else first


def status(done: int, total: int | None, what: str, elapsed: float, *, failed: str | bool = False,
           left: float | None = None) -> str:
    """The line shown: how many of how many, the time so far and about how long is left (estimated from the
    work done, once there is a twentieth of it); ``failed``: the loop stopped, ``"error"`` with an error,
    ``"early"`` left before its end; ``left``: the time left, if the caller knows better (a meter leaves its
    first step out: it is often slower, with nothing cached yet).

    >>> status(10, 40, "games", 8.0)
    '10 of 40 games (25%), 8 s so far, about 24 s left'
    >>> status(1, 40, "games", 3.0)             # one game tells too little to estimate from
    '1 of 40 games (2%), 3 s so far'
    >>> status(40, 40, "games", 31.0), status(1, 1, "games", 2.0)
    ('done: 40 games in 31 s', 'done: 1 game in 2 s')
    >>> status(3, 8, "matches", 12.0, failed="error")
    'stopped after 3 of 8 matches, 12 s: the loop ended with an error'
    """
    if failed:
        where = f"{done:,} of {total:,} {_noun(total, what)}" if total else f"{done:,} {_noun(done, what)}"
        why = "the loop ended before its last step" if failed == "early" else "the loop ended with an error"
        return f"stopped after {where}, {_seconds(elapsed)}: {why}"
    if total is not None and done >= total:
        return f"done: {total:,} {_noun(total, what)} in {_seconds(elapsed)}"
    if not total:
        return f"{done:,} {_noun(done, what)}, {_seconds(elapsed)} so far"
    if left is None and done >= 2 and done * 20 >= total:
        left = elapsed / done * (total - done)
    rest = f", about {_seconds(left)} left" if left is not None else ""
    return f"{done:,} of {total:,} {_noun(total, what)} ({done / total:.0%}), {_seconds(elapsed)} so far{rest}"


class _Bar:
    """The widget: a bar and its line, shown once (by its view only, no text form); at the end it gives way
    to its last line as plain text, and its widgets are closed (nothing left for a saved notebook to miss)."""

    def __init__(self, total):
        import ipywidgets as w
        from IPython.display import display

        from ..drawing.themes import theme_style
        self.bar = w.IntProgress(value=0, min=0, max=total or 1, description="",
                                 layout=w.Layout(width="40%")).add_class("adversarial-progress-bar")
        self.line = w.Label().add_class("adversarial-progress-text")
        if theme_style()["heavy"]:
            self.line.style.font_size = theme_style()["text"]
        self.box = w.HBox([self.bar, self.line]).add_class("adversarial-progress")
        self.handle = display({"application/vnd.jupyter.widget-view+json": {
            "model_id": self.box.model_id, "version_major": 2, "version_minor": 0}}, raw=True, display_id=True)

    def show(self, done, text):
        self.bar.value = min(done, self.bar.max)
        self.line.value = text

    def end(self, text):
        """Replace the bar by ``text`` (plain text, what a saved notebook keeps) and close the widgets."""
        if self.handle is not None:
            self.handle.update({"text/plain": text}, raw=True)
        for widget in (self.box, self.bar, self.line):
            widget.close()


class Progress:
    """A count of finished steps out of ``total``, shown as the module's text says; ``advance()`` after
    each step, ``close()`` at the end (it shows the final line if anything was shown).

    >>> meter = Progress(2, "searches")
    >>> meter.advance(); meter.advance(); meter.close(); meter.done
    2
    """

    def __init__(self, total: int | None, what: str = "steps"):
        global _outer
        self.total, self.what, self.done = total, what, 0
        self.start = self.last = self.active = time.monotonic()
        self.shown: _Bar | bool | None = None     # the bar (Jupyter), True once written to stderr
        self.first: tuple | None = None           # (time, steps) when the first step was done
        self.cell = _cell()
        inside = (_outer is not None and not _outer.closed and self.start - _outer.active < STALE
                  and _outer.cell == self.cell)
        if _outer is not None and not _outer.closed and not inside:
            _outer.close(failed="early")    # left open by a loop that stopped (in another cell, or long ago)
        self.mode = "off" if inside else _mode()
        self.closed = False
        if not inside:
            _outer = self
            if self.mode == "jupyter":
                _close_at_end_of_cell()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind, error, trace) -> None:
        self.close(failed=False if kind is None else "early" if issubclass(kind, GeneratorExit) else "error")

    def advance(self, steps: int = 1) -> None:
        self.done += steps
        now = self.active = time.monotonic()
        if self.first is None:
            self.first = (now, self.done)
        if self.mode == "off":
            return
        if now - self.start < SHOW_AFTER or now - self.last < EVERY:
            return
        self.last = now
        self._show(now)

    def _show(self, now, failed: str | bool = False, last: bool = False) -> None:
        left = None
        if self.first is not None and self.total and self.done - self.first[1] >= 2 and self.done * 20 >= self.total:
            since, then = self.first                 # the rate since the first step: the first is often slow
            left = (now - since) / (self.done - then) * (self.total - self.done)
        text = status(self.done, self.total, self.what, now - self.start, failed=failed, left=left)
        if self.mode == "jupyter":
            if not isinstance(self.shown, _Bar):          # None: nothing shown yet
                self.shown = _Bar(self.total)
            if last:
                self.shown.end(text)
            else:
                self.shown.show(self.done, text)
        else:
            self.shown = True
            sys.stderr.write(f"\r{text:<79}")
            sys.stderr.flush()

    def close(self, failed: str | bool = False) -> None:
        """The end: the last line (how many in how long, or where a loop stopped: ``failed`` is ``"error"``
        or ``"early"``, see :func:`status`) stays, as text."""
        if self.closed:
            return
        self.closed = True
        if self.shown is None:
            return
        try:
            self._show(time.monotonic(), failed=failed, last=True)
            if self.shown is True:
                sys.stderr.write("\n")
        finally:
            self.shown = None


def _cell():
    """Which cell is running (IPython's execution count), or None outside IPython."""
    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    return getattr(shell, "execution_count", None)


def _close_at_end_of_cell() -> None:
    """Once per kernel: when a cell ends, close the meter it left open (its loop failed, or was left)."""
    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    events = getattr(shell, "events", None)
    if shell is None or events is None or getattr(shell, "_adversarial_progress_hook", False):
        return
    shell._adversarial_progress_hook = True

    def ended(result=None):
        if _outer is not None and not _outer.closed:
            _outer.close(failed="early" if getattr(result, "success", False) else "error")
    events.register("post_run_cell", ended)


def progress(items, what: str = "steps", total: int | None = None):
    """Yield each of ``items``, showing how far it has got (see the module's text) while it takes long.
    However the loop ends (its end, a ``break``, an error), the meter is closed."""
    if total is None and hasattr(items, "__len__"):
        total = len(items)
    meter = Progress(total, what)
    failed: str | bool = False
    cell_says = False                   # in Jupyter, the end of the cell says whether the loop's body failed
    try:
        for item in items:
            yield item
            meter.advance()
    except GeneratorExit:               # the loop was left (a break, or an error in its body)
        if meter.total is None or meter.done < meter.total:
            failed = "early"
            cell_says = meter is _outer and meter.mode == "jupyter" and _hooked()
        raise
    except BaseException:               # the items themselves failed
        failed = "error"
        raise
    finally:
        if not cell_says:
            meter.close(failed=failed)


def _hooked() -> bool:
    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    return bool(getattr(shell, "_adversarial_progress_hook", False))


__all__ = ["progress", "status", "Progress"]
