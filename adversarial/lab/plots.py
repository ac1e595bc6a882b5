"""Plots of the move-ordering experiments (matplotlib), and the interactive explorer.

Each function returns a matplotlib ``Figure`` (closed, so Jupyter shows it once,
as the cell's value), sized and lettered for the active theme (``lecture_mode()``:
charts as wide as a 1920 px screen's notebook, text of 24 px or more), legends
outside the data, log axes labelled "log scale":

>>> from adversarial.lab.experiments import leaf_counts
>>> fig = plot_leaves(leaf_counts([3], range(1, 5), seeds=(0,)), 3)
>>> [line.get_label() for line in fig.axes[0].get_lines()][:3]
['worst', 'random', 'best']
"""

from __future__ import annotations

import base64
import functools
import html
import io
import sys

import ipywidgets as w

from ..drawing.themes import theme_style
from .experiments import (
    ORDERS,
    ExperimentError,
    Table,
    UniformTree,
    effective_branching,
    knuth_moore,
    leaves_read,
    random_estimate,
)
from .experiments import (
    spread as experiment_spread,
)


def _load_matplotlib():
    """matplotlib, or None where it cannot be had. In the in-browser edition (Pyodide) it is
    asked of Pyodide's package host first; offline that fails, and each chart shows its numbers."""
    try:
        import matplotlib
        return matplotlib
    except ImportError:
        pass
    if sys.platform == "emscripten":
        try:
            import pyodide_js
            from pyodide.ffi import can_run_sync, run_sync
            if can_run_sync() and _may_reach_package_host():
                run_sync(pyodide_js.loadPackage("matplotlib"))
            import matplotlib
            return matplotlib
        except Exception:       # offline, or a browser that cannot wait: no charts, their numbers
            return None
    return None


def _may_reach_package_host() -> bool:
    """False when the browser knows it is offline: then Pyodide is not asked for matplotlib at all (it would try
    matplotlib and each of its ten dependencies, and every failed fetch is two errors in the browser's console).
    Online, the request itself tells (a blocked one fails and the chart shows its numbers)."""
    import js
    return bool(js.navigator.onLine)


matplotlib = _load_matplotlib()
if matplotlib is not None:
    import matplotlib.pyplot as plt
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter, NullFormatter
else:
    plt = None  # type: ignore[assignment]
    Figure = object  # type: ignore[assignment,misc]


class Chart(Figure):
    """A matplotlib figure that carries its words: ``finding`` (one sentence saying what the chart
    shows, computed from the same numbers; also its text form, so a page without the picture, or a
    screen reader reading the output's text, gets it) and ``numbers`` (the chart's numbers as a
    :class:`Table`)."""

    finding = ""
    numbers = None

    def __repr__(self) -> str:
        return f"Chart: {self.finding}" if self.finding else super().__repr__()

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        # JupyterLab, the site and exported HTML show text/html: the picture as an image whose alt is
        # the finding, its numbers in a box to open under it. image/png stays for other front ends;
        # nbval compares text/plain and the words (conftest.py leaves the image's bytes out).
        if not self.finding:
            return None                 # a plain figure: matplotlib's own display
        png = self.png()
        return {"text/html": chart_html(self, png), "image/png": base64.b64encode(png).decode("ascii"),
                "text/plain": repr(self)}

    def png(self) -> bytes:
        """The chart as PNG bytes (no software stamp in them)."""
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", metadata={"Software": None}, facecolor=self.get_facecolor())
        return buffer.getvalue()


def chart_html(chart, png: bytes) -> str:
    """A chart for a notebook or a page: an image whose ``alt`` is its finding, then its numbers as a
    table in a box to open ("The chart in numbers")."""
    data = base64.b64encode(png).decode("ascii")
    table = chart.numbers._repr_html_() if chart.numbers is not None else ""
    return (f"<div class='adversarial-chart'><img src=\"data:image/png;base64,{data}\" "
            f"alt=\"{html.escape(chart.finding)}\" style=\"max-width:100%;height:auto\"/>"
            f"<details class='adversarial-words'><summary>The chart in numbers</summary>"
            f"<p style='margin:0.3em 0'>{html.escape(chart.finding)}</p>{table}</details></div>")


