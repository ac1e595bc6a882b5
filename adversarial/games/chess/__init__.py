"""Chess on the game protocol, over python-chess: every search of the package runs on real positions.

A position is given as FEN (Forsyth–Edwards Notation, the one-line text form of a chess position);
White is MAX, Black is MIN, and moves are python-chess ``Move`` objects, named in SAN (Standard
Algebraic Notation, ``Nf3``, ``exd5``, ``O-O``, ``Qxf7#``) in traces and drawings:

>>> from adversarial import alphabeta
>>> game = Chess()
>>> p = game.position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")     # a back-rank mate in one
>>> game.to_move(p), len(game.actions(p))
('MAX', 20)
>>> r = alphabeta(game, p, depth=1)
>>> game.san(p, r.move), r.value > 1                              # a value above 1: a forced win
('Ra8#', True)

**Make and undo.** The search asks ``result(state, move)`` for a new state and never changes the
old one; python-chess changes one board in place with ``push(move)`` and takes it back with
``pop()``, the make/undo of real engines. A :class:`ChessState` joins the two: it is only a link
(its parent and the move that reached it), and all states grown from one root share one board.
Whenever a state is asked something (whose move, its legal moves, its evaluation), the shared
board walks to it: ``pop()`` back to the last state both share, ``push()`` forward to this one.
A depth-first search asks its states in the order it makes them, so the walk is one ``push`` per
node entered and one ``pop`` per node left, as in an engine written with make/undo.

**Searches sharing what they learn** (``position(fen, memo={})``): searches of the same positions
(the rungs of an ordering ladder, the iterations of a deepening) meet the same positions again and
again. States grown from roots given one ``memo`` dict work out each position's facts once there,
by its key: its legal moves, whether the game ends there, the key of each child, and whatever else
an order or an evaluation asks :meth:`ChessState.remember` to keep. A state whose facts are all
known is answered without walking the board. The searches are unchanged, node for node; the
fifty-move rule and threefold repetition, which depend on the moves played and not only on the
position, are still asked of the board wherever they could apply.

**Ends of the game** (:meth:`Chess.is_terminal`), checked in this order: checkmate, stalemate,
insufficient material (neither side can mate), the fifty-move rule (100 plies without a capture or
a pawn move) and threefold repetition (counted over the moves played since the position was set up:
a position given as FEN has no history, a ``chess.Board`` with moves played keeps its own).

**Scores** are scaled like the Connect Four evaluations: a checkmate scores
``±(1 + 1 / (1 + plies))`` (``plies``: half-moves played since the game's start, from the FEN's
move number), so a mate is always worth more than 1 and a quicker mate more than a slower one; a
draw scores 0; the evaluation (:mod:`adversarial.games.chess.evaluation`) stays strictly between
−1 and 1, so a guess never outranks a real result.
"""

from __future__ import annotations

import html
from typing import Any

import chess

from ...game import MAX, MIN
from .scores import final_score, mate_score

__all__ = ["Chess", "ChessState", "FenError", "mate_score", "final_score", "START"]

START = chess.STARTING_FEN


class FenError(ValueError):
    """A position that cannot be set up: the message says what is wrong and how to fix it."""


class _Cursor:
    """The board shared by every state grown from one root, and the state it shows now."""

    __slots__ = ("board", "at", "memo", "white", "ply", "history", "clock")

    def __init__(self, board: chess.Board, at, memo: dict | None = None):
        self.board, self.at, self.memo = board, at, memo
        self.white, self.ply = board.turn == chess.WHITE, board.ply()
        # plies already played at the root (threefold repetition counts them) and its fifty-move counter
        self.history, self.clock = len(board.move_stack), board.halfmove_clock


