"""Checks for one hands-on exercise per technique that had none: Knuth's estimate of a tree's size
(notebook 5), the solver's scores and an exact score from null-window questions (notebook 6), the node
type Knuth and Moore predict (notebook 9), the depth late move reductions give a move, when null-move
pruning passes and when a position is noisy enough for the threat extension (notebook 10).

Each check runs the student's function on fixed and fresh cases against a reference, rejects the
typical mistakes with a hint that points at the idea first and then at the line, and never states
the answer.

>>> def node_type(parent, rank):
...     if parent == "CUT":
...         return "ALL"
...     if parent == "ALL":
...         return "CUT"
...     return "CUT" if rank else "PV"
>>> check_node_type(node_type)
✓ Right: your rule gives the type Knuth and Moore predict for every parent type and rank tried (15 cases).
"""

from __future__ import annotations

import functools
import math
import random

from ..lab.experiments import random_positions
from ..tree import tree
from .core import (
    Slip,
    Verdict,
    call_student,
    check_options,
    draw_seed,
    hand_over,
    is_stub,
    not_answered,
    plain_number,
    right,
    same,
    short,
    unanswered,
    wrong,
)
from .diagnosis import Catalogue, Mistake, Raised
from .nodes import Picker as _Picker
from .nodes import Questions as _Questions

TYPES = ("PV", "CUT", "ALL")


def _compare(fn, reference, cases, *, hint, diagnose=None, show, fresh_from: int | None = None, seed=None,
             none_is_an_answer: bool = False, catalogue=None) -> Verdict:
    """Run ``fn(*case)`` against ``reference(*case)``; on a difference say what the student's function
    gave, never the right answer (here a case's answer is most of the exercise's answer). With
    ``none_is_an_answer``, None is one of the answers the exercise asks for, not a missing return."""
    for index, case in enumerate(cases):
        want = reference(*case)
        call = call_student(fn, *case)
        if call.stub:
            return not_answered(function=True)
        label = show(case) + (f" (a fresh case, seed {seed})" if fresh_from is not None and index >= fresh_from
                              else "")
        problem = call.problem("an answer")
        if none_is_an_answer and call.value is None and call.error is None and not call.called:
            problem = None
        if problem is None and not (call.value is None and want is None) and not same(call.value, want):
            problem = f"your function gives {call.value!r}, which is not what the search does there"
            if catalogue is not None:      # the diagnosis: the whole function against the catalogued mistakes
                return wrong(f"on {label}, {problem}", catalogue.hint(fn))
            special = diagnose(case, call.value, want)
            if special:
                return wrong(f"on {label}, {problem}", special)
        if problem:
            return wrong(f"on {label}, {problem}", catalogue.neutral if catalogue is not None else hint)
    return right("agrees")


def _draw_cases(fn, seed, n, fixed, generate):
    """The common start of a check with fixed and fresh cases: its options checked, then None when ``fn`` is
    no answer yet (the stub), else ``(seed, cases)``: the ``fixed`` cases and ``n`` more from ``generate(rng)``,
    drawn with ``seed`` (a fresh one when None, reported with a failing fresh case)."""
    check_options(seed, n)
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return None
    seed = draw_seed() if seed is None else seed
    rng = random.Random(seed)
    return seed, list(fixed) + [generate(rng) for _ in range(n)]


def _fixed_and_fresh(fn, reference, fixed, generate, *, seed, n, done, **compare) -> Verdict:
    """:func:`_compare` on the cases :func:`_draw_cases` draws; ``done(count)`` says what a right answer did."""
    drawn = _draw_cases(fn, seed, n, fixed, generate)
    if drawn is None:
        return not_answered(function=True)
    seed, cases = drawn
    verdict = _compare(fn, reference, cases, fresh_from=len(fixed), seed=seed, **compare)
    return right(done(len(cases))) if verdict.ok else verdict


# -- notebook 5: Knuth's estimate from one random game ------------------------------------------------

def _random_spec(rng: random.Random, depth: int):
    """A nested list with uneven branching (1 to 4 children), so every factor of the product matters."""
    if depth == 0 or (depth < 3 and rng.random() < 0.2):
        return rng.randint(-9, 9)
    return [_random_spec(rng, depth - 1) for _ in range(rng.randint(1, 4))]


def _count_games(t) -> int:
    return sum(1 for _ in t.leaves())



def _reference_playout(game, pick) -> int:
    state, product = game.initial_state(), 1
    while not game.is_terminal(state):
        moves = game.actions(state)
        product *= len(moves)
        state = game.result(state, pick(moves))
    return product


def _playout_mutant(combine, *, first_move_uncounted=False):
    """A playout that follows ``pick`` as the estimate does, then combines the numbers of legal moves it met
    (``combine(sizes)``) the wrong way; or, ``first_move_uncounted``, makes the first move before its loop (even
    where the game is over at once) and leaves its number of moves out."""
    def playout(game, pick):
        state, sizes = game.initial_state(), []
        if first_move_uncounted:
            state = game.result(state, pick(game.actions(state)))
        while not game.is_terminal(state):
            moves = game.actions(state)
            sizes.append(len(moves))
            state = game.result(state, pick(moves))
        return combine(sizes)
    return playout


