"""The stepper: walk a search one event at a time, with the drawing updated in place.

>>> from adversarial import tree
>>> s = Stepper(tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]]))
>>> s.step(); s.step(); s.sentence
'Enter MIN node A with α = −∞, β = +∞.'
>>> s
Stepper(alphabeta on Tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]]): step 2 of 29)

For a lecture: ``lecture_mode()`` first (everything larger). With the focus anywhere in the stepper
(Tab to it, or click its picture), the keyboard or a presentation clicker drives it (→ or PageDown:
step, ← or PageUp: back, Home: reset, Space: run/pause); Enter presses the focused button. The
sentence is in one live region, so a screen reader reads each step (see ``keys.py``).
``s.presenter()`` shows the picture, sentence and counters alone, filling the screen;
``s.save_slides("slides")`` writes every step as a picture for slides.
"""

from __future__ import annotations

import ast
import asyncio
import copy
import html
import itertools
import math
import numbers
import os
import re
import warnings
from pathlib import Path
from typing import Literal

import ipywidgets as w

from ..drawing import render
from ..drawing.themes import check_flag, theme_style
from ..drawing.words import Description, svg_with_words
from ..drawing.words import words_html as details_words
from ..search import alphabeta, minimax, negamax
from ..trace import Cutoff, Leaf
from ..tree import Tree, random_tree, tree
from .keys import Keys

ALGORITHMS = {"alphabeta": alphabeta, "minimax": minimax, "negamax": negamax}
SPEEDS = {"slow": 1500, "normal": 800, "fast": 300}        # milliseconds between events when running
ZOOMS: dict[str, int | Literal["follow"] | None] = {"fit": None, "50%": 50, "100%": 100, "150%": 150, "200%": 200,
                                                    "follow": "follow"}
# "follow": a window of the tree this wide and high (points) around the current node, filling the page's
# width: at 1920×1080 a 64-leaf tree's labels are read at about their natural size (24 px or more in the
# projector theme) instead of a 64th of the screen each, with the levels around the current node, and the
# window moves with the search.
FOLLOW_WIDTH, FOLLOW_HEIGHT = 1000.0, 560.0
KEYS = {"ArrowRight": "step", "PageDown": "step", "ArrowLeft": "back", "PageUp": "back",
        "Home": "reset", " ": "toggle_run"}

# Larger controls for a lecture hall (lecture_mode()): ipywidgets' own styles do not reach the
# slider, its readout or the drop-downs, so a small style sheet scoped to the stepper does. A tic-tac-toe cell
# (adversarial-cell-N) keeps its own size and its mark's; a check box and its label grow with the text.
LECTURE_CSS = """<style>
.adversarial-lecture .widget-label, .adversarial-lecture .widget-readout, .adversarial-lecture .widget-label-basic,
.adversarial-lecture select, .adversarial-lecture input,
.adversarial-lecture .jupyter-button:not([class*='adversarial-cell-']) {
  font-size: 28px !important; line-height: 1.3 !important; height: auto !important; }
.adversarial-lecture .jupyter-button:not([class*='adversarial-cell-']) { padding: 6px 18px !important; }
.adversarial-lecture .widget-inline-hbox, .adversarial-lecture .widget-dropdown,
.adversarial-lecture .widget-text { height: auto !important; }
.adversarial-lecture .widget-label { width: auto !important; min-width: 0 !important; }
.adversarial-lecture .widget-html, .adversarial-lecture .widget-html-content {
  height: auto !important; line-height: 1.3 !important; }
.adversarial-lecture .noUi-handle { width: 32px !important; height: 32px !important;
  top: -12px !important; }
.adversarial-lecture .noUi-target { height: 10px !important; }
.adversarial-lecture .widget-slider { height: 48px !important; }
.adversarial-lecture .adversarial-slider .slider-container { margin-left: 22px !important; }
.adversarial-lecture .adversarial-slider-twin { max-width: none !important; }
.adversarial-lecture .adversarial-slider-twin input { min-width: 3.5em !important; width: 3.5em !important;
  flex: 0 0 auto !important; }
.adversarial-lecture .widget-slider .slider-container { margin-right: 22px !important; }
.adversarial-lecture .widget-checkbox { width: auto !important; max-width: 100% !important; }
.adversarial-lecture .widget-checkbox .widget-label-basic { overflow: visible !important;
  white-space: normal !important; display: flex !important; align-items: center !important; }
.adversarial-lecture .widget-checkbox input[type="checkbox"] { width: 28px !important; height: 28px !important;
  flex: 0 0 auto !important; }
</style>"""


# Keyboard and screen reader (WCAG 2.1 AA): every control has a name and says its key in its tooltip; the
# sentence sits in one polite live region, so a screen reader reads each step; a clear focus ring. The keys
# are heard with the focus anywhere in the stepper (keys.Keys), in JupyterLab and the in-browser edition.
TOOLTIPS = {"Back": "One event back (keys: ← or Page Up)", "Step": "One event forward (keys: → or Page Down)",
            "Run": "Play the events one after another; press again to pause (key: Space)",
            "Reset": "Back to before the search (key: Home)"}
# The ring is drawn inside the element (a negative offset): ipywidgets' boxes clip what overflows them, which
# cut an outer ring down to its left and right bars (WCAG 2.4.7). Number boxes and menus get a 2 px border.
FOCUS_CSS = """<style>
.adversarial-stepper :focus-visible, .adversarial-presenter :focus-visible, .adversarial-board :focus-visible,
.adversarial-c4 :focus-visible, .adversarial-explorer :focus-visible, .adversarial-stepper .noUi-handle:focus,
.adversarial-explorer .noUi-handle:focus {
  outline: 3px solid #0072B2 !important; outline-offset: -3px !important; }
.adversarial-stepper input, .adversarial-stepper select, .adversarial-explorer input,
.adversarial-explorer select { border: 2px solid #595959 !important; }
</style>"""


def live(text_html: str, size: str) -> str:
    """``text_html`` in a polite live region (``role="status"``): a screen reader reads it when it changes.
    (The boards' status; the stepper's sentence is one region for its life, keys.Keys.)"""
    return (f"<div role='status' aria-live='polite' aria-atomic='true' "
            f"style='font-size:{size};line-height:1.3'>{text_html}</div>")


def _event_loop():
    """The loop that runs the kernel's work: ipykernel's running asyncio loop, or the loop set for this thread
    (Pyodide's browser loop, or one a script or test set and turns); with neither, a new loop, set for this
    thread so that whoever turns it runs the stepper's timer, and closes it. (Python 3.12+ warns when the
    policy makes that loop implicitly.)"""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)     # 3.12+: "There is no current event loop"
        try:
            return asyncio.get_event_loop_policy().get_event_loop()
        except (DeprecationWarning, RuntimeError):
            pass
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    return loop


