"""Play Connect Four against a depth-limited engine in Jupyter.

>>> board = ConnectFourBoard(depth=2)
>>> board.play(4); board.state.history
'43'
>>> sorted(board.evaluation) == [1, 2, 3, 4, 5, 6, 7]
True

The engine searches with alpha-beta to the chosen depth and scores the positions
at its horizon with an evaluation function (default: open windows with a threat
extension). After each of its moves it shows how it scored every column, from
its own point of view (positive: good for the engine).
"""

from __future__ import annotations

import html
import numbers

import ipywidgets as w

from ..drawing.themes import theme_style
from ..games.connectfour import ConnectFour, centre_first, shorten, svg
from ..games.connectfour_eval import open_windows, with_threats
from ..search import alphabeta
from .stepper import FOCUS_CSS, LECTURE_CSS, live, require_widgets

DEPTHS = (1, 2, 3, 4, 5, 6)


def column_scores(game, state, depth: int, evaluate) -> dict:
    """Each legal column's score for the side to move at ``state`` (a search of ``depth`` moves in all)."""
    sign = 1 if game.to_move(state) == "MAX" else -1
    scores = {}
    for column in game.actions(state):
        child = game.result(state, column)
        value = alphabeta(game, child, depth=depth - 1, evaluate=evaluate, order=centre_first).value
        scores[column] = sign * value
    return scores


def score_text(score) -> str:
    """A score as the board shows it: 'win' or 'loss' when proved, else the guess ×100.

    >>> score_text(18), score_text(-0.034), score_text(-13)
    ('win', '-3', 'loss')
    """
    if score >= 1:
        return "win"
    if score <= -1:
        return "loss"
    return f"{round(100 * score):+d}"