def _nodes(sizes) -> int:
    partial, total = 1, 1
    for size in sizes:
        partial *= size
        total += partial
    return total


PLAYOUT_FIXED = [[[1, 2], [3, 4, 5], [6]], [[[1, 2, 3]], [4, 5]], 7, [[1], [2, [3, 4]], [5, 6, 7, 8]]]
PLAYOUT_HINT = ("one random game stands for all games: at each position, the move you follow stands for all the "
                "moves you could have played there.")

_ADDS = ("the move you follow stands for every move you could have played there, and each of those leads to as "
         "many games as the one you followed: do the counts along the game add up, or combine another way?")
_SIBLINGS = ("the move you follow stands for itself *and* its siblings: count every legal move, the one you played "
             "included.")
_LENGTH = "that is the length of the game: the estimate weighs each position by how many moves it had."
_ONE_MISSING = ("one position's number of moves is missing: every position where a move was chosen, the first "
                "included, counts once.")


def _playout_run(fn, case):
    """What ``fn`` gives on one fixed tree with a pick of a fixed seed, and how often it called pick."""
    spec, pick_seed = case
    pick = _Picker(pick_seed)
    call = call_student(fn, tree(spec), pick, copy_args=False)
    if call.error is not None or call.called:
        return Raised(type(call.error).__name__)
    return call.value, pick.calls


PLAYOUT_CATALOGUE = Catalogue([
    Mistake("sum", _playout_mutant(sum), _ADDS),
    Mistake("sum plus one", _playout_mutant(lambda sizes: sum(sizes) + 1), _ADDS),
    # a product that starts at 0 and one with the finished position's 0 moves as a factor behave alike (0 on
    # every game), so the words name what both do, not one line (issue 42's gallery)
    Mistake("always 0", _playout_mutant(lambda sizes: 0),
            "your estimate is 0 on every game: a product is 0 as soon as one factor is, so look at what it starts "
            "from and at what it multiplies in, the finished position (which has no legal moves) included."),
    Mistake("every position", _playout_mutant(_nodes),
            "that counts every position along the game (the estimate of the tree's nodes), but the question asks "
            "for complete games only: how many games end below the first position?"),
    Mistake("siblings only", _playout_mutant(lambda sizes: math.prod(s - 1 for s in sizes)), _SIBLINGS),
    Mistake("siblings only, at least one", _playout_mutant(lambda sizes: math.prod(s - 1 or 1 for s in sizes)),
            _SIBLINGS),
    Mistake("length", _playout_mutant(len), _LENGTH),
    Mistake("length plus one", _playout_mutant(lambda sizes: len(sizes) + 1), _LENGTH),
    Mistake("first missing", _playout_mutant(lambda sizes: math.prod(sizes[1:])), _ONE_MISSING),
    Mistake("first move before the loop", _playout_mutant(math.prod, first_move_uncounted=True), _ONE_MISSING),
    Mistake("last missing", _playout_mutant(lambda sizes: math.prod(sizes[:-1])), _ONE_MISSING),
    Mistake("probability", _playout_mutant(lambda sizes: 1 / math.prod(sizes)),
            "that is the chance that the random game is this one; how many games does one game, drawn with that "
            "chance, stand for?"),
], [(spec, pick_seed) for spec in PLAYOUT_FIXED for pick_seed in (1, 2, 3)], run=_playout_run,
    neutral=PLAYOUT_HINT)


def check_knuth_playout(fn, *, seed: int | None = None, n: int = 40) -> Verdict:
    """Check ``fn(game, pick)``: play one game from ``game.initial_state()``, choosing every move with
    ``pick(moves)``, and return Knuth's estimate of the number of complete games: the product of the
    numbers of legal moves met at the positions where a move was chosen.

    The cases are game trees with 1 to 4 children a node (so every factor matters), one of them
    a single finished position (estimate 1). ``pick`` is the check's own seeded chooser, so the
    student's function and the reference follow the same game; a function that chooses its own
    moves (``random.choice``) is told to use ``pick``.
    """
    check_options(seed, n)
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    seed = draw_seed() if seed is None else seed
    rng = random.Random(seed)
    specs = PLAYOUT_FIXED + [_random_spec(rng, rng.randint(2, 5)) for _ in range(n)]
    for index, spec in enumerate(specs):
        t = tree(spec)
        where = f"tree {index + 1}" + (f" (a fresh tree, seed {seed})" if index >= len(PLAYOUT_FIXED) else "") \
            + f", {_count_games(t)} complete games"
        pick_seed = seed * 1000 + index
        ref = _Picker(pick_seed)                  # the game the student's function must follow, played once
        want = _reference_playout(t, ref)
        pick = _Picker(pick_seed)
        call = call_student(fn, t, pick, copy_args=False)
        if call.stub:
            return not_answered(function=True)
        problem = call.problem()
        if problem:
            return wrong(f"on {where}, {problem}", call.hint(PLAYOUT_HINT))
        if pick.calls != ref.calls:
            return wrong(f"on {where}, your function called pick {pick.calls} times, but the game it should "
                         f"follow has {ref.calls} positions where a move is chosen",
                         ["choose every move, and only those, with pick(moves): the check gives pick its "
                          "own seed so that it can follow the same game as you.",
                          "look at the line that chooses a move: call pick once per position that is not over."])
        if not same(call.value, want):
            return wrong(f"on {where}, your function gives {call.value!r} for the game it played",
                         PLAYOUT_CATALOGUE.hint(fn))
    return right(f"your playout gives Knuth's estimate on all {len(specs)} trees")