class ChessState:
    """A chess position reached from a root by a line of moves; asks the shared board when asked.

    Two states are equal when they have the same pieces on the same squares, the same side to move,
    the same castling rights and en-passant square, and the same number of plies since the game's
    start (so they score a mate alike): the key a transposition table needs. The fifty-move counter
    and the repetition history are left out, as in real engines.
    """

    __slots__ = ("parent", "move", "depth", "_cursor", "_moves", "_end", "_key", "_passed")
    parent: Any
    move: Any
    depth: int
    _cursor: Any
    _moves: tuple | None
    _end: str | None
    _key: tuple | None
    _passed: bool

    def __init__(self, parent: ChessState | None, move: chess.Move | None, cursor: _Cursor | None = None):
        self.parent, self.move = parent, move
        self._moves = self._end = self._key = None
        if parent is None:
            self.depth, self._cursor, self._passed = 0, cursor, False
        else:
            self.depth, self._cursor = parent.depth + 1, parent._cursor
            self._passed = parent._passed or not move       # a pass (null move) on the way here

    # -- the shared board, walked here ------------------------------------------------
    @property
    def board(self) -> chess.Board:
        """The shared board, set to this position (read it; do not push or pop moves on it)."""
        cursor = self._cursor
        here = cursor.at
        if here is self:
            return cursor.board
        board, forward, there = cursor.board, [], self   # type: Any, list, Any
        while here.depth > there.depth:
            board.pop()
            here = here.parent
        while there.depth > here.depth:
            forward.append(there.move)
            there = there.parent
        while here is not there:
            board.pop()
            here = here.parent
            forward.append(there.move)
            there = there.parent
        for move in reversed(forward):
            board.push(move)
        cursor.at = self
        return board

    def copy_board(self) -> chess.Board:
        """A board of its own at this position (with the moves since the root in its move stack)."""
        return self.board.copy()

    def fen(self) -> str:
        return self.board.fen()

    @property
    def white_to_move(self) -> bool:
        """Whose move it is, without asking the board: every move (a pass too) hands the turn over."""
        return self._cursor.white != (self.depth & 1)

    @property
    def ply(self) -> int:
        """Half-moves played since the game's start (``board.ply()``), without asking the board."""
        return self._cursor.ply + self.depth

    def remember(self, what, compute):
        """``compute()``, worked out once for this position (its :meth:`key`) among the states sharing a memo
        (``Chess.position(fen, memo=...)``); without a memo, simply ``compute()``. ``what`` names the fact;
        ``compute`` must depend on the position alone, not on the moves that reached it."""
        memo = self._cursor.memo
        if memo is None:
            return compute()
        name = (what, self.key())
        try:
            return memo[name]
        except KeyError:
            fact = memo[name] = compute()
            return fact

    def legal_moves(self) -> tuple:
        """The legal moves in python-chess's order (by piece, from square), worked out once."""
        moves = self._moves
        if moves is None:
            moves = self._moves = self.remember("moves", lambda: tuple(self.board.legal_moves))
        return moves

    def ending(self) -> str | None:
        """How the game has ended here: 'checkmate', 'stalemate', 'insufficient material',
        'fifty-move rule', 'threefold repetition' or 'king left in check' (after a pass while in
        check, see :meth:`Chess.pass_turn`); ``None`` while it goes on."""
        if self._end is None:
            cursor = self._cursor
            if cursor.memo is not None and not self._passed and cursor.history + self.depth < 8 \
                    and cursor.clock + self.depth < 100:
                # Too few plies for a threefold repetition (a position comes back 4 plies later at the
                # soonest, without passes) or the fifty-move rule: the ending is the position's own.
                self._end = self.remember("end", self._own_ending)
                return self._end or None
            board = self.board
            if self.move is not None and self.move == chess.Move.null() and board.was_into_check():
                self._end = "king left in check"
            elif not (self._moves if self._moves is not None else any(board.generate_legal_moves())):
                self._end = "checkmate" if board.is_check() else "stalemate"     # no legal move
            elif board.is_insufficient_material():
                self._end = "insufficient material"
            elif board.halfmove_clock >= 100:
                self._end = "fifty-move rule"
            elif board.is_repetition(3):
                self._end = "threefold repetition"
            else:
                self._end = ""
        return self._end or None

    def _own_ending(self) -> str:
        """Checkmate, stalemate or insufficient material, or '': the endings the position alone decides."""
        board = self.board
        if not (self._moves if self._moves is not None else any(board.generate_legal_moves())):
            return "checkmate" if board.is_check() else "stalemate"
        return "insufficient material" if board.is_insufficient_material() else ""

    def key(self) -> tuple:
        key = self._key
        if key is None:
            memo, parent = self._cursor.memo, self.parent
            if memo is not None and parent is not None:      # a child's key, worked out once per parent and move
                name = ("child", parent.key(), self.move)
                key = memo.get(name)
                if key is None:
                    key = memo[name] = self._board_key()
            else:
                key = self._board_key()
            self._key = key
        return key

    def _board_key(self) -> tuple:
        board = self.board
        return board._transposition_key(), board.ply()      # pieces, turn, castling, en passant; plies

    def __eq__(self, other):
        return isinstance(other, ChessState) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def __repr__(self) -> str:
        return f"ChessState({self.fen()!r})"

    def words(self) -> str:
        """The position in words (what a screen reader says for its picture)."""
        return describe(self.board)

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        return picture(self.board)