def fitted(svg: str, zoom: int | Literal["follow"] | None = None, screen: bool = False) -> str:
    """The SVG scaled to the width it is shown in (``zoom``: percent of that width, scrolling
    sideways if larger; ``screen``: fill the screen's width and most of its height)."""
    if zoom == "follow":
        svg, zoom = follow(svg), None
    if screen:
        css = "width:100%;height:66vh"
    elif zoom is None:
        css = "max-width:100%;height:auto"
    else:
        css = f"width:{zoom}%;max-width:none;height:auto"
    svg = svg[svg.index("<svg"):]                 # no XML prologue inside HTML
    svg = re.sub(r"<svg ", f'<svg style="{css}" ', svg, count=1)
    return f'<div class="adversarial-fit" style="width:100%;overflow-x:auto">{svg}</div>'


# The follow view's strip: each ancestor of the current node that the window leaves out, cut from the same
# picture (its shape and its note), left to right from the root, joined by the path's colour.
STRIP_CELL, STRIP_GAP = 150.0, 40.0          # width of one ancestor's cut and the gap between two (points)
_FOLLOWS = itertools.count(1)                # ids for the picture each follow view reuses: none repeats in a page


def _node_boxes(svg: str, notes: bool = True) -> dict:
    """Each drawn node's box (left, top, right, bottom, in the SVG's viewBox units) by its Graphviz name:
    its shape's points and its note's texts (``n0_1`` and ``n0_1_note`` make one box; ``notes=False``: the
    shape alone), scaled as the picture's group is (a slide's points are drawn larger)."""
    shift = re.search(r'transform="scale\(([\d.]+)[^)]*\) rotate\([^)]*\) translate\(([\d.\-]+) ([\d.\-]+)\)"', svg)
    zoom, dx, dy = (float(shift.group(1)), float(shift.group(2)), float(shift.group(3))) if shift else (1.0, 0.0, 0.0)
    boxes: dict = {}
    for name, body in re.findall(r'<g id="[^"]*" class="node">\s*<title>([^<]*)</title>(.*?)</g>', svg,
                                  flags=re.S):
        xs, ys = [], []
        for points in re.findall(r'points="([^"]+)"', body):
            for point in points.split():
                x, y = map(float, point.split(","))
                xs.append(x + dx)
                ys.append(y + dy)
        for x, y, size in re.findall(r'<text[^>]* x="([\d.\-]+)" y="([\d.\-]+)"[^>]*font-size="([\d.]+)"', body):
            xs += [float(x) + dx]
            ys += [float(y) + dy - float(size), float(y) + dy + 0.3 * float(size)]
        if xs and (notes or not name.endswith("_note")):
            xs, ys = [zoom * x for x in xs], [zoom * y for y in ys]
            key = html.unescape(name).removesuffix("_note")
            old = boxes.get(key)
            box = (min(xs), min(ys), max(xs), max(ys))
            boxes[key] = box if old is None else (min(old[0], box[0]), min(old[1], box[1]),
                                                  max(old[2], box[2]), max(old[3], box[3]))
    return boxes


def _ancestors(name: str) -> list[str]:
    """The Graphviz names of the nodes above ``name`` (``n0_1_1``: ``n``, ``n0``, ``n0_1``), root first."""
    if not re.fullmatch(r"n(\d+(_\d+)*)?", name):
        return []
    moves = name[1:].split("_") if len(name) > 1 else []
    return ["n" + "_".join(moves[:i]) for i in range(len(moves))]


def follow(svg: str, width: float = FOLLOW_WIDTH, height: float = FOLLOW_HEIGHT) -> str:
    """The SVG cut to a window of ``width`` × ``height`` points around the current node (the one filled in
    the current-node colour), kept inside the picture; the whole SVG when it is smaller or nothing is current.

    The root and the path down to the current node stay in view: the ancestors the window leaves out are shown
    in a strip above it, each cut from the same picture (shape, name, α/β), root first, and the window gets the
    rest of the height. Every part is a view of one copy of the drawing (``<use>``), so the SVG grows little."""
    box = re.search(r'viewBox="([\d.\-]+) ([\d.\-]+) ([\d.]+) ([\d.]+)"', svg)
    current = re.search(r'<polygon fill="(?:{})"[^>]*points="([^"]+)"'.format(
        "|".join({theme_style(name)["current"].lower() for name in ("notebook", "projector")})), svg)
    if not box or not current or float(box.group(3)) <= width:
        return svg
    x0, y0, total_width, total_height = map(float, box.groups())
    boxes = _node_boxes(svg)
    title = re.findall(r"<title>([^<]*)</title>", svg[:current.start()])
    name = html.unescape(title[-1]) if title else ""
    if name not in boxes:
        return _window(svg, box, x0, y0, total_width, total_height, None, width, min(height, total_height))
    cx = (boxes[name][0] + boxes[name][2]) / 2
    path = [a for a in _ancestors(name) if a in boxes]
    strip = 0.0
    if path:
        strip = max(boxes[a][3] - boxes[a][1] for a in path) + 6 + 12      # a cut, 3 pt each side; the rule
    window_height = min(height - strip if path else height, total_height)
    top = min(max(boxes[name][1] - 0.45 * window_height, y0), y0 + total_height - window_height)
    left = min(max(cx - width / 2, x0), x0 + total_width - width)
    shown = [a for a in path if not (left <= boxes[a][0] and boxes[a][2] <= left + width
                                     and top <= boxes[a][1] and boxes[a][3] <= top + window_height)]
    if not shown:                                     # the window holds the whole path: no strip
        window_height = min(height, total_height)
        top = min(max(boxes[name][1] - 0.45 * window_height, y0), y0 + total_height - window_height)
        return _window(svg, box, x0, y0, total_width, total_height, (left, top), width, window_height)
    return _with_strip(svg, box, boxes, shown, (left, top, width, window_height), strip)


def _window(svg, box, x0, y0, total_width, total_height, corner, width, height):
    """The SVG's viewBox moved to a ``width`` × ``height`` window at ``corner`` (or around its middle)."""
    if corner is None:
        corner = (x0 + (total_width - width) / 2, y0)
    left, top = corner
    svg = svg.replace(box.group(0), f'viewBox="{left:.2f} {top:.2f} {width:.2f} {height:.2f}"', 1)
    return re.sub(r'<svg width="[\d.]+pt" height="[\d.]+pt"', f'<svg width="{width:.0f}pt" height="{height:.0f}pt"',
                  svg, count=1)