# -- notebook 6: an exact score from yes/no questions ---------------------------------------------------


def _allowed(low, high) -> int:
    return max(1, math.ceil(math.log2(high - low + 1))) if high > low else 0


def _ask_run(fn, case):
    score, low, high = case
    ask = _Questions(score, low, high, limit=_allowed(low, high) + 1)
    call = call_student(fn, ask, low, high, copy_args=False)
    if isinstance(call.error, Slip) and str(call.error).startswith("your function asked more"):
        return ("too many", tuple(ask.asked))
    if call.error is not None:
        return Raised(type(call.error).__name__)
    return (plain_number(call.value), tuple(ask.asked))


def _bisect(stop_gap=0, after_yes=1, after_no=0, upper_mid=False, answer="low"):
    def exact(is_above, low, high):
        while high - low > stop_gap:
            mid = (low + high + (1 if upper_mid else 0)) // 2
            if is_above(mid):
                low = mid + after_yes
            else:
                high = mid - after_no
        return low if answer == "low" else high
    return exact


def _linear(is_above, low, high):
    for a in range(low, high):
        if not is_above(a):
            return a
    return high


def _last_asked(is_above, low, high):
    mid = low
    while low < high:
        mid = (low + high) // 2
        if is_above(mid):
            low = mid + 1
        else:
            high = mid
    return mid


EXACT_FIXED = [(s, -18, 18) for s in (0, 18, -18, 1, -1, 17, -17, 5, -6)] + [(3, 3, 3), (4, 3, 4), (3, 3, 4)]

EXACT_CATALOGUE = Catalogue([
    Mistake("a yes keeps a", _bisect(after_yes=0),
            "\"above a\" is strict: after a yes, a itself is ruled out too, so the lower end moves past a; "
            "otherwise the same question can come back and the search gets no further."),
    Mistake("a no drops a", _bisect(after_no=1),
            "\"above a\" is strict: after a no the score is a or less, so a is still possible."),
    Mistake("stops early", _bisect(stop_gap=1),
            "your loop stops while two scores are still possible: go on until the two ends meet."),
    Mistake("score by score", _linear,
            "each answer can rule out half of the scores still possible, if the question splits them in the "
            "middle: asking score by score needs far more questions."),
    Mistake("the last number asked", _last_asked,
            "the number you asked about last is not always the score: when the ends meet, the end is the score."),
    Mistake("upper middle", _bisect(upper_mid=True),
            "with the middle rounded up, a yes can move the lower end past the upper one: look at how the "
            "middle is rounded and how the ends move."),
], EXACT_FIXED, run=_ask_run,
    neutral="a yes to \"above a?\" leaves the scores from a + 1 up, a no those up to a: keep the two ends of what "
            "is still possible exact, ask about the middle, and stop when they meet.")


def check_exact_score(fn, *, seed: int | None = None, n: int = 30) -> Verdict:
    """Check ``fn(is_above, low, high)``: the exact whole-number score in ``[low, high]``, found with
    yes/no questions ``is_above(a)`` ("is the score above a?", one null-window search each), halving
    the scores still possible each time: at most ⌈log₂(high − low + 1)⌉ questions.

    Every score of Pons' range (−18 to 18) is tried, then fresh ranges. Typical mistakes are
    rejected: off by one (a yes means "at least a + 1"), asking score by score (too many
    questions), never stopping.
    """
    check_options(seed, n)
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    seed = draw_seed() if seed is None else seed
    rng = random.Random(seed)
    cases = list(EXACT_FIXED)
    for _ in range(n):
        low = rng.randint(-40, 10)
        high = low + rng.randint(0, 60)
        cases.append((rng.randint(low, high), low, high))
    for index, (score, low, high) in enumerate(cases):
        allowed = _allowed(low, high)
        ask = _Questions(score, low, high, limit=allowed + 1)
        where = f"a score in [{low}, {high}]" + (f" (a fresh case, seed {seed})" if index >= 12 else "")
        call = call_student(fn, ask, low, high, copy_args=False)
        if call.stub:
            return not_answered(function=True)
        problem = call.problem()
        if problem is None and not same(call.value, score):
            problem = (f"your function gives {call.value!r}, but that does not fit every answer it was given "
                       f"({len(ask.asked)} questions)")
        if problem is None and len(ask.asked) > allowed + 1:
            problem = (f"your function found the score but asked {len(ask.asked)} questions; halving the "
                       f"{high - low + 1} possible scores each time needs at most {allowed}")
        if problem:
            return wrong(f"on {where}, {problem}", EXACT_CATALOGUE.hint(fn))
    return right(f"your function finds the exact score on all {len(cases)} cases, halving the range each time")


