"""Connect Four's rules on a bitboard: the position, the game, the win test, the board picture.

The lowest layer of Connect Four, imported by :mod:`adversarial.games.connectfour_solver`;
:mod:`adversarial.games.connectfour` re-exports all of it with the exact solver's
:func:`~adversarial.games.connectfour.solve`, so every lesson imports from there (see that
module for the notation, the utility and the bitboard).
"""

from __future__ import annotations

import html
import re

from ..game import MAX, MIN

WIDTH, HEIGHT = 7, 6
H1 = HEIGHT + 1                                   # bits per column (one spare on top)
COLUMNS = tuple(range(1, WIDTH + 1))
CENTRE_FIRST = (4, 3, 5, 2, 6, 1, 7)             # the columns, middle outwards


def bottom(col: int) -> int:
    """The bit of the bottom cell of column ``col`` (0-based)."""
    return 1 << (col * H1)


def top(col: int) -> int:
    """The bit of the top (6th) cell of column ``col`` (0-based)."""
    return 1 << (col * H1 + HEIGHT - 1)


def column_mask(col: int) -> int:
    """The 6 cell bits of column ``col`` (0-based)."""
    return ((1 << HEIGHT) - 1) << (col * H1)


BOTTOM = sum(bottom(c) for c in range(WIDTH))
FULL = BOTTOM * ((1 << HEIGHT) - 1)               # every cell of the board


def has_four(b: int) -> bool:
    """Does bitboard ``b`` hold four in a row? Constant time: 4 directions × 2 shifts.

    >>> has_four(0b1111)                 # column 1, rows 1-4
    True
    >>> has_four(0b111)
    False
    """
    for s in (1, H1, HEIGHT, H1 + 1):         # vertical, horizontal, diagonal ↘, diagonal ↗
        m = b & (b >> s)
        if m & (m >> (2 * s)):
            return True
    return False


def bit(col: int, row: int) -> int:
    """The bit of the cell in column ``col`` and row ``row`` (both 0-based, row 0 at the bottom)."""
    return 1 << (col * H1 + row)


class MoveError(ValueError):
    """A move or a move string that cannot be played: the message says which and why."""


class Position:
    """An immutable Connect Four position: the discs of X and O as bitboards, and the winner.

    ``history`` is the move string that reached it (``None`` when built from a picture);
    two positions are equal when their discs are, whatever the order they were played in.
    """

    __slots__ = ("x", "o", "winner", "history", "count")

    def __init__(self, x: int, o: int, winner: str | None = None, history: str | None = ""):
        self.x, self.o, self.winner, self.history = x, o, winner, history
        self.count = (x | o).bit_count()         # discs on the board

    @property
    def mask(self) -> int:
        return self.x | self.o

    @property
    def player(self) -> str:
        """'X' or 'O': who moves next."""
        return "X" if self.count % 2 == 0 else "O"

    def cell(self, col: int, row: int) -> str:
        """'X', 'O' or '.' at column ``col`` and row ``row`` (0-based, row 0 at the bottom)."""
        b = bit(col, row)
        return "X" if self.x & b else "O" if self.o & b else "."

    def rows(self) -> list[str]:
        """The board as 6 strings of 7 cells, top row first."""
        return ["".join(self.cell(c, r) for c in range(WIDTH)) for r in reversed(range(HEIGHT))]

    def words(self) -> str:
        """The board in words, column by column from the bottom (what a screen reader says for its picture).

        >>> ConnectFour().play("4453").words()
        'Connect Four board, X to move: column 3: O; column 4: X, O; column 5: X.'
        """
        columns = []
        for c in range(WIDTH):
            discs = [d for d in (self.cell(c, r) for r in range(HEIGHT)) if d != "."]
            if discs:
                columns.append(f"column {c + 1}: {', '.join(discs)}")
        if self.winner:
            turn = f"{self.winner} has won"
        elif self.count == WIDTH * HEIGHT:
            turn = "a draw, the board is full"
        else:
            turn = f"{self.player} to move"
        return f"Connect Four board, {turn}: " + ("; ".join(columns) or "empty") + "."

    def can_play(self, column: int) -> bool:
        """Is there room in ``column`` (1-7)?"""
        return not (self.x | self.o) & top(column - 1)

    def __eq__(self, other):
        return isinstance(other, Position) and self.x == other.x and self.o == other.o

    def __hash__(self):
        return hash((self.x, self.o))

    def __str__(self) -> str:
        return "\n".join(self.rows())

    def __repr__(self) -> str:
        if self.history is not None:
            return f"Position({self.history!r})"
        return f"Position(board={'/'.join(self.rows())!r})"

    def _repr_svg_(self) -> str:
        return svg(self)

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        """In Jupyter: the picture as an image whose alt text is the board in words (an SVG output alone
        shows as an image without one)."""
        import base64
        picture = svg(self)
        data = base64.b64encode(picture.encode("utf-8")).decode("ascii")
        page = f'<img src="data:image/svg+xml;base64,{data}" alt="{html.escape(self.words())}"/>'
        return {"text/html": page, "image/svg+xml": picture, "text/plain": repr(self)}


