"""Plots of the move-ordering experiments (matplotlib), and the interactive explorer.

Each function returns a matplotlib ``Figure`` (closed, so Jupyter shows it once,
as the cell's value):

>>> from adversarial.experiments import leaf_counts
>>> fig = plot_leaves(leaf_counts([3], range(1, 5), seeds=(0,)), 3)
>>> [line.get_label() for line in fig.axes[0].get_lines()][:3]
['worst', 'random', 'best']
"""

from __future__ import annotations

import io

import ipywidgets as w

try:
    import matplotlib
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter, NullFormatter
except ModuleNotFoundError as missing:      # matplotlib is the `plots` extra, not a core dependency
    raise ModuleNotFoundError(
        "adversarial.plots draws its charts with matplotlib, which is not installed here: "
        "pip install 'adversarial-search-lessons[plots]' (or pip install matplotlib), then restart the kernel",
        name="matplotlib") from missing

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

STYLE = {"worst": ("#b3261e", "v"), "reversed": ("#8e5a00", "<"), "as given": ("#6b6b6b", "s"),
         "random": ("#e08a00", "o"), "best": ("#1b7a3a", "^")}


def _log_leaves(ax):
    """A log-scale y axis labelled with plain numbers (1, 10, 100, 1,000), not powers of ten."""
    ax.set_yscale("log")
    ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"{y:,.0f}" if y >= 1 else f"{y:g}"))
    ax.yaxis.set_minor_formatter(NullFormatter())


def _theory(ax, b, depths, *, curves=True):
    """b^d, b^(3d/4), the Knuth–Moore minimum and b^(d/2), as lines over ``depths``."""
    ds = list(depths)
    ax.plot(ds, [b ** d for d in ds], "k-", lw=1, label="b^d (minimax)")
    ax.plot(ds, [random_estimate(b, d) for d in ds], "k--", lw=1, label="b^(3d/4)")
    ax.plot(ds, [knuth_moore(b, d) for d in ds], "k:", lw=1.5, label="Knuth–Moore minimum")
    if curves:
        ax.plot(ds, [b ** (d / 2) for d in ds], color="0.6", ls="-.", lw=1, label="b^(d/2)")


def plot_leaves(table: Table, b: int, orders=None, *, size=(6.4, 4), spread=False):
    """Leaves read against depth for branching ``b``, each order beside the theory curves (log scale).

    With ``spread=True`` each point is the median over the seeded trees and a bar spans the
    smallest to the largest count (the table must come from ``leaf_counts``, which keeps them).
    """
    rows = [row for row in table if row["b"] == b]
    if not rows:
        raise ExperimentError(f"the table has no rows with b = {b}; it has b in "
                              f"{sorted({row['b'] for row in table})}")
    orders = [o for o in (orders or ORDERS) if o in rows[0]]
    fig, ax = plt.subplots(figsize=size)
    ds = [row["d"] for row in rows]
    for order in orders:
        colour, marker = STYLE.get(order, ("C0", "o"))
        if spread:
            _spread_points(ax, table, b, ds, order, colour, marker)
            continue
        ax.plot(ds, [row[order] for row in rows], marker=marker, color=colour, ls="none",
                ms=8, label=order)
    _theory(ax, b, ds)
    _log_leaves(ax)
    ax.set(xlabel="depth d", ylabel="leaves read", title=f"branching b = {b}")
    ax.legend(fontsize=8)
    fig.tight_layout()
    plt.close(fig)
    return fig


def _spread_points(ax, table, b, ds, order, colour, marker):
    """Median and min–max bar of ``order`` at each depth, from the counts ``leaf_counts`` keeps."""
    counts = getattr(table, "counts", None)
    if counts is None:
        raise ExperimentError("spread=True needs the table from leaf_counts (it keeps each "
                              "tree's count); this table has only the means")
    spreads = [experiment_spread(counts[(b, d, order)]) for d in ds]
    medians = [s.median for s in spreads]
    ax.errorbar(ds, medians, yerr=[[m - s.min for m, s in zip(medians, spreads)],
                                   [s.max - m for m, s in zip(medians, spreads)]],
                marker=marker, color=colour, ls="none", ms=7, capsize=3,
                label=f"{order} (median, range)")


def plot_effective_branching(table: Table, orders=None, *, size=(6.4, 3.6)):
    """Effective branching factor (leaves^(1/d)) of each order at each (b, deepest d), against b."""
    orders = orders or [o for o in ORDERS if table.rows and o in table.rows[0]]
    deepest = {}
    for row in table:
        if row["d"] >= deepest.get(row["b"], {"d": 0})["d"]:
            deepest[row["b"]] = row
    bs = sorted(deepest)
    fig, ax = plt.subplots(figsize=size)
    for order in orders:
        colour, marker = STYLE.get(order, ("C0", "o"))
        ax.plot(bs, [effective_branching(deepest[b][order], deepest[b]["d"]) for b in bs],
                marker=marker, color=colour, label=order)
    ax.plot(bs, bs, "k-", lw=1, label="b")
    ax.plot(bs, [b ** 0.75 for b in bs], "k--", lw=1, label="b^(3/4)")
    ax.plot(bs, [b ** 0.5 for b in bs], "k:", lw=1.5, label="√b")
    ax.set(xlabel="branching b", ylabel="effective branching factor",
           title="leaves^(1/d) at the deepest d measured")
    ax.legend(fontsize=8)
    fig.tight_layout()
    plt.close(fig)
    return fig


