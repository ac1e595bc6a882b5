"""Numbers and tables as text: the one number formatter and the one table renderer of the package.

Every table the package shows — an experiment's rows (:class:`Table`), a trace's α/β table
(:class:`~adversarial.trace.TraceTable`), the iterations of iterative deepening
(:meth:`~adversarial.beyond.deepening.DeepeningResult.table`), a match's standings — is drawn by
:func:`text_table` (aligned text) and :func:`html_table` (HTML for Jupyter). This module
imports nothing from the package, so every module can use it.

>>> fmt(3.0), fmt(float("inf")), fmt(None), fmt(10**30), fmt(0.3 * 7 + 0.7 * -3)
('3', '+∞', '—', '1.000e+30', '0')
>>> Table([{"b": 2, "leaves": 7}, {"b": 3, "leaves": 17}])
b  leaves
2       7
3      17
"""

from __future__ import annotations

import html
import math
import re


def fmt(x) -> str:
    """Format a score for tables and sentences: ints stay ints, infinities are ∞."""
    if x is None:
        return "—"
    if x == math.inf:
        return "+∞"
    if x == -math.inf:
        return "−∞"
    if isinstance(x, float) and math.isfinite(x):
        # Rounding's dust goes: 0.3·7 + 0.7·(−3) is 4.44e-16 in floating point, read as 0; 2.1000000000000005
        # as 2.1. A value is shown to 10 decimals and 6 significant digits at most.
        x = round(x, 10) + 0.0          # + 0.0: no "-0"
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e16:    # 1e308: not 309 digits
        return str(int(x))
    if isinstance(x, float):
        return f"{x:g}"
    if isinstance(x, int) and not -10**21 < x < 10**21:
        return _scientific(x)
    return str(x)