if matplotlib is not None:
    del Chart.set      # matplotlib gives each subclass its own copy of Figure.set, with a docstring Sphinx cannot read


def describe(chart) -> str:
    """A chart's finding and its numbers as text (what a screen reader reads instead of the picture).

    >>> from adversarial.lab.experiments import leaf_counts
    >>> finding, *table = describe(plot_leaves(leaf_counts([2], range(1, 3), seeds=(0,)), 2)).splitlines()
    >>> finding.split(": ")[1].split(";")[0]
    'at depth 2 worst 4, random 4, best 3 (mean over the trees)'
    >>> print("\\n".join(table))
    d  worst  random  best  Knuth–Moore  b^d
    1      2       2     2            2    2
    2      4       4     3            3    4
    """
    if isinstance(chart, ChartNumbers):
        return f"{chart.title}\n{chart.table!r}"
    return f"{chart.finding}\n{chart.numbers!r}"


def _words(fig, finding: str, numbers) -> Chart:
    fig.finding, fig.numbers = finding, numbers
    return fig


# Each order's colour, marker and line style: the markers and the dashes tell the orders apart without
# colour (in grayscale or to a colour-blind reader), and every colour has a contrast of 3:1 or more on
# the charts' white background (worst 10.6, reversed 7.5, as given 5.3, random 3.2, best 9.9). Lightness
# tells them apart too where they lie next to each other: random, drawn between worst (above it) and best
# (below it), is light, they are dark, 3:1 or more from it in grayscale (3.3 and 3.1); an orange and a green
# 5/255 apart in grey (the colours before) read as one in grayscale.
STYLE = {"worst": ("#7a1a12", "v"), "reversed": ("#6f2dbd", "<"), "as given": ("#6b6b6b", "s"),
         "random": ("#e07000", "o"), "best": ("#004d36", "^")}
DASHES = {"worst": "-", "reversed": (0, (6, 2)), "as given": "-.", "random": (0, (1, 1.5)), "best": "-"}

# Chart sizes per theme: the width in inches (at matplotlib's 100 dpi: 900 px, or 1,400 px: the width
# of a 1920 px screen's notebook beside JupyterLab's side bar) and font sizes in points (18 pt at
# 100 dpi, or in an SVG shown at its size, is 24-25 px).
CHARTS = {
    "notebook": {"width": 9.0, "font": 11, "title": 12, "line": 1.8, "marker": 8},
    "projector": {"width": 14.0, "font": 18, "title": 20, "line": 3.5, "marker": 14},
}


def chart_style() -> dict:
    """The chart settings of the active theme (see ``CHARTS``)."""
    return CHARTS["projector" if theme_style()["heavy"] else "notebook"]


def _rc(chart: dict) -> dict:
    font = chart["font"]
    return {"font.size": font, "axes.titlesize": chart["title"], "axes.labelsize": font,
            "xtick.labelsize": font, "ytick.labelsize": font, "legend.fontsize": font,
            "lines.linewidth": chart["line"], "lines.markersize": chart["marker"],
            "svg.hashsalt": "adversarial"}


def _themed(draw):
    """Run a chart function inside the active theme's sizes (they are read as artists are made)."""
    @functools.wraps(draw)
    def themed(*args, **kwargs):
        if plt is None:
            return draw(*args, **kwargs)          # each function shows its numbers instead
        with plt.rc_context(_rc(chart_style())):
            return draw(*args, **kwargs)
    return themed


def _subplots(size, aspect):
    """A figure of ``size`` inches (default: the theme's width), laid out so the legend fits outside,
    on an opaque white background (the contrasts above hold in a dark JupyterLab too)."""
    width = chart_style()["width"]
    fig, ax = plt.subplots(figsize=size or (width, width * aspect), layout="constrained", FigureClass=Chart,
                           facecolor="white")
    return fig, ax


def _legend_outside(ax):
    """The legend to the right of the axes: never over the data."""
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0, frameon=False)


