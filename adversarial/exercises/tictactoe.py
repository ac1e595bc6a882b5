"""Checks for notebooks 3 and 4 (tic-tac-toe with minimax, then alpha-beta): a board's value, the optimal
moves, counting trees and positions, a move order, and the window-aware transposition table.

Every check computes its answer itself, with the package's search and a private game object bound when
this module is imported, so the notebook's check cell shows neither the answer nor the method, and a
student who changes the notebook's ``game`` (or replaces ``adversarial.search.alphabeta``) changes no
answer key.

>>> check_board_value(-1, "X../X../OO.")
✓ Right: -1.
>>> check_tree_size_without_wins(9 ** 9)  # doctest: +ELLIPSIS
✗ Not yet: you answered 387420489. Hint: 9 choices at every one of 9 moves: ...
"""

from __future__ import annotations

import functools
import math
import random

from ..games.tictactoe import Board, TicTacToe, reachable_positions
from ..search import SearchResult
from ..search import alphabeta as _alphabeta
from ..search import minimax as _minimax
from ..search import negamax as _negamax
from .core import (
    Verdict,
    call_student,
    check_set,
    draw_seed,
    is_stub,
    not_answered,
    number_problem,
    plain_number,
    right,
    same,
    short,
    unanswered,
    wrong,
)
from .diagnosis import ERROR, Catalogue, Mistake, value_catalogue
from .nodes import CountingGame as _CountingGame

__all__ = ["check_board_value", "check_optimal_moves", "check_tree_size_without_wins",
           "check_reverse_order_nodes", "check_careful_table", "check_symmetric_first_moves",
           "check_positions_up_to_symmetry"]

_PLAIN = TicTacToe()
_QUICK = TicTacToe(depth_aware=True)
_PACKAGE_SEARCHES = (_minimax, _alphabeta, _negamax)
PRIORITY = [4, 0, 2, 6, 8, 1, 3, 5, 7]     # notebook 4's centre, corners, edges


def _game(depth_aware: bool) -> TicTacToe:
    return _QUICK if depth_aware else _PLAIN


@functools.lru_cache(maxsize=None)
def _value(board: Board, depth_aware: bool):
    """The exact minimax value of ``board`` (memoised: every tic-tac-toe position is cheap)."""
    game = _game(depth_aware)
    if game.is_terminal(board):
        return game.utility(board)
    values = [_value(game.result(board, m), depth_aware) for m in game.actions(board)]
    return max(values) if game.to_move(board) == "MAX" else min(values)


# -- notebook 3 -----------------------------------------------------------------------------

def check_board_value(answer, board: str, *, depth_aware: bool = False) -> Verdict:
    """Is ``answer`` the minimax value (X's point of view) of the tic-tac-toe ``board``?"""
    if unanswered(answer):
        return not_answered()
    game = _game(depth_aware)
    b = game.board(board)
    truth = _value(b, depth_aware)
    if same(answer, truth):
        return right(short(answer))
    catalogue = board_value_catalogue(board, depth_aware)
    problem = number_problem(answer)
    if problem:
        return wrong(problem, catalogue.neutral)
    return wrong(f"you answered {short(answer)}", catalogue.hint(plain_number(answer)))


def board_value_catalogue(board: str, depth_aware: bool = False) -> Catalogue:
    """The typical wrong values of a board's value. Not catalogued: the value from O's side (with three
    possible values, "check whose side" would hand over the answer) and a count one off (it would state it)."""
    truth = _value(_game(depth_aware).board(board), depth_aware)
    mistakes = []
    if depth_aware and truth != 0:
        mistakes.append(Mistake("the plain value", (truth > 0) - (truth < 0),
                                "that is the plain value; with depth in the score a win is worth 10 minus the "
                                "number of moves played when it happens."))
    if depth_aware:
        neutral = ("first the plain value: can X force a win? Then play the best line out: count every mark on "
                   "the board when the winning line is completed (the moves already played included); a win "
                   "by X is worth 10 minus that count, a win by O the negative of it.")
    else:
        neutral = ("scores are from X's (MAX's) side, whoever is to move: +1 if X can force a win, −1 if O can, "
                   "0 for a draw. Find the threats first: a player who has two in a row must be blocked at once; "
                   "look for a move that makes two threats.")
    return value_catalogue(mistakes, truth, neutral=neutral)


