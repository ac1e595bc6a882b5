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

import graphviz

from . import dot
from .game import CHANCE, MAX, node_id
from .themes import THEMES, lecture_mode, set_theme, theme_style  # noqa: F401 (re-exported)
from .trace import Cutoff, Enter, Leaf, Return, fmt, fmt_value
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
    def pipe(self, *args, **kwargs):
        with dot.for_graphviz():
            return super().pipe(*args, **kwargs)

    def render(self, *args, **kwargs):
        with dot.for_graphviz():
            return super().render(*args, **kwargs)

    def copy(self) -> "Drawing":
        twin = super().copy()
        twin.summary, twin.status = self.summary, dict(self.status)
        return twin


def draw(game, result=None, *, step: int | None = None, theme: str | None = None,
         legend: bool = False, max_nodes: int = 300) -> Drawing:
    """Draw a tree (or the part of a game a traced search explored).

    Args:
        game: a :class:`~adversarial.tree.Tree` or nested list; or a game, with a traced ``result``.
        result: a search result made with ``trace=True``; pruned branches are drawn cut.
        step: draw the search after its first ``step`` trace events.
        theme: 'notebook' (default) or 'projector'.
        legend: add a key to the marks.
        max_nodes: refuse to draw more nodes than this (a browser would freeze).
    """
    from .game import as_game
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
    g = Drawing(summary="", status=state["status"])
    g.attr("graph", rankdir="TB", ranksep=str(style["ranksep"]), nodesep=str(style["nodesep"]),
           bgcolor="white", fontname=style["font"])
    g.attr("node", fontname=style["font"], fontsize=str(style["size"]), fixedsize="true",
           penwidth=str(style["pen"]))
    g.attr("edge", penwidth=str(style["pen"]), arrowhead="none", fontname=style["font"],
           fontsize=str(style["small"]))
    for path, info in nodes.items():
        _draw_node(g, game, path, info, state, style)
    for path, info in nodes.items():
        if path:
            _draw_edge(g, path, state, style, getattr(game, "probability", None))
    if legend:
        _draw_legend(g, style)
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
    entered, values, windows, cut_at, order = set(), {}, {}, {}, {}
    stack = []
    for event in events:
        if isinstance(event, Enter):
            entered.add(event.path)
            order[event.path] = len(order) + 1
            windows[event.path] = (event.alpha, event.beta)
            stack.append(event.path)
        elif isinstance(event, Leaf):
            values[event.path] = (event.value, "exact")
            stack.pop()
        elif isinstance(event, Return):
            values[event.path] = (event.value, event.bound)
            stack.pop()
        elif isinstance(event, Cutoff):
            for move in event.skipped:
                cut_at[event.path + (move,)] = event.path
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
    return dict(status=status, values=values, windows=windows, cut_at=cut_at, order=order, pv=pv)


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

def _node_id(path) -> str:
    return node_id(path)


def _draw_node(g, game, path, info, state, style):
    """One node. Its size and its outside label (the name) never change from step to step;
    only styles and the text inside the fixed-size shape do, so the layout stays put."""
    status = state["status"][path]
    if info["leaf"]:
        shape, width, height = "box", style["leaf"], style["leaf"] * 0.9
        value = info["value"]
        main = "" if value is None or status == "unvisited" else fmt(value)
    else:
        shape = "triangle" if info["player"] == MAX else "invtriangle"
        width, height = style["inner"] * 1.3, style["inner"]
        if info["player"] == CHANCE:                 # chance nodes: circles, probabilities on edges
            shape, width = "circle", style["inner"]
        main = ""
        if path in state["values"] and status != "pruned":
            main = fmt_value(*state["values"][path])
    notes = []
    if path in state["order"]:
        notes.append(f"#{state['order'][path]}")
    window = state["windows"].get(path)
    if window and window[0] is not None and not info["leaf"]:
        notes.append(f"α={fmt(window[0])} β={fmt(window[1])}")
    label = f"<B>{html.escape(main) or ' '}</B>"
    if notes:
        label += f"<BR/><FONT POINT-SIZE='{style['small']}'>{html.escape(' '.join(notes))}</FONT>"
    attrs = dict(shape=shape, width=f"{width:.2f}", height=f"{height:.2f}", label=f"<{label}>",
                 xlabel=_label(game, path))
    picture = getattr(game, "picture", None)
    if picture and info.get("state") is not None and not isinstance(game, Tree):
        attrs.update(shape="box", fixedsize="false", label=f"<{picture(info['state'])}>")
    if status == "pruned":
        attrs.update(style="dashed", color=style["pruned"], fontcolor=style["pruned"])
    elif status == "unvisited":
        attrs.update(style="dotted", color=style["faint"], fontcolor=style["faint"])
    elif status == "current":
        attrs.update(style="filled,bold", fillcolor=style["current"], penwidth=str(style["bold"]))
    if path in state["pv"] or (not path and state["pv"]):
        attrs.update(color=style["pv"], penwidth=str(style["bold"]))
    g.node(_node_id(path), **attrs)


def _draw_edge(g, path, state, style, probability=None):
    status = state["status"][path]
    attrs = {}
    p = probability(path) if probability else None
    if p is not None:
        attrs.update(label=f" {p:.3g}")
    if status == "pruned":
        attrs.update(style="dashed", color=style["pruned"])
        if path in state["cut_at"]:
            attrs.update(taillabel="//", labelfontsize=str(style["size"]), labelfontcolor=style["ink"])
    elif status == "unvisited":
        attrs.update(style="dotted", color=style["faint"])
    if path in state["pv"]:
        attrs.update(color=style["pv"], penwidth=str(style["bold"]))
    g.edge(_node_id(path[:-1]), _node_id(path), **attrs)


def _draw_legend(g, style):
    rows = [("triangle up", "MAX node: takes the largest value"),
            ("triangle down", "MIN node: takes the smallest value"),
            ("dashed, grey, //", "pruned: never looked at; // marks the cut"),
            ("dotted, faint", "not visited yet (when stepping)"),
            ("thick blue", "principal variation: best play for both"),
            ("≤ v  /  ≥ v", "only a bound on the value")]
    body = "".join(f"<TR><TD ALIGN='LEFT'>{html.escape(a)}</TD><TD ALIGN='LEFT'>{html.escape(b)}</TD></TR>"
                   for a, b in rows)
    g.node("legend", label=f"<<TABLE BORDER='0' CELLBORDER='0' CELLSPACING='2'>{body}</TABLE>>",
           shape="box", fixedsize="false", style="rounded", fontsize=str(style["small"]))


def _label(game, path):
    namer = getattr(game, "label", None)
    try:
        return namer(path) if namer else ("root" if not path else "→".join(map(str, path)))
    except Exception:
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