# -- text in ---------------------------------------------------------------------

_MOVES = re.compile(r"[1-7]*")


def shorten(text, limit: int = 60) -> str:
    """``repr(text)``, cut in the middle when it is long, so that an error message stays readable.

    >>> shorten("1" * 100, 20)
    "'1111111…1111111' (100 characters)"
    """
    whole = repr(text)
    if len(whole) <= limit:
        return whole
    keep = (limit - 3) // 2
    return f"{whole[:keep]}…{whole[-keep:]} ({len(text):,} characters)"


def _parse_moves(moves) -> list[int]:
    if isinstance(moves, int) and not isinstance(moves, bool):
        moves = str(moves)
    if not isinstance(moves, str):
        raise TypeError(f"a game is written as a string of column digits like '4453', got {shorten(moves)}")
    text = moves.replace(" ", "")
    if not _MOVES.fullmatch(text):
        bad = next(ch for ch in text if ch not in "1234567")
        raise MoveError(f"{shorten(moves)} is not a move string: {bad!r} is not a column; write the "
                        "columns played as digits 1 to 7 from the left, e.g. '4453'")
    if len(text) > WIDTH * HEIGHT:
        raise MoveError(f"{shorten(moves)} has {len(text):,} moves; a game of Connect Four has at most "
                        f"{WIDTH * HEIGHT} (the board has {WIDTH * HEIGHT} cells)")
    return [int(ch) for ch in text]