def _with_strip(svg, box, boxes, ancestors, window, strip):
    """One SVG: the ancestors' cuts in a strip, then the window, each a nested view of one copy of the picture."""
    left, top, width, height = window
    opening = re.search(r"<svg\b[^>]*>", svg)
    head = opening.group(0)
    rest = svg[opening.end():]
    words = re.match(r"\s*(<title\b.*?</title>)?\s*(<desc\b.*?</desc>)?", rest, flags=re.S)
    content = rest[words.end():rest.rindex("</svg>")]
    key = f"adversarial-follow-{os.getpid()}-{next(_FOLLOWS)}"
    total = max(width, len(ancestors) * (STRIP_CELL + STRIP_GAP) - STRIP_GAP)
    ink = theme_style("projector")["path"]
    parts = []
    shapes = _node_boxes(svg, notes=False)
    for i, name in enumerate(ancestors):
        l_, t_, r_, b_ = boxes[name]
        mid = (l_ + r_) / 2
        x = i * (STRIP_CELL + STRIP_GAP)
        parts.append(f'<svg class="adversarial-follow-path" data-node="{html.escape(name)}" x="{x:.2f}" y="0" '
                     f'width="{STRIP_CELL:.2f}" height="{strip - 12:.2f}" '
                     f'viewBox="{mid - STRIP_CELL / 2:.2f} {t_ - 3:.2f} {STRIP_CELL:.2f} {strip - 12:.2f}">'
                     f'<use href="#{key}"/></svg>')
        if i:                                   # level with the shapes' middles, not with the names under them
            y = (shapes.get(name, boxes[name])[1] + shapes.get(name, boxes[name])[3]) / 2 - (t_ - 3)
            parts.append(f'<line x1="{x - STRIP_GAP + 4:.2f}" y1="{y:.2f}" x2="{x - 4:.2f}" y2="{y:.2f}" '
                         f'stroke="{ink}" stroke-width="4"/>')
    parts.append(f'<line x1="0" y1="{strip - 6:.2f}" x2="{total:.2f}" y2="{strip - 6:.2f}" stroke="#6b6b6b" '
                 'stroke-width="1" stroke-dasharray="6,6"/>')
    parts.append(f'<svg class="adversarial-follow-window" x="0" y="{strip:.2f}" width="{width:.2f}" '
                 f'height="{height:.2f}" viewBox="{left:.2f} {top:.2f} {width:.2f} {height:.2f}">'
                 f'<use href="#{key}"/></svg>')
    full = strip + height
    head = re.sub(r'width="[\d.]+pt" height="[\d.]+pt"', f'width="{total:.0f}pt" height="{full:.0f}pt"', head, count=1)
    head = head.replace(box.group(0), f'viewBox="0 0 {total:.2f} {full:.2f}"', 1)
    return (f"{head}{words.group(0)}<defs><g id=\"{key}\">{content}</g></defs>" + "".join(parts) + "</svg>")


def follow_geometry(svg: str) -> dict:
    """What a follow view (``follow``'s SVG, or the page's copy of it) shows: whether the current node, the root
    and every node of the path down to the current node lie inside one of its views (the window, or the path
    strip's cut for that node), the strip's nodes, and the window's scale (outer units per drawing point)."""
    views = {}
    for attrs in re.findall(r"<svg ([^>]*class=\"adversarial-follow-(?:path|window)\"[^>]*)>", svg):
        found = dict(re.findall(r'([\w-]+)="([^"]*)"', attrs))
        views[found.get("data-node", "window")] = (tuple(map(float, found["viewBox"].split())),
                                                   float(found["width"]))
    if "window" not in views:                   # a plain window: the picture's own viewBox
        outer = re.search(r'viewBox="([^"]+)"', svg)
        width = re.search(r'<svg\b[^>]*? width="([\d.]+)pt"', svg)
        if outer and width:
            views["window"] = (tuple(map(float, outer.group(1).split())), float(width.group(1)))
    boxes = _node_boxes(svg)
    gold = "|".join({theme_style(name)["current"].lower() for name in ("notebook", "projector")})
    current = re.search(rf'<polygon fill="(?:{gold})"', svg, flags=re.I)
    titles = re.findall(r"<title>([^<]*)</title>", svg[:current.start()]) if current else []
    name = html.unescape(titles[-1]) if titles else None

    def inside(node, view):
        if node not in boxes or view not in views:
            return False
        (x, y, w, h), _ = views[view]
        left, top, right, bottom = boxes[node]
        return x - 1 <= left and right <= x + w + 1 and y - 1 <= top and bottom <= y + h + 1

    path = _ancestors(name) if name else []
    seen = {node: inside(node, "window") or inside(node, node) for node in path}
    window = views.get("window")
    return {"current": name, "current in view": bool(name) and inside(name, "window"),
            "root in view": inside("n", "window") or inside("n", "n"), "path in view": all(seen.values()),
            "strip": [v for v in views if v != "window"],
            "window scale": window[1] / window[0][2] if window else 1.0}


# Slides that follow the search (save_slides(zoom="follow")): the stepper's follow view, laid out by the
# layout program so that a PNG can be written. Each slide is the step's drawing with every node where the
# layout put it (neato -n2), white boxes over what lies outside the window, the strip's ancestors copied above
# it, the words under it, and Graphviz's viewport cutting the slide out: the words are placed inside the cut.
SLIDE_TEXT_PX = 24          # the drawing's smallest text on a 1920 px slide (values, α/β, names); and on a
SLIDE_TEXT_LEAST = 20       # smaller deck at least this many pixels at its own size
FOLLOW_SLIDE_LEAST = 960    # the narrowest follow slide: at 20 px text, a narrower one holds no row under the path


def _rows_window(boxes: dict, name: str, picture: tuple, width: float, height: float) -> tuple:
    """A window at most ``width`` × ``height`` (in the SVG's units) around the node ``name``, as ``(left, top,
    height)``: across, centred on the node; down, the node a little below the middle, and its top edge and foot
    in the gaps between rows, so that every node the window shows is whole (its shape and its note), never a row
    cut in two. Kept inside the picture (``x0, y0, width, height``); shorter than ``height`` where a row would be
    cut at the foot."""
    x0, y0, total_w, total_h = picture
    height = min(height, total_h)
    l_, t_, r_, b_ = boxes[name]
    left = min(max((l_ + r_) / 2 - width / 2, x0), x0 + total_w - width)
    rows: list = []                   # the rows the window's columns cross: (top, bottom), overlapping ones joined
    for top_, bottom in sorted((b[1], b[3]) for b in boxes.values() if b[0] < left + width and b[2] > left):
        if rows and top_ <= rows[-1][1]:
            rows[-1] = (rows[-1][0], max(rows[-1][1], bottom))
        else:
            rows.append((top_, bottom))
    top = min(max(t_ - 0.45 * height, y0), y0 + total_h - height)
    top = max(top, min(b_ + 2 - height, t_ - 2))      # the node whole in the window (on a small slide, lower)
    for row_top, row_bottom in rows:  # the top edge in a row: below it (above it if the row is the node's own)
        if row_top < top < row_bottom:
            top = row_top - 2 if row_top <= t_ < row_bottom else row_bottom + 2
    top = max(top, y0)
    foot = min(top + height, y0 + total_h)
    for row_top, row_bottom in rows:  # the foot in a row: above it, the node's own row kept whole
        if row_top < foot < row_bottom:
            foot = max(row_top - 2, b_ + 2)
    return left, top, min(foot, y0 + total_h) - top


