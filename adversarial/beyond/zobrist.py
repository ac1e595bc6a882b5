"""Zobrist hashing: a position's key as the XOR of one random number per (cell, piece).

A transposition table needs a key per position. The exact position works (the
package's tables use it), but real programs keep a fixed-size number instead,
built so that a move changes it in one step:

- draw one random ``bits``-bit number ``Z[cell, piece]`` for every cell and
  every kind of piece that can stand on it, and one ``Z_side`` for "the second
  player moves";
- a position's key is the XOR of the numbers of its occupied cells (and
  ``Z_side`` when the second player moves);
- playing a move XORs in the number of the piece placed (and ``Z_side``); taking
  it back XORs the same numbers again: **incremental**, one or two XORs a move
  however large the board.

Two different positions can get the same key (a **collision**); with ``n``
positions and ``b``-bit keys about ``n² / 2^(b+1)`` pairs collide (the birthday
bound). :func:`collisions` counts them on real positions.

>>> from adversarial.games.connectfour import ConnectFour
>>> game, z = ConnectFour(), ConnectFourZobrist(seed=1)
>>> p = game.play("4453")
>>> z.key(game.result(p, 3)) == z.update(z.key(p), p, 3, game.result(p, 3))
True
>>> z.key(game.play("4435")) == z.key(game.play("3544"))      # a transposition: the same key
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from ..games.connectfour import H1, HEIGHT, WIDTH, Position


def _check_bits(bits):
    if isinstance(bits, bool) or not isinstance(bits, int) or not 1 <= bits <= 128:
        raise ValueError(f"bits must be a whole number of bits from 1 to 128 (64 is usual), got {bits!r}")


class Zobrist:
    """Zobrist keys for a game whose state is a tuple of cells (tic-tac-toe's board, for one).

    Args:
        cells: how many cells a state has.
        pieces: the values a cell can hold other than ``empty`` (e.g. ``("X", "O")``).
        empty: the value of an empty cell (it adds nothing to the key).
        bits: the size of a key.
        seed: where the random numbers come from (the same seed, the same keys).
        side: ``side(state)`` is True when the second player moves (default: never;
            most tuple-of-cells games can tell the side from the pieces on the board).
        cells_of: ``cells_of(state)`` gives the state's cells (default: the state itself),
            e.g. ``lambda board: board.cells`` for tic-tac-toe's boards.

    >>> z = Zobrist(9, ("X", "O"), empty=None, seed=0)
    >>> board = (None,) * 9
    >>> after = board[:4] + ("X",) + board[5:]
    >>> z.key(after) == z.update(z.key(board), board, 4, after)
    True
    """

    def __init__(self, cells: int, pieces: Iterable, *, empty=None, bits: int = 64, seed: int = 0,
                 side=None, cells_of=None):
        if isinstance(cells, bool) or not isinstance(cells, int) or cells < 1:
            raise ValueError(f"cells must be the number of cells of a state (1 or more), got {cells!r}")
        pieces = tuple(pieces)
        if not pieces:
            raise ValueError("pieces must list the values a cell can hold, e.g. ('X', 'O')")
        if empty in pieces:
            raise ValueError(f"empty={empty!r} is also listed as a piece: an empty cell adds nothing to the key")
        _check_bits(bits)
        if side is not None and not callable(side):
            raise TypeError(f"side must be a function state -> bool (second player to move?), got {side!r}")
        if cells_of is not None and not callable(cells_of):
            raise TypeError(f"cells_of must be a function state -> its cells, got {cells_of!r}")
        self.cells_of = cells_of or (lambda state: state)
        rng = random.Random(seed)
        self.cells, self.pieces, self.empty, self.bits, self.side = cells, pieces, empty, bits, side
        self.numbers = {(cell, piece): rng.getrandbits(bits) for cell in range(cells) for piece in pieces}
        self.side_number = rng.getrandbits(bits)

    def key(self, state) -> int:
        """The key of ``state``, computed from scratch (one XOR per occupied cell)."""
        side = self.side is not None and self.side(state)
        state = self._cells(state)
        k = 0
        for cell, piece in enumerate(state):
            if piece != self.empty:
                k ^= self._number(cell, piece)
        return k ^ (self.side_number if side else 0)

    def update(self, key: int, state, move, child) -> int:
        """The key of ``child`` (``state`` after ``move``) from ``key``, XORing only the cells that changed."""
        if self.side is not None and self.side(state) != self.side(child):
            key ^= self.side_number
        for cell, (before, after) in enumerate(zip(self._cells(state), self._cells(child))):
            if before != after:
                if before != self.empty:
                    key ^= self._number(cell, before)
                if after != self.empty:
                    key ^= self._number(cell, after)
        return key

    def _cells(self, state):
        try:
            cells = self.cells_of(state)
            size = len(cells)
        except TypeError:
            raise TypeError(f"this Zobrist table keys states that are sequences of {self.cells} cells, got "
                            f"{state!r}; pass cells_of=... to say where a state keeps its cells "
                            "(for Connect Four use ConnectFourZobrist)") from None
        if size != self.cells:
            raise ValueError(f"this Zobrist table is for states of {self.cells} cells, got one of {size}: "
                             f"make it with Zobrist({size}, ...) for this game")
        return cells

    def _number(self, cell, piece):
        try:
            return self.numbers[cell, piece]
        except (KeyError, TypeError):
            raise ValueError(f"cell {cell} holds {piece!r}, which is not one of the pieces "
                             f"{self.pieces!r} nor empty ({self.empty!r})") from None

    def __call__(self, state) -> int:
        return self.key(state)


class ConnectFourZobrist:
    """Zobrist keys for Connect Four positions (bitboards): one number per (cell, colour), plus the side.

    ``update`` finds the one new disc as ``child.mask ^ state.mask``: two XORs a move.
    """

    def __init__(self, *, bits: int = 64, seed: int = 0):
        _check_bits(bits)
        rng = random.Random(seed)
        self.bits = bits
        size = WIDTH * H1
        self.x = [rng.getrandbits(bits) for _ in range(size)]
        self.o = [rng.getrandbits(bits) for _ in range(size)]
        self.side_number = rng.getrandbits(bits)

    def key(self, p) -> int:
        if not isinstance(p, Position):
            raise TypeError(_NOT_CONNECT_FOUR.format(p))
        k = 0
        for col in range(WIDTH):
            for row in range(HEIGHT):
                i = col * H1 + row
                if p.x >> i & 1:
                    k ^= self.x[i]
                elif p.o >> i & 1:
                    k ^= self.o[i]
        return k ^ (self.side_number if p.count % 2 else 0)

    def update(self, key: int, p, move, child) -> int:
        if not isinstance(p, Position) or not isinstance(child, Position):
            raise TypeError(_NOT_CONNECT_FOUR.format(child if isinstance(p, Position) else p))
        new = child.mask ^ p.mask
        if new & (new - 1) or not new:           # not one new disc: a pass or a position built otherwise
            return self.key(child)
        i = new.bit_length() - 1
        return key ^ (self.x[i] if child.x & new else self.o[i]) ^ self.side_number

    def __call__(self, p) -> int:
        return self.key(p)


_NOT_CONNECT_FOUR = ("ConnectFourZobrist keys Connect Four positions, got {0!r}; for a game whose state is a "
                     "tuple of cells use Zobrist(cells, pieces, ...) (tic-tac-toe: Zobrist(9, 'XO', empty='.', "
                     "cells_of=lambda board: board.cells))")


def collisions(states: Iterable, key, bits: int) -> dict:
    """Count keys shared by different states when ``key(state)`` is cut to its low ``bits`` bits.

    Returns ``{"positions": n, "keys": distinct keys, "colliding pairs": pairs of different
    positions with one key, "expected pairs": n(n-1)/2^(bits+1)}`` (the birthday estimate).
    """
    _check_bits(bits)
    distinct = set(states)
    mask = (1 << bits) - 1
    counts = Counter(key(s) & mask for s in distinct)
    n = len(distinct)
    pairs = sum(c * (c - 1) // 2 for c in counts.values())
    return {"bits": bits, "positions": n, "keys": len(counts), "colliding pairs": pairs,
            "expected pairs": n * (n - 1) / 2 ** (bits + 1)}


__all__ = ["Zobrist", "ConnectFourZobrist", "collisions"]
