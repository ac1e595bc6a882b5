"""Play tic-tac-toe against the engine in Jupyter.

>>> board = PlayBoard(human="X")
>>> board.play(4); board.state
Board('O../.X./...')
>>> board.engine_name
'perfect and quick: full search with depth-aware scores (prefers faster wins, slower losses)'

The default engine (``"fastest"``) takes a win in one when it has one and, when it
is lost, holds out longest. ``engine="perfect"`` scores every win +1, so it may
take a slower win: correct by value, though to a player it looks like a missed
chance (the lesson on depth-aware scores shows why).
"""

from __future__ import annotations

import html

import ipywidgets as w

from ..drawing.themes import theme_style
from ..games.tictactoe import TicTacToe, optimal_moves
from ..search import alphabeta
from .stepper import FOCUS_CSS, LECTURE_CSS, live, require_widgets

EMPTY = "\u00a0"        # a non-breaking space: a button whose text becomes "" is not redrawn by JupyterLab
MARK_COLOURS = {"X": "#0072B2", "O": "#B84A00"}       # Okabe–Ito blue, a darker vermillion (5.2:1), bold, on white
WIN_BACKGROUND = "#009E73"                            # the winning line: white marks on bluish green
LAST_MOVE_BORDER = "5px solid #000000"
# The heat map colours each empty cell by what playing there leads to, for the side to move
# (Okabe–Ito, and the cell also says it in a word, for colour-blind viewers).
HEAT: dict = {1: ("#56B4E9", "win"), 0: ("#F0E442", "draw"), -1: ("#E69F00", "lose")}
ENGINES = {
    "perfect": "perfect: full alpha-beta search, scores +1 / 0 / −1 (any win will do)",
    "fastest": "perfect and quick: full search with depth-aware scores (prefers faster wins, slower losses)",
}
ROWS, COLUMNS = ("top", "middle", "bottom"), ("left", "centre", "right")
WINNING_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def cell_name(cell: int) -> str:
    """A cell in words, for a screen reader: 0 is "top left cell", 4 "middle centre cell"."""
    return "centre cell" if cell == 4 else f"{ROWS[cell // 3]} {COLUMNS[cell % 3]} cell"


