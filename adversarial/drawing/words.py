"""Every picture has words: the text a screen reader gets for a drawing, and that a student can ask for
(with :func:`adversarial.describe`).

A drawing's words come from the very analysis its picture is drawn from (the nodes, values, bounds,
cutoffs and principal variation that :func:`~adversarial.drawing.render.draw` works out), so the two
cannot disagree. There are two of them:

- a short **name** (``Description.name``), what a screen reader says first: "Alpha-beta on a 3-level
  tree: root value 7, 2 of 9 leaves pruned" (a game's search counts the moves it pruned, "4 moves (branches)
  pruned": what lies below a pruned move was never looked at, so its leaves are not known);
- a long **description** (``Description.text``), one sentence a line, that reads well aloud: the tree
  level by level, each node's player and value (or bound, and which kind), where each cutoff happened
  and what it pruned, and the principal variation.

>>> from adversarial import tree, alphabeta, describe
>>> t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
>>> d = describe(t, alphabeta(t, trace=True))
>>> d.name
'Alpha-beta on a 3-level tree: root value 7, 2 of 9 leaves pruned'
>>> print(d.text.splitlines()[-2])
Principal variation (best play for both, drawn thick blue): root, C, leaf K; value 7.

In a picture's SVG the name and description are its ``<title>`` and ``<desc>`` (with ``role="img"``);
in Jupyter a drawing shows as an image whose ``alt`` text is the name, with the description in a
"The drawing in words" box under it (:func:`html_view`).
"""

from __future__ import annotations

import base64
import hashlib
import html
import itertools
import re
from dataclasses import dataclass, field

from ..formatting import count, fmt
from ..game import CHANCE, MAX, MIN
from ..trace import fmt_value

ALGORITHM_NAMES = {"alphabeta": "Alpha-beta", "minimax": "Minimax", "negamax": "Negamax",
                   "expectiminimax": "Expectiminimax", "pvs": "Principal variation search",
                   "mtdf": "MTD(f)"}


@dataclass(frozen=True)
class Description:
    """The words of one picture: ``name`` (short), ``lines`` (the long description, a sentence a line)
    and ``facts`` (what the words state, as data: the tests compare them with the picture)."""

    name: str
    lines: tuple = ()
    facts: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def text(self) -> str:
        """The long description, one sentence a line."""
        return "\n".join(self.lines)

    def __str__(self) -> str:
        return "\n".join((self.name + ".", *self.lines))

    def __repr__(self) -> str:          # what `describe(...)` shows in a cell: the words, to read aloud
        return str(self)

    def _repr_html_(self) -> str:
        return words_html(self)


# -- search drawings -----------------------------------------------------------------------------

def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def listed(names) -> str:
    """Names in a list, parted by commas; by semicolons where a name holds a comma itself ("after moves 7,
    6; after moves 7, 8"), so a listener hears where one ends (a screen reader pauses longer at ";")."""
    names = [str(n) for n in names]
    return ("; " if any("," in n for n in names) else ", ").join(names)


def _value_words(text: str) -> str:
    """A value as the picture writes it (``7``, ``≤ 1``, ``≥ 23``) in words."""
    if text.startswith("≤ "):
        return f"at most {text[2:]} (an upper bound: part of what is below was pruned)"
    if text.startswith("≥ "):
        return f"at least {text[2:]} (a lower bound: part of what is below was pruned)"
    return f"value {text}"


def _turns(nodes, levels) -> str:
    """Who moves at each level: "; MAX moves at the root, MIN below it, turn about" where that is so;
    else level by level (chance nodes between the players, a game where one side may move twice)."""
    movers = []
    for depth in range(levels):
        kinds = {info["player"] for p, info in nodes.items()
                 if len(p) == depth and not info["leaf"] and not info.get("stub")}
        movers.append(kinds)
    while movers and not movers[-1]:
        movers.pop()
    if not movers:
        return ""
    first = next(iter(movers[0])) if len(movers[0]) == 1 else None
    other = {MAX: MIN, MIN: MAX}.get(first or "")
    if other and all(kinds == {first if d % 2 == 0 else other} for d, kinds in enumerate(movers)):
        return f"; {first} moves at the root" + (f", {other} below it, turn about" if len(movers) > 1 else "")
    said = {MAX: "MAX", MIN: "MIN", CHANCE: "chance"}
    parts = [f"level {d + 1} " + " or ".join(said.get(k, str(k)) for k in sorted(kinds, key=str))
             for d, kinds in enumerate(movers)]
    dice = " (chance: nobody chooses, the dice decide)" if any(CHANCE in kinds for kinds in movers) else ""
    return "; who moves at each level: " + ", ".join(parts) + dice