def describe(board: chess.Board) -> str:
    """A board in words: side to move, then each side's pieces by square, then the FEN.

    >>> for sentence in describe(chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")).split(". "): print(sentence)
    Chess position, White to move
    White: king g1, rook a1, pawns f2, g2, h2
    Black: king g8, pawns f7, g7, h7
    FEN 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1.
    """
    names = {chess.KING: ("king", "king"), chess.QUEEN: ("queen", "queens"), chess.ROOK: ("rook", "rooks"),
             chess.BISHOP: ("bishop", "bishops"), chess.KNIGHT: ("knight", "knights"),
             chess.PAWN: ("pawn", "pawns")}
    sides = []
    for colour, name in ((chess.WHITE, "White"), (chess.BLACK, "Black")):
        parts = []
        for piece in (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN):
            squares = [chess.square_name(s) for s in board.pieces(piece, colour)]
            if squares:
                parts.append(f"{names[piece][len(squares) > 1]} {', '.join(squares)}")
        sides.append(f"{name}: {', '.join(parts) or 'no pieces'}.")
    turn = "White" if board.turn == chess.WHITE else "Black"
    state = ""
    if board.is_checkmate():
        state = f", {turn} is checkmated"
    elif board.is_check():
        state = f", {turn} to move and in check"
    else:
        state = f", {turn} to move"
    return f"Chess position{state}. " + " ".join(sides) + f" FEN {board.fen()}."


def picture(board: chess.Board, *, size: int = 280, lastmove: chess.Move | None = None,
            arrows=(), words: str | None = None) -> dict:
    """A board drawn by ``chess.svg`` as an image whose alt text is the board in words (a mimebundle
    for Jupyter: an SVG output alone shows as an image without one)."""
    import base64

    import chess.svg
    svg = chess.svg.board(board, size=size, lastmove=lastmove, arrows=list(arrows))
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    alt = words or describe(board)
    page = f'<img src="data:image/svg+xml;base64,{data}" alt="{html.escape(alt)}" width="{size}"/>'
    return {"text/html": page, "text/plain": alt}


class Board:
    """A board to display: ``Board(fen)`` shows as a picture with its words as alt text, and prints as words."""

    def __init__(self, fen_or_board, *, size: int = 280, arrows=(), caption: str = ""):
        self.board = _board(fen_or_board)
        self.size, self.arrows, self.caption = size, tuple(arrows), caption

    def words(self) -> str:
        return (self.caption + " " if self.caption else "") + describe(self.board)

    def __repr__(self) -> str:
        return self.words()

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        return picture(self.board, size=self.size, arrows=self.arrows, words=self.words())


def _board(fen) -> chess.Board:
    """A python-chess board from a FEN or a board, checked; a clear :class:`FenError` otherwise."""
    if isinstance(fen, chess.Board):
        board = fen.copy()
    elif isinstance(fen, str):
        text = fen.strip()
        if not text:
            raise FenError("the position is empty: give a FEN such as "
                           "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'")
        if text.lower() == "startpos":
            text = START
        try:
            board = chess.Board(text)
        except ValueError as error:
            raise FenError(f"{text!r} is not a FEN that python-chess can read ({error}); a FEN is six fields: "
                           "the pieces rank 8 to rank 1 (e.g. 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'), "
                           "the side to move (w or b), castling rights (KQkq or -), the en-passant square "
                           "(or -), the half-move clock and the move number") from None
    else:
        raise FenError(f"a position is a FEN string or a chess.Board, got {fen!r} ({type(fen).__name__})")
    status = board.status()
    if status != chess.STATUS_VALID:
        problems = [name.replace("STATUS_", "").replace("_", " ").lower() for name, flag in
                    vars(chess.Status).items() if isinstance(flag, chess.Status) and flag and flag in status
                    and name != "VALID"]
        raise FenError(f"{board.fen()!r} is not a legal chess position: {', '.join(problems)}. Check the "
                       "pieces (one king each, no pawns on the first or last rank), the side to move (the side "
                       "not to move may not be in check) and the castling and en-passant fields")
    return board