# -- notebook 6: the solver's scores (Pons' convention) ---------------------------------------------------

def _pons(winner_discs, mover_wins):
    score = 22 - winner_discs
    return score if mover_wins else -score


def _signed(score):
    """A Pons-score mutant: ``score(discs)`` for the winner, negated when the side to move loses."""
    return lambda discs, mover_wins: score(discs) if mover_wins else -score(discs)


_PONS_SIDE = "the score is from the point of view of the side to move: is the winner the side to move here?"
_PONS_OFF_BY_ONE = ("work out the smallest case, a win with the winner's 4th disc, from the convention's own words "
                    "(the section \"Solving end games exactly\"), and compare it with what your function gives.")
_PONS_EVERY_DISC = "the convention counts the *winner's* discs at the end, not every disc on the board."

PONS_CASES = [(discs, mover_wins) for discs in range(4, 22) for mover_wins in (False, True)]
PONS_HINT = "a win is worth more the fewer discs the winner needed, and the score is the side to move's."

PONS_CATALOGUE = Catalogue([
    Mistake("the winner's side", lambda discs, mover_wins: 22 - discs, _PONS_SIDE),
    Mistake("sign flipped", lambda discs, mover_wins: -_pons(discs, mover_wins), _PONS_SIDE),
    Mistake("21", _signed(lambda discs: 21 - discs), _PONS_OFF_BY_ONE),
    Mistake("23", _signed(lambda discs: 23 - discs), _PONS_OFF_BY_ONE),
    Mistake("both players' discs", _signed(lambda discs: 22 - 2 * discs), _PONS_EVERY_DISC),
    Mistake("both players' discs, the loser's one fewer", _signed(lambda discs: 22 - (2 * discs - 1)),
            _PONS_EVERY_DISC),
    Mistake("discs left", _signed(lambda discs: 42 - discs), _PONS_EVERY_DISC),
    Mistake("more discs worth more", _signed(lambda discs: discs),
            "a faster win should be worth more: fewer discs, a larger score."),
], PONS_CASES, spread=True, neutral=PONS_HINT)


def check_pons_score(fn) -> Verdict:
    """Check ``fn(winner_discs, mover_wins)``: the score :func:`~adversarial.games.connectfour.solve` gives a
    position whose game ends, with perfect play, in a win with the winner's ``winner_discs``-th disc, for
    the side to move (``mover_wins``: is the winner the side to move?). Pons' convention: 22 minus the
    winner's discs, negative when the side to move loses. Every case from 4 to 21 discs is tried, both ways;
    the typical mistakes (sign from X's side, off by one, counting every disc, more discs worth more) are named.
    """
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)
    verdict = _compare(fn, _pons, PONS_CASES, hint=PONS_HINT, diagnose=PONS_CATALOGUE.diagnoser(fn),
                       show=lambda c: (f"a win with the winner's disc number {c[0]}, the winner "
                                       f"{'to move' if c[1] else 'not to move'}"))
    if verdict.ok:
        return right(f"your function gives the solver's score in all {len(PONS_CASES)} cases")
    return verdict


# -- notebook 9: the node type Knuth and Moore predict ----------------------------------------------------

def _predicted(parent, rank):
    if parent == "PV":
        return "PV" if rank == 0 else "CUT"
    return "ALL" if parent == "CUT" else "CUT"


def _type_mutant(parent_type, wrong):
    """The prediction with the children of a ``parent_type`` node typed by ``wrong(rank)`` instead."""
    return lambda parent, rank: wrong(rank) if parent == parent_type else _predicted(parent, rank)


TYPE_CASES = [(parent, rank) for parent in TYPES for rank in range(5)]
TYPE_HINT = "think of the minimal tree: which nodes need every move searched, and which only one?"

TYPE_CATALOGUE = Catalogue([
    Mistake("PV's later children PV", _type_mutant("PV", lambda rank: "PV"),
            "at a PV node only one move is expected to be best; what does the search expect from the others, "
            "tested after it?"),
    Mistake("PV's later children ALL", _type_mutant("PV", lambda rank: "ALL" if rank else "PV"),
            "a later child of a PV node is expected to be refuted: what does its side need to find, all its moves "
            "or one?"),
    Mistake("CUT's later children CUT", _type_mutant("CUT", lambda rank: "CUT" if rank else "ALL"),
            "if the first move of a CUT node did not refute it, the next move is tried for the same purpose, and "
            "the node it leads to plays the same role as the first one's."),
    Mistake("CUT's children CUT", _type_mutant("CUT", lambda rank: "CUT"),
            "a CUT node is refuted by one good move; the node that move leads to is searched from the other side: "
            "can any of its moves be skipped?"),
    Mistake("ALL's children ALL", _type_mutant("ALL", lambda rank: "ALL"),
            "an ALL node searches all its moves because none is good enough for its side; what does each child "
            "then need, from the other side's point of view?"),
    Mistake("ALL's first child PV", _type_mutant("ALL", lambda rank: "CUT" if rank else "PV"),
            "the first child of an ALL node is not on the principal variation: only a PV node's first child is."),
], TYPE_CASES, spread=True, neutral=TYPE_HINT)


