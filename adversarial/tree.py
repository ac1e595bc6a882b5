"""Explicit game trees, the kind drawn in textbooks, adapted to the game protocol.

>>> t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
>>> t
Tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
>>> [t.label(p) for p in [(), (0,), (1,), (1, 2)]]
['root', 'A', 'B', 'I']
>>> tree([3, 5, 2, 9, 12, 5, 23, 2], branching=2).to_list()
[[[3, 5], [2, 9]], [[12, 5], [23, 2]]]

A tree is a game: a state is a :class:`Node`, the moves at a node are its child
indices ``0, 1, 2, ...`` and the player alternates level by level from
``root_player``.
"""

from __future__ import annotations

import numbers
import random
from collections import deque
from typing import Iterator, Mapping, Sequence

from .formatting import fmt
from .game import MAX, MIN, REQUIRED, Game, check_number, check_player

MAX_RANDOM_LEAVES = 1_000_000


class Node:
    """One node of an explicit tree: a leaf with a ``value`` or an inner node with ``children``."""

    __slots__ = ("path", "player", "value", "children", "moves", "label")

    def __init__(self, path, player, value=None, children=()):
        self.path = path            # the child indices that lead here from the root
        self.player = player        # MAX or MIN: who moves here
        self.value = value          # a number for a leaf, None for an inner node
        self.children = children    # tuple of Nodes
        self.moves = tuple(range(len(children)))
        self.label = ""

    @property
    def is_leaf(self) -> bool:
        return not self.children

    def __repr__(self) -> str:
        if self.is_leaf:
            return f"<leaf {self.label} = {self.value}>"
        return f"<{self.player} node {self.label}: {len(self.children)} children>"


class Tree:
    """An explicit game tree. Build one with :func:`tree` or :func:`random_tree`."""

    def __init__(self, root: Node, labels: Sequence[str] | Mapping[tuple, str] | None = None):
        self.root = root
        self._nodes = {node.path: node for node in _breadth_first(root)}
        self._name_nodes(labels)

    # -- the game protocol -------------------------------------------------
    def initial_state(self) -> Node:
        return self.root

    def to_move(self, node: Node) -> str:
        return node.player

    def actions(self, node: Node) -> tuple:
        return node.moves

    def result(self, node: Node, move: int) -> Node:
        try:
            return node.children[move]
        except (IndexError, TypeError):
            raise ValueError(
                f"node {node.label} has moves {list(node.moves)}; {move!r} is not one of them"
            ) from None

    def is_terminal(self, node: Node) -> bool:
        return not node.children

    def utility(self, node: Node):
        return node.value

    # -- names -------------------------------------------------------------
    def label(self, path: tuple) -> str:
        """The readable name of the node at ``path`` (``'root'``, ``'A'``, ``'B'``, ...)."""
        return self.node(path).label

    def describe(self, path: tuple) -> str:
        """How a sentence mentions the node: a leaf by its value, an inner node by its label."""
        node = self.node(path)
        return _number(node.value) if node.is_leaf else node.label

    # -- looking around ----------------------------------------------------
    def node(self, path: Sequence[int]) -> Node:
        """The node reached from the root by the child indices in ``path``."""
        try:
            return self._nodes[tuple(path)]
        except KeyError:
            raise KeyError(f"this tree has no node at path {tuple(path)}") from None

    def nodes(self) -> Iterator[Node]:
        """Every node, breadth first (the root, then its children, ...)."""
        return iter(self._nodes.values())

    def leaves(self) -> list[Node]:
        """The leaves, left to right."""
        return [n for n in _depth_first(self.root) if n.is_leaf]

    @property
    def root_player(self) -> str:
        return self.root.player

    @property
    def depth(self) -> int:
        return max(len(path) for path in self._nodes)

    def __len__(self) -> int:
        return len(self._nodes)

    def to_list(self):
        """The nested-list form this tree was (or could have been) built from."""
        return _spec_of(self.root)

    def subtree(self, node: Node) -> Tree:
        """The part of this tree below ``node``, as a tree of its own; nodes keep their labels.

        >>> t = tree([[3, 5], [2, 9]])
        >>> b = t.subtree(t.node((1,)))
        >>> b, b.label(()), b.label((1,))
        (Tree([2, 9], root_player='MIN'), 'B', 'F')
        """
        start = len(node.path)
        below = [n for n in self.nodes() if n.path[:start] == node.path]
        labels = {n.path[start:]: n.label for n in below}
        return Tree(_build(_spec_of(node), (), node.player), labels)

    def __eq__(self, other) -> bool:
        return (isinstance(other, Tree) and self.root_player == other.root_player
                and len(self) == len(other)
                and all(path in other._nodes and other._nodes[path].value == node.value
                        and len(other._nodes[path].children) == len(node.children)
                        for path, node in self._nodes.items()))

    def __hash__(self):
        return hash((len(self), self.root_player, tuple(n.value for n in self.leaves())))

    def __repr__(self) -> str:
        extra = "" if self.root_player == MAX else ", root_player='MIN'"
        if len(self) <= 60:                     # deep or huge trees go straight to the summary
            try:
                text = f"Tree({self.to_list()!r}{extra})"
            except ValueError:                  # a leaf too long to print (e.g. 10**5000)
                text = ""
            if 0 < len(text) <= 120:
                return text
        return (f"<Tree: {len(self)} nodes, {len(self.leaves())} leaves, depth {self.depth}, "
                f"{self.root_player} at the root>")

    def _name_nodes(self, labels) -> None:
        nodes = list(self._nodes.values())
        if labels is None:
            labels = {}
        elif isinstance(labels, Mapping):
            labels = {tuple(path): str(name) for path, name in labels.items()}
            unknown = [p for p in labels if p not in self._nodes]
            if unknown:
                raise ValueError(f"labels name paths that are not in the tree: {unknown}")
        else:
            labels = list(labels)
            if len(labels) != len(nodes):
                raise ValueError(
                    f"got {len(labels)} labels for a tree of {len(nodes)} nodes; give one label "
                    "per node in breadth-first order (root first), or a dict {path: label}"
                )
            labels = {node.path: str(name) for node, name in zip(nodes, labels)}
        for index, node in enumerate(nodes):
            node.label = labels.get(node.path) or ("root" if index == 0 else _letters(index - 1))


