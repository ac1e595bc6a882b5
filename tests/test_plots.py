"""Charts follow the theme (sizes, legends outside, log scale said), keep hidden lines visible, and
show their numbers where matplotlib cannot be had (the in-browser edition offline)."""

import pytest

from adversarial import plots
from adversarial.drawing.themes import set_theme
from adversarial.lab.experiments import leaf_counts

GRID = leaf_counts([2, 3], range(1, 5), seeds=(0, 1))


def charts():
    """Every chart the package draws, made in the active theme."""
    table = plots.Table([{"technique": "plain", "mean nodes": 120.0}, {"technique": "killers", "mean nodes": 80.0}])
    return {"leaves": plots.plot_leaves(GRID, 3), "branching": plots.plot_effective_branching(GRID),
            "ladder": plots.plot_ladder(table, title="a ladder"), "explorer": plots.explorer_figure(3, 4, "best"),
            "bars": plots.plot_bars({"minimax": 549946, "alpha-beta": 18297}, xlabel="nodes", log=True),
            "convergence": plots.plot_convergence([30, 100, 300], {"a": [0.2, 0.7, 0.9], "b": [0.5, 0.8, 1.0]},
                                                  {"a": 1, "b": 1}, xlabel="iterations", ylabel="estimate")}


@pytest.fixture
def projector():
    set_theme("projector")
    yield
    set_theme("notebook")


def texts(fig):
    fig.canvas.draw()
    return [t for t in fig.findobj(plots.matplotlib.text.Text) if t.get_text().strip() and t.get_visible()]


def test_projector_charts_fill_a_1920_px_screen_with_text_of_24_px_or_more(projector):
    for name, fig in charts().items():
        width_px = fig.get_figwidth() * fig.dpi
        assert 1300 <= width_px <= 1450, f"{name}: {width_px:.0f} px wide"   # beside Lab's side bar
        smallest = min(t.get_fontsize() * fig.dpi / 72 for t in texts(fig))
        assert smallest >= 24, f"{name}: smallest text {smallest:.1f} px"


def test_notebook_charts_stay_notebook_sized():
    for name, fig in charts().items():
        assert fig.get_figwidth() * fig.dpi <= 1000, name
        assert min(t.get_fontsize() for t in texts(fig)) >= 10, name


@pytest.mark.parametrize("theme", ["notebook", "projector"])
def test_legends_sit_outside_the_data_and_log_axes_say_so(theme):
    set_theme(theme)
    try:
        for name, fig in charts().items():
            ax = fig.axes[0]
            legend = ax.get_legend()
            if legend is not None:
                from matplotlib.backends.backend_agg import FigureCanvasAgg
                renderer = FigureCanvasAgg(fig).get_renderer()
                fig.draw(renderer)
                box, area = legend.get_window_extent(renderer), ax.get_window_extent(renderer)
                assert box.x0 >= area.x1 - 1, f"{name}: the legend covers the data"
            if ax.get_yscale() == "log":
                assert "log scale" in ax.get_ylabel(), name
    finally:
        set_theme("notebook")


def test_a_measured_line_lying_on_knuth_moore_leaves_both_visible():
    """With the best order the measured line is the Knuth–Moore line: the theory line is drawn on top,
    dotted and marked, the measured one wide and translucent under it."""
    fig = plots.explorer_figure(3, 4, "best")
    lines = {line.get_label(): line for line in fig.axes[0].get_lines()}
    measured, km = lines["best (measured)"], lines["Knuth–Moore minimum"]
    assert list(measured.get_ydata()) == list(km.get_ydata())           # the case that used to hide one
    assert km.get_zorder() > measured.get_zorder() and km.get_marker() not in ("None", None, "")
    assert km.get_linestyle() == ":" and measured.get_linewidth() > 2 * km.get_linewidth()
    assert measured.get_alpha() < 1


def test_without_matplotlib_a_chart_is_a_one_line_note_and_its_numbers(monkeypatch):
    monkeypatch.setattr(plots, "plt", None)
    made = charts()
    for name, chart in made.items():
        assert isinstance(chart, plots.ChartNumbers), name
        text = repr(chart)
        assert text.splitlines()[0] == plots.ChartNumbers.NOTE and "Traceback" not in text
        assert "<table>" in chart._repr_html_()
    leaves = made["leaves"].table
    assert leaves.column("d") == [1, 2, 3, 4] and leaves.column("best") == [r["best"] for r in GRID if r["b"] == 3]
    assert leaves.column("Knuth–Moore") == [plots.knuth_moore(3, d) for d in (1, 2, 3, 4)]
    explorer = plots.OrderingExplorer(b=2, d=3, order="best")         # the widget still works
    assert "chart&#x27;s numbers" in explorer.plot.value and explorer.caption.value.startswith("b = 2, d = 3")
    explorer.depth.value = 4
    assert "<td>4</td>" in explorer.plot.value