class PlayBoard(w.VBox):
    """A 3×3 board of buttons. Click a cell; the engine answers.

    Args:
        human: 'X' (you start) or 'O' (the engine starts).
        engine: 'fastest' (the default: full search with depth-aware scores, so it takes the
            quickest win and the slowest loss), 'perfect' (full alpha-beta search, +1/0/−1: any
            win will do), or a depth limit (an int: it looks that many moves ahead and scores
            unfinished positions 0).
        heat: colour each empty cell by what playing there leads to (a hint for the side to move).
    """

    def __init__(self, human: str = "X", engine="fastest", heat: bool = False):
        require_widgets()
        if human not in ("X", "O"):
            raise ValueError(f"human must be 'X' or 'O', got {human!r}")
        if engine not in ENGINES and (isinstance(engine, bool) or not isinstance(engine, int) or engine < 1):
            raise ValueError(f"engine must be 'perfect', 'fastest' or a depth limit of 1 or more, "
                             f"got {engine!r}")
        if not isinstance(heat, bool):
            raise TypeError(f"heat must be True or False, got {heat!r}")
        self.game, self.human, self.engine = TicTacToe(), human, engine
        self.last_move: int | None = None
        style = theme_style()               # lecture_mode() makes the board and its text larger
        side, self.text_size = style["cell"], style["text"]
        self.side = side
        self.cells = [w.Button(description=EMPTY,
                               layout=w.Layout(width=f"{side}px", height=f"{side}px", margin="2px"),
                               style={"font_size": f"{side // 2}px", "font_weight": "bold"})
                      .add_class(f"adversarial-cell-{i}") for i in range(9)]
        for i, cell in enumerate(self.cells):
            cell.on_click(lambda _, i=i: self.play(i))
        self.status_line = w.HTML().add_class("adversarial-status")
        self.reply_line = w.HTML().add_class("adversarial-reply")     # the moves just played, read out
        self.engine_line = w.HTML().add_class("adversarial-engine")
        self.heat_box = w.Checkbox(value=heat, description="heat map (what each move leads to)",
                                   indent=False).add_class("adversarial-heat")
        self.heat_box.observe(lambda change: self._show(), names="value")
        new = w.Button(description="New game", layout=w.Layout(width="auto")).add_class("adversarial-new-game")
        new.on_click(lambda _: self.new_game())
        new.style.font_size = self.text_size
        grid = w.GridBox(self.cells, layout=w.Layout(grid_template_columns=f"repeat(3, {side + 4}px)"))
        super().__init__([grid, self.reply_line, self.status_line, self.engine_line, self.heat_box, new,
                          w.HTML(FOCUS_CSS).add_class("adversarial-focus-style")])
        self.add_class("adversarial-board")
        if style["heavy"]:          # lecture_mode(): the check box's label (ipywidgets sets no size) large too
            self.children = (w.HTML(LECTURE_CSS), *self.children)  # type: ignore[has-type]
            self.add_class("adversarial-lecture")
        self.new_game()

    @property
    def engine_name(self) -> str:
        """Which engine is playing, in words."""
        if self.engine in ENGINES:
            return ENGINES[self.engine]
        return (f"depth {self.engine}: looks {self.engine} move{'s' if self.engine > 1 else ''} ahead "
                "and scores unfinished positions 0 (it can be beaten)")

    @property
    def status(self) -> str:
        b = self.state
        if b.winner:
            return "You win!" if b.winner == self.human else "The engine wins."
        if not b.empty:
            return "A draw."
        return "Your move." if b.player == self.human else "Engine to move."

    @property
    def winning_line(self) -> tuple:
        """The three cells of the winning line, or () if nobody has won."""
        cells = self.state.cells
        return next((line for line in WINNING_LINES if cells[line[0]] != "." and
                     cells[line[0]] == cells[line[1]] == cells[line[2]]), ())

    def new_game(self) -> None:
        self.state = self.game.initial_state()
        self.last_move = None
        self.message = ""
        self.reply = "New game."
        if self.human == "O":
            self._engine_move()
        self._show()

    def play(self, cell: int) -> None:
        """You play ``cell`` (0 top left … 8 bottom right); the engine answers at once."""
        if isinstance(cell, bool) or not isinstance(cell, int):
            raise TypeError(f"cell must be a whole number from 0 to 8 (0 top left, 8 bottom right), "
                            f"got {cell!r}")
        if not 0 <= cell <= 8:
            raise ValueError(f"cell must be from 0 to 8 (0 top left, 8 bottom right), got {cell}")
        self.message = ""
        self.reply = ""
        if self.game.is_terminal(self.state):
            self.message = "The game is over: press New game to play again."
        elif self.state.player != self.human:
            self.message = "Wait for the engine."
        elif cell not in self.state.empty:
            self.message = f"Cell {cell} is taken: choose an empty one."
        else:
            self.state = self.game.result(self.state, cell)
            self.last_move = cell
            self.reply = f"You played the {cell_name(cell)}."
            self._engine_move()
        self._show()

    def _search(self, game, state):
        if self.engine in ENGINES:
            return alphabeta(game, state)
        return alphabeta(game, state, depth=self.engine, evaluate=lambda b: 0)

    def _engine_move(self) -> None:
        if self.game.is_terminal(self.state):
            return
        game = TicTacToe(depth_aware=True) if self.engine == "fastest" else self.game
        move = optimal_moves(game, self.state, search=self._search)["best"][0]
        self.state = self.game.result(self.state, move)
        self.last_move = move
        self.reply = (self.reply + " " if getattr(self, "reply", "") else "") + \
            f"The engine played the {cell_name(move)}."

    def heat(self) -> dict[int, int]:
        """Empty cell -> +1 / 0 / −1: what playing there leads to for the side to move, with
        perfect play afterwards."""
        if self.game.is_terminal(self.state):
            return {}
        sign = 1 if self.state.player == "X" else -1
        values = optimal_moves(self.game, self.state)["values"]
        return {m: max(-1, min(1, sign * v)) for m, v in values.items()}

    def _show(self) -> None:
        heat = self.heat() if self.heat_box.value else {}
        line = self.winning_line
        for i, cell in enumerate(self.cells):
            mark = self.state.cells[i]
            style = cell.style
            cell.layout.border = LAST_MOVE_BORDER if i == self.last_move else "1px solid #767676"
            if mark == ".":
                colour, word = HEAT.get(heat.get(i), ("#ffffff", EMPTY))
                cell.description = word
                style.button_color, style.text_color = colour, "#000000"
                style.font_size = f"{self.side // 5}px" if i in heat else f"{self.side // 2}px"
                hint = ({1: "leads to a win", 0: "leads to a draw", -1: "leads to a loss"}.get(heat[i])
                        if i in heat else None)
                playable = "playable" if not self.game.is_terminal(self.state) else "the game is over"
                cell.tooltip = f"{cell_name(i)}, cell {i}: empty, {playable}" + (f"; {hint}" if hint else "")
            else:
                cell.description = mark
                style.font_size = f"{self.side // 2}px"
                if i in line:
                    style.button_color, style.text_color = WIN_BACKGROUND, "#ffffff"
                else:
                    style.button_color, style.text_color = "#ffffff", MARK_COLOURS[mark]
                cell.tooltip = (f"{cell_name(i)}, cell {i}: {mark}" + (", the last move" if i == self.last_move else "")
                                + (", in the winning line" if i in line else ""))
        said = self.message or self.status
        self.status_line.value = live(html.escape(said), self.text_size)
        self.reply_line.value = live(html.escape(self.reply), self.text_size)
        key = ""
        if heat:
            key = " · heat map: " + ", ".join(f"{word} = {name}" for word, name in
                                               (("blue", "you win"), ("yellow", "draw"),
                                                ("orange", "you lose")))
        self.engine_line.value = (f"<div style='font-size:{self.text_size}'>Engine: "
                                  f"{html.escape(self.engine_name)}{html.escape(key)}</div>")

    def _repr_mimebundle_(self, **kwargs):
        """A page without a kernel (a static site) shows a picture of the board."""
        bundle = super()._repr_mimebundle_(**kwargs) or {}
        bundle["text/html"] = self.board_html()
        return bundle

    def board_html(self) -> str:
        """The board as a plain HTML table (marks, last move and winning line), for static pages."""
        line = self.winning_line
        rows = []
        for r in (0, 3, 6):
            tds = []
            for i in range(r, r + 3):
                mark = self.state.cells[i]
                colour, background = MARK_COLOURS.get(mark, "#000"), "#ffffff"
                if i in line:
                    colour, background = "#ffffff", WIN_BACKGROUND
                border = LAST_MOVE_BORDER if i == self.last_move else "1px solid #767676"
                tds.append(f"<td style='width:{self.side}px;height:{self.side}px;text-align:center;"
                           f"font:bold {self.side // 2}px sans-serif;color:{colour};background:{background};"
                           f"border:{border}'>{mark if mark != '.' else '&#160;'}</td>")
            rows.append(f"<tr>{''.join(tds)}</tr>")
        return (f"<table class='adversarial-board-static' style='border-collapse:separate' "
                f"aria-label='{html.escape(self.state.words(), quote=True)}'>"
                f"{''.join(rows)}</table><div>{html.escape(self.status)}</div>")

    def __repr__(self) -> str:
        return f"PlayBoard(human={self.human!r}, engine={self.engine!r}, board='{self.state}', {self.status!r})"