class ChartNumbers:
    """What a chart function gives where matplotlib cannot be had (the in-browser edition offline):
    a one-line note and the chart's numbers as a table."""

    NOTE = ("matplotlib is not available here (the in-browser edition offline), so here are the "
            "chart's numbers instead:" if sys.platform == "emscripten" else
            "matplotlib is not available here: pip install 'adversarial-search-lessons[plots]' (or "
            "matplotlib) and restart the kernel for the chart; here are the chart's numbers meanwhile:")

    def __init__(self, title: str, table):
        self.title, self.table = title, table

    def __repr__(self) -> str:
        return f"{self.NOTE}\n{self.title}\n{self.table!r}"

    def _repr_html_(self) -> str:
        return (f"<div class='adversarial-chart-numbers'><p><em>{html.escape(self.NOTE)}</em></p>"
                f"<p><b>{html.escape(self.title)}</b></p>{self.table._repr_html_()}</div>")


def _log_leaves(ax):
    """A log-scale y axis labelled with plain numbers (1, 10, 100, 1,000), not powers of ten, and
    saying that it is a log scale."""
    ax.set_yscale("log")
    ax.set_ylabel("leaves read (log scale)")
    ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"{y:,.0f}" if y >= 1 else f"{y:g}"))
    ax.yaxis.set_minor_formatter(NullFormatter())


def _theory(ax, b, depths, *, curves=True):
    """b^d, b^(3d/4), the Knuth–Moore minimum and b^(d/2), as lines over ``depths``."""
    # Thin, dashed or dotted, with small markers, drawn over the measured lines: where a measured
    # line lies on one of them (best order on Knuth–Moore), both still show.
    ds = list(depths)
    thin, small = chart_style()["line"] / 2, chart_style()["marker"] / 2
    on_top = {"lw": thin, "ms": small, "zorder": 4}
    ax.plot(ds, [b ** d for d in ds], "k-", marker="|", label="b^d (minimax)", **on_top)
    ax.plot(ds, [random_estimate(b, d) for d in ds], "k--", marker="+", label="b^(3d/4)", **on_top)
    ax.plot(ds, [knuth_moore(b, d) for d in ds], "k:", marker="x", label="Knuth–Moore minimum",
            **{**on_top, "lw": thin * 1.5})
    if curves:
        ax.plot(ds, [b ** (d / 2) for d in ds], color="0.4", ls="-.", marker=".", label="b^(d/2)",
                **on_top)


@_themed
def plot_leaves(table: Table, b: int, orders=None, *, size=None, spread=False):
    """Leaves read against depth for branching ``b``, each order beside the theory curves (log scale).

    With ``spread=True`` each point is the median over the seeded trees and a bar spans the
    smallest to the largest count (the table must come from ``leaf_counts``, which keeps them).
    """
    rows = [row for row in table if row["b"] == b]
    if not rows:
        raise ExperimentError(f"the table has no rows with b = {b}; it has b in "
                              f"{sorted({row['b'] for row in table})}")
    orders = [o for o in ORDERS if o in rows[0]] if orders is None else _chosen(orders, rows[0])
    if plt is None:
        return ChartNumbers(f"leaves read, branching b = {b}", Table([
            {"d": r["d"], **{o: r[o] for o in orders}, "Knuth–Moore": knuth_moore(b, r["d"]),
             "b^d": b ** r["d"]} for r in rows]))
    fig, ax = _subplots(size, 0.5)
    ds = [row["d"] for row in rows]
    for i, order in enumerate(orders):
        colour, marker = STYLE.get(order, ("C0", "o"))
        # each order a little to the side of its depth: the worst ▼ not on the b^d line, the best ▲
        # not under the Knuth–Moore ×, which they equal
        xs = [d + DODGE * (i - (len(orders) - 1) / 2) for d in ds]
        if spread:
            _spread_points(ax, table, b, ds, xs, order, colour, marker)
            continue
        ax.plot(xs, [row[order] for row in rows], marker=marker, color=colour, ls="none",
                label=order, zorder=5)
    _theory(ax, b, ds)
    _log_leaves(ax)
    ax.set_xticks(ds)
    ax.set(xlabel="depth d (each order drawn a little to the side)", title=f"branching b = {b}")
    _legend_outside(ax)
    plt.close(fig)
    deepest = rows[-1]
    kind = "median" if spread else "mean"
    finding = (f"Leaves read, branching b = {b}, depths {ds[0]} to {ds[-1]} (log scale): at depth {deepest['d']} "
               + ", ".join(f"{o} {_leaves_at(table, b, deepest, o, spread):,.0f}" for o in orders)
               + f" ({kind} over the trees); minimax reads b^d = {b ** deepest['d']:,} and the Knuth–Moore "
               f"minimum is {knuth_moore(b, deepest['d']):,}.")
    numbers = Table([{"d": r["d"], **{o: _leaves_at(table, b, r, o, spread) for o in orders},
                      "Knuth–Moore": knuth_moore(b, r["d"]), "b^d": b ** r["d"]} for r in rows])
    return _words(fig, finding, numbers)


