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