def board_words(state) -> str | None:
    """A game position in words (a state with a ``words()`` method: tic-tac-toe, Connect Four), or None."""
    words = getattr(state, "words", None)
    if callable(words):
        return words().rstrip(".")
    return None


def search_description(game, nodes, state, texts, *, trace=None, step=None) -> Description:
    """The words of a search drawing: ``nodes`` and ``state`` are what ``render.draw`` analysed; ``texts``
    is render's :data:`~adversarial.drawing.render.TEXTS`, the functions that write the picture's texts (so
    the words say what the picture writes; this module stands below render and does not import it)."""
    from ..tree import Tree
    is_tree = isinstance(game, Tree)
    status, values = state["status"], state["values"]
    # A hand-made tree's leaves are all known. A game's are known only where the search evaluated one: a
    # pruned move ("stub") may lead to a whole subtree nobody looked at, so it is counted as a move, not a leaf.
    leaves = [p for p, info in nodes.items() if info["leaf"] and not info.get("stub")]
    cut_moves = [p for p, info in nodes.items() if info.get("stub")]
    pruned = [p for p in (leaves if is_tree else cut_moves) if status[p] == "pruned"]
    levels = 1 + max(len(p) for p in nodes)

    def name_of(path) -> str:
        if is_tree or not path:
            return str(texts.label(game, path))
        return ("after move " if len(path) == 1 else "after moves ") + ", ".join(map(str, path))

    def player_of(path, info) -> str:
        if info["leaf"]:
            return "leaf"
        return {MAX: "MAX node", MIN: "MIN node", CHANCE: "chance node"}.get(info["player"], "node")

    shown_root = None
    if () in values and status.get(()) != "pruned":
        shown_root = texts.inside(game, (), nodes[()], state)[0]
    facts = {"pruned": [name_of(p) for p in pruned], "root": shown_root, "pv": [], "step": step,
             "leaves": len(leaves), "current": None,
             "evaluated": sum(1 for p in leaves if p in values) if trace is not None else None}
    pruned_words = (f"{len(pruned)} of {len(leaves)} leaves pruned" if is_tree else
                    f"{count(len(pruned), 'move')} (branches) pruned")

    algorithm = ALGORITHM_NAMES.get(getattr(trace, "algorithm", ""), "A search") if trace is not None else None
    kind = "tree" if is_tree else "game tree"
    if trace is None:
        root_player = nodes[()]["player"]
        name = (f"Game tree with {count(levels, 'level')} and {count(len(leaves), 'leaf', 'leaves')}, "
                f"{root_player} at the root")
    else:
        name = f"{algorithm} on a {levels}-level {kind}"
        if step is not None and step < len(trace):
            name += f", step {step} of {len(trace)}"
            tail = [f"{pruned_words} so far"]
            if shown_root is not None:
                tail.insert(0, f"root {_value_words(shown_root)}")
        else:
            tail = [pruned_words]
            if shown_root is not None:
                tail.insert(0, f"root {_value_words(shown_root).split(' (')[0]}")
        name += ": " + ", ".join(tail)

    lines = []
    if trace is not None and step is not None:
        if step == 0:
            lines.append(f"Step 0 of {len(trace)}: the search has not started.")
        else:
            lines.append(f"Step {step} of {len(trace)}: {trace.explain(step - 1)}")
    node_count = count(len(nodes), "node") if is_tree or not cut_moves else \
        f"{count(len(nodes) - len(cut_moves), 'node')} and {count(len(cut_moves), 'pruned move')}"
    turns = _turns(nodes, levels)
    lines.append(f"The {kind} has {count(levels, 'level')} and {node_count}{turns}.")

    def node_words(path, info) -> str:
        words = [f"move {path[-1]}" if info.get("stub") else f"{player_of(path, info)} {name_of(path)}"]
        where = status[path]
        if info["leaf"] and is_tree:
            shown = texts.leaf_text(path, info, state)
            if shown:
                words.append(f"value {shown}")
            elif where == "current":
                words.append("value not shown yet")
        elif not info.get("stub"):
            inside, running = texts.inside(game, path, info, state)
            if not is_tree and path in values and where != "pruned":
                inside, running = fmt_value(*values[path]), False
            if inside and running:
                best = inside.split("=", 1)[1]
                words.append(f"best child value so far {best}")
            elif inside:
                words.append(_value_words(inside))
            if not is_tree and not info["leaf"] and path in state["running"]:
                words.append(f"best child value so far {texts.running(path, info, state).split('=', 1)[1]}")
        window = state["windows"].get(path)
        if window and window[0] is not None and not info["leaf"] and path in state["path"]:
            words.append(f"window α = {fmt(window[0])}, β = {fmt(window[1])}")
        if not is_tree and info.get("state") is not None:
            board = board_words(info["state"])
            if board:
                words.append(board)
        if path in state["order"]:
            words.append(f"visited {_ordinal(state['order'][path])}")
        words.append({"pruned": "pruned, never looked at", "unvisited": "not visited yet",
                      "current": "the current node"}.get(where, ""))
        if path in state["cutoffs"]:
            words.append("the cutoff happened here")
        return ", ".join(w for w in words if w)

    for depth in range(levels):
        here = [p for p in nodes if len(p) == depth]
        if depth == 0:
            lines.append(f"Level 1, the root: {node_words((), nodes[()])}.")
            continue
        groups: dict[tuple, list[tuple]] = {}
        for p in here:
            groups.setdefault(p[:-1], []).append(p)
        parts = []
        for parent, children in groups.items():
            under = "the root" if not parent else name_of(parent)
            said = []
            for child in children:
                text = node_words(child, nodes[child])
                p = getattr(game, "probability", None)
                chance = p(child) if p else None
                if chance is not None:
                    text += f", with probability {texts.probability(chance)}"
                said.append(text)
            parts.append(f"under {under}: " + "; ".join(said))
        shown = [p for p in here if not nodes[p].get("stub")]
        stubs = len(here) - len(shown)
        what = count(len(shown), "leaf", "leaves") if shown and all(nodes[p]["leaf"] for p in shown) else \
            count(len(shown), "node")
        if stubs:
            what = (f"{what} and " if shown else "") + count(stubs, "pruned move")
        lines.append(f"Level {depth + 1}, {what}, " + "; ".join(parts) + ".")

    strict = state.get("strict")
    for path, (alpha, beta) in state["cutoffs"].items():
        cut = [p for p, at in state["cut_at"].items() if at == path]
        try:
            cut.sort(key=lambda p: p[-1:])
        except TypeError:       # moves that do not compare (chess moves): by their names instead
            cut.sort(key=lambda p: tuple(map(str, p[-1:])))
        names = [name_of(p) if is_tree else str(p[-1]) for p in cut]
        one, many = ("child", "children") if is_tree else ("move", "moves")
        what = f"its remaining {one if len(names) == 1 else many} {listed(names)}"
        lines.append(f"Cutoff at {name_of(path)} (α {'>' if strict else '≥'} β, with α = {fmt(alpha)} and "
                     f"β = {fmt(beta)}): {what} {'was' if len(names) == 1 else 'were'} pruned.")
    if trace is not None and is_tree:
        lines.append(f"Leaves evaluated: {facts['evaluated']} of {len(leaves)}; pruned: {len(pruned)}"
                     + (": " + listed(facts["pruned"]) if pruned else "") + ".")
    elif trace is not None:
        lines.append(f"Leaves evaluated: {facts['evaluated']}. Moves (branches) pruned: {len(pruned)}"
                     + (": " + listed(facts["pruned"]) + "; how many leaves lie below them is not known, "
                        "the search never looked" if pruned else "") + ".")
    if state["path"]:
        line = sorted(state["path"], key=len)
        facts["current"] = name_of(line[-1])
        lines.append("Current path (drawn thick orange, the current node filled gold): "
                     + listed(name_of(p) for p in line) + ".")
    if state["pv"]:
        line = [()] + sorted(state["pv"], key=len)
        facts["pv"] = [name_of(p) for p in line]
        if len(line) > 1:            # the move the root should make, as the picture names it
            facts["best"] = name_of(line[1]) if is_tree else f"move {line[1][-1]}"
        steps = [f"leaf {name_of(p)}" if nodes[p]["leaf"] and is_tree else name_of(p) for p in line]
        end = values.get(line[-1])
        spoken = listed(steps)
        value = (f"{'. Value' if ';' in spoken else '; value'} {fmt_value(*end)}" if end else "")
        if nodes[line[-1]]["player"] == CHANCE and not nodes[line[-1]]["leaf"]:
            value += (f"; there chance decides, so the line stops: {name_of(line[-1])}'s value is the average of "
                      "its outcomes, each weighted by its probability")
        lines.append(f"Principal variation (best play for both, drawn thick blue): {spoken}{value}.")
    elif trace is not None and nodes[()]["player"] == CHANCE and () in values:
        lines.append("No principal variation: chance moves at the root, so nobody chooses the first move; "
                     "the root's value is the average of its outcomes, each weighted by its probability.")
    lines.append("Drawn as: MAX nodes are triangles pointing up, MIN nodes triangles pointing down"
                 + (", chance nodes circles" if any(i["player"] == CHANCE for i in nodes.values()) else "")
                 + ", leaves boxes; pruned branches dashed with a // mark.")
    return Description(name, tuple(lines), facts)