def plot_ladder(table: Table, *, title="", size=(7, 3.2)):
    """The ladder's mean nodes per position as horizontal bars (first rung on top)."""
    names, nodes = table.column("technique"), table.column("mean nodes")
    fig, ax = plt.subplots(figsize=size)
    ax.barh(range(len(names)), nodes, color="#3b6ea8")
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    for i, n in enumerate(nodes):
        ax.text(n, i, f" {n:,.0f}", va="center", fontsize=8)
    ax.set(xlabel="mean nodes per position", title=title or table.title)
    ax.set_xlim(0, max(nodes) * 1.2)
    fig.tight_layout()
    plt.close(fig)
    return fig


def plot_ladder_spread(table: Table, *, title="", size=(7, 3.4)):
    """Each rung's nodes per position, one dot per position (log scale), with a bar at the median:
    how much a rung's effect varies from position to position (``table`` from ``ladder``)."""
    nodes = getattr(table, "nodes", None)
    if nodes is None:
        raise ExperimentError("plot_ladder_spread needs the table from ladder (it keeps each "
                              "position's nodes)")
    names = table.column("technique")
    fig, ax = plt.subplots(figsize=size)
    for i, name in enumerate(names):
        counts = nodes[name]
        ax.plot(counts, [i] * len(counts), "o", color="#3b6ea8", alpha=0.45, ms=5)
        median = experiment_spread(counts).median
        ax.plot([median, median], [i - 0.3, i + 0.3], color="black", lw=2)
        ax.text(max(counts), i, f"  median {median:,.0f}", va="center", fontsize=8)
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:,.0f}"))
    ax.xaxis.set_minor_formatter(NullFormatter())
    low = min(min(c) for c in nodes.values())
    high = max(max(c) for c in nodes.values())
    ax.set_xlim(low / 1.5, high * 4)
    ax.set(xlabel="nodes per position (one dot each; bar: median)", title=title or table.title)
    fig.tight_layout()
    plt.close(fig)
    return fig


# -- the explorer ----------------------------------------------------------------------

EXPLORER_ORDERS = ("worst", "reversed", "as given", "random", "best")
EXPLORER_MAX_LEAVES = 1 << 16     # keeps each slider move well under a second
EXPLORER_SEEDS = (0, 1, 2)        # three trees per point: enough to smooth the random order


_measured = {}


def mean_leaves(b: int, d: int, order: str, seeds=EXPLORER_SEEDS) -> float:
    """Mean leaves alpha-beta reads on the seeded uniform trees (b, d) under ``order`` (cached)."""
    key = (b, d, order, tuple(seeds))
    if key not in _measured:
        counts = [leaves_read(UniformTree(b, d, seed), order, seed) for seed in seeds]
        _measured[key] = sum(counts) / len(counts)
    return _measured[key]


def explorer_figure(b: int, d: int, order: str, *, size=(6, 3.8)):
    """The explorer's plot: leaves read by ``order`` at depths 1..d for branching b, with theory."""
    ds = [k for k in range(1, d + 1) if b ** k <= EXPLORER_MAX_LEAVES]
    fig, ax = plt.subplots(figsize=size)
    colour, marker = STYLE[order]
    ax.plot(ds, [mean_leaves(b, k, order) for k in ds], marker=marker, color=colour, ms=8,
            label=f"{order} (measured)")
    _theory(ax, b, ds)
    _log_leaves(ax)
    ax.set(xlabel="depth d", ylabel="leaves read", title=f"b = {b}, order: {order}")
    ax.set_xticks(ds)
    ax.legend(fontsize=8)
    fig.tight_layout()
    plt.close(fig)
    return fig


def svg_of(fig) -> str:
    """A figure as SVG text, the same bytes every time for the same figure."""
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "adversarial", "svg.fonttype": "none"}):
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    return buffer.getvalue()[buffer.getvalue().index("<svg"):]


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
        self.order = w.Dropdown(options=EXPLORER_ORDERS, value=order, description="order"
                                ).add_class("adversarial-explorer-order")
        self.plot = w.HTML().add_class("adversarial-explorer-plot")
        self.caption = w.HTML().add_class("adversarial-explorer-caption")
        for control in (self.branching, self.depth, self.order):
            control.observe(lambda _: self.update(), names="value")
        super().__init__([w.HBox([self.branching, self.depth, self.order]), self.plot,
                          self.caption])
        self.add_class("adversarial-explorer")
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
