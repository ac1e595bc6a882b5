"""Games from other courses' libraries, as this package's games.

Courses built on AIMA (aima-python), UC Berkeley's CS188-style code, OpenSpiel or easyAI already have games
in those libraries' shapes. Each adapter here wraps such a game in this package's protocol
(:mod:`adversarial.game`), so :func:`~adversarial.alphabeta`, :func:`~adversarial.draw` and the
:class:`~adversarial.Stepper` work on it unchanged. Scores stay from MAX's point of view: MAX is the player
who moves first unless you name another.

===============================  ==========================================================================
``from_aima(game)``              aima-python's ``Game``: ``initial``, ``actions``, ``result``,
                                 ``utility(state, player)``, ``terminal_test`` (or ``is_terminal``),
                                 ``to_move``
``from_openspiel(game)``         a two-player OpenSpiel game (``pyspiel.load_game("tic_tac_toe")``):
                                 states' ``legal_actions``, ``child``, ``is_terminal``, ``returns``
``from_easyai(game)``            an easyAI ``TwoPlayerGame`` instance: ``possible_moves``, ``make_move``,
                                 ``is_over``, ``scoring`` (from the player to move), ``current_player``
===============================  ==========================================================================

>>> class Nim:                      # an aima-python-style game: take 1 or 2; who takes the last one wins
...     initial = ("A", 3)
...     def actions(self, s): return [n for n in (1, 2) if n <= s[1]]
...     def result(self, s, n): return ("B" if s[0] == "A" else "A", s[1] - n)
...     def terminal_test(self, s): return s[1] == 0
...     def to_move(self, s): return s[0]
...     def utility(self, s, player): return -1 if s[0] == player else 1
>>> from adversarial import alphabeta
>>> r = alphabeta(from_aima(Nim()))
>>> r.value, r.move
(-1, 1)
"""

from __future__ import annotations

import copy
from typing import Any

from ..game import MAX, MIN, check_number

__all__ = ["from_aima", "from_openspiel", "from_easyai"]


def _require(obj: Any, names: tuple[str, ...], what: str, hint: str) -> None:
    missing = [n for n in names if not hasattr(obj, n)]
    if missing:
        raise TypeError(f"{what} needs {', '.join(names)}; {type(obj).__name__} lacks {', '.join(missing)}. {hint}")


class _Adapted:
    """The common part: MAX/MIN from the wrapped game's own players, labels by moves."""

    source = "game"

    def __init__(self, game: Any, max_player: Any) -> None:
        self.game = game
        self.max_player = max_player

    def __repr__(self) -> str:
        return f"<{self.source} {type(self.game).__name__}, MAX = {self.max_player!r}>"

    def label(self, path: tuple) -> str:
        return "→".join(map(str, path)) if path else "root"


class AIMAGame(_Adapted):
    """An aima-python ``Game`` seen through this package's protocol (see :func:`from_aima`)."""

    source = "AIMA"

    def initial_state(self):
        return self.game.initial

    def to_move(self, state):
        return MAX if self.game.to_move(state) == self.max_player else MIN

    def actions(self, state):
        return list(self.game.actions(state))

    def result(self, state, move):
        return self.game.result(state, move)

    def is_terminal(self, state):
        test = getattr(self.game, "is_terminal", None) or self.game.terminal_test
        return bool(test(state))

    def utility(self, state):
        return check_number(self.game.utility(state, self.max_player), "the AIMA game's utility")

    def key(self, state):
        """A hashable form of ``state`` for a transposition table (``alphabeta(g, table=g.key)``):
        aima-python's ``GameState`` holds a dict (the board) and a list (the moves)."""
        return _hashable(state)