def mcts_description(lines, result, drawn: int) -> Description:
    """The words of the tree MCTS grew (``lines``: one per node drawn, as ``draw_tree`` walked it)."""
    name = (f"Tree grown by Monte Carlo tree search: {result.iterations} iterations, "
            f"{drawn} of {result.tree.size()} nodes drawn, best move {fmt(result.move)}")
    head = ("Each node shows its visits and its win rate; thicker edges were visited more; "
            "the most visited child of each node is drawn blue.")
    return Description(name, (head, *lines), {"drawn": drawn})


# -- the words inside a picture ------------------------------------------------------------------

_SVG_TAG = re.compile(r"<svg\b[^>]*>")


def svg_with_words(svg: str, words: Description, *, ids: bool = True) -> str:
    """``svg`` with ``role="img"``, a ``<title>`` (the name) and a ``<desc>`` (the long description)
    at its top. ``ids``: point at them with aria-labelledby/aria-describedby (for an SVG shown on its
    own: a file, an image); without, the name is an ``aria-label`` (for an SVG put inside a page, where
    two pictures could share ids)."""
    found = _SVG_TAG.search(svg)
    if not found or "role=\"img\"" in found.group(0):
        return svg
    tag = found.group(0)
    end = -2 if tag.endswith("/>") else -1
    if ids:
        key = hashlib.sha1((words.name + words.text).encode("utf-8")).hexdigest()[:10]
        extra = (f' role="img" aria-labelledby="adversarial-{key}-title" '
                 f'aria-describedby="adversarial-{key}-desc"')
        inner = (f'<title id="adversarial-{key}-title">{html.escape(words.name)}</title>'
                 f'<desc id="adversarial-{key}-desc">{html.escape(words.text)}</desc>')
    else:
        extra = f' role="img" aria-label="{html.escape(words.name)}"'
        inner = f"<title>{html.escape(words.name)}</title><desc>{html.escape(words.text)}</desc>"
    rest = svg[found.end():]
    group = re.search(r"<g\b[^>]*>", rest)      # its first group hides its texts (the picture's labels)
    if group and "aria-hidden" not in group.group(0):   # not twice: a side-by-side's first group is a
        rest = rest[:group.start()] + '<g aria-hidden="true"' + rest[group.start() + 2:]   # drawing's own
    return svg[:found.start()] + tag[:end] + extra + tag[end:] + inner + rest


