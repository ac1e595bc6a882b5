"""Drawing game trees with Graphviz: MAX and MIN triangles, values, α/β, and pruned branches cut.

>>> from adversarial import tree, alphabeta
>>> t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
>>> draw(t, alphabeta(t, trace=True))
<Drawing: 13 nodes, 2 pruned leaves, root value 7>

``draw`` returns a :class:`Drawing`, a ``graphviz.Digraph`` that shows as SVG in
Jupyter and as a one-line summary in text. ``step=k`` draws the search after its
first k events; every step has the same layout, so the tree never jumps.
"""

from __future__ import annotations

import html
import math
import re

import graphviz

from . import dot
from .game import CHANCE, MAX, node_id
from .themes import THEMES, check_flag, lecture_mode, set_theme, theme_style  # noqa: F401 (re-exported)
from .trace import Bound, Cutoff, Enter, Leaf, Return, fmt, fmt_value
from .tree import Tree


class Drawing(graphviz.Digraph):
    """A drawn game tree: SVG in Jupyter, a short summary as text."""

    def __init__(self, *args, summary: str = "", status: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.summary = summary
        self.status = status or {}     # path -> 'visited', 'pruned', 'unvisited' or 'current'

    def __repr__(self) -> str:
        return f"<Drawing: {self.summary}>"

    def svg(self) -> str:
        return dot.pipe(self.source).decode("utf-8")

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        return {"image/svg+xml": self.svg(), "text/plain": repr(self)}

    # Saving a drawing (``.render("tree", format="png")``, ``.pipe(format="png")``) uses the
    # same layout program as drawing it, so it needs no system Graphviz either.
    # The layout program's warnings (e.g. about font widths) are kept out of the cell: quiet=True.
    def pipe(self, format=None, *args, quiet=True, **kwargs):
        dot.check_format(format or self.format)
        with dot.for_graphviz():
            return super().pipe(format, *args, quiet=quiet, **kwargs)

    def render(self, *args, quiet=True, **kwargs):
        dot.check_format(kwargs.get("format") or self.format)
        with dot.for_graphviz():
            return super().render(*args, quiet=quiet, **kwargs)

    def copy(self) -> "Drawing":
        twin = super().copy()
        twin.summary, twin.status = self.summary, dict(self.status)
        return twin


def draw(game, result=None, *, step: int | None = None, theme: str | None = None,
         legend: bool = False, max_nodes: int = 300, show_leaves: bool = False) -> Drawing:
    """Draw a tree (or the part of a game a traced search explored).

    While stepping, every node on the current path shows its current α, β and running
    value v; a finished node shows its value, exact unless something below it was cut
    (then a bound, ``≤ v`` or ``≥ v``).

    Args:
        game: a :class:`~adversarial.tree.Tree` or nested list; or a game, with a traced ``result``.
        result: a search result made with ``trace=True``; pruned branches are drawn cut.
        step: draw the search after its first ``step`` trace events.
        theme: 'notebook' (default) or 'projector'.
        legend: add a key to the marks.
        max_nodes: refuse to draw more nodes than this (a browser would freeze).
        show_leaves: while stepping, show the values of leaves not reached yet (predict-then-reveal).

    >>> from adversarial import tree, alphabeta
    >>> t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    >>> draw(t, alphabeta(t, trace=True), step=15)
    <Drawing: 13 nodes, 0 pruned leaves, step 15>
    """
    from .game import as_game
    for name, flag in (("legend", legend), ("show_leaves", show_leaves)):
        check_flag(name, flag)
    from .search import searched_game
    game = as_game(game)
    if result is not None:      # refuse a result of another tree; below the root, draw the subtree searched
        game = searched_game(game, result)
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise TypeError(f"max_nodes must be a whole number of nodes (1 or more), got {max_nodes!r}")
    style = theme_style(theme)
    trace = None
    if result is not None:
        trace = result.trace
        if trace is None:
            raise ValueError("this result has no trace: search again with trace=True to draw it")
    if step is not None:
        if trace is None:
            raise ValueError("step= needs a traced result: draw(t, alphabeta(t, trace=True), step=3)")
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(trace):
            raise ValueError(f"step must be a whole number from 0 to {len(trace)}, got {step!r}")
    events = list(trace) if trace is not None else []
    if step is not None:
        events = events[:step]

    nodes = _nodes(game, trace)
    if len(nodes) > max_nodes:
        raise ValueError(
            f"this tree has {len(nodes)} nodes, more than max_nodes={max_nodes}: a drawing that big "
            "is unreadable and slows the browser. Search with a depth limit (depth=2) or draw a "
            "smaller tree; raise max_nodes if you really want it."
        )
    state = _analyse(nodes, trace, events, step is not None)
    state["show_leaves"] = show_leaves
    state["strict"] = trace is not None and not getattr(trace, "prune_on_equal", True)
    g = Drawing(summary="", status=state["status"])
    g.attr("graph", rankdir="TB", ranksep=str(style["ranksep"]), nodesep=str(style["nodesep"]),
           bgcolor="white", fontname=style["font"], splines="line")
    g.attr("node", fontname=style["font"], fontsize=str(style["size"]), fixedsize="true",
           penwidth=str(style["pen"]))
    g.attr("edge", penwidth=str(style["pen"]), arrowhead="none", fontname=style["font"],
           fontsize=str(style["small"]))
    for path, info in nodes.items():
        _draw_node(g, game, path, info, state, style)
    for path in nodes:
        if path:
            _draw_edge(g, game, path, state, style)
    if legend:
        _draw_legend(g, style, state["strict"])
    g.summary = _summary(nodes, state, step)
    return g


# -- which nodes, and what happened to each ---------------------------------------

def _nodes(game, trace) -> dict:
    """path -> {'leaf': bool, 'player':..., 'value': leaf value or None, 'state': state or None}."""
    if isinstance(game, Tree):
        return {n.path: {"leaf": n.is_leaf, "player": n.player, "value": n.value, "state": n}
                for n in game.nodes()}
    if trace is None:
        raise ValueError("to draw a game (not a hand-made tree), pass a traced search result: "
                         "draw(game, alphabeta(game, depth=2, trace=True))")
    nodes = {}
    for event in trace:
        if isinstance(event, Enter):
            nodes[event.path] = {"leaf": False, "player": event.player, "value": None,
                                 "state": event.state}
        elif isinstance(event, Leaf):
            nodes[event.path].update(leaf=True, value=event.value)
        elif isinstance(event, Cutoff):
            for move in event.skipped:
                nodes[event.path + (move,)] = {"leaf": True, "player": None, "value": None,
                                               "state": None, "stub": True}
    return dict(sorted(nodes.items(), key=lambda item: (len(item[0]), _order_key(item[0]))))


def _order_key(path):
    return tuple(str(m) for m in path)


def _analyse(nodes, trace, events, stepping) -> dict:
    """Replay ``events``: what each node shows after them.

    windows: the node's current (α, β) -- its entry window, then every raise of α or
    lowering of β; running: the best child value so far of a node still being searched;
    values: (value, 'exact' | 'upper' | 'lower') of a finished node; cutoffs: where α met β.
    """
    entered, values, windows, running, cut_at, cutoffs, order = set(), {}, {}, {}, {}, {}, {}
    stack, skipped_below, has_child = [], set(), set()   # skipped: something cut, or a table answered

    def finished(path, value):
        stack.pop()
        parent = path[:-1]
        if path and parent in running:
            best = running[parent]
            pick = max if nodes[parent]["player"] == MAX else min
            running[parent] = value if best is None else pick(best, value)

    for event in events:
        if isinstance(event, Enter):
            entered.add(event.path)
            order[event.path] = len(order) + 1
            windows[event.path] = (event.alpha, event.beta)
            if event.player != CHANCE:               # a chance node averages: no best-so-far
                running[event.path] = None
            if event.path:
                has_child.add(event.path[:-1])
            stack.append(event.path)
        elif isinstance(event, Leaf):
            running.pop(event.path, None)
            values[event.path] = (event.value, "exact")
            finished(event.path, event.value)
        elif isinstance(event, Bound):
            alpha, beta = windows[event.path]
            windows[event.path] = (event.new, beta) if event.name == "alpha" else (alpha, event.new)
        elif isinstance(event, Cutoff):
            cutoffs[event.path] = (event.alpha, event.beta)
            skipped_below.add(event.path)
            for move in event.skipped:
                cut_at[event.path + (move,)] = event.path
        elif isinstance(event, Return):
            running.pop(event.path, None)
            if event.path not in has_child:
                skipped_below.add(event.path)       # no child searched: a transposition table answered
            kind = event.bound
            # A value outside the window is only a bound if something below was skipped;
            # a node whose whole subtree was searched has its exact minimax value.
            if kind != "exact" and not any(c[:len(event.path)] == event.path for c in skipped_below):
                kind = "exact"
            values[event.path] = (event.value, kind)
            finished(event.path, event.value)
    status = {}
    for path in nodes:
        if path in entered:
            status[path] = "visited"
        elif any(path[:k] in cut_at for k in range(1, len(path) + 1)):
            status[path] = "pruned"
        elif trace is None:
            status[path] = "plain"       # no search to show: just the tree
        elif not stepping:
            status[path] = "pruned"      # the whole search is over and never came here
        else:
            status[path] = "unvisited"
    current = stack[-1] if (stepping and stack) else None
    if current is not None:
        status[current] = "current"
    pv = set()
    if trace is not None and (not stepping or len(events) == len(trace)):
        line = _principal_variation(trace)
        pv = {line[:k] for k in range(1, len(line) + 1)}
    return {"status": status, "values": values, "windows": windows, "running": running, "cut_at": cut_at,
                "cutoffs": cutoffs, "order": order, "pv": pv, "path": set(stack) if stepping else set()}


def _principal_variation(trace):
    """Follow, from the root, the child whose returned value equals its parent's (first one)."""
    returned = {}
    children = {}
    for event in trace:
        if isinstance(event, (Leaf, Return)):
            returned[event.path] = event.value
        if isinstance(event, Enter) and event.path:
            children.setdefault(event.path[:-1], []).append(event.path)
    line = ()
    while line in children:
        nxt = next((c for c in children[line] if returned.get(c) == returned.get(line)), None)
        if nxt is None:
            break
        line = nxt
    return line


# -- DOT ---------------------------------------------------------------------------
# Every tree node is drawn as two Graphviz nodes: its shape (a triangle for MAX and MIN,
# a box for a leaf, a board for a game position) and, just below it, a fixed-size "note"
# with its name, visit order, α/β and running value. The edges to its children leave
# from below the note, so no edge crosses the text and no text covers an outline; and
# since every shape and note keeps its size at every step, the layout never moves.

def _node_id(path) -> str:
    return node_id(path)


def _note_id(path) -> str:
    return _node_id(path) + "_note"


def _bold(text: str, style) -> str:
    text = html.escape(text) or "&#160;"
    return f"<B>{text}</B>" if style["heavy"] else text


def _colours(status, style):
    """(outline colour, text colour, line style) of a node or note in this status."""
    if status == "pruned":
        return style["pruned"], style["pruned"], "dashed"
    if status == "unvisited":
        return style["faint"], style["faint"], "dotted"
    return style["ink"], style["ink"], "solid"


def _draw_node(g, game, path, info, state, style):
    status = state["status"][path]
    outline, ink, line = _colours(status, style)
    on_path, pv = path in state["path"], path in state["pv"] or (not path and bool(state["pv"]))
    pen = style["bold"] if (on_path or pv) else style["pen"]
    if on_path:
        outline = style["path"]
    if pv:
        outline = style["pv"]
    fill = style["current"] if status == "current" else "white"
    if info["leaf"] and isinstance(game, Tree):
        _draw_tree_leaf(g, game, path, info, state, style, outline, ink, line, pen, fill)
        return
    attrs = {"color": outline, "fontcolor": ink, "penwidth": str(pen), "style": f"filled,{line}",
             "fillcolor": fill}
    picture = getattr(game, "picture", None)
    if info.get("stub") or info.get("state") is None and not isinstance(game, Tree):
        side = f"{style['leaf'] * 0.7:.2f}"
        g.node(_node_id(path), label="?", shape="box", width=side, height=side, **attrs)
        return
    if picture and not isinstance(game, Tree):
        g.node(_node_id(path), label=f"<{picture(info['state'])}>", shape="box", fixedsize="false",
               margin="0.05", **attrs)
    else:
        main = ""
        if path in state["values"] and status != "pruned":
            main = fmt_value(*state["values"][path])
        running = _running(path, info, state) if isinstance(game, Tree) else ""
        shape = "triangle" if info["player"] == MAX else "invtriangle"
        width, height = style["inner"] * 1.6, style["inner"]
        if info["player"] == CHANCE:                 # chance nodes: circles, probabilities on edges
            shape, width = "circle", style["inner"]
        if running and not main:     # an open node: the best child value so far, inside, smaller
            label = f"<<FONT POINT-SIZE='{style['small']}'>{_bold(running, style)}</FONT>>"
        else:
            label = f"<<B>{html.escape(main) or ' '}</B>>"
        g.node(_node_id(path), label=label, shape=shape,
               width=f"{width:.2f}", height=f"{height:.2f}", **attrs)

    _draw_note(g, game, path, info, state, style, ink)
    g.edge(_node_id(path), _note_id(path), style="invis", weight="100")


def _draw_tree_leaf(g, game, path, info, state, style, outline, ink, line, pen, fill):
    """A leaf of a hand-made tree: its value in a fixed-size box, its name under it."""
    status = state["status"][path]
    value = info["value"]
    # While stepping, a leaf's value appears with its "Leaf D is worth 3" event, not when it is entered.
    hidden = status in ("unvisited", "current") and path not in state["values"] and not state["show_leaves"]
    text = "" if value is None or hidden else fmt(value)
    width, height = round(style["leaf"] * 72), round(style["leaf"] * 0.9 * 72)
    border = max(1, round(pen))
    name = _label(game, path)
    g.node(_node_id(path), shape="none", margin="0", fixedsize="false", label=(
        "<<TABLE BORDER='0' CELLSPACING='0' CELLPADDING='0'>"
        f"<TR><TD BORDER='{border}' STYLE='{line}' COLOR='{outline}' "
        f"BGCOLOR='{fill}' WIDTH='{width}' HEIGHT='{height}' FIXEDSIZE='TRUE'>"
        f"<FONT COLOR='{ink}'><B>{html.escape(text) or ' '}</B></FONT></TD></TR>"
        f"<TR><TD HEIGHT='{round(style['small'] * 1.25)}' FIXEDSIZE='FALSE'>"
        f"<FONT POINT-SIZE='{style['small']}' COLOR='{ink}'>{_bold(name, style)}"
        "</FONT></TD></TR></TABLE>>"))


def _note_rows(game, path, info, state):
    """The lines of a node's note, as (text, colour key or None).

    A tree's note is two lines: the node's name (and visit order), then its live window α/β --
    only while the node is on the current path (a finished node's last window would read as
    current) -- or, where the cut happened, "α ≥ β: prune". A game's note adds the value (a board
    has no room for it inside) and the best value so far (a tree shows it inside the triangle).
    """
    is_tree = isinstance(game, Tree)
    order = state["order"].get(path)
    head = _label(game, path) if is_tree else (info["player"] or "")
    if not is_tree and info["leaf"]:
        head = "leaf"
    if order is not None:
        head += f" #{order}"
    rows = [(head, None)]
    window = state["windows"].get(path)
    live = window and window[0] is not None and not info["leaf"] and path in state["path"]
    if path in state["cutoffs"]:
        middle = (("α > β" if state["strict"] else "α ≥ β") + ": prune", "cut")
    else:
        middle = (f"α={fmt(window[0])} β={fmt(window[1])}" if live else "", None)
    rows.append(middle)
    if not is_tree:          # a board has no room for its value inside: it goes here
        value = state["values"].get(path)
        rows.append((f"= {fmt_value(*value)}" if value else "", None))
        rows.append((_running(path, info, state), None))
    return rows


def _running(path, info, state) -> str:
    """"v=5": the best child value so far of a node still being searched ("" otherwise)."""
    if path not in state["running"]:
        return ""
    best = state["running"][path]
    if best is None:
        best = -math.inf if info["player"] == MAX else math.inf
    return f"v={fmt(best)}"


def _note_size(game, style):
    lines = 2 if isinstance(game, Tree) else 4
    return style["note"], lines * style["small"] * 1.25 / 72


def _draw_note(g, game, path, info, state, style, ink):
    rows = _note_rows(game, path, info, state)
    # The cut's words are boxed as well as coloured, so they stand out in grayscale too.
    framed = f" BORDER='{max(1, round(style['pen']))}' COLOR='{style['cut']}'"
    body = "".join(
        f"<TR><TD{framed if key == 'cut' else ''}><FONT POINT-SIZE='{style['small']}' "
        f"COLOR='{style[key] if key else ink}'>{_bold(text, style)}</FONT></TD></TR>" for text, key in rows)
    width, height = _note_size(game, style)
    g.node(_note_id(path), shape="none", margin="0", width=f"{width:.2f}", height=f"{height:.2f}",
           label=f"<<TABLE BORDER='0' CELLSPACING='0' CELLPADDING='0'>{body}</TABLE>>")


def _draw_edge(g, game, path, state, style):
    status = state["status"][path]
    attrs = {"minlen": "2", "tailport": "s", "headport": "n"}
    probability = getattr(game, "probability", None)
    p = probability(path) if probability else None
    if p is not None:                                 # below a chance node: the outcome's probability
        attrs.update(label=f" {p:.3g}", fontsize=str(style["small"]))
    elif not isinstance(game, Tree):                  # a game's move, on its own edge
        attrs.update(label=html.escape(str(path[-1])), fontsize=str(style["small"]))
    if status == "pruned":
        attrs.update(style="dashed", color=style["pruned"], fontcolor=style["pruned"])
        if path in state["cut_at"]:
            attrs.update(headlabel="//", labelfontsize=str(style["size"]), labelfontcolor=style["cut"])
    elif status == "unvisited":
        attrs.update(style="dotted", color=style["faint"], fontcolor=style["faint"])
    if path in state["path"]:
        attrs.update(color=style["path"], penwidth=str(style["bold"]))
    if path in state["pv"]:
        attrs.update(color=style["pv"], penwidth=str(style["bold"]))
    g.edge(_note_id(path[:-1]), _node_id(path), **attrs)


def _draw_legend(g, style, strict):
    cut = "α > β" if strict else "α ≥ β"
    rows = [("triangle, point up", "MAX node: takes the largest value"),
            ("triangle, point down", "MIN node: takes the smallest value"),
            ("α=3 β=+∞", "the node's current window: MAX is sure of α, MIN of β"),
            ("v=5", "best value of the children searched so far"),
            ("7 (inside)", "exact value: every leaf below was searched"),
            ("≤ 1 or ≥ 23", "only a bound: leaves below it were pruned"),
            (f"{cut}: prune", "the cut happens here; // marks each pruned branch"),
            ("dashed, grey", "pruned: never looked at"),
            ("dotted, faint", "not visited yet (when stepping)"),
            ("thick orange", "the current path; yellow: the node being searched"),
            ("thick blue", "principal variation: best play for both")]
    size = style["small"]
    body = "".join(
        f"<TR><TD ALIGN='LEFT'><FONT POINT-SIZE='{size}'>{_bold(a, style)}</FONT></TD>"
        f"<TD WIDTH='{size}'> </TD>"
        f"<TD ALIGN='LEFT'><FONT POINT-SIZE='{size}'>{html.escape(b)}</FONT></TD></TR>"
        for a, b in rows)
    with g.subgraph(name="legend_rank") as sub:
        sub.attr(rank="sink")
        sub.node("legend", shape="box", fixedsize="false", style="rounded", margin="0.15",
                 label=f"<<TABLE BORDER='0' CELLBORDER='0' CELLSPACING='4'>{body}</TABLE>>")


def _label(game, path):
    namer = getattr(game, "label", None)
    try:
        return namer(path) if namer else ("root" if not path else "→".join(map(str, path)))
    except (KeyError, IndexError, ValueError, TypeError):     # a game's namer that cannot name this path
        return "→".join(map(str, path))


def _summary(nodes, state, step) -> str:
    leaves = [p for p, info in nodes.items() if info["leaf"]]
    pruned = sum(1 for p in leaves if state["status"][p] == "pruned")
    parts = [f"{len(nodes)} nodes", f"{pruned} pruned leaves"]
    if () in state["values"]:
        parts.append(f"root value {fmt_value(*state['values'][()])}")
    if step is not None:
        parts.append(f"step {step}")
    return ", ".join(parts)


# -- slides ------------------------------------------------------------------------

SLIDE_FORMATS = ("png", "svg")


def save_drawing(drawing, path, *, width: int = 1920, format: str | None = None):
    """Write ``drawing`` to ``path`` as a PNG or SVG ``width`` pixels wide, for slides.

    The bundled layout program writes both formats (no system Graphviz, no converter).

    Args:
        drawing: what :func:`draw` returned.
        path: the file to write; its suffix (.png or .svg) gives the format unless ``format`` does.
        width: the picture's width in pixels (1920 fills a full-HD projector).
        format: 'png' or 'svg'.

    >>> import tempfile, pathlib
    >>> from adversarial import tree
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> save_drawing(draw(tree([[3, 5], [2]])), folder / "tree.png", width=800).name
    'tree.png'
    """
    from pathlib import Path
    path = Path(path)
    fmt = (format or path.suffix.lstrip(".")).lower()
    if fmt not in SLIDE_FORMATS:
        raise ValueError(f"cannot save a drawing as {fmt!r}: use a .png or .svg file name "
                         "(or format='png' / 'svg')")
    if isinstance(width, bool) or not isinstance(width, int) or width < 16:
        raise ValueError(f"width is in pixels, a whole number of at least 16, got {width!r}")
    svg = drawing.svg()
    width_pt, height_pt = _svg_size(svg)
    if fmt == "svg":
        height = round(width * height_pt / width_pt)
        svg = re.sub(r'<svg width="[^"]*" height="[^"]*"', f'<svg width="{width}px" height="{height}px"',
                     svg, count=1)
        path.write_text(svg, encoding="utf-8")
    else:
        dpi = 72 * width / width_pt
        source = drawing.source.replace("{", f"{{\n\tdpi={dpi:.4f}", 1)
        path.write_bytes(dot.pipe(source, "png"))
    return path


def _svg_size(svg: str) -> tuple[float, float]:
    """The drawing's width and height in points, read from the SVG's viewBox."""
    found = re.search(r'viewBox="[\d.\-]+ [\d.\-]+ ([\d.]+) ([\d.]+)"', svg)
    if not found:
        raise RuntimeError("the layout program wrote an SVG without a viewBox")
    return float(found.group(1)), float(found.group(2))