class ConnectFour:
    """The game. X is MAX and moves first; see the module docstring for scores and the bitboard."""

    width, height = WIDTH, HEIGHT

    def __repr__(self) -> str:
        return "ConnectFour()"

    # -- building positions ------------------------------------------------------------
    def play(self, moves: str = "", start: Position | None = None) -> Position:
        """The position after a move string such as ``"4453"`` (each move checked)."""
        position = self.initial_state() if start is None else start
        for i, column in enumerate(_parse_moves(moves)):
            try:
                position = self.result(position, column)
            except MoveError as error:
                raise MoveError(f"in {shorten(moves)}, move {i + 1} ({column}): {error}") from None
        return position

    def board(self, picture: str) -> Position:
        """A position from a picture: 6 rows of 7 cells (X, O, '.'), top row first, split by '/' or lines."""
        if not isinstance(picture, str):
            raise TypeError(f"a board is a picture like '......./......./...X...', got {shorten(picture)}")
        rows = [r for r in re.split(r"[/\n]", picture.replace(" ", "").upper()) if r]
        if len(rows) != HEIGHT or any(len(r) != WIDTH or set(r) - set("XO.") for r in rows):
            raise ValueError(f"{shorten(picture)} is not a board: write {HEIGHT} rows of {WIDTH} cells "
                             "(X, O or '.'), top row first, separated by '/'")
        x = o = 0
        for r, row in enumerate(reversed(rows)):
            for c, ch in enumerate(row):
                if ch != "." and r and rows[HEIGHT - r][c] == ".":
                    raise ValueError(f"{shorten(picture)} is impossible: the disc in column {c + 1}, row {r + 1} "
                                     "floats above an empty cell")
                x |= bit(c, r) if ch == "X" else 0
                o |= bit(c, r) if ch == "O" else 0
        nx, no = x.bit_count(), o.bit_count()
        if not 0 <= nx - no <= 1:
            raise ValueError(f"{shorten(picture)} is impossible: X moves first, so X has as many discs as O "
                             f"or one more (here X has {nx}, O has {no})")
        if has_four(x) and has_four(o):
            raise ValueError(f"{shorten(picture)} is impossible: both X and O have four in a row")
        winner = "X" if has_four(x) else "O" if has_four(o) else None
        if winner:
            _check_win_ends_the_game(picture, winner, x if winner == "X" else o, x | o, nx - no)
        return Position(x, o, winner, None)

    # -- the game protocol ---------------------------------------------------------------
    def initial_state(self) -> Position:
        return Position(0, 0)

    def to_move(self, p: Position) -> str:
        return MAX if p.count % 2 == 0 else MIN

    def actions(self, p: Position) -> tuple:
        if p.winner:
            return ()
        mask = p.x | p.o
        return tuple(c for c in COLUMNS if not mask & top(c - 1))

    def result(self, p: Position, column: int) -> Position:
        if p.winner or p.count == WIDTH * HEIGHT:
            why = f"{p.winner} has already won" if p.winner else "the board is full (a draw)"
            raise MoveError(f"the game is over ({why}): no more moves")
        if isinstance(column, bool) or not isinstance(column, int) or not 1 <= column <= WIDTH:
            raise MoveError(f"columns are numbered 1 to {WIDTH} from the left, got {shorten(column)}")
        mask = p.x | p.o
        if mask & top(column - 1):
            raise MoveError(f"column {column} is full: choose another column")
        new = (mask + bottom(column - 1)) & column_mask(column - 1) & ~mask   # the lowest empty cell
        history = None if p.history is None else p.history + str(column)
        if p.count % 2 == 0:
            x = p.x | new
            return Position(x, p.o, "X" if has_four(x) else None, history)
        o = p.o | new
        return Position(p.x, o, "O" if has_four(o) else None, history)

    def is_terminal(self, p: Position) -> bool:
        return p.winner is not None or p.count == WIDTH * HEIGHT

    def utility(self, p: Position) -> int:
        """Pons' score from MAX's side: ±(22 − stones the winner played), 0 for a draw."""
        if p.winner is None:
            return 0
        if p.winner == "X":
            return 22 - p.x.bit_count()
        return -(22 - p.o.bit_count())

    # -- text out and drawing ------------------------------------------------------------
    def moves(self, p: Position) -> str:
        """The move string that reached ``p`` (when it was built by playing moves)."""
        if p.history is None:
            raise ValueError("this position was built from a picture, so the order of its moves is unknown")
        return p.history

    def label(self, path) -> str:
        return "root" if not path else "".join(map(str, path))

    def picture(self, p: Position) -> str:
        """The board as a Graphviz HTML-like table, for drawing it inside a tree node."""
        from ..drawing.themes import theme_style
        style = theme_style()
        # In the projector theme the board grows with the theme's small text, so that who is to move (MAX or
        # MIN, on top) reads at the size of the notes beside it: 19 pt, not 8.
        cell, head = (14, style["small"]) if style["heavy"] else (9, 8)
        marks = {"X": "<FONT COLOR='#B2182B'><B>X</B></FONT>", "O": "<FONT COLOR='#2166AC'>O</FONT>", ".": ""}
        rows = "".join("<TR>" + "".join(f"<TD WIDTH='{cell}' HEIGHT='{cell}'>{marks[ch]}</TD>" for ch in row)
                       + "</TR>" for row in p.rows())
        player = f"<B>{self.to_move(p)}</B>" if style["heavy"] else self.to_move(p)
        return (f"<TABLE BORDER='0' CELLBORDER='1' CELLSPACING='0' CELLPADDING='0'>"
                f"<TR><TD COLSPAN='7'><FONT POINT-SIZE='{head}'>{player}</FONT></TD></TR>{rows}</TABLE>")