def details_html(words: Description, summary: str = "The drawing in words", key: str = "") -> str:
    """The long description as a closed box to open (a ``<details>``), one sentence a line; ``key``: the
    ``id`` of the box (``key``) and of its list (``key-text``), for an image to point at."""
    items = "".join(f"<li>{html.escape(line)}</li>" for line in words.lines)
    ids = (f" id='{key}'", f" id='{key}-text'") if key else ("", "")
    return (f"<details class='adversarial-words'{ids[0]}><summary>{html.escape(summary)}</summary>"
            f"<ul style='margin:0.3em 0'{ids[1]}>{items}</ul></details>")


_VIEWS = itertools.count(1)         # numbers the views shown by this process: ids that do not repeat in a page


SMALLEST = 0.75      # the least a drawing is shrunk to fit (of its own size), ...
FLOOR_REM = 48       # ... unless that is wider than this (768 px at 100%): see html_view


def min_width(svg: str) -> str:
    """The CSS that keeps ``svg`` at SMALLEST of its own width or more (in rem: zoom makes it larger), or ""
    in lecture mode (the projector theme fits whole trees to the page) or for an SVG without a width."""
    from .themes import theme_style
    found = re.search(r'<svg width="([\d.]+)pt"', svg)
    if not found or theme_style()["heavy"]:
        return ""
    return f"min-width:{min(float(found.group(1)) * 4 / 3 * SMALLEST / 16, FLOOR_REM):.2f}rem"