def _follow_slides(style: dict, lines: int, width: int):
    """A function ``(drawing, svg, words) -> DOT source`` of one 16:9 follow slide ``width`` pixels wide."""
    height = round(width * 9 / 16)
    scale = max(width / 1920 * SLIDE_TEXT_PX, SLIDE_TEXT_LEAST) / min(style["small"], style["size"])  # px per pt
    slide_w, slide_h = width / scale, height / scale
    margin, text = width / 40 / scale, width / 48 / scale                         # as the whole-tree slides
    words_h = lines * text * 1.3 + text
    view_w, view_h = slide_w - 2 * margin, slide_h - 2 * margin - words_h

    def make(drawing, svg, words):
        gold = "|".join({theme_style(name)["current"].lower() for name in ("notebook", "projector")})
        current = re.search(rf'<polygon fill="(?:{gold})"', svg, flags=re.I)
        if not current:
            return None         # nothing current (before and after the search): the whole tree is the slide
        laid = render.dot.pipe(drawing.source, "dot").decode("utf-8")
        nodes = {name: body for name, body in re.findall(r"^\t(\w+)\t\[(.*?)\];$", laid, flags=re.M | re.S)}
        x0, y0, total_w, total_h = map(float, re.search(
            r'viewBox="([\d.\-]+) ([\d.\-]+) ([\d.]+) ([\d.]+)"', svg).groups())
        boxes = _node_boxes(svg)
        name = html.unescape(re.findall(r"<title>([^<]*)</title>", svg[:current.start()])[-1])
        if name not in boxes:
            return None
        path = [a for a in _ancestors(name) if a in boxes]
        w_ = min(total_w, view_w)
        strip, cells = 0.0, []
        for strip in (0.0, max((boxes[a][3] - boxes[a][1] for a in path), default=0.0) + 18):
            left, top, h_ = _rows_window(boxes, name, (x0, y0, total_w, total_h), w_, view_h - strip)
            inside = lambda b: top <= b[1] and b[3] <= top + h_ and left <= b[0] and b[2] <= left + w_  # noqa: E731
            cells = [a for a in path if not inside(boxes[a])]
            if not cells:           # the window holds the whole path: no strip
                strip = 0.0
                break
            if strip:
                break
        gx = lambda sx: sx - 4                                  # the SVG's points -> the layout's  # noqa: E731
        gy = lambda sy: y0 + total_h - 4 - sy                                                  # noqa: E731
        win_left, win_top = gx(left), gy(top)
        slide_left = win_left - margin - (view_w - w_) / 2
        slide_top = win_top + strip + margin + (view_h - strip - h_) / 2     # a short window sits in the middle
        slide_bottom, slide_right = slide_top - slide_h, slide_left + slide_w
        extra = []

        def box(name, x_left, y_top, x_right, y_bottom, colour="white", label='""'):
            extra.append(f'\t{name} [shape=box style=filled fixedsize=true penwidth=0 color="{colour}" '
                         f'fillcolor="{colour}" label={label} width={(x_right - x_left) / 72:.4f} '
                         f'height={(y_top - y_bottom) / 72:.4f} pos="{(x_left + x_right) / 2:.2f},'
                         f'{(y_top + y_bottom) / 2:.2f}"];')

        # White over all but the window (nodes are drawn after edges, in order: these after the tree's).
        win_right, win_bottom = win_left + w_, win_top - h_
        box("mask_top", slide_left, slide_top + 1, slide_right, win_top)
        box("mask_bottom", slide_left, win_bottom, slide_right, slide_bottom - 1)
        box("mask_left", slide_left - 1, win_top, win_left, win_bottom)
        box("mask_right", win_right, win_top, slide_right + 1, win_bottom)
        if cells:               # the path's ancestors the window leaves out, root first, joined by the path's ink
            shapes = _node_boxes(svg, notes=False)
            slot = min(STRIP_CELL + STRIP_GAP, view_w / len(cells))
            right = None        # the right end of the shape before, and its middle, in the layout's points
            for i, name in enumerate(cells):
                l_, t_, r_, _ = boxes[name]
                centre = slide_left + margin + i * slot + slot / 2
                dx, dy = centre - gx((l_ + r_) / 2), (win_top + strip - 3) - gy(t_)
                for part in (name, f"{name}_note"):
                    if part not in nodes:
                        continue
                    x, y = map(float, re.search(r'pos="([\d.\-]+),([\d.\-]+)"', nodes[part]).groups())
                    body = re.sub(r'pos="[^"]*"', f'pos="{x + dx:.2f},{y + dy:.2f}"', nodes[part])
                    extra.append(f"\tstrip_{part}\t[{body}];")
                s_l, s_t, s_r, s_b = shapes.get(name, boxes[name])
                mid = (gy(s_t) + gy(s_b)) / 2 + dy          # the bar joins the shapes' middles, not the names
                if right is not None and gx(s_l) + dx - 4 > right + 4:
                    box(f"strip_join{i}", right + 4, mid + 2, gx(s_l) + dx - 4, mid - 2, style["path"])
                right = gx(s_r) + dx
            box("strip_rule", slide_left + margin, win_top + 6.5, slide_left + margin + view_w, win_top + 5.5,
                "#6b6b6b")
        rows = [html.escape(said) for said in words] + ["&#160;"] * (lines - len(words))
        label = (f"<<TABLE BORDER='0' CELLSPACING='0' CELLPADDING='0'><TR><TD WIDTH='{view_w:.0f}' "
                 f"HEIGHT='{words_h:.0f}' FIXEDSIZE='TRUE' ALIGN='LEFT' BALIGN='LEFT'>"
                 + "<BR/>".join(rows) + "</TD></TR></TABLE>>")
        extra.append(f'\twords [shape=plaintext margin=0 fontname="Helvetica" fontsize="{text:.2f}" label={label} '
                     f'pos="{slide_left + slide_w / 2:.2f},{slide_bottom + margin + words_h / 2:.2f}"];')
        corner = min(0.0, slide_left, slide_bottom) - 100   # the lowest, leftmost point: viewport counts from it
        extra.append(f'\tcorner [shape=point width=0 height=0 style=invis label="" pos="{corner:.2f},{corner:.2f}"];')
        low = corner - 0.36                                 # the point's half width
        cut = (f'\tgraph [pad=0 outputorder=edgesfirst dpi="{72 * scale:.4f}" viewport="{slide_w:.2f},'
               f'{slide_h:.2f},1,{slide_left + slide_w / 2 - low:.2f},{slide_bottom + slide_h / 2 - low:.2f}"];')
        end = laid.rstrip().rindex("}")
        return laid[:end] + "\n".join([cut, *extra]) + "\n}\n"

    return make