def _check_win_ends_the_game(picture, winner, stones, mask, lead) -> None:
    """A won position is possible only if the winner's last disc made the four: the winner moved
    last, and taking back one of their discs on top of a column leaves no four in a row."""
    if (winner == "X") != (lead == 1):
        raise ValueError(f"{shorten(picture)} is impossible: {winner} has four in a row ({_line_words(stones)}), "
                         f"so {winner} moved last, but the disc counts say the other player did; the game ends at "
                         "a win")
    tops = [cell for c in range(WIDTH) for cell in [_top_disc(mask, c)] if cell & stones]
    line = _line_words(stones)
    if not any(not has_four(stones & ~cell) for cell in tops):
        raise ValueError(f"{shorten(picture)} is impossible: play went on after {winner} won ({line}). "
                         f"Whichever of {winner}'s discs on top of a column was played last, {winner} already had "
                         "four in a row before it; the game ends at the first four in a row")
    x, o = (stones, mask & ~stones) if winner == "X" else (mask & ~stones, stones)
    budget = [_BUDGET]
    if all(_reachable(x & ~cell, o, budget) is False if winner == "X" else _reachable(x, o & ~cell, budget) is False
           for cell in tops if not has_four(stones & ~cell)):
        raise ValueError(f"{shorten(picture)} is impossible: play went on after {winner} won ({line}). Whichever "
                         f"of {winner}'s discs completed it, the other discs cannot all have been played, in turn, "
                         "before it: play went on after the game had ended at the first four in a row")


_BUDGET = 20_000     # positions a legality check may look at before it gives up (and accepts the board)


def _reachable(x: int, o: int, budget: list, seen: dict | None = None):
    """Can play reach these discs (X moving first, in turn, no one winning before the end)? True, False, or
    None when ``budget`` ran out before it could tell. Takes discs back one by one from the tops."""
    seen = {} if seen is None else seen
    if (x, o) in seen:
        return seen[x, o]
    if not x and not o:
        return True
    budget[0] -= 1
    if budget[0] < 0:
        return None
    mask = x | o
    last_x = x.bit_count() > o.bit_count()           # who moved last, by the counts
    answer: bool | None = False
    for c in range(WIDTH):
        cell = _top_disc(mask, c)
        if not cell & (x if last_x else o):
            continue
        before = (x & ~cell, o) if last_x else (x, o & ~cell)
        if has_four(before[0]) or has_four(before[1]):
            continue
        found = _reachable(*before, budget, seen)
        if found:
            answer = True
            break
        if found is None:
            answer = None
    seen[x, o] = answer
    return answer


def _line_words(stones: int) -> str:
    """One four in a row of ``stones``, in words: "row 1, columns 3 to 6"."""
    for c in range(WIDTH):
        for r in range(HEIGHT):
            for dc, dr, kind in ((1, 0, "row"), (0, 1, "column"), (1, 1, "diagonal"), (1, -1, "diagonal")):
                cells = [(c + k * dc, r + k * dr) for k in range(4)]
                if all(0 <= cc < WIDTH and 0 <= rr < HEIGHT and stones & bit(cc, rr) for cc, rr in cells):
                    if kind == "row":
                        return f"four in a row in row {r + 1}, columns {c + 1} to {c + 4}"
                    if kind == "column":
                        return f"four in a row in column {c + 1}, rows {r + 1} to {r + 4}"
                    return ("four in a diagonal from column " + f"{c + 1}, row {r + 1} to column {c + 4}, "
                            f"row {cells[-1][1] + 1}")
    return "four in a row"