def check_node_type(fn, *, n: int = 0) -> Verdict:
    """Check ``fn(parent, rank)``: the type ("PV", "CUT" or "ALL") Knuth and Moore predict for the
    child of rank ``rank`` (0 = first) of a node of type ``parent``, as ``engine(node_types=True)``
    predicts it. Every parent type with ranks 0 to 4 is tried; typical mistakes (a PV node's later
    children as PV, a CUT node's child as CUT, an ALL node's as ALL) are named."""
    check_options(None, n)
    if unanswered(fn) or not callable(fn) or is_stub(fn):
        return not_answered(function=True)

    def student(parent, rank):
        hand_over()
        got = fn(parent, rank)
        return got.upper() if isinstance(got, str) else got

    verdict = _compare(student, _predicted, TYPE_CASES, hint=TYPE_HINT, diagnose=TYPE_CATALOGUE.diagnoser(student),
                       show=lambda case: f"a child of rank {case[1]} of {'an' if case[0] == 'ALL' else 'a'} "
                                         f"{case[0]} node")
    if verdict.ok:
        return right(f"your rule gives the type Knuth and Moore predict for every parent type and rank tried "
                     f"({len(TYPE_CASES)} cases)")
    return verdict


# -- notebook 10: the depth late move reductions give a move -------------------------------------------

def _lmr_depth(depth, rank, after, min_depth, reduction):
    reduced = rank >= after and depth >= min_depth
    return depth - 1 - (reduction if reduced else 0)


def _lmr_mutant(reduced_if, subtract_ply=True, sign=-1):
    def depth_of(depth, rank, after, min_depth, reduction):
        reduced = reduced_if(depth, rank, after, min_depth)
        return depth - (1 if subtract_ply else 0) + (sign * reduction if reduced else 0)
    return depth_of


def _lmr_reduction_only(depth, rank, after, min_depth, reduction):
    reduced = rank >= after and depth >= min_depth
    return depth - reduction if reduced else depth - 1


LMR_FIXED = [(5, 0, 3, 3, 1), (6, 5, 2, 3, 2), (5, 2, 3, 3, 1), (5, 3, 3, 3, 1), (5, 6, 3, 3, 1), (3, 3, 3, 3, 1),
             (2, 4, 3, 3, 1), (4, 1, 1, 2, 1), (2, 1, 1, 2, 1), (1, 3, 1, 2, 1), (4, 2, 2, 4, 3), (7, 2, 3, 3, 2),
             (3, 0, 1, 3, 2)]

LMR_CATALOGUE = Catalogue([
    Mistake("rank from 1", _lmr_mutant(lambda d, r, a, m: r > a and d >= m),
            "rank counts from 0, as the moves of a node do (rank 0 is the first move tried): `after` is how many "
            "moves the ordering trusts, so compare rank with after with that in mind."),
    Mistake("rank from after - 1", _lmr_mutant(lambda d, r, a, m: r >= a - 1 and d >= m),
            "rank counts from 0, as the moves of a node do (rank 0 is the first move tried): `after` is how many "
            "moves the ordering trusts, so compare rank with after with that in mind."),
    Mistake("min_depth excluded", _lmr_mutant(lambda d, r, a, m: r >= a and d > m),
            "min_depth is the smallest depth that is reduced, itself included."),
    Mistake("reduction replaces the ply", _lmr_reduction_only,
            "a reduction comes on top of the ply every child loses."),
    Mistake("first moves reduced", _lmr_mutant(lambda d, r, a, m: r < a and d >= m),
            "the first moves are the ones the ordering trusts: LMR leaves them alone."),
    Mistake("no ply", _lmr_mutant(lambda d, r, a, m: r >= a and d >= m, subtract_ply=False),
            "every child is searched at least one ply shallower than its parent, reduced or not."),
    Mistake("min_depth ignored", _lmr_mutant(lambda d, r, a, m: r >= a),
            "LMR reduces only where the node has plies to spare: min_depth is the smallest depth at which it "
            "reduces."),
    Mistake("rank ignored", _lmr_mutant(lambda d, r, a, m: d >= m),
            "LMR trusts the ordering: the first moves are searched at the full depth; only the later ones are "
            "reduced."),
    Mistake("reduction added", _lmr_mutant(lambda d, r, a, m: r >= a and d >= m, sign=1),
            "a reduced move is searched shallower, not deeper."),
], LMR_FIXED, spread=True,
    neutral="LMR trusts the ordering: which moves does it leave alone, and at which depths does it not bother? "
            "Every child loses one ply; a reduced one loses `reduction` more.")