def require_widgets() -> None:
    """Refuse, with what to do, when an ipywidgets older than 8 is loaded.

    The widgets are built and tested with ipywidgets 8 (the package depends on it). On Colab
    an ipywidgets 7 can already be loaded when the set-up cell upgrades it: then only a restart
    of the runtime loads the new one.
    """
    loaded = w.__version__
    if int(loaded.split(".")[0]) >= 8:
        return
    from importlib import metadata
    try:
        installed = metadata.version("ipywidgets")
    except metadata.PackageNotFoundError:
        installed = loaded
    if int(installed.split(".")[0]) >= 8:
        todo = (f"ipywidgets {installed} is installed but {loaded} is still loaded: restart the kernel "
                "(Colab: Runtime → Restart session) and run the notebook again.")
    else:
        todo = "install it with `pip install 'ipywidgets>=8'`, then restart the kernel."
    raise RuntimeError(f"The stepper and the boards need ipywidgets 8 or newer; {todo}")


PASTE_LIMIT = 300     # the most nodes a pasted tree may have: render.draw's default max_nodes


def _check_pasted_size(text: str) -> None:
    """Refuse a pasted tree too large to draw before building it (100,000 leaves took seconds)."""
    nodes = text.count(",") + text.count("[") + 1      # exact for nested lists: leaves + lists
    if nodes > PASTE_LIMIT:
        raise ValueError(f"this tree has about {nodes:,} nodes, more than max_nodes={PASTE_LIMIT}, "
                         "the most the stepper draws; paste a smaller tree")


class _TooLarge(Exception):
    pass


class _Counted:
    """A game that stops the search (raises _TooLarge) at its ``limit``-th move; otherwise the game itself."""

    def __init__(self, game, limit: int):
        self._game, self._left = game, limit

    def __getattr__(self, name):
        return getattr(self._game, name)

    def result(self, state, move):
        self._left -= 1
        if self._left < 0:
            raise _TooLarge
        return self._game.result(state, move)


def _check_search_size(game, algorithm: str, options: dict) -> None:
    """Refuse, in a moment, a search too large to draw and step through, before tracing all of it: the
    search runs untraced on a copy of the game that stops it at PASTE_LIMIT nodes (a whole Connect Four
    search took minutes to refuse after the fact)."""
    if isinstance(game, Tree) or not callable(getattr(game, "result", None)):
        return                       # a tree's size is known (draw checks it); a non-game gets the search's error
    try:
        ALGORITHMS[algorithm](_Counted(game, PASTE_LIMIT), **options)
    except _TooLarge:
        name = type(game).__name__
        raise ValueError(
            f"Stepper({name}(){', ...' if options else ''}): this search visits more than {PASTE_LIMIT} nodes, "
            f"too many to draw and step through. Pass a depth limit and an evaluation "
            f"(Stepper(game, depth=2, evaluate=...)), a position near the end (state=...), or step "
            f"through a small tree: Stepper(tree([[3, 5], [2, 9]]))") from None
    except Exception:                # the search's own error (bad options, ...) comes from the real run next
        return


def slider_twin(slider: w.IntSlider, description: str, tooltip: str = "") -> w.BoundedIntText:
    """A number box named ``description`` that moves with ``slider`` both ways (value, min and max).

    A number can be typed in it; its label is tied to its input, so it is named. (The slider's handle,
    which ipywidgets leaves unnamed, is named in the page by keys.Keys.)
    """
    box = w.BoundedIntText(value=slider.value, min=slider.min, max=slider.max, description=description,
                           tooltip=tooltip, style={"description_width": "initial"},
                           layout=w.Layout(width="auto", max_width="11em")).add_class("adversarial-slider-twin")
    for name in ("min", "max", "value"):
        w.link((slider, name), (box, name))
    return box