class ConnectFourBoard(w.VBox):
    """A Connect Four board: click a column's ▼ to drop a disc; the engine answers.

    Args:
        human: 'X' (you start) or 'O' (the engine starts).
        depth: how many moves the engine looks ahead (1 to 6; changeable on the board).
        evaluate: how the engine scores positions at its horizon (MAX's point of view).
    """

    def __init__(self, human: str = "X", depth: int = 4, evaluate=None):
        require_widgets()
        if human not in ("X", "O"):
            raise ValueError(f"human must be 'X' or 'O', got {human!r}")
        if depth not in DEPTHS:
            raise ValueError(f"depth must be one of {', '.join(map(str, DEPTHS))}, got {depth!r}")
        if evaluate is not None and not callable(evaluate):
            raise TypeError(f"evaluate must be a function of a position, got {evaluate!r}")
        self.game, self.human = ConnectFour(), human
        self.evaluate = evaluate or with_threats(open_windows)
        style = theme_style()
        self.cell, self.text_size = style["cell"] * 3 // 4, style["text"]
        self.drops = [w.Button(description=f"▼ {c}", layout=w.Layout(width=f"{self.cell}px"))
                      .add_class(f"adversarial-c4-drop-{c}") for c in range(1, 8)]
        for c, button in enumerate(self.drops, start=1):
            button.on_click(lambda _, c=c: self.play(c))
        self.depth_choice = w.Dropdown(options=DEPTHS, value=depth, description="depth",
                                       tooltip="How many moves the engine looks ahead")
        self.depth_choice.add_class("adversarial-c4-depth")
        self.picture = w.HTML().add_class("adversarial-c4-board")
        self.moves_line = w.HTML().add_class("adversarial-c4-moves")
        self.status_line = w.HTML().add_class("adversarial-status")
        self.reply_line = w.HTML().add_class("adversarial-reply")     # the moves just played, read out
        self.heat = w.HTML().add_class("adversarial-c4-eval")
        new = w.Button(description="New game", tooltip="Start again from the empty board",
                       layout=w.Layout(width="auto")).add_class("adversarial-new-game")
        new.on_click(lambda _: self.new_game())
        super().__init__([w.HBox([self.depth_choice, new]), w.HBox(self.drops), self.picture,
                          self.moves_line, self.reply_line, self.status_line, self.heat,
                          w.HTML(FOCUS_CSS).add_class("adversarial-focus-style")])
        self.add_class("adversarial-c4")
        if style["heavy"]:          # lecture_mode(): the menu and the buttons large too (ipywidgets: 13 px)
            self.children = (w.HTML(LECTURE_CSS), *self.children)  # type: ignore[has-type]
            self.add_class("adversarial-lecture")
        self.new_game()

    @property
    def depth(self) -> int:
        return self.depth_choice.value

    @property
    def status(self) -> str:
        p = self.state
        if p.winner:
            return "You win!" if p.winner == self.human else "The engine wins."
        if self.game.is_terminal(p):
            return "A draw."
        return "Your move." if p.player == self.human else "Engine to move."

    def new_game(self) -> None:
        self.state = self.game.initial_state()
        self.evaluation: dict = {}
        self.reply = "New game."
        if self.human == "O":
            self._engine_move()
        self._refresh()

    def play(self, column: int) -> None:
        """You drop a disc in ``column`` (1-7); the engine answers at once."""
        if isinstance(column, bool) or not isinstance(column, numbers.Integral):
            raise TypeError(f"column must be a whole number from 1 to 7 (1 the leftmost), "
                            f"got {shorten(column)}")
        column = int(column)
        if not 1 <= column <= 7:
            raise ValueError(f"column must be from 1 to 7 (1 the leftmost), got {column}")
        if self.game.is_terminal(self.state) or self.state.player != self.human:
            return
        if column not in self.game.actions(self.state):
            self.status_line.value = live(html.escape(f"Column {column} is full: choose another."), self.text_size)
            return
        self.state = self.game.result(self.state, column)
        self.reply = f"You dropped a disc in column {column}."
        self._engine_move()
        self._refresh()

    def _engine_move(self) -> None:
        if self.game.is_terminal(self.state):
            return
        self.evaluation = column_scores(self.game, self.state, self.depth, self.evaluate)
        best = max(self.evaluation.values())
        column = next(c for c in centre_first(self.state, tuple(self.evaluation)) if self.evaluation[c] == best)
        self.state = self.game.result(self.state, column)
        self.reply = (getattr(self, "reply", "") + " " + f"The engine dropped a disc in column {column}.").strip()

    def _text(self, text: str) -> str:
        return f"<div style='font-size:{self.text_size}'>{html.escape(text)}</div>"

    def _refresh(self) -> None:
        over = self.game.is_terminal(self.state)
        for c, button in enumerate(self.drops, start=1):
            button.disabled = over or not self.state.can_play(c)
            discs = sum(1 for row in self.state.rows() if row[c - 1] != ".")
            room = "the game is over" if over else ("full" if discs == len(self.state.rows()) else "playable")
            button.tooltip = f"Drop a disc in column {c}: {discs} disc{'' if discs == 1 else 's'}, {room}"
        self.picture.value = self.board_html()
        self.moves_line.value = self._text(f"moves: {self.state.history or '(none yet)'}")
        self.status_line.value = live(html.escape(self.status), self.text_size)
        self.reply_line.value = live(html.escape(self.reply), self.text_size)
        if self.evaluation:
            parts = " ".join(f"<span class='adversarial-c4-score-{c}' style='padding:2px 6px'>"
                             f"{c}: {score_text(v)}</span>" for c, v in sorted(self.evaluation.items()))
            self.heat.value = (f"<div style='font-size:{self.text_size}'>engine's view of each column at depth "
                               f"{self.depth} (×100; positive is good for the engine): {parts}</div>")
        else:
            self.heat.value = ""

    def board_html(self) -> str:
        """The board as a static picture (SVG) with the engine's last scores under the columns."""
        marks = {c: score_text(v) for c, v in self.evaluation.items()}
        return f"<div class='adversarial-c4-picture'>{svg(self.state, size=self.cell // 2 + 16, highlight=marks)}</div>"

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, tuple):                       # (data, metadata)
            data[0]["text/html"] = self.board_html() + self._text(self.status)
            return data
        if data is not None:
            data["text/html"] = self.board_html() + self._text(self.status)
        return data

    def __repr__(self) -> str:
        return (f"ConnectFourBoard(human={self.human!r}, depth={self.depth}, "
                f"moves={self.state.history!r}, {self.status!r})")