def check_lmr_depth(fn, *, seed: int | None = None, n: int = 60) -> Verdict:
    """Check ``fn(depth, rank, after, min_depth, reduction)``: the depth (plies left) at which late
    move reductions first search the move of rank ``rank`` (0 = first) of a node with ``depth``
    plies left, as ``LMR(after, min_depth, reduction)`` does in :func:`engine`: ``depth − 1``, and
    ``reduction`` less from the ``after``-th move on (0-based) at depth ≥ ``min_depth``.

    Every case has ``min_depth > reduction``, so no right answer is below 0 plies: what a depth below 0
    would be is not defined by the exercise, and an answer that clamps at 0 is neither required nor refused
    (issue 42: the verdict depended on the seed)."""
    def generate(rng):
        reduction = rng.randint(1, 3)
        return (rng.randint(1, 9), rng.randint(0, 6), rng.randint(1, 4), rng.randint(reduction + 1, 5), reduction)

    return _fixed_and_fresh(fn, _lmr_depth, LMR_FIXED, generate, seed=seed, n=n, hint=LMR_CATALOGUE.neutral,
                            catalogue=LMR_CATALOGUE,
                            show=lambda c: (f"depth {c[0]}, rank {c[1]}, after {c[2]}, min_depth {c[3]}, "
                                            f"reduction {c[4]}"),
                            done=lambda count: f"your function gives the depth LMR searches each move at, on all "
                                               f"{count} cases")


# -- notebook 10: when null-move pruning passes, and how deep it then searches ---------------------------

def _null_depth(depth, beta, at_root, passed_before, R, min_depth):
    if at_root or passed_before or beta == math.inf or depth < min_depth:
        return None
    return depth - 1 - R


def _null_mutant(*, root=True, twice=True, infinite=True, enough=lambda d, m: d >= m,
                 plies=lambda d, R: d - 1 - R, no_pass=None):
    """The null-depth rule with one part changed (each keyword's default is the engine's): no pass at the root,
    after a pass, with β infinite, unless ``enough(depth, min_depth)``; else ``plies(depth, R)``; ``no_pass`` when
    it does not pass."""
    def rule(depth, beta, at_root, passed_before, R, min_depth):
        if (at_root and root) or (passed_before and twice) or (beta == math.inf and infinite) \
                or not enough(depth, min_depth):
            return no_pass
        return plies(depth, R)
    return rule


NULL_FIXED = [(5, 0.5, False, False, 2, 3), (3, 0, False, False, 2, 3), (1, 0, False, False, 1, 3),
              (5, math.inf, False, False, 2, 3), (5, 1, True, False, 2, 3), (5, 1, False, True, 2, 3),
              (6, -0.25, False, False, 3, 4), (4, 0, False, False, 1, 2), (2, 0, False, False, 1, 2),
              (1, -1, False, False, 1, 2), (7, 0.125, False, False, 1, 4)]

NULL_HINT = ("a pass is a bet that the position is so good that even passing keeps it at β or above: where can "
             "that bet not be made, or not tell the search anything? And how many plies does the pass use?")

_DEEPER = "the pass search is shallower than the node, not deeper."

NULL_CATALOGUE = Catalogue([
    Mistake("the pass's ply", _null_mutant(plies=lambda d, R: d - R),
            "the pass is a ply of the search like any move: the node after it has one ply less, and the "
            "reduction R comes on top."),
    Mistake("no reduction", _null_mutant(plies=lambda d, R: d - 1),
            "null-move pruning searches the pass R plies shallower than a real move: that is what makes it cheap."),
    Mistake("R added", _null_mutant(plies=lambda d, R: d - 1 + R), _DEEPER),
    Mistake("R added, the ply kept", _null_mutant(plies=lambda d, R: d + R), _DEEPER),
    Mistake("min_depth excluded", _null_mutant(enough=lambda d, m: d > m),
            "min_depth is the smallest depth at which the engine passes, itself included."),
    Mistake("min_depth ignored", _null_mutant(enough=lambda d, m: True),
            "the pass search needs plies to spare: below min_depth the engine does not pass."),
    Mistake("pass at the root", _null_mutant(root=False),
            "the root must give the search a move to play, and a pass is not a move of the game: what would a cut "
            "at the root leave the engine to play?"),
    Mistake("two passes", _null_mutant(twice=False),
            "after one pass, passing again hands the move back: the search would test the same position, "
            "shallower, and prove nothing about it. The engine allows one pass a line."),
    Mistake("infinite beta", _null_mutant(infinite=False),
            "the pass is a null-window test \"does this position reach β?\": can any value reach an infinite β? "
            "Then the test could never cut."),
    Mistake("False or 0 for no pass", _null_mutant(no_pass=False),       # 0 is the same outcome as False
            "the exercise asks for None when the engine does not pass, so that a depth of 0 (a pass searched "
            "straight to the evaluation) is not mistaken for no pass."),
], NULL_FIXED, spread=True, neutral=NULL_HINT)


