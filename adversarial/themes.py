"""Themes: how large and how heavy drawings, widgets and α/β tables are.

``notebook`` suits a screen at arm's length; ``projector`` a lecture hall (large bold type, thick lines).

>>> lecture_mode(); theme_style()["size"]
24
>>> lecture_mode(False); theme_style()["text"]
'1.1em'
"""

from __future__ import annotations

# Okabe–Ito colours (safe for colour-blind viewers); every status also differs in line style:
# pruned = dashed with a // cut mark, not yet visited = dotted and faint, current = filled and bold.
# `text` is the size of widget text and tables, `cell` the side of a tic-tac-toe button (pixels).
THEMES = {
    "notebook": dict(font="Helvetica", size=14, small=10, pen=1.2, bold=3.0, inner=0.9, leaf=0.5,
                     ink="#000000", faint="#c8c8c8", pruned="#8c8c8c", pv="#0072B2",
                     current="#F0E442", ranksep=0.45, nodesep=0.25, text="1.1em", cell=64),
    "projector": dict(font="Helvetica-Bold", size=24, small=16, pen=3.0, bold=6.0, inner=1.4, leaf=0.8,
                      ink="#000000", faint="#b0b0b0", pruned="#707070", pv="#0072B2",
                      current="#F0E442", ranksep=0.7, nodesep=0.35, text="1.6em", cell=104),
}
_default_theme = "notebook"


def set_theme(name: str) -> None:
    """Make ``name`` ('notebook' or 'projector') the theme of every later drawing."""
    global _default_theme
    _default_theme = _check_theme(name)


def lecture_mode(on: bool = True) -> None:
    """Projector theme for every later drawing, widget and α/β table (large type, thick lines,
    high contrast), or back to the notebook theme."""
    set_theme("projector" if on else "notebook")


def theme_style(name: str | None = None) -> dict:
    """The settings of theme ``name`` (default: the current theme)."""
    return THEMES[_check_theme(name or _default_theme)]


def _check_theme(name):
    if name not in THEMES:
        raise ValueError(f"unknown theme {name!r}; choose one of {', '.join(THEMES)}")
    return name