def test_in_lecture_mode_the_explorer_s_controls_and_sentence_are_large_too(projector):
    e = plots.OrderingExplorer(b=2, d=3, order="best")
    assert "adversarial-lecture" in e._dom_classes and e.caption.style.font_size == "28px"
    assert "font-size: 28px" in e.children[0].value
    set_theme("notebook")
    assert "adversarial-lecture" not in plots.OrderingExplorer(b=2, d=3)._dom_classes


def test_reference_lines_that_coincide_are_drawn_apart_with_different_dashes():
    """In the MCTS chart two minimax values of 1 lay on top of each other: one vanished."""
    fig = plots.plot_convergence([30, 100], {"a": [0.2, 0.9], "b": [0.5, 1.0]}, {"a": 1, "b": 1})
    lines = {line.get_label(): line for line in fig.axes[0].get_lines()}
    first, second = lines["a: target 1"], lines["b: target 1"]
    assert first.get_ydata()[0] != second.get_ydata()[0]
    assert first._dash_pattern != second._dash_pattern
    assert "log scale" in fig.axes[0].get_xlabel()
    with pytest.raises(plots.ExperimentError, match="values is empty"):
        plots.plot_bars({})


def test_without_matplotlib_a_convergence_chart_without_targets_keeps_every_row(monkeypatch):
    monkeypatch.setattr(plots, "plt", None)
    chart = plots.plot_convergence([30, 100], {"a": [0.2, 0.9]}, xlabel="iterations")
    assert chart.table.column("iterations") == [30, 100] and chart.table.column("a") == [0.2, 0.9]


def test_unknown_orders_are_refused_not_drawn_as_nothing():
    """Issue 30: explorer_figure(3, 4, 'bogus') and plot_leaves(..., orders=['bogus'])."""
    with pytest.raises(plots.ExperimentError, match="unknown order 'bogus'; choose from worst"):
        plots.explorer_figure(3, 4, "bogus")
    with pytest.raises(plots.ExperimentError, match=r"no column for the order\(s\) \['bogus'\]; it measured worst"):
        plots.plot_leaves(GRID, 3, orders=["bogus"])
    with pytest.raises(plots.ExperimentError, match=r"a list of order names, e.g. orders=\['best'\]"):
        plots.plot_leaves(GRID, 3, orders="best")
    with pytest.raises(plots.ExperimentError, match=r"no column for the order\(s\) \['bogus'\]"):
        plots.plot_effective_branching(GRID, orders=["best", "bogus"])


# -- every chart readable without colour, with contrast, in words and numbers (issue 29, item 3) -----------

def luminance(colour) -> float:
    from matplotlib.colors import to_rgb
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in to_rgb(colour)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a, b="white") -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("theme", ["notebook", "projector"])
def test_every_series_has_3_to_1_on_white_and_differs_by_marker_or_dashes_not_hue_alone(theme):
    set_theme(theme)
    try:
        for name, fig in charts().items():
            assert fig.get_facecolor()[:3] == (1.0, 1.0, 1.0) and fig.get_facecolor()[3] == 1, name
            lines = [ln for ln in fig.axes[0].get_lines() if not ln.get_label().startswith("_")]
            for line in lines:
                assert contrast(line.get_color()) >= 3, f"{name}: {line.get_label()} {line.get_color()}"
            looks = [(line.get_marker(), str(line.get_linestyle()), line._dash_pattern[1] and
                      tuple(line._dash_pattern[1])) for line in lines]
            assert len(set(looks)) == len(looks), f"{name}: two series differ by colour alone: {looks}"
            for text in texts(fig):
                assert contrast(text.get_color()) >= 4.5, f"{name}: text {text.get_text()!r}"
    finally:
        set_theme("notebook")


def test_every_chart_states_its_finding_and_keeps_its_numbers():
    for name, fig in charts().items():
        assert isinstance(fig, plots.Chart) and fig.finding and len(fig.numbers) >= 2, name
        assert repr(fig) == f"Chart: {fig.finding}", name
        assert plots.describe(fig).startswith(fig.finding), name
        svg = plots.svg_of(fig)
        assert 'role="img"' in svg and f"<title>{fig.finding.split(',')[0]}" in svg, name
    leaves = charts()["leaves"]
    deepest = [r for r in GRID if r["b"] == 3][-1]
    assert f"best {deepest['best']:,.0f}" in leaves.finding and f"worst {deepest['worst']:,.0f}" in leaves.finding
    assert leaves.numbers.column("Knuth–Moore") == [plots.knuth_moore(3, d) for d in (1, 2, 3, 4)]


def test_the_best_order_is_not_hidden_under_knuth_moore_nor_the_worst_on_b_to_the_d():
    for spread in (False, True):
        fig = plots.plot_leaves(GRID, 3, spread=spread)
        ax = fig.axes[0]
        lines = {ln.get_label(): ln for ln in ax.get_lines()}
        km, bd = lines["Knuth–Moore minimum"], lines["b^d (minimax)"]
        best = next(ln for ln in ax.get_lines() if ln.get_marker() == "^")
        worst = next(ln for ln in ax.get_lines() if ln.get_marker() == "v")
        assert set(best.get_xdata()).isdisjoint(km.get_xdata()), spread
        assert set(worst.get_xdata()).isdisjoint(bd.get_xdata()), spread