def _chosen(orders, row) -> list:
    """``orders`` if each is a column of the table's ``row``, else a clear error naming the ones it has."""
    if isinstance(orders, str):
        raise ExperimentError(f"orders must be a list of order names, e.g. orders=[{orders!r}], got {orders!r}")
    orders = list(orders)
    have = [o for o in row if o in EXPLORER_ORDERS]
    unknown = [o for o in orders if o not in row]
    if not orders:
        raise ExperimentError(f"orders is empty: name at least one of {', '.join(have)}, or leave orders out")
    if unknown:
        raise ExperimentError(f"the table has no column for the order(s) {unknown}; it measured "
                              f"{', '.join(have) or 'no orders'} (leaf_counts(orders=...) measures others)")
    return orders


DODGE = 0.09     # depth units between neighbouring orders' markers in plot_leaves


def _leaves_at(table, b, row, order, spread):
    return experiment_spread(table.counts[(b, row["d"], order)]).median if spread else row[order]


def _spread_points(ax, table, b, ds, xs, order, colour, marker):
    """Median and min–max bar of ``order`` at each depth (drawn at ``xs``), from the counts
    ``leaf_counts`` keeps; markers and caps at the theme's size."""
    counts = getattr(table, "counts", None)
    if counts is None:
        raise ExperimentError("spread=True needs the table from leaf_counts (it keeps each "
                              "tree's count); this table has only the means")
    spreads = [experiment_spread(counts[(b, d, order)]) for d in ds]
    medians = [s.median for s in spreads]
    ms = chart_style()["marker"]
    ax.errorbar(xs, medians, yerr=[[m - s.min for m, s in zip(medians, spreads)],
                                   [s.max - m for m, s in zip(medians, spreads)]],
                marker=marker, color=colour, ls="none", ms=ms, capsize=ms / 2, zorder=5,
                label=f"{order} (median, range)")


@_themed
def plot_effective_branching(table: Table, orders=None, *, size=None):
    """Effective branching factor (leaves^(1/d)) of each order at each (b, deepest d), against b."""
    if orders is None:
        orders = [o for o in ORDERS if table.rows and o in table.rows[0]]
    elif table.rows:
        orders = _chosen(orders, table.rows[0])
    deepest: dict = {}
    for row in table:
        if row["d"] >= deepest.get(row["b"], {"d": 0})["d"]:
            deepest[row["b"]] = row
    bs = sorted(deepest)
    if plt is None:
        return ChartNumbers("effective branching factor, leaves^(1/d) at the deepest d measured", Table([
            {"b": b, "d": deepest[b]["d"],
             **{o: effective_branching(deepest[b][o], deepest[b]["d"]) for o in orders},
             "√b": b ** 0.5} for b in bs], formats={o: ".2f" for o in [*orders, "√b"]}))
    fig, ax = _subplots(size, 0.45)
    for order in orders:
        colour, marker = STYLE.get(order, ("C0", "o"))
        ax.plot(bs, [effective_branching(deepest[b][order], deepest[b]["d"]) for b in bs],
                marker=marker, color=colour, ls=DASHES.get(order, "-"), label=order)
    thin, small = chart_style()["line"] / 2, chart_style()["marker"] / 2
    on_top = {"lw": thin, "ms": small, "zorder": 4}       # over the measured lines: both show
    ax.plot(bs, bs, "k-", marker="|", label="b", **on_top)
    ax.plot(bs, [b ** 0.75 for b in bs], "k--", marker="+", label="b^(3/4)", **on_top)
    ax.plot(bs, [b ** 0.5 for b in bs], "k:", marker="x", label="√b", **{**on_top, "lw": thin * 1.5})
    ax.set(xlabel="branching b", ylabel="effective branching factor",
           title="leaves^(1/d) at the deepest d measured")
    _legend_outside(ax)
    plt.close(fig)
    numbers = Table([{"b": b, "d": deepest[b]["d"],
                      **{o: effective_branching(deepest[b][o], deepest[b]["d"]) for o in orders},
                      "√b": b ** 0.5} for b in bs], formats={o: ".2f" for o in [*orders, "√b"]})
    top = bs[-1]
    finding = (f"Effective branching factor leaves^(1/d) at the deepest depth measured, for b = {bs[0]} to "
               f"{top}: at b = {top} " + ", ".join(f"{o} {numbers.rows[-1][o]:.2f}" for o in orders)
               + f", against b = {top} for minimax and √b = {top ** 0.5:.2f}.")
    return _words(fig, finding, numbers)