class Stepper(w.VBox):
    """Step / Back / Run / Reset through a traced search, with a slider over its events.

    Args:
        game: a tree (or nested list) or a game small enough to draw.
        algorithm: 'alphabeta' (default), 'minimax' or 'negamax'.
        editable: show a text box with the tree's nested list, to try other leaves, and
            buttons to go back to the example or draw a random tree.
        theme: drawing theme ('notebook' or 'projector'; default: the current theme).
        show_leaves: show every leaf's value from the start (predict, then reveal).
        pause_at_cutoffs: Run stops just before each cutoff, so the class can guess which
            leaves will be skipped.
        legend: show the key to the marks beside the tree.
        **options: passed to the search (prune_on_equal=, depth=, order=, ...). A learning
            order (``Killers()``, ``History()``, ...) is copied afresh for every tree loaded,
            so Example and Reset always show the same search.

    A tree typed into the box is checked for size before it is built (at most 300
    nodes, as :func:`~adversarial.drawing.render.draw` draws); a problem shows under the
    drawing and leaves the stepper as it was.
    """

    def __init__(self, game, algorithm: str = "alphabeta", *, editable: bool = False,
                 theme: str | None = None, show_leaves: bool = False, pause_at_cutoffs: bool = False,
                 legend: bool = False, **options):
        require_widgets()
        if algorithm not in ALGORITHMS:
            raise ValueError(f"unknown algorithm {algorithm!r}; choose one of {', '.join(ALGORITHMS)}")
        for name, flag in (("editable", editable), ("show_leaves", show_leaves),
                           ("pause_at_cutoffs", pause_at_cutoffs), ("legend", legend)):
            check_flag(name, flag)
        style = theme_style(theme)              # fails early on an unknown theme
        self.algorithm, self.options, self.theme = algorithm, options, theme
        self.show_leaves, self.pause_at_cutoffs, self.legend = show_leaves, pause_at_cutoffs, legend
        self.lecture = style["heavy"]
        self.zoom: int | Literal["follow"] | None = None
        self._screens: list = []                # presenter views showing this stepper
        size = style["text"]

        self.picture = w.HTML().add_class("adversarial-drawing")
        # The sentence: one live region for the widget's life, and the keys heard anywhere in the stepper.
        self.explanation = Keys(size=size, names={"adversarial-slider": "event of the search"}
                                ).add_class("adversarial-explanation")
        self.explanation.on_key(self.handle_key)
        self.counter_box = w.HTML().add_class("adversarial-counters")
        self.error = w.HTML().add_class("adversarial-error")
        self.words = w.HTML().add_class("adversarial-words-box")       # the picture in words, on request
        self.words_button = w.ToggleButton(value=False, description="Picture in words",
                                           tooltip="Show the drawing described in words, kept up to date "
                                                   "at every step", layout=w.Layout(width="auto"))
        self.words_button.add_class("adversarial-words-toggle")
        self.slider = w.IntSlider(min=0, value=0, description="event", continuous_update=True,
                                  tooltip="Which event of the search the picture shows",
                                  style={"description_width": "initial"},
                                  layout=w.Layout(width="40%", min_width="240px")).add_class("adversarial-slider")
        self.event_box = slider_twin(self.slider, "Event", "Which event of the search the picture shows; "
                                     "type a number or use the arrow keys")
        # Run steps from a timer in Python, not in the browser: a browser timer keeps ticking until the
        # pause reaches it, so Pause could land one event further than shown. The timer is the kernel's
        # event loop (asyncio), not a thread: Pyodide (the in-browser kernel) cannot start threads.
        self.interval = SPEEDS["normal"]
        self._running, self._generation = False, 0
        self.buttons = []
        for name, action in (("Back", self.back), ("Step", self.step), ("Run", self.toggle_run),
                             ("Reset", self.reset)):
            button = w.Button(description=name, tooltip=TOOLTIPS[name],
                              layout=w.Layout(width="auto", min_width="5em"))
            button.add_class(f"adversarial-{name.lower()}")
            button.on_click(lambda _, act=action: act())
            self.buttons.append(button)
        self.run_button = self.buttons[2]
        self.speed = w.Dropdown(options=list(SPEEDS), value="normal", description="speed",
                                tooltip="How fast Run plays the events",
                                style={"description_width": "initial"},
                                layout=w.Layout(width="auto")).add_class("adversarial-speed")
        self.zoom_box = w.Dropdown(options=list(ZOOMS), value="fit", description="zoom",
                                   tooltip="The picture's size: fit the width, or a percent of it",
                                   style={"description_width": "initial"},
                                   layout=w.Layout(width="auto")).add_class("adversarial-zoom")
        for control in (*self.buttons, self.words_button):
            control.style.font_size = size
        controls = w.HBox([*self.buttons, self.slider, self.event_box, self.speed, self.zoom_box],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        top = self.picture
        self.legend_box = None
        if legend:              # beside the picture, not under it: the tree keeps the screen's height
            self.legend_box = w.HTML(layout=w.Layout(flex="0 1 38%", min_width="0")).add_class("adversarial-legend")
            self.picture.layout = w.Layout(flex="1 1 62%", min_width="0")
            top = w.HBox([self.picture, self.legend_box], layout=w.Layout(align_items="flex-start"))
        # Keys are heard with the focus anywhere in the stepper (self.explanation, a keys.Keys), the leaves box
        # excepted: what is typed there goes to it (and Shift+Enter to JupyterLab).
        self.stage = w.VBox([top, controls, self.explanation, self.counter_box,
                             w.HBox([self.words_button]), self.words]).add_class("adversarial-stage")
        rows = [self.stage, self.error, w.HTML(FOCUS_CSS).add_class("adversarial-focus-style")]
        self.leaves = None
        if editable:
            self.leaves = w.Text(description="leaves", continuous_update=False,
                                 tooltip="The tree as a nested list of leaf values, e.g. [[3, 5], [2, 9]]; "
                                         "press Enter to search it",
                                 layout=w.Layout(width="80%")).add_class("adversarial-leaves-input")
            self.leaves.style.font_size = size
            wide = w.Layout(width="auto")
            example = w.Button(description="Example", tooltip="Back to the example tree",
                               layout=wide).add_class("adversarial-example")
            shuffle = w.Button(description="Random tree", tooltip="A new random tree (binary, 3 levels)",
                               layout=wide).add_class("adversarial-random")
            for button in (example, shuffle):
                button.style.font_size = size
            example.on_click(lambda _: self.load_example())
            shuffle.on_click(lambda _: self.load_random())
            rows.insert(0, w.HBox([self.leaves, example, shuffle],
                                  layout=w.Layout(flex_flow="row wrap", align_items="center")))
        if self.lecture:
            rows.insert(0, w.HTML(LECTURE_CSS))
        super().__init__(rows)
        self.add_class("adversarial-stepper")
        if self.lecture:
            self.add_class("adversarial-lecture")
        self._example = game
        self._random_seed = 0
        self._install(self._prepare(game))
        self.slider.observe(lambda change: self._moved(), names="value")
        self.speed.observe(lambda change: setattr(self, "interval", SPEEDS[change["new"]]),
                           names="value")
        self.zoom_box.observe(lambda change: self.set_zoom(change["new"]), names="value")
        self.words_button.observe(lambda change: self._show(), names="value")
        if self.leaves is not None:
            self.leaves.observe(lambda change: self._edit(change["new"]), names="value")

    # -- what a button or key does ---------------------------------------------
    @property
    def position(self) -> int:
        """How many events have happened (0 = before the search starts)."""
        return self.slider.value

    @property
    def running(self) -> bool:
        """Is a Run under way?"""
        return self._running

    def goto(self, k: int) -> None:
        """Show the search after ``k`` events (0: before it starts; past the end: the end)."""
        if isinstance(k, bool) or not isinstance(k, numbers.Real) or not (
                isinstance(k, numbers.Integral) or math.isfinite(k) and float(k).is_integer()):
            raise TypeError(f"goto needs a whole number of events, 0 to {len(self.trace)} (the end), got {k!r}")
        self.slider.value = max(0, min(int(k), len(self.trace)))

    def step(self) -> None:
        """One event forward (pauses a Run)."""
        self.pause()
        self.goto(self.position + 1)

    def back(self) -> None:
        """One event back (pauses a Run)."""
        self.pause()
        self.goto(self.position - 1)

    def reset(self) -> None:
        """Back to before the search (pauses a Run)."""
        self.pause()
        self.goto(0)

    def run(self) -> None:
        """Play the events one after another at the chosen speed (from the start if at the end).

        Each event is one call scheduled on the kernel's event loop, in JupyterLab and in the
        in-browser kernel alike; between two events the kernel is free for clicks and keys."""
        if self.position >= len(self.trace):
            self.goto(0)
        self._generation += 1
        self._set_running(True)
        self._tick_later(self._generation)

    def pause(self) -> None:
        """Stop a Run where it is."""
        self._generation += 1            # a timer still waiting will find it is not its run any more
        self._set_running(False)

    def _tick_later(self, generation: int) -> None:
        _event_loop().call_later(self.interval / 1000, self._tick, generation)

    def _tick(self, generation: int) -> None:
        if generation != self._generation:
            return
        self.goto(self.position + 1)
        if self.position >= len(self.trace) or self._before_cutoff():
            self.pause()
        elif generation == self._generation:
            self._tick_later(generation)

    def _set_running(self, running: bool) -> None:
        self._running = running
        self.run_button.description = "Pause" if running else "Run"

    def toggle_run(self) -> None:
        self.pause() if self.running else self.run()

    def handle_key(self, key: str) -> None:
        """What a key (or a clicker, which sends PageUp/PageDown) does; other keys are ignored."""
        action = KEYS.get(key)
        if action:
            getattr(self, action)()

    def set_zoom(self, zoom: str) -> None:
        """'fit' (the picture shrinks to the width available) or a percent of that width."""
        if zoom not in ZOOMS:
            raise ValueError(f"zoom must be one of {', '.join(ZOOMS)}, got {zoom!r}")
        self.zoom = ZOOMS[zoom]
        if self.zoom_box.value != zoom:
            self.zoom_box.value = zoom
        self._show()

    @property
    def sentence(self) -> str:
        """The event just done, in one sentence."""
        if self.position == 0:
            return "Press Step to start the search."
        said = self.trace.explain(self.position - 1)
        if self._before_cutoff():
            node = self.trace.label(self.trace[self.position].path)
            said += f" Predict: which children of {node} will be pruned? Press Step to see."
        return said

    @property
    def counters(self) -> dict:
        """Leaves evaluated so far, and what the search has already decided to skip: the leaves saved (a
        hand-made tree, where every leaf is known), or the moves (branches) pruned (a game: what lies below
        a pruned move is never looked at, so its leaves are not known)."""
        return self._counters(self.drawing)

    @property
    def drawing(self):
        """The drawing at the current position (what the picture shows)."""
        return render.draw(self.game, self.result, step=self.position, theme=self.theme,
                           show_leaves=self.show_leaves, layout=self._layout)

    # -- loading a tree ----------------------------------------------------------
    def load(self, game) -> None:
        """Show a new tree (or nested list). If it cannot be searched or drawn, the stepper stays
        exactly as it was and the error says why."""
        try:
            prepared = self._prepare(game)
        except (ValueError, TypeError) as error:
            self.error.value = (f"<div role='alert' style='color:#b3261e'>Could not use this tree: "
                                f"{html.escape(str(error))}</div>")
            return
        self._install(prepared)

    def load_example(self) -> None:
        """Back to the tree the stepper was made with."""
        self.load(self._example)

    def load_random(self) -> None:
        """A new random tree (binary, 3 levels). Seeds 1, 2, 3, ... in turn, so the same clicks
        give the same trees in every run of the notebook."""
        self._random_seed += 1
        self.load(random_tree(2, 3, seed=self._random_seed))

    def _prepare(self, game):
        """Search and draw ``game`` without touching the stepper: errors surface before any change."""
        game = tree(game) if isinstance(game, (list, tuple)) else game
        _check_search_size(game, self.algorithm, self._fresh_options())
        result = ALGORITHMS[self.algorithm](game, trace=True, **self._fresh_options())
        render.draw(game, result, theme=self.theme, legend=self.legend)    # fails early if too large
        return game, result

    def _install(self, prepared) -> None:
        self.pause()
        self.game, self.result = prepared
        self.trace = self.result.trace
        try:                    # laid out once; every step restyles it (no layout per step)
            self._layout: render.Layout | None = render.Layout(self.game, self.result, theme=self.theme)
        except TypeError:       # a game (boards) or chance nodes: laid out at each step
            self._layout = None
        if self.legend_box is not None:
            strict = not getattr(self.trace, "prune_on_equal", True)
            self.legend_box.value = render.legend_html(theme_style(self.theme), strict)
        with self.slider.hold_trait_notifications():
            self.slider.value = 0
            self.slider.max = len(self.trace)
        if self.leaves is not None and isinstance(self.game, Tree):
            self.leaves.value = str(self.game.to_list())
        self.error.value = ""
        self._show()

    def _edit(self, text: str) -> None:
        if isinstance(self.game, Tree) and text == str(self.game.to_list()):
            return                                      # the box was just filled in by _install
        try:
            _check_pasted_size(text)
            spec = ast.literal_eval(text)
            new = tree(spec, root_player=getattr(self.game, "root_player", "MAX"))   # a game: MAX
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError) as error:
            self.error.value = (f"<div role='alert' style='color:#b3261e'>Could not use these leaves: "
                                f"{html.escape(str(error))}</div>")
            return
        self.load(new)

    def _fresh_options(self) -> dict:
        """The search options, with a fresh copy of a learning order (Killers(), History(), ...)
        for every load, so the same tree always shows the same search."""
        options = dict(self.options)
        order = options.get("order")
        if order is not None and hasattr(order, "cutoff"):
            options["order"] = copy.deepcopy(order)
        return options

    # -- presenter view and slides -------------------------------------------------
    def presenter(self) -> w.VBox:
        """The picture, the sentence and the counters alone, filling the screen, with the
        buttons under them; it follows this stepper (and the keys work on it too).

        In JupyterLab (4.6), right-click its output and choose "Create New View for Cell Output",
        then View → Appearance → Presentation Mode (or Simple Interface) to give it the whole screen.
        """
        picture = w.HTML().add_class("adversarial-drawing").add_class("adversarial-screen-drawing")
        size = "40px" if self.lecture else "2em"
        sentence = Keys(size=size, root=".adversarial-presenter").add_class("adversarial-explanation")
        sentence.on_key(self.handle_key)
        counters = w.HTML().add_class("adversarial-counters")
        view = w.VBox([picture, sentence, counters,
                       w.HBox(self.buttons, layout=w.Layout(flex_flow="row wrap"))],
                      layout=w.Layout(width="100%"))
        view.add_class("adversarial-presenter").add_class("adversarial-lecture")
        view.children = (w.HTML(LECTURE_CSS), *view.children)
        self._screens.append((picture, sentence, counters, size))
        self._show()
        return view

    def save_slides(self, folder, *, format: str = "png", width: int = 1920,
                    zoom: Literal["fit", "follow"] = "fit") -> list[Path]:
        """Write every step as a 16:9 slide to ``folder`` (step_000.png, step_001.png, ...): the
        picture, the step's sentence and the counters, ``width`` pixels wide (1920: 1920×1080),
        through the bundled layout program; the tree stays in place from slide to slide.
        ``format="pdf"`` also writes ``slides.pdf``, every slide as one page (needs Pillow, which
        the notebooks' matplotlib installs). Returns the files written.

        ``zoom="follow"`` (a big tree): each slide shows the part of the tree around the step's current
        node, its smallest text 24 px on a 1920 px slide (20 px or more on a smaller deck at its own size,
        960 px wide or more),
        as the stepper's follow view does: the root and
        the path down to the current node stay in view (the ancestors the window leaves out in a strip
        above it), and the words stay whole under it; the first and last slides (no current node) show
        the whole tree. ``zoom="fit"`` (the default): the whole tree on every slide.

        Every slide carries its words as its text alternative: the drawing's name and description and the
        counters (an SVG's ``<title>`` and ``<desc>``, a PNG's "Title" and "Description" text).

        >>> import tempfile
        >>> s = Stepper([[3, 5], [2]])
        >>> [p.name for p in s.save_slides(tempfile.mkdtemp(), format="svg", width=800)][-1]
        'step_015.svg'
        """
        if format not in (*render.SLIDE_FORMATS, "pdf"):
            raise ValueError(f"format must be 'png', 'svg' or 'pdf', got {format!r}")
        if isinstance(width, bool) or not isinstance(width, int) or width < 320:
            raise ValueError(f"width is in pixels, a whole number of at least 320, got {width!r}")
        if not isinstance(zoom, str) or zoom not in ("fit", "follow"):
            raise ValueError(f"zoom must be 'fit' (the whole tree on every slide) or 'follow' (the part around "
                             f"the current node, readable on a big tree), got {zoom!r}")
        if zoom == "follow" and width < FOLLOW_SLIDE_LEAST:
            raise ValueError(f"zoom='follow' needs slides {FOLLOW_SLIDE_LEAST} pixels wide or more, got {width}: "
                             f"with its text at {SLIDE_TEXT_LEAST} px a narrower slide cannot hold a row of the tree "
                             "under the path above it. Give a larger width, or zoom='fit' for the whole tree.")
        import textwrap
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        digits = max(3, len(str(len(self.trace))))
        kept, written, pages = self.position, [], []
        words = []
        for k in range(len(self.trace) + 1):
            self.slider.value = k
            words.append(textwrap.wrap(self.sentence, 80) + [_counted(self.counters, " · ")])
        self.slider.value = kept
        first = render.draw(self.game, self.result, step=0, theme=self.theme, show_leaves=self.show_leaves)
        make = render.slide_maker(first, max(map(len, words)), width=width)
        if zoom == "follow":
            near = _follow_slides(theme_style(self.theme), max(map(len, words)), width)
        for k in range(len(self.trace) + 1):
            drawing = render.draw(self.game, self.result, step=k, theme=self.theme,
                                  show_leaves=self.show_leaves)
            placed = None
            if zoom == "follow":        # the step's current node and path, readable; else the whole tree
                fast = self._layout and render.draw(self.game, self.result, step=k, theme=self.theme,
                                                    show_leaves=self.show_leaves, layout=self._layout)
                placed = near(drawing, (fast or drawing).svg(ids=False), words[k])
            source = placed if placed is not None else make(drawing, words[k])
            path = folder / f"step_{k:0{digits}d}.{'svg' if format == 'svg' else 'png'}"
            picture = render.dot.pipe(source, "svg" if format == "svg" else "png", placed=placed is not None)
            said = Description(drawing.description.name, (*drawing.description.lines, words[k][-1]))
            path.write_bytes(svg_with_words(picture.decode("utf-8"), said).encode("utf-8") if format == "svg"
                             else _png_with_words(picture, said))
            written.append(path)
        if format == "pdf":
            try:
                from PIL import Image
            except ImportError:
                raise RuntimeError("a PDF deck needs Pillow (`pip install pillow`); the PNG slides are "
                                   f"written in {folder}") from None
            pages = [Image.open(p).convert("RGB") for p in written]
            deck = folder / "slides.pdf"
            pages[0].save(deck, save_all=True, append_images=pages[1:], resolution=96)
            written.append(deck)
        return written

    # -- static pages ------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs):
        """A page without a kernel (a static site) shows the whole search: the final picture and
        the α/β table; a stepper that pauses at cutoffs (predict, then reveal) shows only its start.
        JupyterLab, with a kernel, shows the live widget instead."""
        bundle = super()._repr_mimebundle_(**kwargs) or {}
        if self.pause_at_cutoffs:   # a predict-then-reveal stepper: the page shows the start, never the answer
            final = render.draw(self.game, self.result, step=self.position, theme=self.theme, legend=self.legend,
                                show_leaves=self.show_leaves)
            bundle["text/html"] = f'<div class="adversarial-stepper-static">{fitted(final.svg())}</div>'
            return bundle
        final = render.draw(self.game, self.result, theme=self.theme, legend=self.legend)
        table = self.trace.table()._repr_html_() if self.algorithm != "minimax" else ""
        bundle["text/html"] = (f'<div class="adversarial-stepper-static">'
                               f"{render.html_view(final.svg(), final.description)}{table}</div>")
        return bundle

    # -- internals ---------------------------------------------------------------
    def _before_cutoff(self) -> bool:
        return (self.pause_at_cutoffs and self.position < len(self.trace)
                and isinstance(self.trace[self.position], Cutoff))

    def _moved(self) -> None:
        if self.running and self._before_cutoff():
            self.pause()
        self._show()

    def _counters(self, drawing) -> dict:
        evaluated = sum(isinstance(e, Leaf) for e in self.trace.events[:self.position])
        if not isinstance(self.game, Tree):
            cut = sum(1 for status in drawing.status.values() if status == "pruned")  # only moves cut are
            return {"leaves evaluated": evaluated, "moves pruned": cut}               # drawn pruned in a game
        saved = sum(1 for path, status in drawing.status.items()
                    if status == "pruned" and self.game.node(path).is_leaf)
        return {"leaves evaluated": evaluated, "leaves saved": saved}

    def _show(self) -> None:
        size = theme_style(self.theme)["text"]
        drawing = self.drawing                     # built once per step: the picture and the counters
        svg = drawing.svg(ids=False)               # its name and description inside (role="img")
        self.picture.value = fitted(svg, self.zoom)
        self.words.value = details_words(drawing.description) if self.words_button.value else ""
        sentence = self.sentence
        counted = _counted(self._counters(drawing), " &nbsp;·&nbsp; ")
        self.explanation.text = sentence
        self.counter_box.value = f"<div style='font-size:{size};line-height:1.3'>{counted}</div>"
        for picture, sentence_box, counter_box, big in self._screens:
            picture.value = fitted(svg, screen=True)
            sentence_box.text = sentence
            counter_box.value = f"<div style='font-size:{big};line-height:1.3'>{counted}</div>"

    def __repr__(self) -> str:
        return (f"Stepper({self.algorithm} on {self.game!r}: step {self.position} of "
                f"{len(self.trace)})")


def _png_with_words(png: bytes, words: Description) -> bytes:
    """``png`` with its words inside, as PNG text (iTXt, UTF-8): "Title" (the short name) and "Description"
    (the long description), which image viewers and slide programs can read as the picture's alt text."""
    import struct
    import zlib
    chunks = b""
    for key, text in (("Title", words.name), ("Description", words.text)):
        data = key.encode("latin-1") + b"\0\0\0\0\0" + text.encode("utf-8")
        chunks += struct.pack(">I", len(data)) + b"iTXt" + data + struct.pack(">I", zlib.crc32(b"iTXt" + data))
    start = 8 + 12 + struct.unpack(">I", png[8:12])[0]     # after the signature and the header chunk (IHDR),
    return png[:start] + chunks + png[start:]             # before the picture: readers see it first


def _counted(counters: dict, between: str) -> str:
    """The counters' line: "leaves evaluated: 4 · leaves saved so far: 2" (a game: "moves (branches) pruned
    so far")."""
    saved = (f"leaves saved so far: {counters['leaves saved']}" if "leaves saved" in counters
             else f"moves (branches) pruned so far: {counters['moves pruned']}")
    return f"leaves evaluated: {counters['leaves evaluated']}{between}{saved}"