def _top_disc(mask, col) -> int:
    """The bit of the highest disc in column ``col`` (0-based), or 0 if the column is empty."""
    column = mask & column_mask(col)
    return 1 << (column.bit_length() - 1) if column else 0


X_COLOUR, O_COLOUR = "#D55E00", "#F0E442"      # Okabe–Ito vermillion and yellow


# The side of a cell in pixels per theme: in the projector theme a board is 456 px wide, and the text
# under it (0.4 of a cell) 25.6 px.
CELL = {"notebook": 28, "projector": 64}


def svg(p: Position, size: int | None = None, highlight: dict | None = None) -> str:
    """The board as SVG: X a vermillion disc with a white cross, O a yellow disc with a dark ring.

    ``size`` is the side of a cell in pixels (default: the theme's, larger after ``lecture_mode()``).
    ``highlight`` maps columns (1-7) to text shown under them (e.g. evaluations); the text
    is escaped, so it shows as written.
    """
    if size is None:
        from ..drawing.themes import theme_style
        size = CELL["projector" if theme_style()["heavy"] else "notebook"]
    pad, font, pen = size // 7, size * 0.4, size / 28
    width, height = WIDTH * size + 2 * pad, HEIGHT * size + 2 * pad + (round(font * 1.6) if highlight else 0)
    said = p.words()
    if highlight:
        said += " Under the columns: " + ", ".join(f"{c}: {t}" for c, t in sorted(highlight.items())) + "."
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
             f"class='adversarial-c4-svg' role='img' aria-label='{html.escape(said, quote=True)}'>"
             f"<title>{html.escape(said)}</title><rect x='0' y='0' width='{WIDTH * size + 2 * pad}' "
             f"height='{HEIGHT * size + 2 * pad}' rx='6' fill='#1f4e99'/>"]
    r = size * 0.4
    for row, line in enumerate(p.rows()):
        for col, ch in enumerate(line):
            cx, cy = pad + col * size + size / 2, pad + row * size + size / 2
            fill = {"X": X_COLOUR, "O": O_COLOUR}.get(ch, "white")
            parts.append(f"<circle cx='{cx:g}' cy='{cy:g}' r='{r:g}' fill='{fill}' stroke='#222' "
                         f"stroke-width='{pen:g}'/>")
            d = r * 0.5
            if ch == "X":
                parts.append(f"<path d='M{cx - d:g},{cy - d:g}L{cx + d:g},{cy + d:g}M{cx - d:g},{cy + d:g}"
                             f"L{cx + d:g},{cy - d:g}' stroke='white' stroke-width='{3 * pen:g}'/>")
            elif ch == "O":
                parts.append(f"<circle cx='{cx:g}' cy='{cy:g}' r='{d:g}' fill='none' stroke='#222' "
                             f"stroke-width='{2.5 * pen:g}'/>")
    for col, text in sorted((highlight or {}).items()):
        parts.append(f"<text x='{pad + (col - 1) * size + size / 2:g}' y='{height - pad:g}' font-size='{font:g}' "
                     f"text-anchor='middle' font-family='sans-serif'>{html.escape(str(text))}</text>")
    parts.append("</svg>")
    return "".join(parts)


def centre_first(state, moves):
    """A move order for the search: middle columns first (``alphabeta(..., order=centre_first)``).

    >>> centre_first(None, (1, 2, 3, 4, 5, 6, 7))
    (4, 3, 5, 2, 6, 1, 7)
    """
    rank = {c: i for i, c in enumerate(CENTRE_FIRST)}
    return tuple(sorted(moves, key=rank.__getitem__))


__all__ = ["ConnectFour", "Position", "MoveError", "has_four", "centre_first", "svg", "WIDTH", "HEIGHT", "H1",
           "COLUMNS", "CENTRE_FIRST", "BOTTOM", "FULL", "bottom", "top", "column_mask", "bit", "shorten"]