def check_optimal_moves(answer, board: str, *, depth_aware: bool = False) -> Verdict:
    """Is ``answer`` the set of moves that keep the best value for the side to move at ``board``?"""
    if unanswered(answer):
        return not_answered()
    game = _game(depth_aware)
    b = game.board(board)
    values = {m: _value(game.result(b, m), depth_aware) for m in game.actions(b)}
    pick = max if game.to_move(b) == "MAX" else min
    best = {m for m, v in values.items() if v == pick(values.values())}
    worst = {m for m, v in values.items() if v == (min if pick is max else max)(values.values())}
    side = "X" if game.to_move(b) == "MAX" else "O"
    neutral = (f"play each empty cell in turn and find the value of the position after it (minimax, scores from "
               f"X's side); keep every move whose value is the best for {side}: ties count, so the set has every "
               "move with that value.")
    catalogue = value_catalogue([
        Mistake("the worst moves", worst, f"those are the moves with the worst value for {side} (the other "
                                          "side's favourites)."),
        Mistake("every cell", set(values), "that is every empty cell; only some of them keep the best value."),
    ], best, neutral=neutral)
    verdict = check_set(answer, best, name="cells", item="cell", hint=neutral)
    if verdict or not verdict.answered:
        return verdict
    items = answer if isinstance(answer, (set, frozenset, list, tuple)) else None
    mistake = catalogue.diagnose(set(items)) if items is not None else None
    if mistake is not None:
        return Verdict(False, verdict.message.replace(f"Hint: {neutral}", f"Hint: {mistake.cause}"))
    return verdict


def check_tree_size_without_wins(answer, cells: int = 9) -> Verdict:
    """How many nodes (root included) would tic-tac-toe's tree have if no game ended before the board is full?
    ``cells``: the board's size (9; an assignment's variant asks about another)."""
    if unanswered(answer):
        return not_answered()
    truth = sum(math.perm(cells, k) for k in range(cells + 1))
    if same(answer, truth):
        return right(f"{short(answer)} nodes")
    catalogue = tree_size_catalogue(cells)
    problem = number_problem(answer)
    if problem:
        return wrong(problem, catalogue.neutral)
    return wrong(f"you answered {short(answer)}", catalogue.hint(plain_number(answer)))


@functools.cache
def tree_size_catalogue(cells: int = 9) -> Catalogue:
    """Typical wrong sizes. Not catalogued: the tree without its root (one less: naming it states the answer)."""
    n = cells
    truth = sum(math.perm(n, k) for k in range(n + 1))
    real = [Mistake("the real game tree", 549946, "that is the real game tree, in which games end at a win; here "
                                                  "no game ends before the board is full.")] if n == 9 else []
    return value_catalogue([
        Mistake("full boards only", math.factorial(n), "that is the number of full boards (the bottom level) "
                                                       "only; the tree is every level together."),
        Mistake(f"{n} choices every move", n ** n, f"{n} choices at every one of {n} moves: but each move takes a "
                                                   "cell, so one fewer is left each time."),
        *real,
        Mistake(f"{n} choices every level", sum(n ** k for k in range(n + 1)),
                f"{n} choices at every level: but each move takes a cell, so one fewer is left each time."),
    ], truth, neutral="count level by level: how many nodes are there after 0 moves, after 1, after 2, ...? After "
                      "k moves, each of those k moves had one choice fewer than the one before (a cell taken is "
                      "gone); the tree is every level together, from the empty board to the full boards.")


# -- notebook 4 -----------------------------------------------------------------------------

EMPTY = "........."


def _by_reverse(board, moves):
    return sorted(moves, key=PRIORITY.index, reverse=True)


@functools.cache
def reverse_order_nodes(board: str = EMPTY) -> int:
    """Nodes alpha-beta (α ≥ β) enters from ``board`` with the centre-first order reversed."""
    return _alphabeta(_PLAIN, _PLAIN.board(board), order=_by_reverse).stats.nodes


def _nodes(board: str, order=None, **options) -> int:
    return _alphabeta(_PLAIN, _PLAIN.board(board), order=order, **options).stats.nodes