@_themed
def plot_ladder(table: Table, *, title="", size=None):
    """The ladder's mean nodes per position as horizontal bars (first rung on top)."""
    names, nodes = table.column("technique"), table.column("mean nodes")
    if plt is None:
        return ChartNumbers(title or table.title or "mean nodes per position",
                            Table([{"technique": n, "mean nodes": v} for n, v in zip(names, nodes)]))
    fig, ax = _subplots(size, 0.4)
    ax.barh(range(len(names)), nodes, color="#3b6ea8")
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    for i, n in enumerate(nodes):
        ax.text(n, i, f" {n:,.0f}", va="center")
    ax.set(xlabel="mean nodes per position", title=title or table.title)
    ax.set_xlim(0, max(nodes) * 1.25)
    plt.close(fig)
    return _words(fig, _bars_finding(title or table.title or "mean nodes per position", dict(zip(names, nodes))),
                  Table([{"technique": n, "mean nodes": v} for n, v in zip(names, nodes)]))


def _bars_finding(title: str, values: dict) -> str:
    fewest = min(values, key=lambda name: values[name])
    return (f"{title}: " + ", ".join(f"{n} {v:,.6g}" for n, v in values.items())
            + f"; the smallest is {fewest}.")


@_themed
def plot_bars(values: dict, *, title: str = "", xlabel: str = "", log: bool = False, size=None):
    """``values`` (name -> number) as horizontal bars, the first on top, each labelled with its number;
    ``log``: a log-scale axis (and it says so). For a notebook's own bar chart, themed like the rest."""
    names, numbers = list(values), list(values.values())
    if not names:
        raise ExperimentError("plot_bars needs at least one bar: values is empty")
    label = f"{xlabel} (log scale)" if log and "log scale" not in xlabel else xlabel
    if plt is None:
        return ChartNumbers(title or label, Table([{"": n, label or "value": v} for n, v in values.items()]))
    fig, ax = _subplots(size, 0.1 + 0.06 * len(names))
    ax.barh(range(len(names)), numbers, color="#0072B2")
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    for i, n in enumerate(numbers):
        ax.text(n, i, f" {n:,.0f}" if float(n).is_integer() else f" {n:,.3g}", va="center")
    if log:
        ax.set_xscale("log")
        ax.set_xlim(min(numbers) / 2, max(numbers) * 8)
    else:
        ax.set_xlim(0, max(numbers) * 1.25)
    ax.set(xlabel=label, title=title)
    plt.close(fig)
    return _words(fig, _bars_finding(title or label or "values", values),
                  Table([{"": n, label or "value": v} for n, v in values.items()]))