def _null_diagnosis(fn):
    """The catalogue's mistake when ``fn`` behaves exactly as one on the fixed cases; else, when the case at hand
    got None where the engine passes, a question about that None (what the answer did, not a named mistake)."""
    def diagnose(case, got, want):
        cause = NULL_CATALOGUE.cause(fn)
        if cause is None and got is None and want is not None:
            return ("None means no pass. If your function meant to pass here, does that path end in return? If "
                    "not, which of your conditions for not passing holds here, and is it one of the engine's?")
        return cause
    return diagnose


def check_null_depth(fn, *, seed: int | None = None, n: int = 60) -> Verdict:
    """Check ``fn(depth, beta, at_root, passed_before, R, min_depth)``: the depth (plies left) of the
    null-window search that :func:`engine` with ``NullMove(R=R, min_depth=min_depth)`` runs after a pass
    at a node with ``depth`` plies left, or None when it tries no pass there: at the root, on a line
    where a pass was already made (``passed_before``), when ``beta`` is infinite, or below ``min_depth``.
    The pass search goes ``depth − 1 − R`` plies deep. Typical mistakes (the pass's own ply forgotten,
    ``>`` for ``>=``, passing at the root, with β infinite, or twice on a line) are named."""
    inf = math.inf

    def generate(rng):
        R = rng.randint(1, 3)
        beta = inf if rng.random() < 0.2 else rng.choice([rng.randint(-20, 20), rng.randint(-99, 99) / 100])
        return (rng.randint(1, 9), beta, rng.random() < 0.15, rng.random() < 0.15, R, rng.randint(R + 1, R + 3))

    return _fixed_and_fresh(fn, _null_depth, NULL_FIXED, generate, seed=seed, n=n, hint=NULL_HINT,
                            diagnose=_null_diagnosis(fn),
                            none_is_an_answer=True,
                            show=lambda c: (f"depth {c[0]}, beta {c[1]}, at_root {c[2]}, passed_before {c[3]}, "
                                            f"R {c[4]}, min_depth {c[5]}"),
                            done=lambda count: f"your function passes where the engine does, at its depth, on all "
                                               f"{count} cases")


# -- notebook 10: when a position is noisy (the threat extension's test) ---------------------------------

# Positions (move strings) covering each kind: quiet; a three blocked at its fourth cell; the side to move can
# win with its next disc; only the opponent can; both; a three whose fourth cell hangs over an empty one (a
# floating threat, quiet for now), alone and beside a threat that is playable; vertical, horizontal and both
# diagonal threats; X and O to move (tests/test_exercises_techniques.py checks each kind).
# the last one is quiet though a disc of the side to move (O, in column 4) would let X complete four on top of
# it: a rule that looks at the opponent's wins after each of the mover's discs, not after a pass, calls it noisy
NOISY_FIXED = ("", "4453", "414244", "727474", "6314651", "743424", "55462", "525252", "2324455", "665755",
               "4665625", "334411", "3344116", "7745565776", "5323463242", "756444655", "5614635466", "1612233")


def _threats(p):
    """(the side to move's winning cells a disc can drop into now, the opponent's, every empty cell that
    would complete a four for either side, playable now or not), as bitboards."""
    from ..games.connectfour import BOTTOM, FULL
    from ..games.connectfour_solver import winning_cells
    mask = p.x | p.o
    mine, theirs = (p.x, p.o) if p.player == "X" else (p.o, p.x)
    playable = (mask + BOTTOM) & FULL
    own, other = winning_cells(mine, mask), winning_cells(theirs, mask)
    return own & playable, other & playable, own | other


def _random_position(game, rng):
    """An unfinished position after 0 to 36 random legal moves, drawn with ``rng``: the package's sampler
    (:func:`~adversarial.lab.experiments.random_positions`) with a length and seed from ``rng`` (the engine
    asks noisy only of unfinished positions)."""
    return random_positions(game, 1, rng.randint(0, 36), seed=rng.getrandbits(32))[0]


NOISY_HINTS = {
    "mover only": ["the opponent's next disc can end the game too: a threat the side to move must block makes "
                   "the evaluation at the horizon as wrong as a win it misses.",
                   "look at how your function tries the opponent's discs: it is not their turn, so let the side "
                   "to move pass first (connectfour_pass)."],
    "opponent only": ["the side to move can end the game with its own next disc too: a win one move away is as "
                      "noisy as a position gets.",
                      "look at whether your function tries the moves of the side to move itself, besides the "
                      "opponent's."],
    "floating": ["a three whose fourth cell hangs over an empty cell is a threat for later, not for the next "
                 "disc: a disc drops to the lowest empty cell of its column.",
                 "look at how your function decides where a disc would go: only the lowest empty cell of each "
                 "column can be played now (game.result plays there)."],
    "blocked": ["a row of three whose fourth cell is taken, or off the board, can never become four.",
                "look at how your function tests a line: a disc must be able to complete it now."],
    "always": ["if every position is noisy, the extension goes on at every position of the horizon: that is just "
               "a search cap plies deeper everywhere, whatever the position.",
               "look at the positions where no disc can end the game at once: does your function tell them apart?"],
    "never": ["if no position is noisy, the extension never searches on: the search is the plain depth-limited "
              "one, horizon effect included.",
              "look at the positions where a disc can end the game at once: does your function ever find one?"],
}