@functools.lru_cache(maxsize=None)
def _reverse_order_counts(board: str = EMPTY):
    """The right count and the counts of the usual slips (computed once: each is a full search)."""
    start = _PLAIN.board(board)
    truth = reverse_order_nodes(board)
    known = (
        (_nodes(board, order=lambda b, moves: sorted(moves, key=PRIORITY.index)),
         "the count with the centre-first order itself; reverse it"),
        (_nodes(board), "the count with the plain order 0–8" + (", or its reverse, which costs the same by "
                                                                 "symmetry" if board == EMPTY else "")
         + "; reverse the centre-first order instead"),
        (_minimax(_PLAIN, start).stats.nodes, "minimax's count; the question is about alpha-beta"),
        (_nodes(board, order=_by_reverse, prune_on_equal=False),
         "the count under the strict rule α > β; use the default rule α ≥ β"),
        (_alphabeta(_PLAIN, start, order=_by_reverse).stats.leaves,
         "the number of leaves; the question asks for nodes (.stats.nodes)"),
    ) + (((_alphabeta(_PLAIN, order=_by_reverse).stats.nodes,
           "the count from the empty board; search your board, game.board(...)"),) if board != EMPTY else ())
    return truth, known


@functools.lru_cache(maxsize=None)
def _symmetry_counts():
    """(reachable positions, the right answer, {number: (what it counts, a hint of its own)} for the slips)."""
    positions = reachable_positions(_PLAIN)
    canonical = {_PLAIN.canonical(b) for b in positions}
    games, nodes = {}, {}                 # per position: the games that follow it, the tree nodes below it
    for board in sorted(positions, key=lambda b: len(b.empty)):          # fullest first: children are done
        children = [] if _PLAIN.is_terminal(board) else [_PLAIN.result(board, m) for m in _PLAIN.actions(board)]
        games[board] = sum(games[c] for c in children) if children else 1
        nodes[board] = 1 + sum(nodes[c] for c in children)
    empty = _PLAIN.initial_state()       # (no message for one less than the answer: it would give it away)
    finished = "a finished board (won, lost or drawn) is a position too: the game reaches it, so it counts"
    slips = {
        len({_PLAIN.canonical(b) for b in positions if not _PLAIN.is_terminal(b)}):
            ("the unfinished positions only: you left out the finished ones", finished),
        sum(not _PLAIN.is_terminal(b) for b in positions):
            ("every unfinished position, not up to symmetry: two slips at once", finished + "; and count "
             "each symmetry class once (game.canonical)"),
        games[empty]: ("the number of complete games (move sequences), not of positions",
                       "many games pass through the same board: count distinct boards, in a set"),
        nodes[empty]: ("the number of nodes of the game tree (every move sequence), not of positions",
                       "the tree repeats a board once for every order of moves that reaches it: count "
                       "distinct boards, in a set"),
    }
    return len(positions), len(canonical), slips


REVERSE_ORDER_HINT = ("order= takes a function (board, moves) -> the same moves in the order to try them: turn "
                      "the centre-first order round, search the empty board with it, then read the count of "
                      "nodes from the result's statistics.")


def check_reverse_order_nodes(answer, board: str = EMPTY) -> Verdict:
    """Nodes alpha-beta (α ≥ β) enters on the empty board (or ``board``, an assignment's variant) when moves are
    tried edges, corners, centre last."""
    if unanswered(answer):
        return not_answered()
    truth = reverse_order_nodes(board)
    if same(answer, truth):
        return right(f"{short(answer)} nodes")
    if isinstance(answer, SearchResult):
        return wrong("that is the whole search result; the count of nodes is its .stats.nodes", REVERSE_ORDER_HINT)
    problem = number_problem(answer, "a count of nodes")
    if problem:
        return wrong(problem, REVERSE_ORDER_HINT)
    catalogue = reverse_order_catalogue(board)
    return wrong(f"you answered {short(answer)}", catalogue.hint(plain_number(answer)))