def test_spread_markers_take_the_theme_s_size(projector):
    fig = plots.plot_leaves(GRID, 3, spread=True)
    markers = [ln for ln in fig.axes[0].get_lines() if ln.get_marker() in ("v", "o", "^")]
    assert markers and all(ln.get_markersize() == plots.CHARTS["projector"]["marker"] for ln in markers)


def test_the_median_labels_stand_in_a_column_clear_of_every_dot():
    from adversarial.lab.experiments import Table
    table = Table([{"technique": "plain", "mean nodes": 50.0}, {"technique": "killers", "mean nodes": 30.0}])
    table.nodes = {"plain": [10, 40, 100], "killers": [5, 30, 55]}
    fig = plots.plot_ladder_spread(table)
    fig.canvas.draw()
    ax = fig.axes[0]
    labels = [t for t in ax.texts if t.get_text().startswith("median")]
    area = ax.get_window_extent()
    assert len(labels) == 2 and all(t.get_window_extent().x0 > area.x1 for t in labels)
    assert {round(t.get_window_extent().x0) for t in labels} == {round(labels[0].get_window_extent().x0)}
    assert "plain 40 (from 10 to 100)" in fig.finding and fig.numbers.column("median") == [40, 30]


def test_a_median_of_two_middle_counts_reads_the_same_in_the_label_the_words_and_the_table():
    """Issue 32: a label said "median 870" where the table said 870.5; the chart's words must say what both say."""
    from adversarial.lab.experiments import Table
    table = Table([{"technique": "plain", "mean nodes": 50.0}])
    table.nodes = {"plain": [10, 861, 880, 2000]}
    fig = plots.plot_ladder_spread(table)
    assert fig.numbers.column("median") == [870.5]
    assert [t.get_text() for t in fig.axes[0].texts] == ["median 870.5"]
    assert "plain 870.5 (from 10 to 2,000)" in fig.finding


def test_tables_and_boards_follow_the_theme(projector):
    from adversarial.formatting import Table
    from adversarial.games.connectfour_rules import CELL, Position, svg
    from adversarial.games.tictactoe import TicTacToe
    assert 'style="font-size:28px"' in Table([{"a": 1}], note="n")._repr_html_()
    assert "font-size:28px" in TicTacToe().board("X.O/.X./O..")._repr_html_()
    big = svg(Position(0, 0), highlight={1: "+2"})
    assert f"width='{7 * CELL['projector'] + 2 * (CELL['projector'] // 7)}'" in big
    assert float(big.split("font-size='")[1].split("'")[0]) >= 24
    set_theme("notebook")
    assert "font-size" not in Table([{"a": 1}])._repr_html_()
    assert "width='204'" in svg(Position(0, 0))


def test_every_chart_shows_in_jupyter_as_an_image_with_its_finding_as_alt_and_its_numbers():
    # JupyterLab showed a chart as a bare image/png (an <img> with no alt: axe-core's critical image-alt).
    import base64
    import html
    import re

    from IPython.core.formatters import DisplayFormatter
    for name, chart in charts().items():
        data, _ = DisplayFormatter().format(chart)
        assert chart.finding and data["text/plain"] == f"Chart: {chart.finding}", name
        page = data["text/html"]
        img = re.search(r"<img [^>]*>", page).group(0)
        assert f'alt="{html.escape(chart.finding)}"' in img, name
        shown = base64.b64decode(re.search(r'src="data:image/png;base64,([^"]+)"', img).group(1))
        assert shown[:4] == b"\x89PNG" and base64.b64decode(data["image/png"]) == shown, name
        assert "<details" in page and chart.numbers._repr_html_() in page, name


def test_random_is_told_from_worst_and_best_by_lightness_and_every_order_stands_out_on_white():
    """In grayscale, random (drawn between worst, above it, and best, below it) is light and they are dark: 3:1
    or more from each (random and best were 5/255 apart in grey); every order keeps 3:1 or more on white."""
    assert all(contrast(colour) >= 3 for colour, _ in plots.STYLE.values())
    for neighbour in ("worst", "best"):
        assert contrast(plots.STYLE["random"][0], plots.STYLE[neighbour][0]) >= 3, neighbour


# ---- the in-browser edition does not ask Pyodide's package host for matplotlib when it knows it is offline ----

def _browser(monkeypatch, online: bool):
    """A stand-in for Pyodide's ``js`` module that records every fetch."""
    import sys
    import types
    asked = []
    js = types.SimpleNamespace(navigator=types.SimpleNamespace(onLine=online),
                               fetch=lambda *args, **kwargs: asked.append(args))
    monkeypatch.setitem(sys.modules, "js", js)
    return asked


def test_offline_known_asks_the_package_host_nothing(monkeypatch):
    asked = _browser(monkeypatch, online=False)
    assert plots._may_reach_package_host() is False
    assert asked == []


def test_online_the_package_host_is_asked(monkeypatch):
    asked = _browser(monkeypatch, online=True)
    assert plots._may_reach_package_host() is True
    assert asked == []          # (the request is Pyodide's loadPackage itself, not a first one of ours)
