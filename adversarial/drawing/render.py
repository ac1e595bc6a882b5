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
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import graphviz

from ..formatting import fmt
from ..game import CHANCE, MAX, node_id
from ..trace import Bound, Cutoff, Enter, Leaf, Return, fmt_value
from ..tree import Tree

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..search import GameLike, SearchResult
from . import dot
from .themes import THEMES, check_flag, lecture_mode, set_theme, theme_style  # noqa: F401 (re-exported)
from .words import Description, html_view, mcts_description, search_description, svg_with_words


class Drawing(graphviz.Digraph):
    """A drawn game tree: SVG in Jupyter, a short summary as text."""

    def __init__(self, *args, summary: str = "", status: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.summary = summary
        self.status = status or {}     # path -> 'visited', 'pruned', 'unvisited' or 'current'

    def __repr__(self) -> str:
        return f"<Drawing: {self.summary}>"

    # What makes the drawing's words (draw sets it), made when first asked for.
    _words: Callable[[], Description] | None = None

    @property
    def description(self) -> Description:
        """The drawing's words: ``.name`` (short) and ``.text`` (read aloud), from the same analysis as
        the picture (see :mod:`adversarial.drawing.describe`)."""
        made = self.__dict__.get("_made_words")
        if made is None:
            made = self._words() if self._words is not None else Description(f"Drawing: {self.summary}")
            self.__dict__["_made_words"] = made
        return made

    layout: Any = None   # a Layout made once: svg() restyles it instead of running the layout program
    _unwritten: Any = None   # with a layout, what writes the DOT text when it is first needed

    def _complete(self):
        if self._unwritten is not None:
            write, self._unwritten = self._unwritten, None
            write()

    @property
    def source(self) -> str:
        self._complete()
        return super().source

    def __iter__(self, *args, **kwargs):
        self._complete()
        return super().__iter__(*args, **kwargs)

    def svg(self, *, ids: bool = True) -> str:
        """The picture as SVG, its words inside: ``role="img"``, ``<title>`` (the short name) and
        ``<desc>`` (the long description). ``ids=False``: for an SVG put inside a page (no ids to clash)."""
        if self.layout is not None:
            svg = self.layout.svg(*self.parts)
        else:
            svg = dot.pipe(self.source).decode("utf-8")
        return svg_with_words(svg, self.description, ids=ids)

    def _repr_svg_(self) -> str:
        return _fit_wide(self.svg())

    def _repr_html_(self) -> str:
        svg = self.svg()
        return html_view(svg, self.description, wide=_fit_wide(svg) != svg)

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        # text/html (an image with alt text, and the words under it) is what JupyterLab, the site and
        # exported HTML show; image/svg+xml stays for other front ends; nbval compares text/plain.
        svg = self.svg()
        fitted = _fit_wide(svg)
        return {"text/html": html_view(svg, self.description, wide=fitted != svg),
                "image/svg+xml": fitted, "text/plain": repr(self)}

    # Saving a drawing (``.render("tree", format="png")``, ``.pipe(format="png")``) uses the
    # same layout program as drawing it (dot.pipe), so it needs no system Graphviz either; only the
    # ``graphviz`` package's public signatures are kept, none of its internals is touched.
    # The layout program's warnings (e.g. about font widths) never reach the cell.
    def pipe(self, format=None, renderer=None, formatter=None, neato_no_op=None, quiet=True, *,
             engine=None, encoding=None):
        """The drawing laid out in ``format`` (default: the drawing's), as bytes or, with ``encoding``, text."""
        fmt = format or self.format
        dot.check_format(fmt)
        _only_dot(renderer=renderer, formatter=formatter, neato_no_op=neato_no_op, engine=engine)
        data = dot.pipe(self.source, fmt)
        return data.decode(encoding) if encoding else data

    def render(self, filename=None, directory=None, view=False, cleanup=False, format=None,
               renderer=None, formatter=None, neato_no_op=None, quiet=True, quiet_view=False, *,
               outfile=None, engine=None, raise_if_result_exists=False, overwrite_source=False):
        """Save the DOT source as ``filename`` and the picture beside it (``filename.format``); return the
        picture's path. ``outfile="tree.png"`` names the picture (and its format) directly."""
        import os
        _only_dot(renderer=renderer, formatter=formatter, neato_no_op=neato_no_op, engine=engine)
        if view:
            raise ValueError("render(view=True) is not supported: open the saved file yourself")
        if outfile is not None:
            outfile = os.fspath(outfile)
            format = format or os.path.splitext(outfile)[1].lstrip(".") or self.format
            if filename is None:
                filename = os.path.splitext(outfile)[0] + ".gv"
        fmt = format or self.format
        dot.check_format(fmt)
        source_path = os.path.join(os.fspath(directory or self.directory or ""),
                                   os.fspath(filename or self.filename))
        target = outfile if outfile is not None else f"{source_path}.{fmt}"
        if raise_if_result_exists and os.path.exists(target):
            raise FileExistsError(f"{target} exists already (raise_if_result_exists=True)")
        data = dot.pipe(self.source, fmt)
        os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
        if not cleanup:
            with open(source_path, "w", encoding="utf-8") as f:
                f.write(self.source)
        with open(target, "wb") as f:
            f.write(data)
        return target

    def copy(self) -> "Drawing":
        self._complete()
        twin = super().copy()
        twin.summary, twin.status = self.summary, dict(self.status)
        twin._words = self._words
        return twin


def _only_dot(**options):
    """Refuse the ``graphviz`` options this package's layout program does not offer."""
    given = {name: value for name, value in options.items() if value not in (None, "dot")}
    if given:
        raise ValueError(f"drawings are laid out by Graphviz's dot only; drop {', '.join(given)}")


WIDE = 1200      # CSS pixels: a drawing wider than this is shown as wide as the page instead


def _fit_wide(svg: str) -> str:
    """A wide drawing's SVG sized to the width of the page it is shown in (JupyterLab shows an SVG
    output as an image at its own size, scrolling sideways); a narrower one keeps its size."""
    found = re.search(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"', svg)
    if not found or float(found.group(1)) * 4 / 3 <= WIDE:
        return svg
    return svg.replace(found.group(0), '<svg width="100%"', 1)


def draw(game: GameLike, result: SearchResult | None = None, *, step: int | None = None, theme: str | None = None,
         legend: bool = False, max_nodes: int = 300, show_leaves: bool = False,
         layout: "Layout | str | None" = None, across: bool = False) -> Drawing:
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
        layout: a :class:`Layout` of this tree made once (what the stepper does): the drawing's
            SVG is then the layout restyled for this step, with no new run of the layout program.
        across: lay the tree out left to right, the root at the left (a line of boards then reads
            across a wide screen instead of running down several).

    >>> from adversarial import tree, alphabeta
    >>> t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
    >>> draw(t, alphabeta(t, trace=True), step=15)
    <Drawing: 13 nodes, 0 pruned leaves, step 15>
    """
    from ..tree import as_game
    for name, flag in (("legend", legend), ("show_leaves", show_leaves), ("across", across)):
        check_flag(name, flag)
    game = as_game(game)
    _check_drawable(result)
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
    state["skeleton"] = isinstance(layout, str) and layout == "skeleton"     # see Layout
    state["across"] = across
    g = Drawing(summary=_summary(nodes, state, step, isinstance(game, Tree)), status=state["status"])
    g._words = lambda: search_description(game, nodes, state, TEXTS, trace=trace, step=step)
    if isinstance(layout, Layout) and layout.style is style and layout.game is game and not legend and not across:
        # Restyled from the layout: the DOT text is written only if asked for (saving, .source).
        g.layout, g.parts = layout, (game, nodes, state, style)
        g._unwritten = lambda: _write_dot(g, game, nodes, state, style, legend)
        return g
    _write_dot(g, game, nodes, state, style, legend)
    return g


def _write_dot(g, game, nodes, state, style, legend):
    """Fill ``g`` with the drawing's DOT: graph settings, every node and note, every edge."""
    g.attr("graph", rankdir="LR" if state.get("across") else "TB", ranksep=str(style["ranksep"]),
           nodesep=str(style["nodesep"]),
           bgcolor="white", fontname=style["font"], splines="line")
    g.attr("node", fontname=style["font"], fontsize=str(style["size"]), fixedsize="true",
           penwidth=str(style["pen"]))
    g.attr("edge", penwidth=str(style["pen"]), arrowhead="none", fontname=style["font"],
           fontsize=str(style["small"]))
    for path, info in nodes.items():
        _draw_node(g, game, path, info, state, style)
    for path in nodes:
        if path:
            _draw_edge(g, game, path, state, style, nodes[path[:-1]].get("state"))
    if legend:
        _draw_legend(g, style, state["strict"])


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
    running: dict
    order: dict
    stack: list
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
    """Follow, from the root, the child whose returned value equals its parent's (first one).

    The line stops at a chance node: nobody chooses its outcome, and a child whose value happens to equal
    the average is no better play than another."""
    returned = {}
    children = {}
    chance = set()
    for event in trace:
        if isinstance(event, (Leaf, Return)):
            returned[event.path] = event.value
        if isinstance(event, Enter) and event.path:
            children.setdefault(event.path[:-1], []).append(event.path)
        if isinstance(event, Enter) and event.player == CHANCE:
            chance.add(event.path)
    line = ()
    while line in children and line not in chance:
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


def _look(path, state, style):
    """(outline, text colour, line style, pen width, fill) of the node at ``path`` now."""
    status = state["status"][path]
    outline, ink, line = _colours(status, style)
    on_path, pv = path in state["path"], path in state["pv"] or (not path and bool(state["pv"]))
    pen = style["bold"] if (on_path or pv) else style["pen"]
    if on_path:
        outline = style["path"]
    if pv:
        outline = style["pv"]
    fill = style["current"] if status == "current" else "white"
    return outline, ink, line, pen, fill


def _draw_node(g, game, path, info, state, style):
    outline, ink, line, pen, fill = _look(path, state, style)
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
        g.node(_node_id(path), label=f"<{_picture_label(picture(info['state']))}>", shape="box",
               fixedsize="false", margin="0.05", **attrs)
    else:
        shape = "triangle" if info["player"] == MAX else "invtriangle"
        width, height = style["inner"] * 1.6, style["inner"]
        if info["player"] == CHANCE:                 # chance nodes: circles, probabilities on edges
            shape, width = "circle", style["inner"]
        text, small = _inside(game, path, info, state)
        if small:                    # an open node: the best child value so far, inside, smaller
            label = f"<<FONT POINT-SIZE='{style['small']}'>{_bold(text, style)}</FONT>>"
        else:
            label = f"<<B>{html.escape(text) or ' '}</B>>"
        g.node(_node_id(path), label=label, shape=shape,
               width=f"{width:.2f}", height=f"{height:.2f}", **attrs)

    _draw_note(g, game, path, info, state, style, ink)
    g.edge(_node_id(path), _note_id(path), style="invis", weight="100")


def _picture_label(picture) -> str:
    """What a game's ``picture(state)`` gave, made safe for a Graphviz HTML-like label: markup (text that
    starts with ``<`` and ends with ``>``, such as the boards' tables) is kept, with any bare ``&`` escaped;
    plain text is escaped whole (``<``, ``&``), its lines kept."""
    if not isinstance(picture, str):
        raise TypeError(f"a game's picture(state) must return text (plain, or a Graphviz HTML-like table), "
                        f"got {picture!r}")
    if picture.strip().startswith("<") and picture.strip().endswith(">"):
        return re.sub(r"&(?!#?\w+;)", "&amp;", picture)
    return "<BR/>".join(html.escape(line) for line in picture.split("\n")) or " "


def _inside(game, path, info, state) -> tuple[str, bool]:
    """The text inside an inner node's shape, and whether it is the smaller running value."""
    if state.get("skeleton"):
        return "X", False
    if path in state["values"] and state["status"][path] != "pruned":
        return fmt_value(*state["values"][path]), False
    running = _running(path, info, state) if isinstance(game, Tree) else ""
    return running, bool(running)


def _leaf_text(path, info, state) -> str:
    """The value shown in a tree leaf's box ("" while it is hidden)."""
    if state.get("skeleton"):
        return "X"
    value = info["value"]
    # While stepping, a leaf's value appears with its "Leaf D is worth 3" event, not when it is entered.
    hidden = (state["status"][path] in ("unvisited", "current") and path not in state["values"]
              and not state["show_leaves"])
    return "" if value is None or hidden else fmt(value)


def _draw_tree_leaf(g, game, path, info, state, style, outline, ink, line, pen, fill):
    """A leaf of a hand-made tree: its value in a fixed-size box, its name under it."""
    text = _leaf_text(path, info, state)
    if state.get("skeleton"):
        line = "solid"     # the same box; the WebAssembly Graphviz writes a dotted cell's JSON garbled
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
    if state.get("skeleton"):
        rows = [("X", None) for _ in rows]
    # The cut's words are boxed as well as coloured, so they stand out in grayscale too.
    framed = f" BORDER='{max(1, round(style['pen']))}' COLOR='{style['cut']}'"
    body = "".join(
        f"<TR><TD{framed if key == 'cut' else ''}><FONT POINT-SIZE='{style['small']}' "
        f"COLOR='{style[key] if key else ink}'>{_bold(text, style)}</FONT></TD></TR>" for text, key in rows)
    width, height = _note_size(game, style)
    g.node(_note_id(path), shape="none", margin="0", width=f"{width:.2f}", height=f"{height:.2f}",
           label=f"<<TABLE BORDER='0' CELLSPACING='0' CELLPADDING='0'>{body}</TABLE>>")


def _draw_edge(g, game, path, state, style, parent=None):
    attrs = {"minlen": "2", "tailport": "s", "headport": "n"}
    if state.get("across"):          # laid out left to right: from the note's right to the child's left
        attrs.update(tailport="e", headport="w")
    probability = getattr(game, "probability", None)
    p = probability(path) if probability else None
    if p is not None:                                 # below a chance node: the outcome's probability
        attrs.update(label=f" {_probability_text(p)}", fontsize=str(style["small"]))
    elif not isinstance(game, Tree):                  # a game's move, on its own edge, as the game names it
        name = getattr(game, "move_name", None)
        move = name(parent, path[-1]) if callable(name) and parent is not None else path[-1]
        attrs.update(label=html.escape(str(move)), fontsize=str(style["small"]))
    look = _edge_look(path, state, style)
    if look["style"] != "solid":
        attrs.update(style=look["style"], color=look["color"], fontcolor=look["color"])
    if look["cut"] or state.get("skeleton"):
        attrs.update(headlabel="//", labelfontsize=str(style["size"]), labelfontcolor=style["cut"])
    if look["pen"] != style["pen"]:
        attrs.update(color=look["color"], penwidth=str(look["pen"]))
    g.edge(_note_id(path[:-1]), _node_id(path), **attrs)


def _edge_look(path, state, style) -> dict:
    """Colour, line style, pen width of the edge into ``path``, and whether it carries the // cut mark."""
    status = state["status"][path]
    look = {"color": style["ink"], "style": "solid", "pen": style["pen"], "cut": False}
    if status == "pruned":
        look.update(style="dashed", color=style["pruned"], cut=path in state["cut_at"])
    elif status == "unvisited":
        look.update(style="dotted", color=style["faint"])
    if path in state["path"]:
        look.update(color=style["path"], pen=style["bold"])
    if path in state["pv"]:
        look.update(color=style["pv"], pen=style["bold"])
    return look


def _legend_rows(strict):
    cut = "α > β" if strict else "α ≥ β"
    return [("triangle, point up", "MAX node: takes the largest value"),
            ("triangle, point down", "MIN node: takes the smallest value"),
            ("α=3 β=+∞ under a node", "its window, on the current path"),
            ("v=5 inside", "best child value so far"),
            ("7 inside", "exact value: inside its entry window, or nothing below pruned"),
            ("≤ 1 or ≥ 23", "only a bound: outside that window, leaves below pruned"),
            (f"{cut}: prune, boxed", "the cut; // on each pruned branch"),
            ("dashed", "pruned: never looked at"),
            ("dotted", "not visited yet"),
            ("thick orange", "the current path; filled gold: the current node"),
            ("thick blue", "principal variation: best play")]


def legend_html(style, strict: bool = False) -> str:
    """The key to the marks as HTML, one mark a line, for beside a picture (the stepper puts it there)."""
    size = f"{style['small'] * 4 / 3:.0f}px"
    weight = "bold" if style["heavy"] else "600"
    body = "".join(f"<div style='padding-left:1em;text-indent:-1em'><span style='font-weight:{weight}'>"
                   f"{html.escape(a)}</span>: {html.escape(b)}</div>" for a, b in _legend_rows(strict))
    return (f"<div class='adversarial-legend-table' style='font-size:{size};line-height:1.2;"
            f"border:1px solid #888;border-radius:6px;padding:4px 8px'>{body}</div>")


def _draw_legend(g, style, strict):
    rows = _legend_rows(strict)
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
        name = namer(path) if namer else ("root" if not path else "→".join(map(str, path)))
    except (KeyError, IndexError, ValueError, TypeError):     # a game's namer that cannot name this path
        return "→".join(map(str, path))
    return _drawable_label(name, path)


# Characters Graphviz cannot read in a label (XML 1.0 forbids them): the C0 controls but tab,
# newline and carriage return.
_UNDRAWABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")


def _drawable_label(name, path):
    """``name``, or a clear error naming the label when Graphviz could not draw it."""
    bad = _UNDRAWABLE.search(str(name))
    if bad:
        raise ValueError(f"the label {str(name)!r} of the node at path {path} contains the control "
                         f"character {bad.group()!r}, which Graphviz cannot draw; rename that node "
                         "(labels=...) without it")
    return name


def _probability_text(p) -> str:
    """A probability on an edge: 3 significant digits, or a Fraction as it is written (1/3)."""
    if isinstance(p, float):
        return f"{p:.3g}"
    if isinstance(p, (int, Fraction)):    # a Fraction as written: 1/3, not 0.333 (3.12+ formats it with 'g')
        return str(p)
    try:
        return f"{p:.3g}"
    except (TypeError, ValueError):
        return str(p)


class TEXTS:
    """The functions that write a drawing's texts, handed to :func:`~adversarial.drawing.words.search_description`
    so that the words say exactly what the picture writes."""
    label = staticmethod(_label)
    inside = staticmethod(_inside)
    leaf_text = staticmethod(_leaf_text)
    running = staticmethod(_running)
    probability = staticmethod(_probability_text)


def _check_drawable(result) -> None:
    """A clear error for a result that ``draw`` cannot show (MCTS draws its own tree)."""
    if result is None or hasattr(result, "trace"):
        return
    if callable(getattr(result, "draw", None)):
        raise TypeError(f"draw(game, result) shows the trace of a search made with trace=True; "
                        f"this {type(result).__name__} has no trace, but it draws the tree it grew: "
                        "result.draw()")
    raise TypeError(f"draw(game, result): result must be a search result made with trace=True, "
                    f"got {type(result).__name__}")


def _summary(nodes, state, step, is_tree=True) -> str:
    moves = [p for p, info in nodes.items() if info.get("stub")]      # a game's pruned moves (not leaves)
    if not is_tree:
        cut = sum(1 for p in moves if state["status"][p] == "pruned")
        parts = [f"{len(nodes) - len(moves)} nodes", f"{cut} pruned move{'' if cut == 1 else 's'}"]
    else:
        leaves = [p for p, info in nodes.items() if info["leaf"]]
        pruned = sum(1 for p in leaves if state["status"][p] == "pruned")
        parts = [f"{len(nodes)} nodes", f"{pruned} pruned leaves"]
    if () in state["values"]:
        parts.append(f"root value {fmt_value(*state['values'][()])}")
    if step is not None:
        parts.append(f"step {step}")
    return ", ".join(parts)


# -- lay out once, restyle at every step ----------------------------------------------
# Stepping never moves a node, so the stepper runs the layout program once per tree, on a
# "skeleton" drawing with an X in every text slot, keeps where each shape, text and line went, and
# writes every step's SVG from that with the step's colours and words: no layout per step.

class Layout:
    """Where every shape, text and line of a hand-made tree's drawing goes, from one layout run.

    ``draw(t, r, step=k, layout=lay)`` then gives a drawing whose SVG is this layout restyled for
    step k (same positions, same texts as the layout program would write, centred).

    >>> from adversarial import tree, alphabeta
    >>> t = tree([[3, 5], [2]]); r = alphabeta(t, trace=True)
    >>> lay = Layout(t, r)
    >>> draw(t, r, step=4, layout=lay).svg().count("<polygon") > 6
    True
    """

    def __init__(self, game, result, *, theme: str | None = None):
        if not isinstance(game, Tree) or getattr(game, "probability", None) is not None or any(
                n.player == CHANCE for n in game.nodes()):
            raise TypeError("a Layout is made for a tree of MAX and MIN nodes; draw a game (or a tree "
                            "with chance nodes) without one")
        import json
        self.style = theme_style(theme)
        skeleton = draw(game, result, step=0, theme=theme, layout="skeleton")
        data = json.loads(dot.pipe(skeleton.source, "json"), strict=False)   # raw tabs in WASM strings
        x0, y0, x1, y1 = map(float, data["bb"].split(","))
        self.pad = 4.0        # the layout program's margin, and its whole-point picture size
        self.width, self.height = round(x1 - x0 + 2 * self.pad), round(y1 - y0 + 2 * self.pad)
        self.game, self.result = game, result
        self.nodes, self.edges, names = {}, {}, {}
        for obj in data.get("objects", []):
            names[obj["_gvid"]] = obj["name"]
            ops = obj.get("_draw_", []) + obj.get("_ldraw_", [])       # a leaf's box is in its label
            points = [p for op in ops if op["op"] in ("P", "p", "L") for p in op["points"]]
            texts = [op for op in obj.get("_ldraw_", []) if op["op"] == "T"]
            self.nodes[obj["name"]] = {
                "points": points, "pos": tuple(map(float, obj["pos"].split(","))),
                "texts": [(op["pt"][0] + {"l": 0.5, "c": 0, "r": -0.5}[op["align"]] * op["width"],
                           op["pt"][1]) for op in texts]}
        for edge in data.get("edges", []):
            if edge.get("style") == "invis":
                continue
            line = [p for op in edge.get("_draw_", []) if op["op"] in ("B", "b") for p in op["points"]]
            mark = [op["pt"] for op in edge.get("_hldraw_", []) if op["op"] == "T"]
            self.edges[names[edge["head"]]] = (line[0], line[-1], mark[0] if mark else None)

    def _xy(self, point) -> str:
        return f"{point[0] + self.pad:.1f},{self.height - self.pad - point[1]:.1f}"

    def _text(self, at, text, size, colour, style, bold=True) -> str:
        weight = ' font-weight="bold"' if bold else ""
        x, y = self._xy(at).split(",")
        fill = "" if colour.lower() == "#000000" else f' fill="{colour.lower()}"'     # black: SVG's default
        return (f'<text x="{x}" y="{y}"{weight} font-size="{size:g}"{fill}>'   # family, anchor: on the group
                f'{html.escape(text)}</text>')

    @staticmethod
    def _stroke(colour, line, pen) -> str:
        dash = {"dashed": ' stroke-dasharray="5,2"', "dotted": ' stroke-dasharray="1,5"'}.get(line, "")
        return f'stroke="{colour.lower()}" stroke-width="{pen:g}"{dash}'

    def svg(self, game, nodes, state, style) -> str:
        """The SVG of the drawing described by ``state`` (what :func:`draw` computed for a step)."""
        w, h = self.width, self.height
        out = [f'<svg width="{w:.0f}pt" height="{h:.0f}pt" viewBox="0.00 0.00 {w:.2f} {h:.2f}" '
               'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">',
               f'<g id="graph0" class="graph" font-family="{style["font"]},sans-Serif" text-anchor="middle">',
               f'<polygon fill="white" stroke="none" points="0,0 {w:.2f},0 {w:.2f},{h:.2f} 0,{h:.2f}"/>']
        count = 0
        for path, info in nodes.items():
            count += 1
            name = _node_id(path)
            outline, ink, line, pen, fill = _look(path, state, style)
            where = self.nodes[name]
            xs, ys = [p[0] for p in where["points"]], [p[1] for p in where["points"]]
            out.append(f'<g id="node{count}" class="node"><title>{name}</title>')
            if info["leaf"]:
                border = max(1, round(pen))
                left, right = min(xs) + border / 2, max(xs) - border / 2
                low, high = min(ys) + border / 2, max(ys) - border / 2
                box = " ".join(self._xy(p) for p in ((left, low), (left, high), (right, high), (right, low),
                                                       (left, low)))
                out.append(f'<polygon fill="{fill.lower()}" {self._stroke(outline, line, border)} points="{box}"/>')
                (_, vy), label = where["texts"][0], where["texts"][1]
                out.append(self._text(((left + right) / 2, vy), _leaf_text(path, info, state), style["size"],
                                      ink, style))
                out.append(self._text(label, _label(game, path), style["small"], ink, style,
                                      bold=style["heavy"]))
                out.append("</g>")
                continue
            shape = " ".join(self._xy(p) for p in [*where["points"], where["points"][0]])
            out.append(f'<polygon fill="{fill.lower()}" {self._stroke(outline, line, pen)} points="{shape}"/>')
            text, small = _inside(game, path, info, state)
            cx, cy = where["pos"]
            base = where["texts"][0][1]
            size = style["small"] if small else style["size"]
            out.append(self._text((cx, cy - (cy - base) * size / style["size"]), text, size, ink, style,
                                  bold=style["heavy"] or not small))
            out.append("</g>")
            count += 1
            note = self.nodes[_note_id(path)]
            out.append(f'<g id="node{count}" class="node"><title>{_note_id(path)}</title>')
            for (text, key), at in zip(_note_rows(game, path, info, state), note["texts"]):
                colour = style[key] if key else ink
                if key == "cut":           # boxed as well as coloured: it stands out in grayscale too
                    half = max(style["note"] * 36, 0.31 * style["small"] * len(text) + 4)
                    top = at[1] + style["small"] * 0.95
                    corners = [(at[0] - half, top), (at[0] + half, top),
                               (at[0] + half, top - style["small"] * 1.25),
                               (at[0] - half, top - style["small"] * 1.25)]
                    box = " ".join(self._xy(p) for p in [*corners, corners[0]])
                    out.append(f'<polygon fill="none" {self._stroke(colour, "solid", max(1, round(style["pen"])))} '
                               f'points="{box}"/>')
                out.append(self._text(at, text or "\u00a0", style["small"], colour, style, bold=style["heavy"]))
            out.append("</g>")
        for count, path in enumerate((p for p in nodes if p), 1):
            start, end, mark = self.edges[_node_id(path)]
            look = _edge_look(path, state, style)
            out.append(f'<g id="edge{count}" class="edge"><title>{_note_id(path[:-1])}:s&#45;&gt;{_node_id(path)}:n'
                       f'</title><path fill="none" {self._stroke(look["color"], look["style"], look["pen"])} '
                       f'd="M{self._xy(start)}L{self._xy(end)}"/>')
            if look["cut"] and mark:
                out.append(self._text(mark, "//", style["size"], style["cut"], style, bold=False))
            out.append("</g>")
        out.append("</g></svg>")
        return "\n".join(out)


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


def slide_maker(drawing, lines: int, *, width: int = 1920):
    """A function ``(drawing, words) -> DOT source`` of a 16:9 slide ``width`` pixels wide: the
    drawing scaled to fit above ``lines`` lines of text (``words``: a list of at most that many).

    Every slide made by one maker has the same scale and margins, so the tree never moves from
    slide to slide; the text sits in a fixed box under it and nothing is clipped."""
    import json
    height = round(width * 9 / 16)
    text_px, margin = width / 48, width / 40          # 40 px text and 48 px margins on 1920 px
    tree = [float(v) for v in json.loads(dot.pipe(drawing.source, "json"), strict=False)["bb"].split(",")]
    label_px = lines * text_px * 1.3 + text_px
    scale = min((width - 2 * margin) / (tree[2] + 8), (height - label_px - 2 * margin) / (tree[3] + 8))
    size, box_w, box_h = text_px / scale, (width - 2 * margin) / scale, label_px / scale

    def source(drawing, words, pad=(0.0, 0.0)):
        rows = [html.escape(w) for w in words] + ["&#160;"] * (lines - len(words))
        label = (f"<<TABLE BORDER='0' CELLSPACING='0' CELLPADDING='0'><TR><TD WIDTH='{box_w:.0f}' "
                 f"HEIGHT='{box_h:.0f}' FIXEDSIZE='TRUE' ALIGN='LEFT' BALIGN='LEFT'>"
                 + "<BR/>".join(rows) + "</TD></TR></TABLE>>")
        extra = (f'graph [label={label} labelloc=b labeljust=l fontsize="{size:.2f}" fontname="Helvetica" '
                 f'dpi="{72 * scale:.4f}" pad="{pad[0]:.4f},{pad[1]:.4f}"]')
        return drawing.source.replace("{", "{\n\t" + extra, 1)

    laid = json.loads(dot.pipe(source(drawing, []), "json"), strict=False)["bb"].split(",")
    bb_w, bb_h = float(laid[2]), float(laid[3])
    pad = ((width / scale - bb_w) / 2 / 72, (height / scale - bb_h) / 2 / 72)   # inches, to 16:9
    return lambda drawing, words: source(drawing, words, pad)


def _svg_size(svg: str) -> tuple[float, float]:
    """The drawing's width and height in points, read from the SVG's viewBox."""
    found = re.search(r'viewBox="[\d.\-]+ [\d.\-]+ ([\d.]+) ([\d.]+)"', svg)
    if not found:
        raise RuntimeError("the layout program wrote an SVG without a viewBox")
    return float(found.group(1)), float(found.group(2))


def searched_game(game, result):
    """The game to draw ``result`` on: refuses a result of another game, and for a
    search that started below a tree's root, the subtree it searched."""
    searched = getattr(result, "game", None)
    if searched is None:
        return game
    if type(searched) is not type(game) or (isinstance(game, Tree) and searched != game):
        raise ValueError(f"this result comes from a search of another game ({searched!r}); "
                         "draw it with the game it searched: draw(result.game, result)")
    if isinstance(game, Tree) and result.root is not None and result.root.path:
        return game.subtree(game.node(result.root.path))
    return game


# -- the tree MCTS grew -----------------------------------------------------------------------

def draw_tree(result, *, depth: int = 2, max_children: int = 4, theme: str | None = None):
    """Draw the tree MCTS grew: each node shows visits and win rate, thicker edges for more visits.

    Only the ``max_children`` most visited children of each node are drawn, to
    ``depth`` moves from the root; the summary says how many nodes are hidden.

    >>> from adversarial import mcts
    >>> r = mcts([[3, -5], [1, 9]], iterations=50, seed=0)
    >>> draw_tree(r, depth=1)
    <Drawing: MCTS tree, 3 of 7 nodes drawn, 50 iterations, best move 1>
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be a whole number 0 or more, got {depth!r}")
    if isinstance(max_children, bool) or not isinstance(max_children, int) or max_children < 1:
        raise ValueError(f"max_children must be a whole number 1 or more, got {max_children!r}")
    style = theme_style(theme)
    g = Drawing()
    g.attr("graph", rankdir="TB", ranksep=str(style["ranksep"]), nodesep=str(style["nodesep"]),
           bgcolor="white")
    g.attr("node", fontname=style["font"], fontsize=str(style["small"]), penwidth=str(style["pen"]))
    g.attr("edge", arrowhead="none", fontname=style["font"], fontsize=str(style["small"]))
    root_visits = max(result.tree.visits, 1)
    drawn = 0
    words = []

    def add(node, name, level, said, note=""):
        nonlocal drawn
        drawn += 1
        kind = "end of the game" if node.terminal else f"{node.player} to move"
        rate = f", win rate {node.win_rate:.0%}" if node.parent is not None else ""
        shown = sorted(node.children, key=lambda child: -child.visits)[:max_children] if level < depth else []
        hidden = len(node.children) - len(shown)
        more = f"; {hidden} less visited {'child' if hidden == 1 else 'children'} not drawn" if hidden else ""
        words.append(f"{said[0].upper()}{said[1:]}{note}: {kind}, {node.visits} visits{rate}{more}.")
        shape = "box" if node.terminal else ("triangle" if node.player == MAX else "invtriangle")
        text = f"{node.visits} visits"
        if node.parent is not None:
            text += f"<BR/>win {node.win_rate:.0%}"
        g.node(name, label=f"<{text}>", shape=shape, margin="0.05")
        if level == depth:
            return
        ranked = sorted(node.children, key=lambda child: -child.visits)[:max_children]
        for i, child in enumerate(ranked):
            child_name = f"{name}_{i}"
            add(child, child_name, level + 1, ("after move " if not level else f"{said}, then ")
                + f"{fmt(child.move)}", " (most visited)" if i == 0 else "")
            width = style["pen"] + 4 * style["pen"] * child.visits / root_visits
            colour = style["pv"] if i == 0 else style["ink"]
            g.edge(name, child_name, label=f" {fmt(child.move)}",
                   penwidth=f"{width:.1f}", color=colour)

    add(result.tree, "r", 0, "The root")
    g._words = lambda: mcts_description(words, result, drawn)
    g.summary = (f"MCTS tree, {drawn} of {result.tree.size()} nodes drawn, "
                 f"{result.iterations} iterations, best move {fmt(result.move)}")
    return g