def image_name(words: Description) -> str:
    """What a screen reader says first for a drawing shown as an image: its name, the best move where the
    search found one, and that the drawing is described in words just after it."""
    best = words.facts.get("best")
    return (f"{words.name}{f'; best move: {best}' if best else ''}. "
            "Described in words in “The drawing in words”, just after it")


def words_html(words: Description) -> str:
    """The name and the long description as HTML, always open (the stepper's "Picture in words")."""
    items = "".join(f"<li>{html.escape(line)}</li>" for line in words.lines)
    return (f"<div class='adversarial-words'><p style='margin:0.3em 0'><strong>{html.escape(words.name)}."
            f"</strong></p><ul style='margin:0.3em 0'>{items}</ul></div>")


def html_view(svg: str, words: Description, *, wide: bool = False) -> str:
    """A drawing for a page or a notebook: an image whose ``alt`` is the name, then the description.

    An ``<img>`` of the SVG (rather than the SVG itself): JupyterLab shows it the same way whether or not
    the notebook is trusted (an untrusted one shows the alt text and the words), and the picture's own
    texts are not read out one by one, out of order.

    The image points at its description (``aria-describedby`` its sentences, ``aria-details`` the box), so
    a screen reader can go from the picture to its words; its name says they are there.

    Zoomed in (200%), a page's column is half as wide; a drawing that only shrank to fit it would show its
    text hardly larger than at 100%. So it never shrinks below 3/4 of its own size or 48rem, whichever is
    less (``min-width`` in rem, which browser zoom and a larger text setting both scale): past that, it
    scrolls sideways. At 100% in a column of 768 px or more nothing scrolls (JupyterLab gives 828 px in a
    1280-px window); at 200% of a 1280-px window the
    text is 1.5 times its 100% size or more. Not in lecture mode, where the whole tree fits the page.
    """
    start = svg.find("<svg")
    data = base64.b64encode(svg[start if start >= 0 else 0:].encode("utf-8")).decode("ascii")
    size = "width:100%" if wide else "max-width:100%;height:auto"
    floor = min_width(svg)
    if floor:
        size += f";{floor}"
    digest = hashlib.sha1((words.name + words.text).encode("utf-8")).hexdigest()[:8]
    key = f"adversarial-words-{digest}-{next(_VIEWS)}"
    return (f"<div class='adversarial-drawing-view' style='overflow-x:auto'>"
            f"<img src=\"data:image/svg+xml;base64,{data}\" "
            f"alt=\"{html.escape(image_name(words))}\" aria-describedby=\"{key}-text\" aria-details=\"{key}\" "
            f"style=\"{size}\"/>{details_html(words, key=key)}</div>")