def tree(spec, *, branching: int | None = None, root_player: str = MAX,
         labels: Sequence[str] | Mapping[tuple, str] | None = None) -> Tree:
    """Build an explicit game tree.

    Args:
        spec: nested lists (inner nodes are lists, leaves are numbers, any depth,
            ragged allowed), or, with ``branching``, the flat leaf list of a complete
            tree in which every inner node has ``branching`` children.
        branching: read ``spec`` as the leaves of a complete ``branching``-ary tree.
        root_player: ``"MAX"`` (default) or ``"MIN"``: who moves at the root.
        labels: node names, breadth first and root first, or a dict ``{path: name}``;
            by default the root is ``root`` and the other nodes ``A, B, C, ...``
            breadth first.

    Examples:
        >>> tree([[3, 5], [2], [9, 1]]).depth
        2
        >>> tree([[3, 5], [2]], root_player="MIN").root_player
        'MIN'
    """
    root_player = check_player(root_player)
    if branching is not None:
        spec = _complete(spec, branching)
    return Tree(_build(spec, (), root_player), labels)


def random_tree(branching: int = 2, depth: int = 3, *, low: int = -9, high: int = 9,
                seed: int = 0, root_player: str = MAX) -> Tree:
    """A complete tree with random integer leaves in ``low..high`` (inclusive).

    The same ``seed`` always gives the same tree.

    >>> random_tree(2, 2, seed=1)
    Tree([[-5, 9], [-7, -1]])
    """
    for name, number in (("branching", branching), ("depth", depth)):
        if isinstance(number, bool) or not isinstance(number, int):
            raise TypeError(f"{name} must be an int, got {number!r}")
    if branching < 1:
        raise ValueError(f"branching must be at least 1, got {branching}")
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, got {depth}")
    if branching ** depth > MAX_RANDOM_LEAVES:
        raise ValueError(
            f"a tree with branching {branching} and depth {depth} has {branching ** depth:,} "
            f"leaves, more than {MAX_RANDOM_LEAVES:,}; choose a smaller branching or depth"
        )
    if any(isinstance(x, bool) or not isinstance(x, numbers.Integral) for x in (low, high)):
        raise TypeError(f"low and high must be whole numbers (the leaves are random ints), "
                        f"got low={low!r}, high={high!r}")
    if low > high:
        raise ValueError(f"low ({low}) must not be above high ({high})")
    rng = random.Random(seed)
    leaves = [rng.randint(low, high) for _ in range(branching ** depth)]
    return tree(_nest(leaves, branching, depth), root_player=root_player)