class Chess:
    """Chess on the game protocol; White is MAX. See the module docstring.

    ``Chess()`` starts from the usual position; ``Chess(fen)`` from another one. ``position(fen)``
    makes a root state for a search: ``alphabeta(game, game.position(fen), depth=3)``.
    ``evaluate`` (default: :func:`~adversarial.games.chess.evaluation.material_and_squares`) scores a
    position where a depth-limited search stops.
    """

    def __init__(self, fen=START, *, evaluate=None):
        self._start = _board(fen)
        if evaluate is None:
            from .evaluation import material_and_squares
            evaluate = material_and_squares
        elif not callable(evaluate):
            raise TypeError(f"evaluate must be a function of a state, got {evaluate!r}")
        self.evaluate = evaluate

    def __repr__(self) -> str:
        fen = self._start.fen()
        return "Chess()" if fen == START else f"Chess({fen!r})"

    # -- positions ------------------------------------------------------------------
    def position(self, fen=None, moves=(), *, memo: dict | None = None) -> ChessState:
        """A root state: the FEN (or board) given, default the game's own start, after ``moves``
        (SAN or UCI strings, each checked). ``memo``: a dict shared by the roots of searches that meet the
        same positions, where each position's facts are worked out once (see the module docstring)."""
        if memo is not None and not isinstance(memo, dict):
            raise TypeError(f"memo must be None or a dict (shared by searches of the same positions), got {memo!r}")
        board = self._start.copy() if fen is None else _board(fen)
        for move in moves:
            try:
                board.push(board.parse_san(move) if not isinstance(move, chess.Move) else move)
            except ValueError:
                try:
                    board.push_uci(move)
                except ValueError:
                    legal = ", ".join(sorted(board.san(m) for m in board.legal_moves))
                    raise FenError(f"{move!r} is not a legal move in {board.fen()!r}; the legal moves are: "
                                   f"{legal or 'none (the game is over)'}") from None
        root = ChessState(None, None, _Cursor(board, None, memo))
        root._cursor.at = root
        return root

    # -- the protocol -----------------------------------------------------------------
    def initial_state(self) -> ChessState:
        return self.position()

    def to_move(self, state: ChessState) -> str:
        return MAX if state.white_to_move else MIN

    def actions(self, state: ChessState) -> tuple:
        return () if state.ending() else state.legal_moves()

    def result(self, state: ChessState, move) -> ChessState:
        if not isinstance(move, chess.Move):
            raise TypeError(f"a chess move is a chess.Move (e.g. game.move(state, 'Nf3')), got {move!r}")
        return ChessState(state, move)

    def is_terminal(self, state: ChessState) -> bool:
        return state.ending() is not None

    def utility(self, state: ChessState) -> float:
        return final_score(state)

    # -- extras: names, passing, moves from text ---------------------------------------
    def san(self, state: ChessState, move) -> str:
        """``move`` at ``state`` in Standard Algebraic Notation."""
        if move == chess.Move.null():
            return "pass"
        return state.board.san(move)

    def move_name(self, state: ChessState, move) -> str:
        """How a drawing labels ``move``'s edge below ``state``: in SAN."""
        return self.san(state, move)

    def line(self, state: ChessState, moves) -> list[str]:
        """A line of moves from ``state`` in SAN (e.g. a principal variation)."""
        names = []
        for move in moves:
            names.append(self.san(state, move))
            state = self.result(state, move)
        return names

    def move(self, state: ChessState, text: str) -> chess.Move:
        """The legal move written ``text`` (SAN like ``'Nf3'`` or UCI like ``'g1f3'``) at ``state``."""
        board = state.board
        for parse in (board.parse_san, board.parse_uci):
            try:
                return parse(text)
            except ValueError:
                pass
        legal = ", ".join(sorted(board.san(m) for m in state.legal_moves()))
        raise ValueError(f"{text!r} is not a legal move here ({board.fen()}); the legal moves are: "
                         f"{legal or 'none'}")

    def label(self, path) -> str:
        """The node reached by ``path`` from the game's start, named by its moves in SAN."""
        return " ".join(self.line(self.initial_state(), path)) if path else "root"

    def pass_turn(self, state: ChessState) -> ChessState:
        """The position after a pass (a null move), for null-move pruning. A pass while in check would
        leave the king to be taken: that state is over, lost for the side that passed."""
        return ChessState(state, chess.Move.null())

    def key(self, state: ChessState):
        """A hashable key of the position (for ``table=game.key``)."""
        return state.key()