def _hashable(value):
    if isinstance(value, dict):
        return frozenset((k, _hashable(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(_hashable(v) for v in value)
    return value


def from_aima(game: Any, max_player: Any = None) -> AIMAGame:
    """Wrap an aima-python game (``games.py`` or ``games4e.py`` style).

    Args:
        game: an object with ``initial``, ``actions(s)``, ``result(s, m)``, ``utility(s, player)``,
            ``to_move(s)`` and ``terminal_test(s)`` or ``is_terminal(s)``.
        max_player: the player whose utility is MAX's score; default the one to move first.
    """
    if isinstance(game, type):
        raise TypeError(f"got the class {game.__name__}: pass a game, e.g. from_aima({game.__name__}())")
    _require(game, ("initial", "actions", "result", "utility", "to_move"), "from_aima",
             "It takes an aima-python Game such as games.TicTacToe().")
    if not (hasattr(game, "terminal_test") or hasattr(game, "is_terminal")):
        raise TypeError("from_aima needs terminal_test(state) or is_terminal(state) on the game")
    first = game.to_move(game.initial)
    if max_player is not None and max_player != first:
        players = [first] + [p for p in _second_player(game) if p != first]
        if max_player not in players:
            named = " and ".join(repr(p) for p in players)
            raise ValueError(f"max_player={max_player!r} is not a player of this game (its players are {named}; "
                             f"{first!r} moves first): every node would be MIN. Pass one of them, or leave "
                             "max_player out for the player who moves first")
    return AIMAGame(game, first if max_player is None else max_player)


def _second_player(game) -> list:
    """The player to move after the first move of an aima-python game (none if the game starts over)."""
    test = getattr(game, "is_terminal", None) or game.terminal_test
    if test(game.initial):
        return []
    moves = list(game.actions(game.initial))
    return [game.to_move(game.result(game.initial, moves[0]))] if moves else []


class OpenSpielGame(_Adapted):
    """A two-player OpenSpiel game seen through this package's protocol (see :func:`from_openspiel`).

    OpenSpiel's states are not hashable by value; :meth:`key` (their text form, which OpenSpiel defines to
    identify a state) is what a transposition table can use: ``alphabeta(g, table=g.key)``.
    """

    source = "OpenSpiel"

    def initial_state(self):
        return self.game.new_initial_state()

    def to_move(self, state):
        player = state.current_player()
        if player < 0 and not state.is_terminal():
            raise ValueError("this OpenSpiel state is a chance or simultaneous node; from_openspiel "
                             "takes sequential two-player games without chance")
        return MIN if player >= 0 and player != self.max_player else MAX

    def actions(self, state):
        return list(state.legal_actions())

    def result(self, state, move):
        return state.child(move)

    def is_terminal(self, state):
        return bool(state.is_terminal())

    def utility(self, state):
        return check_number(state.returns()[self.max_player], "the OpenSpiel state's return")

    def key(self, state):
        return str(state)

    def move_name(self, state, move) -> str:
        """The move as OpenSpiel writes it (``x(1,1)`` in tic-tac-toe): what a drawing puts on its edge."""
        return state.action_to_string(state.current_player(), move)

    def label(self, path: tuple) -> str:
        if not path:
            return "root"
        state = self.initial_state()
        names = []
        for move in path:
            names.append(state.action_to_string(state.current_player(), move))
            state = state.child(move)
        return "→".join(names)


def from_openspiel(game: Any, max_player: int = 0) -> OpenSpielGame:
    """Wrap a sequential two-player OpenSpiel game, e.g. ``pyspiel.load_game("tic_tac_toe")``.

    Args:
        game: a ``pyspiel.Game`` (or its name as a string, loaded with ``pyspiel.load_game``).
        max_player: the player (0 or 1) whose returns are MAX's score; default 0, who moves first.
    """
    if isinstance(game, str):
        import pyspiel
        game = pyspiel.load_game(game)
    _require(game, ("new_initial_state", "num_players"), "from_openspiel",
             'It takes a pyspiel.Game, e.g. pyspiel.load_game("tic_tac_toe").')
    if game.num_players() != 2:
        raise ValueError(f"from_openspiel takes two-player games; this one has {game.num_players()} players")
    if max_player not in (0, 1):
        raise ValueError(f"max_player must be 0 or 1, got {max_player!r}")
    return OpenSpielGame(game, max_player)


class EasyAIGame(_Adapted):
    """An easyAI ``TwoPlayerGame`` seen through this package's protocol (see :func:`from_easyai`).

    easyAI games are mutable objects; a state here is a copy of the game, and ``result`` plays the move on a
    new copy (``copy.deepcopy``), so the search never changes the game you passed in.
    """

    source = "easyAI"

    def initial_state(self):
        return copy.deepcopy(self.game)

    def to_move(self, state):
        return MAX if state.current_player == self.max_player else MIN

    def actions(self, state):
        return list(state.possible_moves())

    def result(self, state, move):
        after = copy.deepcopy(state)
        after.make_move(move)
        after.current_player = 3 - after.current_player     # easyAI's switch_player, without its players list
        return after

    def is_terminal(self, state):
        return bool(state.is_over())

    def _score(self, state):
        score = check_number(state.scoring(), "the easyAI game's scoring()")
        return score if state.current_player == self.max_player else -score

    utility = _score

    def evaluate(self, state):
        """easyAI's ``scoring()`` of an unfinished position, turned to MAX's point of view."""
        return self._score(state)

    def key(self, state):
        entry = getattr(state, "ttentry", None)
        if entry is None:
            raise TypeError("this easyAI game has no ttentry(): a table needs one (or table=some_key_function)")
        return entry()


def from_easyai(game: Any, max_player: int | None = None) -> EasyAIGame:
    """Wrap an easyAI game instance, e.g. ``TicTacToe([Human_Player(), Human_Player()])``.

    Args:
        game: an easyAI ``TwoPlayerGame`` instance (its players are never asked to move).
        max_player: 1 or 2, easyAI's player number for MAX; default the player to move now.
    """
    if isinstance(game, type):
        raise TypeError(f"got the class {game.__name__}: pass a game, e.g. "
                        f"from_easyai({game.__name__}([Human_Player(), Human_Player()]))")
    _require(game, ("possible_moves", "make_move", "is_over", "scoring", "current_player"), "from_easyai",
             "It takes an easyAI TwoPlayerGame instance.")
    max_player = game.current_player if max_player is None else max_player
    if max_player not in (1, 2):
        raise ValueError(f"max_player must be 1 or 2 (easyAI numbers its players so), got {max_player!r}")
    return EasyAIGame(game, max_player)
