"""Progress for the experiments that take more than a moment: how far, and about how long is left.

``progress(items, "games")`` hands out ``items`` one by one, like ``iter``; once a second has passed it
shows where it is, and keeps that up to date (at most four times a second):

- in Jupyter (JupyterLab, Notebook 7, the in-browser edition): a bar and a line of text, as a widget
  that has no text form, so a notebook test comparing outputs (nbval) sees nothing to compare;
- in a terminal: one line on standard error, rewritten in place;
- nowhere else (output redirected to a file), and nowhere when the environment variable
  ``ADVERSARIAL_PROGRESS`` is ``off`` (``tools/notebooks.py`` sets it, so stored notebooks never hold it).

An experiment made of smaller ones (a tournament of matches) shows one bar: the outer one. A meter
started while another is running and active (advanced in the last half minute) stays quiet.

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


def status(done: int, total: int | None, what: str, elapsed: float) -> str:
    """The line shown: how many of how many, the time so far and about how long is left.

    >>> status(10, 40, "games", 8.0)
    '10 of 40 games (25%), 8 s so far, about 24 s left'
    >>> status(40, 40, "games", 31.0)
    'done: 40 games in 31 s'
    """
    if total is not None and done >= total:
        return f"done: {total:,} {what} in {_seconds(elapsed)}"
    if not total:
        return f"{done:,} {what}, {_seconds(elapsed)} so far"
    left = elapsed / done * (total - done) if done else None
    rest = f", about {_seconds(left)} left" if left is not None else ""
    return f"{done:,} of {total:,} {what} ({done / total:.0%}), {_seconds(elapsed)} so far{rest}"


class _Bar:
    """The widget: a bar and its line, shown once (by its view only, no text form)."""

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
        display({"application/vnd.jupyter.widget-view+json": {
            "model_id": self.box.model_id, "version_major": 2, "version_minor": 0}}, raw=True)

    def show(self, done, text):
        self.bar.value = min(done, self.bar.max)
        self.line.value = text


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
        inside = _outer is not None and not _outer.closed and self.start - _outer.active < STALE
        self.mode = "off" if inside else _mode()
        self.closed = False
        if not inside:
            _outer = self

    def advance(self, steps: int = 1) -> None:
        self.done += steps
        now = self.active = time.monotonic()
        if self.mode == "off":
            return
        if now - self.start < SHOW_AFTER or now - self.last < EVERY:
            return
        self.last = now
        self._show(now)

    def _show(self, now) -> None:
        text = status(self.done, self.total, self.what, now - self.start)
        if self.mode == "jupyter":
            if not isinstance(self.shown, _Bar):          # None: nothing shown yet
                self.shown = _Bar(self.total)
            self.shown.show(self.done, text)
        else:
            self.shown = True
            sys.stderr.write(f"\r{text:<79}")
            sys.stderr.flush()

    def close(self) -> None:
        self.closed = True
        if self.shown is None:
            return
        self._show(time.monotonic())
        if self.shown is True:
            sys.stderr.write("\n")
        self.shown = None


def progress(items, what: str = "steps", total: int | None = None):
    """Yield each of ``items``, showing how far it has got (see the module's text) while it takes long."""
    if total is None and hasattr(items, "__len__"):
        total = len(items)
    meter = Progress(total, what)
    try:
        for item in items:
            yield item
            meter.advance()
    finally:
        meter.close()


__all__ = ["progress", "status", "Progress"]
