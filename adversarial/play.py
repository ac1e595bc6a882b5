"""Play tic-tac-toe against the engine in Jupyter.

>>> board = PlayBoard(human="X")
>>> board.play(4); board.state
Board('O../.X./...')
"""

from __future__ import annotations

import html

import ipywidgets as w

from .games.tictactoe import TicTacToe, optimal_moves
from .search import alphabeta
from .themes import theme_style

HEAT = {1: "#56B4E9", 0: "#F0E442", -1: "#E69F00"}   # good / draw / bad for the side to move (Okabe–Ito)


class PlayBoard(w.VBox):
    """A 3×3 board of buttons. Click a cell; the engine answers.

    Args:
        human: 'X' (you start) or 'O' (the engine starts).
        engine: 'perfect' (full alpha-beta search) or a depth limit (an int: it looks that
            many moves ahead and scores unfinished positions 0).
    """

    def __init__(self, human: str = "X", engine="perfect"):
        if human not in ("X", "O"):
            raise ValueError(f"human must be 'X' or 'O', got {human!r}")
        if engine != "perfect" and (isinstance(engine, bool) or not isinstance(engine, int) or engine < 1):
            raise ValueError(f"engine must be 'perfect' or a depth limit of 1 or more, got {engine!r}")
        self.game, self.human, self.engine = TicTacToe(), human, engine
        style = theme_style()               # lecture_mode() makes the board and its text larger
        side, self.text_size = style["cell"], style["text"]
        self.cells = [w.Button(layout=w.Layout(width=f"{side}px", height=f"{side}px"),
                               style={"font_size": f"{side // 2}px", "font_weight": "bold"})
                      .add_class(f"adversarial-cell-{i}") for i in range(9)]
        for i, cell in enumerate(self.cells):
            cell.on_click(lambda _, i=i: self.play(i))
        self.status_line = w.HTML().add_class("adversarial-status")
        self.heat = w.HTML().add_class("adversarial-heat")
        new = w.Button(description="New game").add_class("adversarial-new-game")
        new.on_click(lambda _: self.new_game())
        new.style.font_size = self.text_size
        grid = w.GridBox(self.cells, layout=w.Layout(grid_template_columns=f"repeat(3, {side + 4}px)"))
        super().__init__([grid, self.status_line, self.heat, new])
        self.add_class("adversarial-board")
        self.new_game()

    @property
    def status(self) -> str:
        b = self.state
        if b.winner:
            return "You win!" if b.winner == self.human else "The engine wins."
        if not b.empty:
            return "A draw."
        return "Your move." if b.player == self.human else "Engine to move."

    def new_game(self) -> None:
        self.state = self.game.initial_state()
        self.evaluation = {}
        if self.human == "O":
            self._engine_move()
        self._show()

    def play(self, cell: int) -> None:
        """You play ``cell``; the engine answers at once."""
        if self.game.is_terminal(self.state) or self.state.player != self.human:
            return
        if cell not in self.state.empty:
            self.status_line.value = f"Cell {cell} is taken: choose an empty one."
            return
        self.state = self.game.result(self.state, cell)
        self._engine_move()
        self._show()

    def _engine_move(self) -> None:
        if self.game.is_terminal(self.state):
            return
        depth = None if self.engine == "perfect" else self.engine
        search = lambda g, s: alphabeta(g, s, depth=depth, evaluate=lambda b: 0)
        scores = optimal_moves(self.game, self.state, search=search)
        sign = 1 if self.state.player == "X" else -1
        self.evaluation = {m: sign * v for m, v in scores["values"].items()}   # from the engine's side
        self.state = self.game.result(self.state, scores["best"][0])

    def _show(self) -> None:
        for i, cell in enumerate(self.cells):
            mark = self.state.cells[i]
            cell.description = "" if mark == "." else mark
            cell.disabled = mark != "." or self.game.is_terminal(self.state)
        self.status_line.value = f"<div style='font-size:{self.text_size}'>{html.escape(self.status)}</div>"
        if self.evaluation:
            parts = " ".join(
                f"<span style='background:{HEAT[max(-1, min(1, v))]};padding:2px 6px;margin:1px'>"
                f"{m}: {v:+d}</span>" for m, v in sorted(self.evaluation.items()))
            self.heat.value = (f"<div style='font-size:{self.text_size}'>engine's view of its last choices "
                               f"(+1 win, 0 draw, −1 loss): {parts}</div>")
        else:
            self.heat.value = ""

    def __repr__(self) -> str:
        return f"PlayBoard(human={self.human!r}, engine={self.engine!r}, board='{self.state}', {self.status!r})"
