"""Long experiments show how far they are and how long is left, where someone is watching, and leave
nothing a notebook test compares (adversarial.lab.progress)."""

import io

import pytest

from adversarial.lab import progress as p


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


@pytest.fixture(autouse=True)
def no_outer_meter(monkeypatch):
    """Each test starts with no running meter: one left open by an earlier test's refused experiment (same
    worker process) would make these meters nested, and so silent."""
    monkeypatch.setattr(p, "_outer", None)


@pytest.fixture
def clock(monkeypatch):
    c = Clock()
    monkeypatch.setattr(p.time, "monotonic", c)
    return c


def slow(items, clock, seconds=0.5):
    for item in items:
        clock.now += seconds
        yield item


def test_a_terminal_gets_one_line_rewritten_with_the_time_left(monkeypatch, clock):
    class Tty(io.StringIO):
        def isatty(self):
            return True
    err = Tty()
    monkeypatch.setattr(p.sys, "stderr", err)
    monkeypatch.delenv("ADVERSARIAL_PROGRESS", raising=False)
    assert list(p.progress(list(slow(range(8), clock)), "games")) == list(range(8))
    # the items were made before: time moves only as each is handed out
    assert err.getvalue() == ""              # handed out at once: nothing took long
    monkeypatch.setattr(p.sys, "stderr", Tty())
    meter = p.Progress(8, "games")
    for _ in range(8):
        clock.now += 0.5
        meter.advance()
    meter.close()
    shown = p.sys.stderr.getvalue()
    assert "\r2 of 8 games (25%), 1 s so far, about 3 s left" in shown
    assert shown.rstrip().endswith("done: 8 games in 4 s") and shown.endswith("\n")


def test_quick_runs_redirected_output_and_the_off_switch_show_nothing(monkeypatch, clock):
    err = io.StringIO()                      # not a terminal
    monkeypatch.setattr(p.sys, "stderr", err)
    assert list(p.progress(slow(range(5), clock), "games", total=5)) == list(range(5))
    assert err.getvalue() == ""

    class Tty(io.StringIO):
        def isatty(self):
            return True
    monkeypatch.setattr(p.sys, "stderr", Tty())
    monkeypatch.setenv("ADVERSARIAL_PROGRESS", "off")
    list(p.progress(slow(range(5), clock), "games", total=5))
    monkeypatch.delenv("ADVERSARIAL_PROGRESS")
    list(p.progress(slow(range(5), clock, 0.1), "games", total=5))     # all within the first second
    assert p.sys.stderr.getvalue() == ""


def test_in_jupyter_the_bar_is_shown_by_its_view_alone_so_nbval_compares_nothing(monkeypatch, clock):
    shown = []
    monkeypatch.setattr(p, "_mode", lambda: "jupyter")
    import IPython.display
    monkeypatch.setattr(IPython.display, "display", lambda bundle, raw=False: shown.append((bundle, raw)))
    meter = p.Progress(10, "searches")
    for _ in range(10):
        clock.now += 0.3
        meter.advance()
    meter.close()
    assert len(shown) == 1
    bundle, raw = shown[0]
    assert raw and list(bundle) == ["application/vnd.jupyter.widget-view+json"]   # no text/plain to compare
    assert meter.shown is None                                                     # closed
    assert p.status(10, 10, "searches", 3.0) == "done: 10 searches in 3 s"


def test_the_experiments_report_their_progress(monkeypatch):
    from adversarial.beyond.ordering import tictactoe_centre_first
    from adversarial.games.tictactoe import TicTacToe
    from adversarial.lab import experiments
    seen = []

    class Meter:
        def __init__(self, total, what):
            seen.append([total, what, 0])

        def advance(self, steps=1):
            seen[-1][2] += steps

        def close(self):
            seen[-1].append("closed")
    monkeypatch.setattr(experiments, "Progress", Meter)
    game = TicTacToe()
    positions = [game.initial_state()]
    table = experiments.ladder(game, positions, 2, tictactoe_centre_first, evaluate=lambda s: 0)
    assert seen == [[len(table) * 1, "searches", len(table), "closed"]]


def test_an_experiment_made_of_smaller_ones_shows_one_bar(monkeypatch, clock):
    shown = []
    monkeypatch.setattr(p, "_mode", lambda: "jupyter")
    import IPython.display
    monkeypatch.setattr(IPython.display, "display", lambda bundle, raw=False: shown.append(bundle))
    outer = p.Progress(3, "matches")
    for _ in range(3):
        for _ in p.progress(range(4), "openings"):      # each match 2 s: would show its own bar
            clock.now += 0.5
        outer.advance()
    outer.close()
    assert len(shown) == 1
    list(p.progress(slow(range(4), clock), "openings"))   # the outer one closed: this one shows
    assert len(shown) == 2
