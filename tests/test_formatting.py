"""The one number formatter and table renderer (adversarial.formatting) that every table uses."""

import math

import pytest

from adversarial import alphabeta, tree
from adversarial.formatting import Table, fmt, html_table, text_table


def test_fmt_writes_scores_for_people():
    assert [fmt(x) for x in (3, 3.0, 2.5, math.inf, -math.inf, None)] == ["3", "3", "2.5", "+∞", "−∞", "—"]
    assert fmt(10**5000).endswith("e+5000")


def test_a_table_from_lists_keeps_the_header_order_and_refuses_a_short_row():
    t = Table.from_lists(["name", "n"], [["a", 1234], ["bb", 5]], note="(two rows)")
    assert repr(t) == "name      n\na     1,234\nbb        5\n(two rows)"
    assert t.column("n") == [1234, 5] and "<p>(two rows)</p>" in t._repr_html_()
    with pytest.raises(ValueError, match="2 cells but the header"):
        Table.from_lists(["a", "b", "c"], [[1, 2]])


def test_the_trace_table_is_drawn_by_the_shared_renderer():
    table = alphabeta(tree([[3, 5], [2, 9]]), trace=True).trace.table()
    assert str(table) == text_table(table.HEADER, table.cells(), rule=True)
    page = table._repr_html_()
    assert page.startswith('<table class="adversarial-trace"') and "color:#b00" in page
    assert html_table(["x"], [["<"]]) == ("<table><thead><tr><th>x</th></tr></thead>"
                                          "<tbody><tr><td>&lt;</td></tr></tbody></table>")


def test_a_table_of_rows_that_are_not_dicts_is_refused_when_built():
    """Issue 30: Table([['<b>', 1]]) was accepted and failed only when shown."""
    with pytest.raises(TypeError, match=r"rows must be dicts.*row 0 is \['<b>', 1\].*Table\.from_lists"):
        Table([["<b>", 1]])
    with pytest.raises(ValueError, match=r"same columns; row 1 has \['a', 'c'\]"):
        Table([{"a": 1, "b": 2}, {"a": 1, "c": 2}])
    shown = Table([{"name": "<b>&", "n": 1}])._repr_html_()
    assert "&lt;b&gt;&amp;" in shown and "<b>&" not in shown


@pytest.mark.parametrize("formats, error, message", [
    ({"a": "bogus"}, ValueError, r"formats\['a'\] = 'bogus' is not a format spec"),
    ({"a": 3}, ValueError, r"formats\['a'\] = 3 is not a format spec"),
    (["x"], TypeError, "formats must be a dict"),
])
def test_bad_formats_are_refused_when_the_table_is_built(formats, error, message):
    """A bad format spec, like rows that are not dicts, used to fail only when the table was shown."""
    with pytest.raises(error, match=message):
        Table([{"a": 1.5}], formats=formats)


def test_in_lecture_mode_a_table_keeps_scores_whole_and_breaks_headers_after_slashes():
    """Notebook 5's standings (12 columns at 28 px) fit a projected notebook only if its W-D-L cells are not
    broken at their hyphens, its header breaks after a slash, and cells take less padding; outside lecture mode
    the table's HTML is what it was."""
    from adversarial.themes import set_theme

    from adversarial import formatting
    table = Table.from_lists(["evaluation", "ahead/even/behind", "median (range)"],
                             [["open_windows", "8/0/0", "10 (+5 to +16)"],
                              ["centre_control", "16-1-3", "-1 (-6 to +5)"]])
    plain = table._repr_html_()
    assert "nowrap" not in plain and "<wbr>" not in plain and "padding" not in plain
    set_theme("projector")
    try:
        lecture = table._repr_html_()
    finally:
        set_theme("notebook")
    assert formatting.table_text_size == ""
    assert "<th style=\"padding:0.15em 0.3em\">ahead/<wbr>even/<wbr>behind</th>" in lecture
    assert '<td style="padding:0.15em 0.3em;white-space:nowrap">16-1-3</td>' in lecture
    assert '<td style="padding:0.15em 0.3em">10 (+5 to +16)</td>' in lecture      # may wrap at its spaces
    assert '<td style="padding:0.15em 0.3em">centre_<wbr>control</td>' in lecture  # and a name after "_"
    assert repr(table) == repr(Table.from_lists(table.columns, [list(r.values()) for r in table.rows]))