# -- helpers ---------------------------------------------------------------

def _build(spec, path: tuple, player: str) -> Node:
    """The node for ``spec`` and everything below it (without recursion: trees may be very deep)."""
    root = _node(spec, path, player)
    todo = [(root, spec)]
    while todo:
        node, spec = todo.pop()
        if node.value is None:
            other = MIN if node.player == MAX else MAX
            node.children = tuple(_node(child, node.path + (i,), other) for i, child in enumerate(spec))
            node.moves = tuple(range(len(spec)))
            todo.extend(zip(node.children, spec))
    return root


def _node(spec, path: tuple, player: str) -> Node:
    if isinstance(spec, (list, tuple)):
        if len(spec) == 0:
            where = f"at path {path}" if path else "at the root"
            raise ValueError(
                f"the node {where} is an empty list; an inner node needs at least one "
                "child (write a number for a leaf)"
            )
        return Node(path, player)
    where = f"the leaf at path {path}" if path else "the root"
    return Node(path, player, value=check_number(spec, where))


def _spec_of(node: Node):
    """The nested list (or number) for the tree below ``node``."""
    nested: dict = {}
    for n in reversed(list(_breadth_first(node))):      # children before their parents
        nested[n.path] = n.value if n.is_leaf else [nested[c.path] for c in n.children]
    return nested[node.path]


def _complete(leaves, branching: int):
    if isinstance(branching, bool) or not isinstance(branching, int):
        raise TypeError(f"branching must be an int, got {branching!r}")
    if branching < 2:
        raise ValueError(f"branching must be at least 2, got {branching}")
    if not isinstance(leaves, (list, tuple)) or any(isinstance(x, (list, tuple)) for x in leaves):
        raise TypeError("with branching=..., give the flat list of leaf values, e.g. [3, 5, 2, 9]")
    depth, size = 0, 1
    while size < len(leaves):
        depth, size = depth + 1, size * branching
    if size != len(leaves):
        powers = ", ".join(str(branching ** k) for k in range(1, 6))
        raise ValueError(
            f"a complete tree with branching {branching} has {powers}, ... leaves; "
            f"{len(leaves)} is not one of these"
        )
    return _nest(list(leaves), branching, depth)


def _nest(leaves: list, branching: int, depth: int):
    if depth == 0:
        return leaves[0]
    step = len(leaves) // branching
    return [_nest(leaves[i * step:(i + 1) * step], branching, depth - 1) for i in range(branching)]


def _breadth_first(root: Node) -> Iterator[Node]:
    queue = deque([root])
    while queue:
        node = queue.popleft()
        yield node
        queue.extend(node.children)


def _depth_first(node: Node) -> Iterator[Node]:
    todo = [node]
    while todo:
        node = todo.pop()
        yield node
        todo.extend(reversed(node.children))


def _letters(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, ... (spreadsheet column names)."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def _number(value) -> str:
    return fmt(value)


# (adapter, whose games), and the attributes that mark such a game (see adversarial.games.adapters)
_ADAPTERS = ((("from_aima", "an aima-python"), ("initial", "actions", "result", "utility", "to_move")),
             (("from_openspiel", "an OpenSpiel"), ("new_initial_state", "num_players")),
             (("from_easyai", "an easyAI"), ("possible_moves", "make_move", "is_over")))


def as_game(obj) -> Game:
    """Return ``obj`` as a game: games pass through, nested lists become trees (:func:`tree`)."""
    if isinstance(obj, (list, tuple)):
        return tree(obj)
    if isinstance(obj, type):
        raise TypeError(f"got the class {obj.__name__}, not a game: create one first, "
                        f"e.g. {obj.__name__}()")
    missing = [name for name in REQUIRED if not callable(getattr(obj, name, None))]
    for adapter, marks in _ADAPTERS:                 # another library's game: name its adapter
        if missing and all(hasattr(obj, mark) for mark in marks):
            raise TypeError(
                f"{type(obj).__name__} looks like {adapter[1]} game, which this package searches through its "
                f"adapter: from adversarial.adapters import {adapter[0]}, then alphabeta({adapter[0]}(game))")
    if missing:
        raise TypeError(
            f"expected a game or a nested list of numbers, got {type(obj).__name__}; "
            f"a game needs the methods {', '.join(REQUIRED)} (missing: {', '.join(missing)}). "
            "For a hand-made tree write tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])."
        )
    return obj