def _scientific(x: int) -> str:
    """A huge int as ``1.234e+5000``, without printing all its digits (Python refuses past 4300)."""
    sign, x = ("-" if x < 0 else ""), abs(x)
    exponent = int(math.log10(x))
    exponent += (x >= 10 ** (exponent + 1)) - (x < 10 ** exponent)    # log10 may be off by one
    digits = str(x // 10 ** (exponent - 3))
    return f"{sign}{digits[0]}.{digits[1:]}e+{exponent}"


def count(n: int, one: str, many: str | None = None) -> str:
    """A number and its noun, singular or plural: ``count(1, "level")`` is "1 level", ``count(3, "leaf",
    "leaves")`` "3 leaves"."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def number(value, spec: str = ",.1f") -> str:
    """A table cell: ints with thousands separators, floats by ``spec`` (whole floats as ints), text as is."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        if math.isinf(value) or math.isnan(value):
            return fmt(value)
        return f"{value:,.0f}" if value == int(value) and spec == ",.1f" else format(value, spec)
    if isinstance(value, int):
        return f"{value:,}" if -10**21 < value < 10**21 else _scientific(value)
    return str(value)


def text_table(header, rows, *, right=None, rule: bool = False) -> str:
    """Rows of cells (strings) under ``header`` as aligned text.

    ``right[i]`` says whether column ``i`` is aligned right (default: every column left);
    ``rule`` draws a line of dashes under the header.
    """
    header = [str(h) for h in header]
    cells = [header] + [[str(c) for c in r] for r in rows]
    right = right or [False] * len(header)
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    lines = ["  ".join(v.rjust(w) if r else v.ljust(w) for v, w, r in zip(row, widths, right)).rstrip()
             for row in cells]
    if rule:
        lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def html_table(header, rows, *, caption: str = "", attributes: str = "", cell_style=None) -> str:
    """Rows of cells (strings) under ``header`` as an HTML table.

    ``attributes`` go into the ``<table>`` tag; ``cell_style(row, column)`` gives a cell's
    ``style`` (``row`` -1 is the header), or ``""`` for none.
    """
    def style(r, c):
        s = cell_style(r, c) if cell_style else ""
        return f' style="{s}"' if s else ""

    head = "".join(f"<th{style(-1, c)}>{html.escape(str(h))}</th>" for c, h in enumerate(header))
    body = "".join("<tr>" + "".join(f"<td{style(r, c)}>{html.escape(str(v))}</td>" for c, v in enumerate(row))
                   + "</tr>" for r, row in enumerate(rows))
    caption = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    attributes = f" {attributes}" if attributes else ""
    return f"<table{attributes}>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _checked_formats(formats) -> dict:
    """``formats`` (column -> a format spec for its floats) if each spec formats a float, else a clear error."""
    if formats is None:
        return {}
    if not isinstance(formats, dict):
        raise TypeError(f"formats must be a dict of column name -> format spec, e.g. {{'ratio': '.2f'}}, "
                        f"got {formats!r}")
    for column, spec in formats.items():
        try:
            format(1.5, spec)
        except (TypeError, ValueError):
            raise ValueError(f"formats[{column!r}] = {spec!r} is not a format spec for numbers; write one such "
                             "as '.2f' (2 decimals), ',.0f' (thousands, no decimals) or '.1%'") from None
    return formats


class Table:
    """Rows (a list of dicts with the same keys), shown as an HTML table in Jupyter and as aligned
    text elsewhere; numeric columns are aligned right.

    ``formats`` maps a column to the format spec of its floats (default ``",.1f"``); ``title`` is
    the HTML caption; ``note`` a line shown under the table. A table made from a header and lists
    of cells: ``Table.from_lists(header, rows)``.
    """

    def __init__(self, rows: list[dict], title: str = "", formats: dict | None = None, note: str = ""):
        self.rows, self.title, self.note = list(rows), title, note
        self.columns = list(self.rows[0]) if self.rows and isinstance(self.rows[0], dict) else []
        for i, row in enumerate(self.rows):
            if not isinstance(row, dict):
                raise TypeError(f"Table rows must be dicts (column name -> value); row {i} is {row!r}. For "
                                "rows given as lists of cells use Table.from_lists(header, rows)")
            if list(row) != self.columns:
                raise ValueError(f"every row of a Table must have the same columns; row {i} has {list(row)}, "
                                 f"row 0 has {self.columns}")
        self.formats = _checked_formats(formats)

    @classmethod
    def from_lists(cls, header, rows, title: str = "", formats: dict | None = None, note: str = "") -> Table:
        """A table from a header and rows given as lists of cells, in the header's order."""
        header = list(header)
        for row in rows:
            if len(row) != len(header):
                raise ValueError(f"a row has {len(row)} cells but the header {header} has {len(header)}")
        table = cls([dict(zip(header, row)) for row in rows], title, formats, note)
        table.columns = header
        return table

    def _cell(self, row, column) -> str:
        return number(row[column], self.formats.get(column, ",.1f"))

    def column(self, name: str) -> list:
        """One column's values, top to bottom."""
        if name not in self.columns:
            raise KeyError(f"no column {name!r}; the columns are {self.columns}")
        return [row[name] for row in self.rows]

    def __len__(self):
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def __getitem__(self, i):
        return self.rows[i]

    def __repr__(self) -> str:
        numeric = [bool(self.rows) and all(isinstance(row[c], (int, float)) and not isinstance(row[c], bool)
                                           for row in self.rows) for c in self.columns]
        text = text_table(self.columns, [[self._cell(row, c) for c in self.columns] for row in self.rows],
                          right=numeric)
        return text + f"\n{self.note}" if self.note else text

    def markdown(self) -> str:
        """The table as a Markdown table (for a report file such as benchmarks/RESULTS.md)."""
        def row(cells):
            return "| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |"
        lines = [row(self.columns), "|" + "---|" * len(self.columns)]
        lines += [row(self._cell(r, c) for c in self.columns) for r in self.rows]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        size = _lecture_text_size()
        attributes = f'style="font-size:{size}"' if size else ""
        cells = [[self._cell(row, c) for c in self.columns] for row in self.rows]
        table = html_table(self.columns, cells, caption=self.title, attributes=attributes,
                           cell_style=_lecture_cell_style(cells) if size else None)
        if size:
            table = _HEADER.sub(lambda m: m.group(1) + m.group(2).replace("/", "/<wbr>") + "</th>", table)
            table = _CELL.sub(lambda m: m.group(1) + m.group(2).replace("_", "_<wbr>") + "</td>", table)
        note = f'<p style="font-size:{size}">' if size else "<p>"
        return table + f"{note}{html.escape(self.note)}</p>" if self.note else table


# In lecture mode a table's text is large, so it must spend little width: cells get half the usual padding, a cell
# of one word (a score such as 16-1-3) is never broken at its hyphens, a name of words joined by underscores
# (centre_control) may break after each underscore, and a header breaks after a slash ("ahead/even/behind" over
# three lines) as well as at its spaces. The browser's table layout uses those breaks only where the output area is
# too narrow for the table's natural width: notebook 5's standings (12 columns) fit a 1920-px screen's notebook
# with JupyterLab's side bar open or closed (tests/e2e/test_lecture.py).
_HEADER = re.compile(r"(<th\b[^>]*>)([^<]*)</th>")
_CELL = re.compile(r"(<td\b[^>]*>)([^<]*)</td>")
LECTURE_PADDING = "padding:0.15em 0.3em"


def _lecture_cell_style(cells):
    def style(row, column):
        if row >= 0 and " " not in cells[row][column] and "_" not in cells[row][column]:
            return f"{LECTURE_PADDING};white-space:nowrap"
        return LECTURE_PADDING
    return style


# The text size of HTML tables: "" (the page's own), or the projector theme's while lecture_mode() is on
# (drawing.themes sets it; this module imports nothing from the package).
table_text_size = ""


def _lecture_text_size() -> str:
    return table_text_size


__all__ = ["fmt", "count", "number", "text_table", "html_table", "Table"]
