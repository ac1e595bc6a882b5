"""Themes: how large and how heavy drawings, widgets and α/β tables are.

``notebook`` suits a screen at arm's length; ``projector`` a lecture hall (large bold type, thick lines).

>>> lecture_mode(); theme_style()["size"]
24
>>> lecture_mode(False); theme_style()["text"]
'1.1em'
"""

from __future__ import annotations

import re

# Okabe–Ito colours (safe for colour-blind viewers); every status also differs in line style:
# pruned = dashed with a // cut mark, not yet visited = dotted and faint, current = filled and bold,
# the current path = thick vermillion, the principal variation = thick blue.
# Sizes in points: `size` values inside nodes, `small` notes (names, α/β) and edge labels; `note` the
# width of a node's note in inches; `inner`/`leaf` the height of a triangle / side of a leaf box.
# The projector sizes keep every text at 24 px or more when a tree of up to 16 leaves is scaled to
# fill a 1920 px screen (tests/test_render.py measures it), and notebook 02's depth-3 tree (8 leaves)
# with the stepper's controls within a 1920×1080 screen at its natural size (tests/e2e/test_lecture.py).
# Contrast (WCAG 2.1 AA, on the drawings' white paper): every colour that draws text -- `ink`, `faint` (not
# yet visited: in predict mode students read it), `pruned` (a pruned leaf still shows its value), `pv`,
# `path` and `cut` (the "α ≥ β: prune" words) -- has 4.5:1 or more; `current`, a fill under black text,
# has 3:1 or more against the paper and 4.5:1 or more against the ink (tests/test_accessibility.py).
# Hence a darker vermillion than Okabe–Ito's #D55E00 (3.87:1) and a dark gold for the current node.
# Text is drawn bold by <B> tags in the Helvetica font, whose widths the layout program knows (it has
# none for "Helvetica-Bold").
# `text` is the size of widget text and tables, `cell` the side of a tic-tac-toe button (pixels).
THEMES = {
    "notebook": {"font": "Helvetica", "heavy": False, "size": 14, "small": 11, "pen": 1.2, "bold": 3.0, "inner": 0.7,
                     "leaf": 0.45, "note": 0.95, "ink": "#000000", "faint": "#6b6b6b", "pruned": "#767676",
                     "pv": "#0072B2", "path": "#B84A00", "cut": "#B84A00", "current": "#B58B00",
                     "ranksep": 0.18, "nodesep": 0.18, "text": "1.1em", "cell": 64},
    "projector": {"font": "Helvetica", "heavy": True, "size": 24, "small": 19, "pen": 3.0, "bold": 6.0, "inner": 0.8,
                      "leaf": 0.62, "note": 1.5, "ink": "#000000", "faint": "#6b6b6b", "pruned": "#707070",
                      "pv": "#0072B2", "path": "#B84A00", "cut": "#B84A00", "current": "#B58B00",
                      "ranksep": 0.15, "nodesep": 0.2, "text": "28px", "cell": 120},
}
_default_theme = "notebook"
PAPER = "#ffffff"            # every drawing's background
TEXT_COLOURS = ("ink", "faint", "pruned", "pv", "path", "cut")     # colours that draw words (4.5:1)
FILL_COLOURS = ("current",)                                        # fills under ink (3:1 on the paper)


def relative_luminance(colour: str) -> float:
    """WCAG 2.1's relative luminance of an ``#rrggbb`` colour (0 black … 1 white)."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    if not re.fullmatch(r"[0-9a-fA-F]{6}", digits):
        raise ValueError(f"a colour is written #rrggbb (or #rgb), got {colour!r}")
    channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(a: str, b: str) -> float:
    """WCAG 2.1's contrast ratio of two colours, from 1 (the same) to 21 (black on white).

    >>> round(contrast_ratio("#000000", "#ffffff"), 1)
    21.0
    """
    high, low = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def check_flag(name: str, value) -> bool:
    """``value`` must be True or False: ``'no'`` or ``0`` would silently mean something else.

    >>> check_flag("legend", True)
    True
    """
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, got {value!r}")
    return value


def set_theme(name: str) -> None:
    """Make ``name`` ('notebook' or 'projector') the theme of every later drawing."""
    global _default_theme
    _default_theme = _check_theme(name)
    from .. import formatting  # tables (formatting.Table) in the theme's text size
    formatting.table_text_size = theme_style()["text"] if theme_style()["heavy"] else ""


def lecture_mode(on: bool = True) -> None:
    """Projector theme for every later drawing, widget and α/β table (large type, thick lines,
    high contrast), or back to the notebook theme (``lecture_mode(False)``).

    In Jupyter it also shows a small style sheet that sets every output of the page — printed
    text, results, tables — in the theme's text size (``lecture_mode(False)`` sets them back)."""
    set_theme("projector" if check_flag("lecture_mode's argument", on) else "notebook")
    _show_output_style()


# Text outputs (streams, text/plain results) and HTML tables in JupyterLab, Notebook 7 and the
# in-browser edition (they share these class names), in the theme's `text` size; the notebook theme
# sets JupyterLab's own sizes back (a style sheet shown earlier on the page stays in force).
OUTPUT_CSS = """<style>
.jp-OutputArea-output pre {{ font-size: {pre} !important; line-height: {line} !important; }}
.jp-OutputArea-output.jp-RenderedHTMLCommon table {{ font-size: {table} !important; }}
.jp-OutputArea-output.jp-RenderedHTMLCommon th, .jp-OutputArea-output.jp-RenderedHTMLCommon td,
.jp-OutputArea-output.jp-RenderedHTMLCommon caption, .jp-OutputArea-output.jp-RenderedHTMLCommon p,
.jp-OutputArea-output .adversarial-words summary, .jp-OutputArea-output .adversarial-words li {{
  font-size: {cell} !important; line-height: {line} !important; }}
</style>"""


def _show_output_style() -> None:
    """In a Jupyter kernel, display the output style sheet of the current theme (elsewhere nothing)."""
    import sys
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython else None
    if shell is None or not hasattr(shell, "kernel"):
        return
    if theme_style()["heavy"]:
        size = theme_style()["text"]
        css = OUTPUT_CSS.format(pre=size, table=size, cell=size, line="1.3")
        text = f"Lecture mode: the projector theme; every output's text at {size}."
    else:
        css = OUTPUT_CSS.format(pre="var(--jp-code-font-size)", table="var(--jp-ui-font-size1)",
                                cell="inherit", line="normal")
        text = "The notebook theme: outputs in their usual size."
    from IPython.display import display
    display({"text/html": css, "text/plain": text}, raw=True)


def theme_style(name: str | None = None) -> dict:
    """The settings of theme ``name`` (default: the current theme)."""
    return THEMES[_check_theme(name or _default_theme)]


def _check_theme(name):
    if name not in THEMES:
        raise ValueError(f"unknown theme {name!r}; choose one of {', '.join(THEMES)}")
    return name