@functools.cache
def reverse_order_catalogue(board: str = EMPTY) -> Catalogue:
    truth, known = _reverse_order_counts(board)
    mistakes = [Mistake("the value", _value(_PLAIN.board(board), False),
                        "that is the value of the game (.value); the question asks how many nodes the search "
                        "enters (.stats.nodes).")]
    mistakes += [Mistake(what.split(";")[0], number, f"that is {what}.") for number, what in known]
    return value_catalogue(mistakes, truth, neutral=REVERSE_ORDER_HINT)


def symmetric_moves(board: str = EMPTY) -> int:
    """How many of the moves at ``board`` lead to positions that differ up to symmetry."""
    start = _PLAIN.board(board)
    return len({_PLAIN.canonical(_PLAIN.result(start, m)) for m in _PLAIN.actions(start)})


def check_symmetric_first_moves(answer, board: str = EMPTY) -> Verdict:
    """How many of X's nine first moves (or of the moves at ``board``, an assignment's variant) differ once
    rotations and mirror images count as one?"""
    if unanswered(answer):
        return not_answered()
    start = _PLAIN.board(board)
    truth = symmetric_moves(board)
    if same(answer, truth):
        return right(short(answer))
    keeps = sum(1 for image in _PLAIN.symmetries(start) if image == start) if board != EMPTY else 8
    catalogue = value_catalogue([
        Mistake("every cell", len(start.empty), "that is every cell: but a corner turned a quarter is another "
                                                "corner." if board == EMPTY else
                "that is every empty cell: but a rotation or a mirror image can carry one move onto another."),
        Mistake("the symmetries", keeps, "that is the number of symmetries, not of different "
                                         + ("first moves." if board == EMPTY else "moves.")),
    ], truth, neutral="rotate and mirror the board in your head: which of the nine cells can be carried onto "
                      "each other? Mark a cell and every cell a rotation or a mirror image carries it onto: one "
                      "group; repeat with a cell not marked yet, and count the groups.")
    problem = number_problem(answer, "a whole number")
    if problem:
        return wrong(problem, catalogue.neutral)
    return wrong(f"you answered {short(answer)}", catalogue.hint(plain_number(answer)))


_ROTATIONS = [(0, 1, 2, 3, 4, 5, 6, 7, 8), (6, 3, 0, 7, 4, 1, 8, 5, 2), (8, 7, 6, 5, 4, 3, 2, 1, 0),
              (2, 5, 8, 1, 4, 7, 0, 3, 6)]

POSITIONS_HINT = ("two positions are the same up to symmetry exactly when a rotation or a mirror image carries "
                  "one onto the other, that is when their canonical forms (game.canonical) are equal: count the "
                  "distinct forms among the reachable positions, finished ones included.")


def _with_marks(marks: int | None, start: str | None = None) -> list:
    """The reachable positions (from ``start``, or the empty board), or those with ``marks`` marks on the board."""
    positions = reachable_positions(_PLAIN, start)
    return list(positions) if marks is None else [b for b in positions if 9 - len(b.empty) == marks]


@functools.cache
def positions_up_to_symmetry(marks: int | None = None, start: str | None = None) -> int:
    """How many reachable positions (from ``start``, or the empty board; with ``marks`` marks, or all) differ up
    to symmetry."""
    return len({_PLAIN.canonical(b) for b in _with_marks(marks, start)})


