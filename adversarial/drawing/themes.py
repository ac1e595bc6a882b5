"""Themes: how large and how heavy drawings, widgets and α/β tables are.

``notebook`` suits a screen at arm's length; ``projector`` a lecture hall (large bold type, thick lines).

>>> lecture_mode(); theme_style()["size"]
24
>>> lecture_mode(False); theme_style()["text"]
'1.1em'
"""

from __future__ import annotations

# Okabe–Ito colours (safe for colour-blind viewers); every status also differs in line style:
# pruned = dashed with a // cut mark, not yet visited = dotted and faint, current = filled and bold,
# the current path = thick vermillion, the principal variation = thick blue.
# Sizes in points: `size` values inside nodes, `small` notes (names, α/β) and edge labels; `note` the
# width of a node's note in inches; `inner`/`leaf` the height of a triangle / side of a leaf box.
# The projector sizes keep every text at 24 px or more when a tree of up to 16 leaves is scaled to
# fill a 1920 px screen (tests/test_render.py measures it), and notebook 02's depth-3 tree (8 leaves)
# with the stepper's controls within a 1920×1080 screen at its natural size (tests/e2e/test_lecture.py).
# `faint` (not yet visited) keeps a contrast of 4.5:1 or more on white: in predict mode students read it.
# Text is drawn bold by <B> tags in the Helvetica font, whose widths the layout program knows (it has
# none for "Helvetica-Bold").
# `text` is the size of widget text and tables, `cell` the side of a tic-tac-toe button (pixels).
THEMES = {
    "notebook": {"font": "Helvetica", "heavy": False, "size": 14, "small": 11, "pen": 1.2, "bold": 3.0, "inner": 0.7,
                     "leaf": 0.45, "note": 0.95, "ink": "#000000", "faint": "#6b6b6b", "pruned": "#8c8c8c",
                     "pv": "#0072B2", "path": "#D55E00", "cut": "#D55E00", "current": "#F0E442",
                     "ranksep": 0.18, "nodesep": 0.18, "text": "1.1em", "cell": 64},
    "projector": {"font": "Helvetica", "heavy": True, "size": 24, "small": 19, "pen": 3.0, "bold": 6.0, "inner": 0.8,
                      "leaf": 0.62, "note": 1.5, "ink": "#000000", "faint": "#6b6b6b", "pruned": "#707070",
                      "pv": "#0072B2", "path": "#D55E00", "cut": "#D55E00", "current": "#F0E442",
                      "ranksep": 0.15, "nodesep": 0.2, "text": "28px", "cell": 120},
}
_default_theme = "notebook"


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
.jp-OutputArea-output.jp-RenderedHTMLCommon caption, .jp-OutputArea-output.jp-RenderedHTMLCommon p {{
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