@_themed
def plot_convergence(xs, series: dict, targets: dict | None = None, *, bands: dict | None = None,
                     title: str = "", xlabel: str = "", ylabel: str = "", log_x: bool = True, size=None):
    """Each of ``series`` (name -> values at ``xs``) as a marked line, with its ``targets`` value (name ->
    number, e.g. the minimax value) as a dotted reference line of the same colour. Reference lines that
    coincide are drawn a hair apart with different dashes, so none hides another; legend outside.
    ``bands`` (name -> (lows, highs) at ``xs``) shades each series' spread, e.g. the range over seeds."""
    # 3:1 or more on white each; markers and dashes tell the series apart without colour
    colours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#882255", "#6b6b6b"]
    markers, styles = ["o", "s", "^", "D", "v", "P"], ["-", "--", "-.", ":"]
    targets, bands = targets or {}, bands or {}
    def cells(name, i):
        if name not in bands:
            return {name: series[name][i]}
        return {name: series[name][i], f"{name} low": bands[name][0][i], f"{name} high": bands[name][1][i]}
    rows = [{xlabel or "x": x, **{k: v for name in series for k, v in cells(name, i).items()}}
            for i, x in enumerate(xs)]
    if targets and rows:
        rows.append({key: "" for key in rows[0]} | {xlabel or "x": "target"}
                    | {name: targets.get(name, "") for name in series})
    if plt is None:
        return ChartNumbers(title or ylabel or "values", Table(rows))
    fig, ax = _subplots(size, 0.45)
    spread = max((abs(v) for values in series.values() for v in values), default=1) or 1
    seen: dict = {}
    dashes = [(1, 2), (4, 2), (6, 2, 1, 2), (2, 4)]
    for k, ((name, values), colour) in enumerate(zip(series.items(), colours * 4)):
        ax.plot(list(xs), list(values), marker=markers[k % len(markers)], color=colour,
                ls=styles[k % len(styles)], label=name, zorder=3)
        if name in bands:
            ax.fill_between(list(xs), list(bands[name][0]), list(bands[name][1]), color=colour, alpha=0.2,
                            linewidth=0, zorder=1)
        if name in targets:
            value = targets[name]
            k = seen.get(value, 0)
            seen[value] = k + 1
            ax.axhline(value + k * 0.012 * spread, color=colour, linewidth=chart_style()["line"] / 2,
                       dashes=dashes[k % len(dashes)], label=f"{name}: target {value:g}", zorder=2)
    if log_x:
        ax.set_xscale("log")
        xlabel = xlabel if "log scale" in xlabel else f"{xlabel} (log scale)".strip()
    ax.set(xlabel=xlabel, ylabel=ylabel, title=title)
    _legend_outside(ax)
    plt.close(fig)
    last = list(xs)[-1] if len(xs) else None

    def at_end(name):
        target = f" (target {targets[name]:g})" if name in targets else ""
        return f"{name} {series[name][-1]:g}{target}" if len(series[name]) else name
    finding = (f"{title or ylabel or 'values'}: at {xlabel or 'x'} = {last:g}, "
               + ", ".join(at_end(name) for name in series) + ".") if last is not None else title
    return _words(fig, finding, Table(rows))


@_themed
def plot_ladder_spread(table: Table, *, title="", size=None):
    """Each rung's nodes per position, one dot per position (log scale), with a bar at the median:
    how much a rung's effect varies from position to position (``table`` from ``ladder``)."""
    nodes = getattr(table, "nodes", None)
    if nodes is None:
        raise ExperimentError("plot_ladder_spread needs the table from ladder (it keeps each "
                              "position's nodes)")
    names = table.column("technique")
    if plt is None:
        return ChartNumbers(title or table.title or "nodes per position", Table([
            {"technique": name, **{k: getattr(experiment_spread(nodes[name]), k)
                                   for k in ("min", "median", "max")}} for name in names]))
    fig, ax = _subplots(size, 0.5)
    for i, name in enumerate(names):
        counts = nodes[name]
        # hollow dots in full colour (overlaps still show, and each dot keeps 5:1 on white)
        ax.plot(counts, [i] * len(counts), "o", color="#3b6ea8", mfc="none", mew=chart_style()["line"] / 2)
        median = experiment_spread(counts).median
        ax.plot([median, median], [i - 0.3, i + 0.3], color="black", lw=chart_style()["line"])
        # the medians in a column right of the axes, away from every dot (not read as a legend bullet)
        ax.text(1.02, i, f"median {_as_printed(median)}", va="center", transform=ax.get_yaxis_transform(),
                clip_on=False)
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:,.0f}"))
    ax.xaxis.set_minor_formatter(NullFormatter())
    low = min(min(c) for c in nodes.values())
    high = max(max(c) for c in nodes.values())
    ax.set_xlim(low / 1.5, high * 1.5)
    ax.set(xlabel="nodes per position, log scale (a dot each; bar: median)", title=title or table.title)
    plt.close(fig)
    numbers = Table([{"technique": name, **{k: getattr(experiment_spread(nodes[name]), k)
                                            for k in ("min", "median", "max")}} for name in names])
    finding = (f"{title or table.title or 'nodes per position'}, one dot per position (log scale): median "
               + ", ".join(f"{r['technique']} {_as_printed(r['median'])} (from {_as_printed(r['min'])} to "
                           f"{_as_printed(r['max'])})" for r in numbers.rows) + ".")
    return _words(fig, finding, numbers)