@functools.cache
def positions_catalogue(marks: int | None = None, start: str | None = None) -> Catalogue:
    if marks is not None or start is not None:
        return _marks_catalogue(marks, start)
    count, truth, slips = _symmetry_counts()
    positions = reachable_positions(_PLAIN)
    rotations_only = len({min("".join(b.cells[i] for i in r) for r in _ROTATIONS) for b in positions})
    mistakes = [Mistake("every position", count, "that is every reachable position: count each symmetry "
                                                 "class once.")]
    mistakes += [Mistake(what, number, f"that is {what}: {hint}.") for number, (what, hint) in slips.items()]
    mistakes += [Mistake(f"divided by 8 ({i})", v, "that is the count divided by 8: a symmetric position (the "
                                                   "empty board, X in the centre) has fewer than eight different "
                                                   "images.")
                 for i, v in enumerate(sorted({count / 8, count // 8, round(count / 8)}))]
    mistakes.append(Mistake("rotations only", rotations_only, "that counts positions the same when a rotation "
                                                              "carries one onto the other; a mirror image is the "
                                                              "same position too."))
    return value_catalogue(mistakes, truth, neutral=POSITIONS_HINT)


def _marks_catalogue(marks: int | None, start: str | None = None) -> Catalogue:
    """The slips of an assignment's variant: the positions with ``marks`` marks (or all) reachable from ``start``
    (or the empty board), up to symmetry."""
    positions = _with_marks(marks, start)
    count, truth = len(positions), positions_up_to_symmetry(marks, start)
    which = (f"with {marks} marks" if marks is not None else "") + (f" reachable from {start}" if start else "")
    rotations_only = len({min("".join(b.cells[i] for i in r) for r in _ROTATIONS) for b in positions})
    mistakes = [Mistake("every position", count, f"that is every reachable position {which}: count each symmetry "
                                                 "class once."),
                Mistake("rotations only", rotations_only, "that counts positions the same when a rotation carries one "
                                                          "onto the other; a mirror image is the same position too."),
                Mistake("unfinished only", len({_PLAIN.canonical(b) for b in positions if not _PLAIN.is_terminal(b)}),
                        "those are the unfinished positions only: a finished board is a position too.")]
    if marks is not None:
        mistakes.append(Mistake("every mark count", positions_up_to_symmetry(None, start),
                                f"that counts the positions with any number of marks: keep those with {marks}."))
        mistakes += [Mistake(f"{k} marks", positions_up_to_symmetry(k, start),
                             f"that is the count with {k} marks; yours has {marks}.") for k in (marks - 1, marks + 1)
                     if 0 <= k <= 9]
    if start is not None:
        mistakes.append(Mistake("from the empty board", positions_up_to_symmetry(marks),
                                f"that counts the positions reachable from the empty board: start from {start}, "
                                "reachable_positions(game, board)."))
    mistakes += [Mistake(f"divided by 8 ({i})", v, "that is the count divided by 8: a symmetric position has fewer "
                                                   "than eight different images.")
                 for i, v in enumerate(sorted({count / 8, count // 8, round(count / 8)}))]
    return value_catalogue(mistakes, truth, neutral=POSITIONS_HINT)


def check_positions_up_to_symmetry(answer, marks: int | None = None, start: str | None = None) -> Verdict:
    """How many reachable positions (or, an assignment's variant, those with ``marks`` marks on the board, those
    reachable from the board ``start``) remain when symmetric positions count as one?"""
    if unanswered(answer):
        return not_answered()
    truth = positions_up_to_symmetry(marks, start)
    if same(answer, truth):
        return right(short(answer))
    problem = number_problem(answer, "a whole number")
    if problem:
        return wrong(problem, POSITIONS_HINT)
    return wrong(f"you answered {short(answer)}", positions_catalogue(marks, start).hint(plain_number(answer)))


# -- notebook 4, exercise 2: the window-aware table ------------------------------------------------


@functools.cache
def _positions() -> list:
    """Every unfinished position, in a fixed order (built on first use: every kernel that imports the checks,
    a graded hand-in's among them, would otherwise pay for it)."""
    return sorted((b for b in reachable_positions(_QUICK) if not _QUICK.is_terminal(b)), key=lambda b: b.cells)


_WINDOWS = [(-math.inf, 0), (0, math.inf), (-math.inf, math.inf)]   # test against 0 from both sides, then solve
# Positions where deciding the bound's kind from the *updated* α/β stores a false bound that a later call
# with the same table uses (tests/test_exercises_lessons.py checks it), so every run meets one.
_TRAPS = (".../.../.OX", ".../.../O.X", "O../.OX/..X")


def _fits(got, truth, window) -> bool:
    """Is ``got`` right for a search of a position worth ``truth`` with ``window``?"""
    alpha, beta = window
    g = plain_number(got)
    if g is None:
        return False
    if truth <= alpha:
        return truth <= g <= alpha
    if truth >= beta:
        return beta <= g <= truth
    return same(g, truth)


def _kind_word(kind) -> str:
    return {"exact": "is exactly", "lower": "is at least", "upper": "is at most"}.get(kind, "?")


TABLE_LADDER = ("a stored value is only as good as the window it was found in: keep its kind (exact, lower bound, "
                "upper bound), decided against the α and β the node was called with, and trust a bound only when it "
                "settles the current window.")


UPDATED_WINDOW_HINT = ("a node that stopped early (a cutoff) found only a bound: decide the kind against the α and β "
                       "the node was called with, not the ones the loop has changed. At a MAX node the loop raises α "
                       "to the value, so after the loop value <= alpha is always true.")


def _table_model(bug=None):
    """``careful_alphabeta`` written like a student would, with one typical mistake (``bug``) or none."""
    def search(game, board, alpha=-math.inf, beta=math.inf, table=None):
        table = {} if table is None else table
        if board in table and bug != "table never read":
            value, kind = table[board]
            if bug == "bound always used":
                return value
            if bug == "strict use":
                use = (kind == "lower" and value > beta) or (kind == "upper" and value < alpha)
            elif bug == "exact entries only":
                use = False
            else:
                use = (kind == "lower" and value >= beta) or (kind == "upper" and value <= alpha)
            if kind == "exact" or use:
                return value
        if game.is_terminal(board):
            return game.utility(board)
        called = alpha, beta
        maximising = game.to_move(board) == "MAX"
        value = -math.inf if maximising else math.inf
        for move in game.actions(board):
            child = game.result(board, move)
            v = (search(game, child, alpha, beta) if bug == "table not passed down"
                 else search(game, child, alpha, beta, table))
            if maximising:
                value, alpha = max(value, v), max(alpha, v)
            else:
                value, beta = min(value, v), min(beta, v)
            if alpha >= beta:
                break
        low, high = (alpha, beta) if bug == "kind from the updated window" else called
        kind = "upper" if value <= low else "lower" if value >= high else "exact"
        if bug == "swapped labels":
            kind = {"upper": "lower", "lower": "upper"}.get(kind, kind)
        if bug == "every value exact":
            kind = "exact"
        table[board] = (value, kind)
        return value
    return search


TABLE_MISTAKES = {
    "kind from the updated window": UPDATED_WINDOW_HINT,
    "swapped labels": "the two bounds' labels are swapped: a value at or below the α the node was called with says "
                      "the true value is at most it (an upper bound); one at or above β says it is at least it (a "
                      "lower bound).",
    "every value exact": "every value is stored as exact, as careless_alphabeta does; a value found after a cutoff, "
                         "or below α, is only a bound: store its kind with it.",
    "bound always used": "a stored entry is used whatever its kind: a bound settles the search only when it settles "
                         "the window (a lower bound >= β, an upper bound <= α); otherwise search the position.",
    "strict use": "a bound exactly on the window's edge settles it too: a lower bound equal to β, an upper bound "
                  "equal to α (>= β, <= α, not > and <).",
    "exact entries only": "only exact entries are used: a lower bound >= β, or an upper bound <= α, settles the "
                          "window as well, and saves the search.",
    "table never read": "the table is filled but never read: look the position up before searching it, and use the "
                        "entry when it settles the window.",
    "table not passed down": "the recursive calls do not get the table: each one searches with a fresh table of its "
                             "own, so only the position searched first is ever stored. Pass the one table down.",
}


def _table_cases() -> list:
    """The fixed cases the diagnosis runs: solving the traps (not the empty board: a tenth of a second a
    mistake), the planted entries (one more, a lower bound strictly above β), and the traps searched three
    times with one table."""
    probe = next(b for b in _positions() if b.cells == "X...O....")
    real = _value(probe, True)
    boards = [_QUICK.board(text) for text in _TRAPS]
    plants = [(entry, window) for entry, window, _, _ in _plants(probe, real)]
    plants.append(((real - 1, "lower"), (real - 3, real - 2)))
    return ([("solve", b) for b in boards] + [("plant", probe, entry, window) for entry, window in plants]
            + [("windows", b) for b in boards])


def _table_run(fn, case):
    """What one answer does on one fixed case, in terms every right style shares (a value's rightness, the
    kinds of the false entries at MAX and MIN nodes, a planted entry used or not)."""
    def call(board, window, table):
        game = _CountingGame()
        result = call_student(fn, game, board, *window, table, copy_args=False, forbid=_PACKAGE_SEARCHES)
        if result.called:
            return ERROR, game
        return result, game
    if case[0] == "solve":
        board, table = case[1], {}
        result, _ = call(board, (-math.inf, math.inf), table)
        if result is ERROR or result.problem() is not None:
            return ERROR if result is ERROR else "failed"
        wrong_kinds = set()
        for stored, entry in table.items():
            if not (isinstance(stored, Board) and isinstance(entry, tuple) and len(entry) == 2
                    and entry[1] in ("exact", "lower", "upper") and plain_number(entry[0]) is not None):
                return "malformed"
            value, kind = entry
            real = _value(stored, True)
            if not ((kind == "exact" and same(value, real)) or (kind == "lower" and real >= value)
                    or (kind == "upper" and real <= value)):
                wrong_kinds.add((_QUICK.to_move(stored), kind))
        return same(result.value, _value(board, True)), len(table) >= 2, frozenset(wrong_kinds)
    if case[0] == "plant":
        _, probe, entry, window = case
        result, game = call(probe, window, {probe: entry, _QUICK.canonical(probe): entry})
        if result is ERROR or result.problem() is not None:
            return ERROR if result is ERROR else "failed"
        return _fits(result.value, _value(probe, True), window), game.expanded > 0
    board, table, fits = case[1], {}, []
    for window in _WINDOWS:
        result, _ = call(board, window, table)
        if result is ERROR or result.problem() is not None:
            return ERROR if result is ERROR else "failed"
        fits.append(_fits(result.value, _value(board, True), window))
    return tuple(fits)


@functools.cache
def table_catalogue() -> Catalogue:
    """The careful table's typical mistakes, each a ``careful_alphabeta`` written with it, and the fixed cases
    that tell them apart."""
    return Catalogue([Mistake(name, _table_model(name), cause) for name, cause in TABLE_MISTAKES.items()],
                     _table_cases(), run=_table_run, agree=lambda a, b: a is not ERROR and a == b,
                     neutral=TABLE_LADDER)


def _plants(probe, real) -> list:
    return [
        ((real, "exact"), (-math.inf, math.inf), True, "an exact stored value"),
        ((real - 1, "lower"), (real - 2, real - 1), True, f"a lower bound equal to β ({real - 1} >= β)"),
        ((real + 1, "upper"), (real + 1, real + 2), True, f"an upper bound equal to α ({real + 1} <= α)"),
        ((real - 1, "lower"), (-math.inf, math.inf), False, "a lower bound below β"),
        ((real + 1, "upper"), (-math.inf, math.inf), False, "an upper bound above α"),
    ]


def check_careful_table(fn, *, seed: int | None = None, n: int = 30) -> Verdict:
    """Check notebook 4's ``careful_alphabeta(game, board, alpha, beta, table)`` on depth-aware tic-tac-toe.

    Every call gets a fresh game object. The check (1) solves the empty board and fixed and fresh random
    positions with the full window and a new table; (2) reads the table: it must be filled, with entries
    ``board: (value, kind)`` that are true; (3) plants entries to see that an exact value, a lower bound
    equal to β and an upper bound equal to α are used without searching, and that a bound that does not
    settle the window is not; (4) calls it three times with one table, windows (−∞, 0), (0, +∞), then
    (−∞, +∞), as a null-window search does, on positions where a table that takes the bound's kind from
    the updated α or β goes wrong. A wrong answer's hint comes from :func:`table_catalogue`: a mistake's cause
    when the answer behaves as that one mistake on every diagnostic case, else the neutral hint.
    """
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    seed = draw_seed() if seed is None else seed
    rng = random.Random(seed)
    key = ("careful table",)
    start = _QUICK.initial_state()
    boards = [start] + [_QUICK.board(text) for text in _TRAPS] + [rng.choice(_positions()) for _ in range(n)]

    def run(board, window, table):
        game = _CountingGame()
        call = call_student(fn, game, board, *window, table, copy_args=False, forbid=_PACKAGE_SEARCHES)
        return call, game

    def words():
        """The hint and its key: the mistake's cause when the diagnosis is certain, else the neutral hint."""
        mistake = table_catalogue().diagnose(fn)
        if mistake is None:
            return {"hint": TABLE_LADDER, "key": key}
        return {"hint": mistake.cause, "key": ("careful table", mistake.name)}

    def where(board, index):
        fresh = f" (a random position, seed {seed})" if index > len(_TRAPS) else ""
        return f"on {board}{fresh}"

    # (1) values with the full window, and (2) the table it fills
    for index, board in enumerate(boards):
        table: dict = {}
        call, _ = run(board, (-math.inf, math.inf), table)
        if call.stub:
            return not_answered(function=True)
        problem = call.problem()
        truth = _value(board, True)
        if problem is None and not same(call.value, truth):
            kind = number_problem(call.value)
            problem = (f"your function returned {short(call.value)}: {kind}" if kind else
                       f"your function gives {short(call.value)}, but the value is {truth}")
        if problem:
            return wrong(f"{where(board, index)}, {problem}", **words())
        if not table:
            return wrong(f"{where(board, index)}, your function stored nothing in the table it was given: pass "
                         "the table down to every recursive call and store table[board] = (value, kind)",
                         **words())
        if index == 0 and len(table) < 2:
            return wrong(f"{where(board, index)}, your table holds only the position the search was called on: "
                         "the positions below it were never stored in it, so the recursive calls search with no "
                         "table (or a fresh one each time). One table serves the whole search",
                         **words())
        for stored, entry in table.items():
            if not isinstance(stored, Board):
                return wrong(f"{where(board, index)}, your table has the key {short(stored)}; key it by the "
                             "board itself, as careless_alphabeta does (or by game.canonical(board))",
                             **words())
            if not (isinstance(entry, tuple) and len(entry) == 2 and entry[1] in ("exact", "lower", "upper")
                    and plain_number(entry[0]) is not None):
                return wrong(f"{where(board, index)}, your table stores {short(entry)} for {stored}; store a "
                             "pair (value, kind) with kind 'exact', 'lower' or 'upper'", **words())
            value, kind = entry
            real = _value(stored, True)
            if not ((kind == "exact" and same(value, real)) or (kind == "lower" and real >= value)
                    or (kind == "upper" and real <= value)):
                return wrong(f"{where(board, index)}, your table says {stored} {_kind_word(kind)} {value} "
                             f"('{kind}'), but its value is {real}", **words())
    # (3) planted entries: a bound that settles the window is used, one that does not is not
    probe = next(b for b in _positions() if b.cells == "X...O....")
    real = _value(probe, True)
    plants = _plants(probe, real)
    for entry, window, settles, what in plants:
        table = {probe: entry, _QUICK.canonical(probe): entry}     # keyed by the board or its canonical form
        call, game = run(probe, window, table)
        problem = call.problem()
        if problem is None and not _fits(call.value, real, window):
            problem = (f"your function gives {short(call.value)}, but searched with α = {window[0]}, "
                       f"β = {window[1]} the right answer is {'a bound' if settles else real}")
            if not settles:
                problem += f": {what} does not settle the window, so the position must be searched"
        if problem:
            return wrong(f"on {probe} with the table {{board: {entry!r}}} and α = {window[0]}, β = {window[1]}, "
                         f"{problem}", **words())
        if settles and game.expanded:
            return wrong(f"on {probe} with the table {{board: {entry!r}}} and α = {window[0]}, β = {window[1]}, "
                         f"your function searched the position again, although {what} settles the window: "
                         "use it and return at once (a bound equal to the window's edge counts: >= β, <= α)",
                         **words())
    # (4) one table, three windows
    for index, board in enumerate(boards):
        table = {}
        truth = _value(board, True)
        for window in _WINDOWS:
            call, _ = run(board, window, table)
            problem = call.problem()
            if problem is None and not _fits(call.value, truth, window):
                problem = (f"your function gives {short(call.value)} with α = {window[0]}, β = {window[1]}, "
                           f"but the position's value is {truth}")
            if problem:
                return wrong(f"{where(board, index)}, searched three times with one table (windows (-inf, 0), "
                             f"(0, inf), then (-inf, inf)), {problem}", **words())
    return right(f"your table search solves all {len(boards)} positions, stores true bounds, uses a bound "
                 "exactly when it settles the window, and stays right when one table serves three windows",
                 key=key)