NOISY_HINT = ["a position is noisy when the very next disc can end the game, whoever drops it: a cell that "
              "completes four for either side and that a disc can fall into now.",
              "look at whose discs your function tries, and at where it lets a disc land."]


def _any_three(p) -> bool:
    """Any three in a row for either side, whether or not its fourth cell is free (the "blocked" mistake)."""
    from ..games.connectfour import H1, HEIGHT
    for stones in (p.x, p.o):
        for step in (1, H1, HEIGHT, H1 + 1):
            if stones & (stones >> step) & (stones >> 2 * step):
                return True
    return False


def _noisy_run(fn, p):
    """One answer's outcome on one position: its yes or no (a whole number read by its truth)."""
    from ..beyond.techniques import connectfour_noisy
    call = call_student(fn, p, forbid=(connectfour_noisy,))
    if call.changed or call.called:
        from .diagnosis import ERROR
        return ERROR
    if call.error is not None or not _is_yes_no(call.value):
        return Raised(type(call.error).__name__ if call.error is not None else "not yes or no")
    return bool(call.value)


@functools.cache
def noisy_catalogue() -> Catalogue:
    """The usual wrong rules for "noisy", each named only when an answer says yes and no exactly as it does on
    every fixed position (issue 42: the first position that differed used to pick the hint, so a function that
    skipped a column was told it ignored the side to move's wins)."""
    from ..games.connectfour import ConnectFour
    game = ConnectFour()
    rules = {"always": lambda p: True, "never": lambda p: False,
             "mover only": lambda p: bool(_threats(p)[0]), "opponent only": lambda p: bool(_threats(p)[1]),
             "floating": lambda p: bool(_threats(p)[2]), "blocked": _any_three}
    return Catalogue([Mistake(name, rule, NOISY_HINTS[name][0]) for name, rule in rules.items()],
                     [game.play(moves) for moves in NOISY_FIXED], run=_noisy_run, neutral=NOISY_HINT[0])


def check_noisy(fn, *, seed: int | None = None, n: int = 40) -> Verdict:
    """Check ``fn(p)``: is the unfinished Connect Four position ``p`` noisy, as ``Quiescence`` needs it in
    :func:`engine`: can the side to move, or the opponent, win with their next disc (a cell that completes
    four and that a disc can drop into now)? The reference is the ladder's ``connectfour_noisy``, which
    the student's function may not call.

    The cases are :data:`NOISY_FIXED` (one of each kind) and ``n`` positions of random play from ``seed``.
    ``True``/``False`` is the answer; a whole number counts by its truth, as the engine reads it (a
    bitboard of winning cells is fine). A failing case is shown as its move string and who is to move,
    never with the answer. Typical mistakes (only the side to move's wins, only the opponent's, threes
    whose fourth cell is not playable yet, always or never noisy) are named.
    """
    from ..beyond.techniques import connectfour_noisy
    from ..games.connectfour import ConnectFour
    game = ConnectFour()
    fixed = [game.play(moves) for moves in NOISY_FIXED]
    drawn = _draw_cases(fn, seed, n, fixed, lambda rng: _random_position(game, rng))
    if drawn is None:
        return not_answered(function=True)
    seed, cases = drawn
    hint = NOISY_HINT
    answers, first_wrong = [], None
    for index, p in enumerate(cases):
        where = (f"game.play({p.history!r}) ({p.player} to move"
                 + (f", a fresh position, seed {seed})" if index >= len(fixed) else ")"))
        want = connectfour_noisy(p)
        call = call_student(fn, p, forbid=(connectfour_noisy,))
        if call.stub:
            return not_answered(function=True)
        problem = call.problem("True or False")
        if problem is None and not _is_yes_no(call.value):
            problem = (f"your function returned {short(call.value)}, which is not True or False: the engine "
                       "asks `if noisy(position):`, so answer yes or no")
        if problem:
            return wrong(f"on {where}, {problem}", call.hint(hint))
        answers.append(bool(call.value))
        if first_wrong is None and answers[-1] != want:
            first_wrong = where
    if first_wrong is None:
        return right(f"your function finds the noisy positions the engine's rule finds, on all {len(cases)} "
                     "positions")
    return wrong(f"on the position {first_wrong}, your function's answer differs from the engine's rule (run "
                 "that game.play(...) in a cell to see the board)", noisy_catalogue().hint(fn))


def _is_yes_no(value) -> bool:
    """True or False, or a whole number (the engine reads it by its truth)."""
    return same(value, True) or same(value, False) or isinstance(plain_number(value), int)


__all__ = ["check_knuth_playout", "check_pons_score", "check_exact_score", "check_node_type", "check_lmr_depth",
           "check_null_depth", "check_noisy"]