def _as_printed(number: float) -> str:
    """A count as the table beside the chart prints it: whole, or with its one decimal (a median of two)."""
    return f"{number:,.0f}" if number == int(number) else f"{number:,.1f}"


# -- the explorer ----------------------------------------------------------------------

EXPLORER_ORDERS = ("worst", "reversed", "as given", "random", "best")
EXPLORER_MAX_LEAVES = 1 << 16     # keeps each slider move well under a second
EXPLORER_SEEDS = (0, 1, 2)        # three trees per point: enough to smooth the random order


_measured: dict = {}


def mean_leaves(b: int, d: int, order: str, seeds=EXPLORER_SEEDS) -> float:
    """Mean leaves alpha-beta reads on the seeded uniform trees (b, d) under ``order`` (cached)."""
    key = (b, d, order, tuple(seeds))
    if key not in _measured:
        counts = [leaves_read(UniformTree(b, d, seed), order, seed) for seed in seeds]
        _measured[key] = sum(counts) / len(counts)
    return _measured[key]


@_themed
def explorer_figure(b: int, d: int, order: str, *, size=None):
    """The explorer's plot: leaves read by ``order`` at depths 1..d for branching b, with theory."""
    if order not in EXPLORER_ORDERS:
        raise ExperimentError(f"unknown order {order!r}; choose from {', '.join(EXPLORER_ORDERS)}")
    for name, x in (("b", b), ("d", d)):
        if isinstance(x, bool) or not isinstance(x, int) or x < 1 + (name == "b"):
            raise ExperimentError(f"{name} must be a whole number, {1 + (name == 'b')} or more, got {x!r}")
    ds = [k for k in range(1, d + 1) if b ** k <= EXPLORER_MAX_LEAVES]
    if plt is None:
        return ChartNumbers(f"b = {b}, order: {order}", Table([
            {"d": k, f"{order} (measured)": mean_leaves(b, k, order), "Knuth–Moore": knuth_moore(b, k),
             "b^d": b ** k} for k in ds]))
    fig, ax = _subplots(size, 0.45)
    colour, marker = STYLE[order]
    # the measured line wide and translucent under the theory lines: on Knuth–Moore both show
    ax.plot(ds, [mean_leaves(b, k, order) for k in ds], marker=marker, color=colour, alpha=0.75,
            lw=chart_style()["line"] * 2, label=f"{order} (measured)", zorder=3)
    _theory(ax, b, ds)
    _log_leaves(ax)
    ax.set(xlabel="depth d", title=f"b = {b}, order: {order}")
    ax.set_xticks(ds)
    _legend_outside(ax)
    plt.close(fig)
    return _words(fig, explorer_caption(b, ds[-1], order) if ds else f"b = {b}, order: {order}", Table([
        {"d": k, f"{order} (measured)": mean_leaves(b, k, order), "Knuth–Moore": knuth_moore(b, k),
         "b^d": b ** k} for k in ds]))


def svg_of(fig) -> str:
    """A figure as SVG text, the same bytes every time for the same figure, shrinking to the width
    of the page if it is narrower (its numbers as a table where there is no matplotlib)."""
    if isinstance(fig, ChartNumbers):
        return fig._repr_html_()
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "adversarial", "svg.fonttype": "none"}):
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    svg = buffer.getvalue()[buffer.getvalue().index("<svg"):]
    finding = html.escape(getattr(fig, "finding", ""))
    svg = svg.replace("<svg ", f'<svg style="max-width:100%;height:auto" role="img" aria-label="{finding}" ', 1)
    return svg.replace(">", f"><title>{finding}</title>", 1) if finding else svg


def explorer_caption(b: int, d: int, order: str) -> str:
    """One sentence about the explorer's current point."""
    if b ** d > EXPLORER_MAX_LEAVES:
        return (f"b = {b}, d = {d}: b^d = {b ** d:,} leaves is too many to measure here "
                f"(limit {EXPLORER_MAX_LEAVES:,}); the plot stops at the deepest depth that fits.")
    leaves = mean_leaves(b, d, order)
    return (f"b = {b}, d = {d}, order {order}: {leaves:,.1f} leaves read (mean of "
            f"{len(EXPLORER_SEEDS)} trees); minimax reads {b ** d:,}; the Knuth–Moore minimum is "
            f"{knuth_moore(b, d):,}; effective branching factor {effective_branching(leaves, d):.2f}.")


class OrderingExplorer(w.VBox):
    """Sliders for b and d and a menu of orders; the plot and the sentence update as they move.

    >>> e = OrderingExplorer(b=2, d=3, order="best")
    >>> e.caption.value.startswith("b = 2, d = 3, order best: 5.0 leaves read")
    True
    >>> e.depth.value = 4; e.caption.value.split(";")[1:3]
    [' minimax reads 16', ' the Knuth–Moore minimum is 7']
    """

    def __init__(self, b: int = 3, d: int = 4, order: str = "random"):
        if order not in EXPLORER_ORDERS:
            raise ExperimentError(f"unknown order {order!r}; choose from {', '.join(EXPLORER_ORDERS)}")
        self.branching = w.IntSlider(value=b, min=2, max=8, description="b",
                                     continuous_update=False).add_class("adversarial-explorer-b")
        self.depth = w.IntSlider(value=d, min=1, max=8, description="d",
                                 continuous_update=False).add_class("adversarial-explorer-d")
        from ..widgets.keys import Keys  # names the slider handles (ipywidgets cannot)
        from ..widgets.stepper import FOCUS_CSS, slider_twin  # a named number box beside each slider
        self.branching_box = slider_twin(self.branching, "branching factor b")
        self.depth_box = slider_twin(self.depth, "depth d")
        self.order = w.Dropdown(options=EXPLORER_ORDERS, value=order, description="order"
                                ).add_class("adversarial-explorer-order")
        self.plot = w.HTML().add_class("adversarial-explorer-plot")
        self.caption = w.HTML().add_class("adversarial-explorer-caption")
        for control in (self.branching, self.depth, self.order):
            control.observe(lambda _: self.update(), names="value")
        names = Keys(root=".adversarial-explorer", handled=[], announce=False, picture="",
                     names={"adversarial-explorer-b": "branching factor b", "adversarial-explorer-d": "depth d"})
        super().__init__([w.HBox([self.branching, self.branching_box, self.depth, self.depth_box, self.order],
                                 layout=w.Layout(flex_flow="row wrap")), self.plot,
                          self.caption, names, w.HTML(FOCUS_CSS).add_class("adversarial-focus-style")])
        self.add_class("adversarial-explorer")
        if theme_style()["heavy"]:          # lecture_mode(): the controls and the sentence large too
            from ..widgets.stepper import LECTURE_CSS
            self.children = (w.HTML(LECTURE_CSS), *self.children)  # type: ignore[has-type]
            self.add_class("adversarial-lecture")
            self.caption.style.font_size = theme_style()["text"]
        self.update()

    @property
    def point(self) -> tuple:
        return self.branching.value, self.depth.value, self.order.value

    def update(self) -> None:
        """Measure the current point (cached) and redraw."""
        b, d, order = self.point
        self.plot.value = svg_of(explorer_figure(b, d, order))
        self.caption.value = explorer_caption(b, d, order)

    def _repr_mimebundle_(self, **kwargs):
        """A page without a kernel (a static site) shows the current plot and sentence;
        JupyterLab, with a kernel, shows the live widget instead."""
        bundle = super()._repr_mimebundle_(**kwargs) or {}
        bundle["text/html"] = (f'<div class="adversarial-explorer-static">{self.plot.value}'
                               f"<p>{self.caption.value}</p></div>")
        return bundle

    def __repr__(self) -> str:
        b, d, order = self.point
        return f"OrderingExplorer(b={b}, d={d}, order={order!r})"
