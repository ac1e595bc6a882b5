"""The checks of adversarial.exercises.techniques (notebooks 5, 6, 9 and 10's third exercises, 10's fourth and
fifth): the typical
wrong answers, each rejected with a hint that neither states the answer nor shows the worked code, and right
answers written differently, each accepted."""

import math

import pytest

from adversarial.beyond.techniques import connectfour_noisy, connectfour_pass
from adversarial.exercises import (
    check_exact_score,
    check_knuth_playout,
    check_lmr_depth,
    check_node_type,
    check_noisy,
    check_null_depth,
    check_pons_score,
)
from adversarial.exercises.core import reset_hints
from adversarial.exercises.techniques import NOISY_FIXED, _random_position
from adversarial.games.connectfour import BOTTOM, FULL, H1, HEIGHT, ConnectFour, bit, column_mask, has_four
from adversarial.games.connectfour_solver import winning_cells

from . import gallery
from .hint_rule import HintCase


@pytest.fixture(autouse=True)
def _fresh_hints():
    reset_hints()
    yield
    reset_hints()


def rejected(verdict, *words):
    assert not verdict.ok and verdict.answered, verdict.message
    for word in words:
        assert word in verdict.message, (word, verdict.message)
    return verdict.message


# -- notebook 5: Knuth's playout ---------------------------------------------------------------------------

def playout_loop(game, pick):
    state, product = game.initial_state(), 1
    while not game.is_terminal(state):
        moves = game.actions(state)
        product *= len(moves)
        state = game.result(state, pick(moves))
    return product


def playout_recursive(game, pick, state=None):
    state = game.initial_state() if state is None else state
    if game.is_terminal(state):
        return 1.0                                    # a float is fine
    moves = list(game.actions(state))
    return len(moves) * playout_recursive(game, pick, game.result(state, pick(moves)))


def playout_list(game, pick):
    sizes, s = [], game.initial_state()
    while game.actions(s) and not game.is_terminal(s):
        sizes.append(len(game.actions(s)))
        s = game.result(s, pick(game.actions(s)))
    return math.prod(sizes)


@pytest.mark.parametrize("fn", [playout_loop, playout_recursive, playout_list])
def test_knuth_playout_accepts_right_answers_written_differently(fn):
    assert check_knuth_playout(fn, seed=3), check_knuth_playout(fn, seed=3).message


def playout_sum(game, pick):
    state, total = game.initial_state(), 0
    while not game.is_terminal(state):
        total += len(game.actions(state))
        state = game.result(state, pick(game.actions(state)))
    return total


def playout_nodes(game, pick):
    state, weight, total = game.initial_state(), 1, 1
    while not game.is_terminal(state):
        weight *= len(game.actions(state))
        total += weight
        state = game.result(state, pick(game.actions(state)))
    return total


def playout_terminal_factor(game, pick):
    state, product = game.initial_state(), 1
    while True:
        moves = game.actions(state)
        product *= len(moves)
        if not moves:
            return product
        state = game.result(state, pick(moves))


def playout_skips_root(game, pick):
    state = game.result(game.initial_state(), pick(game.actions(game.initial_state())))
    product = 1
    while not game.is_terminal(state):
        product *= len(game.actions(state))
        state = game.result(state, pick(game.actions(state)))
    return product


def playout_siblings_only(game, pick):
    state, product = game.initial_state(), 1
    while not game.is_terminal(state):
        product *= len(game.actions(state)) - 1 or 1
        state = game.result(state, pick(game.actions(state)))
    return product


def playout_own_random(game, pick):
    import random
    rng = random.Random(0)
    state, product = game.initial_state(), 1
    while not game.is_terminal(state):
        product *= len(game.actions(state))
        state = game.result(state, rng.choice(game.actions(state)))
    return product


def playout_picks_at_end(game, pick):
    state, product = game.initial_state(), 1
    while True:
        moves = game.actions(state)
        move = pick(moves)
        product *= len(moves)
        state = game.result(state, move)


def playout_probability(game, pick):
    state, p = game.initial_state(), 1.0
    while not game.is_terminal(state):
        p /= len(game.actions(state))
        state = game.result(state, pick(game.actions(state)))
    return p


@pytest.mark.parametrize("fn, words", [
    (playout_sum, ["add up"]),
    (playout_nodes, ["every position along the game"]),
    (playout_terminal_factor, ["is 0"]),
    (playout_skips_root, ["the first included"]),
    (playout_own_random, ["called pick"]),
    (playout_picks_at_end, ["no moves"]),
    (playout_probability, ["chance that the random game"]),
])
def test_knuth_playout_rejects_typical_mistakes_without_the_answer(fn, words):
    message = rejected(check_knuth_playout(fn, seed=3), *words)
    assert "product *=" not in message and "len(moves) *" not in message


@pytest.mark.parametrize("fn, words", [(playout_skips_root, "the first included"),
                                       (playout_siblings_only, "its siblings")])
def test_knuth_playout_names_the_same_mistake_on_every_seed(fn, words):
    """The old check named the mistake from the one game played: with seed 1 both were "the length of the game"."""
    from adversarial.exercises.techniques import PLAYOUT_CATALOGUE
    for seed in (1, 2, 3):
        assert words in rejected(check_knuth_playout(fn, seed=seed)), seed
    assert PLAYOUT_CATALOGUE.twins() == []


def test_knuth_playout_rejects_siblings_only():
    rejected(check_knuth_playout(playout_siblings_only, seed=3))


def test_knuth_playout_stub_is_not_answered():
    def stub(game, pick):
        ...
    assert not check_knuth_playout(stub).answered


# -- notebook 6: an exact score from yes/no questions -------------------------------------------------------

exact_bisect = gallery.answer("check_exact_score", "right_bisect")


def exact_upper_middle(is_above, low, high):
    """Asks about the upper middle, with a recursion instead of a loop."""
    if low == high:
        return low
    middle = math.ceil((low + high) / 2) - 1
    return exact_upper_middle(is_above, middle + 1, high) if is_above(middle) else \
        exact_upper_middle(is_above, low, middle)


def exact_pons(is_above, low, high):
    """Pons' solver's form: the lower end is the largest score known to be reached, minus one."""
    lo, hi = low - 1, high
    while hi - lo > 1:
        mid = lo + (hi - lo) // 2
        if is_above(mid):
            lo = mid
        else:
            hi = mid
    return hi


@pytest.mark.parametrize("fn", [exact_bisect, exact_upper_middle, exact_pons])
def test_exact_score_accepts_right_answers_written_differently(fn):
    verdict = check_exact_score(fn, seed=5)
    assert verdict, verdict.message


exact_linear = gallery.answer("check_exact_score", "bug_score_by_score")


def exact_off_by_one(is_above, low, high):
    while low < high:
        middle = (low + high) // 2
        if is_above(middle):
            low = middle          # a yes means at least middle + 1
        else:
            high = middle
        if high - low == 1:
            return low
    return low


exact_returns_last_question = gallery.answer("check_exact_score", "bug_the_last_number_asked")


def exact_never_stops(is_above, low, high):
    while True:
        middle = (low + high) // 2
        if is_above(middle):
            low = middle + 1
        else:
            high = middle


@pytest.mark.parametrize("fn, words", [
    (exact_linear, ["questions", "split"]),
    (exact_off_by_one, ["from a + 1 up"]),   # two slips at once: the neutral hint
    (exact_returns_last_question, []),
    (exact_never_stops, ["questions"]),
])
def test_exact_score_rejects_typical_mistakes(fn, words):
    message = rejected(check_exact_score(fn, seed=5), *words)
    assert "(low + high) // 2" not in message and "middle + 1" not in message


# -- notebook 9: the predicted node type ---------------------------------------------------------------------

def type_ifs(parent, rank):
    if parent == "PV":
        return "PV" if rank == 0 else "CUT"
    if parent == "CUT":
        return "ALL"
    return "CUT"


TABLE = {"CUT": "ALL", "ALL": "CUT"}


def type_table(parent, rank):
    return TABLE.get(parent, "pv" if not rank else "cut")      # lower case is accepted


@pytest.mark.parametrize("fn", [type_ifs, type_table])
def test_node_type_accepts_right_answers_written_differently(fn):
    assert check_node_type(fn), check_node_type(fn).message


@pytest.mark.parametrize("fn, words", [
    (lambda parent, rank: "PV" if parent == "PV" else TABLE[parent], ["tested after it"]),
    (lambda parent, rank: type_ifs(parent, rank) if parent != "CUT" else "CUT", ["refuted by one good move"]),
    (lambda parent, rank: type_ifs(parent, rank) if parent != "ALL" else "ALL", ["searches all its moves"]),
    (lambda parent, rank: type_ifs(parent, rank) if parent != "CUT" else ("ALL" if rank == 0 else "CUT"),
     ["same purpose"]),
    (lambda parent, rank: "ALL" if parent == "PV" and rank else type_ifs(parent, rank), ["refuted"]),
    (lambda parent, rank: {"PV": "CUT", "CUT": "ALL", "ALL": "CUT"}[parent], []),
])
def test_node_type_rejects_typical_mistakes(fn, words):
    message = rejected(check_node_type(fn), *words)
    assert "right answer" not in message and "return" not in message


def test_node_type_stub_is_not_answered():
    def stub(parent, rank):
        ...
    assert not check_node_type(stub).answered


# -- notebook 10: the depth LMR gives a move ----------------------------------------------------------------

def lmr_ifs(depth, rank, after, min_depth, reduction):
    if rank >= after and depth >= min_depth:
        return depth - 1 - reduction
    return depth - 1


def lmr_one_line(depth, rank, after, min_depth, reduction):
    return depth - 1 - reduction * (rank + 1 > after and not depth < min_depth)


@pytest.mark.parametrize("fn", [lmr_ifs, lmr_one_line])
def test_lmr_depth_accepts_right_answers_written_differently(fn):
    assert check_lmr_depth(fn, seed=2), check_lmr_depth(fn, seed=2).message


@pytest.mark.parametrize("fn, words", [
    (lambda d, r, a, m, red: d - red if r >= a and d >= m else d, ["at least one ply"]),
    (lambda d, r, a, m, red: d - 1 - red if r > a and d >= m else d - 1, ["rank counts from 0"]),
    (lambda d, r, a, m, red: d - 1 - red if r >= a - 1 and d >= m else d - 1, ["rank counts from 0"]),
    (lambda d, r, a, m, red: d - 1 - red if r >= a and d > m else d - 1, ["min_depth is the smallest"]),
    (lambda d, r, a, m, red: d - 1 - red if r >= a and d - 1 >= m else d - 1, ["min_depth is the smallest"]),
    (lambda d, r, a, m, red: d - red if r >= a and d >= m else d - 1, ["on top of"]),
    (lambda d, r, a, m, red: d - 1 - red if d >= m else d - 1, ["only the later ones are reduced"]),
])
def test_lmr_depth_rejects_typical_mistakes(fn, words):
    message = rejected(check_lmr_depth(fn, seed=2), *words)
    assert "right answer" not in message
    assert "rank >= after" not in message and "depth - 1 -" not in message


# -- notebook 10: when null-move pruning passes ---------------------------------------------------------

def null_ifs(depth, beta, at_root, passed_before, R, min_depth):
    if at_root or passed_before:
        return None
    if beta == math.inf or depth < min_depth:
        return None
    return depth - 1 - R


def null_one_line(depth, beta, at_root, passed_before, R, min_depth):
    return depth - (R + 1) if not (at_root or passed_before) and math.isfinite(beta) and min_depth <= depth else None


def null_float_inf(depth, beta, at_root, passed_before, R, min_depth):
    if not at_root and not passed_before and beta < float("inf") and depth - min_depth >= 0:
        return float(depth - R - 1)                   # a float depth is fine
    return None


@pytest.mark.parametrize("fn", [null_ifs, null_one_line, null_float_inf])
@pytest.mark.parametrize("seed", [1, 7])
def test_null_depth_accepts_right_answers_written_differently(fn, seed):
    assert check_null_depth(fn, seed=seed), check_null_depth(fn, seed=seed).message


def null_rule(*, root=True, twice=True, infinite=True, cmp=lambda d, m: d >= m, plies=lambda d, R: d - 1 - R,
              no_pass=None):
    """A null-depth function with one part of the rule changed (each keyword's default is the engine's)."""
    def fn(depth, beta, at_root, passed_before, R, min_depth):
        if (at_root and root) or (passed_before and twice) or (beta == math.inf and infinite) \
                or not cmp(depth, min_depth):
            return no_pass
        return plies(depth, R)
    return fn


@pytest.mark.parametrize("fn, words", [
    (null_rule(plies=lambda d, R: d - R), ["ply of the search like any move"]),
    (null_rule(plies=lambda d, R: d - 1), ["R plies shallower"]),
    (null_rule(plies=lambda d, R: d - 1 + R), ["shallower than the node, not deeper"]),
    (null_rule(cmp=lambda d, m: d > m), ["min_depth is the smallest depth", "itself included"]),
    (null_rule(cmp=lambda d, m: True), ["plies to spare"]),
    (null_rule(root=False), ["the root must give the search a move"]),
    (null_rule(infinite=False), ["infinite β"]),
    (null_rule(twice=False), ["one pass a line"]),
    (null_rule(no_pass=False), ["asks for None"]),
    (null_rule(no_pass=0), ["asks for None"]),
])
def test_null_depth_rejects_typical_mistakes(fn, words):
    message = rejected(check_null_depth(fn, seed=2), *words)
    assert "right answer" not in message
    assert "depth - 1 - R" not in message and "depth >= min_depth" not in message


def test_null_depth_names_a_mistake_only_when_the_whole_function_behaves_as_it():
    """Passing at the root and one ply too deep: the first failing case alone looks like the forgotten ply."""
    def two_slips(depth, beta, at_root, passed_before, R, min_depth):
        v = null_rule(root=False)(depth, beta, at_root, passed_before, R, min_depth)
        return v if v is None else v + 1
    message = rejected(check_null_depth(two_slips, seed=2), "gives 3")
    assert "ply of the search like any move" not in message and "a pass is a bet" in message
    from adversarial.exercises.techniques import NULL_CATALOGUE
    assert NULL_CATALOGUE.twins() == []


def test_null_depth_fresh_cases_catch_what_the_fixed_ones_miss():
    """Right on every fixed case (depths up to 7), wrong only at depth 9: a fresh case says so, with its seed."""
    def wrong_deep(depth, beta, at_root, passed_before, R, min_depth):
        return None if depth == 9 else null_ifs(depth, beta, at_root, passed_before, R, min_depth)
    verdict = check_null_depth(wrong_deep, seed=3)
    rejected(verdict, "depth 9", "a fresh case, seed 3", "does that path end in return")


def test_null_depth_missing_return_and_stub():
    def missing(depth, beta, at_root, passed_before, R, min_depth):
        if depth >= min_depth:
            depth - 1 - R                             # noqa: B018 (the slip: no return)

    def stub(depth, beta, at_root, passed_before, R, min_depth):
        ...
    rejected(check_null_depth(missing, seed=1), "gives None", "end in return")
    assert not check_null_depth(stub).answered


# -- notebook 10: when a position is noisy ----------------------------------------------------------------

GAME = ConnectFour()
DIRECTIONS = {"vertical": 1, "horizontal": H1, "diagonal \\": HEIGHT, "diagonal /": H1 + 1}


def four_along(stones, step):
    pairs = stones & (stones >> step)
    return bool(pairs & (pairs >> 2 * step))


def kinds(p):
    """What a position holds, worked out on its own (not with the check's helpers): who can win with the next
    disc, the directions of those wins, a floating threat (a fourth cell not playable yet), a blocked three."""
    found = set()
    mover, other = (p.x, p.o) if p.player == "X" else (p.o, p.x)
    for side, stones in (("mover", mover), ("opponent", other)):
        for column in GAME.actions(p):
            after = GAME.play(str(column), start=p) if side == "mover" else \
                GAME.play(str(column), start=connectfour_pass(p))
            if after.winner:
                found.add(side)
                new = (after.x | after.o) & ~(p.x | p.o)
                found |= {name for name, step in DIRECTIONS.items() if four_along(stones | new, step)}
    mask = p.x | p.o
    hanging = [bit(c, r) for c in range(7) for r in range(1, 6) if not mask & (bit(c, r) | bit(c, r - 1))]
    if any(has_four(stones | cell) for stones in (p.x, p.o) for cell in hanging):
        found.add("floating")
    return found


def test_noisy_fixed_positions_cover_every_kind():
    seen = [kinds(GAME.play(moves)) for moves in NOISY_FIXED]
    assert set() in seen                                                # quiet
    assert {"mover"} <= set().union(*[k for k in seen if "opponent" not in k])
    assert any("opponent" in k and "mover" not in k for k in seen)
    assert any({"mover", "opponent"} <= k for k in seen)
    assert any(k == {"floating"} for k in seen)                       # a floating threat alone: quiet for now
    assert any("floating" in k and ("mover" in k or "opponent" in k) for k in seen)
    for direction in DIRECTIONS:
        assert any(direction in k for k in seen), direction
    players = {(GAME.play(m).player, frozenset(k & {"mover", "opponent"})) for m, k in zip(NOISY_FIXED, seen)}
    for who in ("mover", "opponent"):
        assert {("X", frozenset({who})), ("O", frozenset({who}))} <= players, who
    blocked = GAME.play("414244")                                       # X's three in column 4, O on top
    assert "414244" in NOISY_FIXED and kinds(blocked) == set()
    assert blocked.x & column_mask(3) == bit(3, 0) | bit(3, 1) | bit(3, 2) and blocked.o & bit(3, 3)


def noisy_by_moves(p):
    """The worked answer's way: any winning move of mine, or after a pass any of theirs."""
    if any(GAME.result(p, c).winner for c in GAME.actions(p)):
        return True
    q = connectfour_pass(p)
    return any(GAME.result(q, c).winner for c in GAME.actions(q))


def noisy_bitboards(p):
    """The solver's winning cells, masked to the cells a disc can drop into; returns a bitboard (an int)."""
    mask = p.x | p.o
    return (winning_cells(p.x, mask) | winning_cells(p.o, mask)) & (mask + BOTTOM) & FULL


def noisy_by_cells(p):
    """Every column's landing cell, tried for both colours with has_four; returns 1 or 0."""
    mask = p.x | p.o
    for column in range(7):
        if p.can_play(column + 1):
            cell = (mask + bit(column, 0)) & column_mask(column) & ~mask
            if has_four(p.x | cell) or has_four(p.o | cell):
                return 1
    return 0


def noisy_numpy(p):
    import numpy as np
    return np.bool_(noisy_by_moves(p))


@pytest.mark.parametrize("fn", [noisy_by_moves, noisy_bitboards, noisy_by_cells, noisy_numpy])
@pytest.mark.parametrize("seed", [1, 8])
def test_noisy_accepts_right_answers_written_differently(fn, seed):
    verdict = check_noisy(fn, seed=seed)
    assert verdict, verdict.message


def noisy_mover_only(p):
    return any(GAME.result(p, c).winner for c in GAME.actions(p))


def noisy_opponent_only(p):
    q = connectfour_pass(p)
    return any(GAME.result(q, c).winner for c in GAME.actions(q))


def noisy_floating(p):
    mask = p.x | p.o
    return bool(winning_cells(p.x, mask) | winning_cells(p.o, mask))


def noisy_mover_or_floating(p):
    """Mixes two slips (the side to move's wins, and X's threes not playable yet): no wrong rule matches
    everywhere, so no slip is named (issue 42: the first position that differed used to name one)."""
    mask = p.x | p.o
    return bool(winning_cells(p.x, mask)) or noisy_mover_only(p)


def noisy_threes(p):
    """Any three in a row, whether or not its fourth cell is free."""
    for stones in (p.x, p.o):
        for step in DIRECTIONS.values():
            pairs = stones & (stones >> step)
            if pairs & (stones >> 2 * step):
                return True
    return False


@pytest.mark.parametrize("fn, words", [
    (noisy_mover_only, ["opponent's next disc can end the game too"]),
    (noisy_opponent_only, ["side to move can end the game with its own next disc"]),
    (noisy_floating, ["hangs over an empty cell"]),
    (lambda p: True, ["just a search cap plies deeper"]),
    (lambda p: False, ["never searches on"]),
    (noisy_threes, ["can never become four"]),
    (noisy_mover_or_floating, ["whoever drops it"]),
])
def test_noisy_rejects_typical_mistakes(fn, words):
    message = rejected(check_noisy(fn, seed=2), *words, "game.play(")
    assert "right answer" not in message and "True" not in message.split("Hint")[0]


def test_noisy_names_the_position_never_the_answer():
    """A failing case is shown as the move string and who is to move; what the rule says there is not."""
    message = rejected(check_noisy(noisy_mover_only, seed=2), "game.play('743424') (X to move)")
    assert "noisy there" not in message and "False" not in message and "quiet" not in message


def test_noisy_fresh_positions_catch_what_the_fixed_ones_miss():
    fixed = {GAME.play(m) for m in NOISY_FIXED}

    def right_on_fixed(p):
        return noisy_by_moves(p) if p in fixed else not noisy_by_moves(p)
    rejected(check_noisy(right_on_fixed, seed=3), "a fresh position, seed 3")


def test_noisy_random_positions_are_unfinished_and_varied():
    import random
    rng = random.Random(4)
    positions = [_random_position(GAME, rng) for _ in range(200)]
    assert not any(GAME.is_terminal(p) for p in positions)
    assert 0.1 < sum(map(noisy_by_moves, positions)) / len(positions) < 0.9


def test_noisy_refuses_the_engine_rule_and_answers_that_are_not_yes_or_no():
    rejected(check_noisy(connectfour_noisy, seed=1), "connectfour_noisy")
    rejected(check_noisy(lambda p: "yes", seed=1), "not True or False")
    rejected(check_noisy(lambda p: None if p.count else False, seed=1), "returned None")
    rejected(check_noisy(lambda p: GAME.result(p, 9), seed=1), "raised MoveError")


def test_noisy_stub_is_not_answered_and_the_check_is_quick():
    """Quick in work done, not in seconds (a timed test fails on a loaded machine): the check asks the
    student's function about a bounded number of positions (57 today)."""
    def stub(p):
        ...
    assert not check_noisy(stub).answered and not check_noisy(None).answered
    asked = []

    def counted(p):
        asked.append(p)
        return noisy_by_moves(p)
    assert check_noisy(counted, seed=5)
    assert 0 < len(asked) <= 100


# -- notebook 6: Pons' convention ----------------------------------------------------------------------------

def pons_if(winner_discs, mover_wins):
    if mover_wins:
        return 22 - winner_discs
    return winner_discs - 22


def pons_sign(winner_discs, mover_wins):
    return (1 if mover_wins else -1) * (22 - winner_discs)


@pytest.mark.parametrize("fn", [pons_if, pons_sign])
def test_pons_score_accepts_right_answers_written_differently(fn):
    assert check_pons_score(fn), check_pons_score(fn).message


def test_pons_score_cannot_be_answered_by_the_solver():
    """The old exercise asked for solve("37475"), which the imported solve answers; a rule of the convention
    cannot be looked up: solve's own value for that position, as a constant, is rejected."""
    from adversarial.games.connectfour import solve
    looked_up = solve("37475")
    rejected(check_pons_score(lambda winner_discs, mover_wins: looked_up))


@pytest.mark.parametrize("fn, words", [
    (lambda d, m: 22 - d, ["point of view of the side to move"]),
    (lambda d, m: (21 - d) if m else d - 21, ["smallest case"]),
    (lambda d, m: (22 - (2 * d - 1)) if m else (2 * d - 1) - 22, ["winner's"]),
    (lambda d, m: d if m else -d, ["faster win"]),
])
def test_pons_score_rejects_typical_mistakes(fn, words):
    message = rejected(check_pons_score(fn), *words)
    assert "right answer" not in message and "22 -" not in message


def test_pons_and_node_type_name_a_mistake_only_when_the_whole_function_behaves_as_it():
    """21 - winner_discs for both sides is off by one and has the wrong sign: naming one of them would mislead."""
    from adversarial.exercises.techniques import PONS_CATALOGUE, TYPE_CATALOGUE
    message = rejected(check_pons_score(lambda d, m: 21 - d), "gives 17")
    assert "smallest case" not in message and "point of view of the side to move" not in message
    assert "fewer discs the winner needed" in message
    assert "minimal tree" in rejected(check_node_type(lambda parent, rank: "ALL"))
    assert PONS_CATALOGUE.twins() == [] and TYPE_CATALOGUE.twins() == []


# -- the hint rule (tests/test_hint_rule.py): typical wrong answers whose messages must not give the answer ----

def playout_length(game, pick):
    """Counts the moves of the game it plays instead of weighing each position by its number of moves."""
    state, plies = game.initial_state(), 0
    while not game.is_terminal(state):
        plies += 1
        state = game.result(state, pick(game.actions(state)))
    return plies


KNUTH_SECRETS = ("product *=", "*= len(", "multiply by the number of legal moves",
                 "at each position: the number of legal moves")
EXACT_SECRETS = ("middle + 1", "(low + high) // 2", "low = middle", "high = middle")
# 18 is the size of solve("37475"), the use the exercise asks for: a win with the winner's 4th disc
PONS_SECRETS = ("22 - winner_discs", "22 minus", "scores 18", "is 18", "-18")
TYPE_SECRETS = ("is a CUT node", "are CUT nodes", "is an ALL node", "are ALL nodes", "children are CUT",
                "children are ALL", "child is CUT", "child is ALL", '"ALL" if', 'else "CUT"')
NULL_SECRETS = ("depth - 1 - R", "depth >= min_depth", "depth - R - 1", "not at_root", "beta < math.inf",
                "math.isfinite", "depth - (R + 1)")
NOISY_SECRETS = ("noisy there", "quiet there", "should be True", "should be False", "answer is True",
                 "answer is False", "& playable", "winning_cells(p.x", ".winner for", "connectfour_pass(p)")
LMR_SECRETS = ("rank >= after", "depth >= min_depth", "depth - 1 - reduction", "depth - 1 - (reduction",
               "ranks 3, 4, 5, 6", "ranks 3 to 6")

HINT_RULE_CASES = [
    HintCase("check_knuth_playout", lambda check: check(playout_sum, seed=3), label="adds", secrets=KNUTH_SECRETS),
    HintCase("check_knuth_playout", lambda check: check(playout_nodes, seed=3), label="every position",
             secrets=KNUTH_SECRETS),
    HintCase("check_knuth_playout", lambda check: check(playout_length, seed=3), label="the game's length",
             secrets=KNUTH_SECRETS),
    HintCase("check_exact_score", lambda check: check(exact_linear, seed=5), label="score by score",
             secrets=EXACT_SECRETS),
    HintCase("check_exact_score", lambda check: check(exact_off_by_one, seed=5), label="off by one",
             secrets=EXACT_SECRETS),
    HintCase("check_pons_score", lambda check: check(lambda d, m: 22 - d), label="X's sign", secrets=PONS_SECRETS),
    HintCase("check_pons_score", lambda check: check(lambda d, m: (21 - d) if m else d - 21), label="off by one",
             secrets=PONS_SECRETS),
    HintCase("check_node_type", lambda check: check(lambda p, r: "PV" if p == "PV" else TABLE[p]),
             label="later PV children", secrets=TYPE_SECRETS),
    HintCase("check_node_type", lambda check: check(lambda p, r: type_ifs(p, r) if p != "CUT" else "CUT"),
             label="CUT below CUT", secrets=TYPE_SECRETS),
    HintCase("check_lmr_depth", lambda check: check(lambda d, r, a, m, red: d - 1 - red if r > a and d >= m
                                                    else d - 1, seed=2), label="rank from 1", secrets=LMR_SECRETS),
    HintCase("check_lmr_depth", lambda check: check(lambda d, r, a, m, red: d - red if r >= a and d >= m else d,
                                                    seed=2), label="no ply lost", secrets=LMR_SECRETS),
    HintCase("check_null_depth", lambda check: check(null_rule(plies=lambda d, R: d - R), seed=2),
             label="the pass's ply", secrets=NULL_SECRETS),
    HintCase("check_null_depth", lambda check: check(null_rule(root=False), seed=2), label="pass at the root",
             secrets=NULL_SECRETS),
    HintCase("check_null_depth", lambda check: check(null_rule(infinite=False), seed=2), label="infinite beta",
             secrets=NULL_SECRETS),
    HintCase("check_noisy", lambda check: check(noisy_mover_only, seed=2), label="mover only", secrets=NOISY_SECRETS),
    HintCase("check_noisy", lambda check: check(noisy_opponent_only, seed=2), label="opponent only",
             secrets=NOISY_SECRETS),
    HintCase("check_noisy", lambda check: check(noisy_floating, seed=2), label="floating", secrets=NOISY_SECRETS),
    HintCase("check_noisy", lambda check: check(lambda p: True, seed=2), label="always", secrets=NOISY_SECRETS),
]


def test_a_node_type_takes_its_article():
    """Issue 43: "of a ALL node"."""
    from adversarial.exercises.techniques import check_node_type

    def wrong_under_all(parent, rank):
        if parent == "PV":
            return "PV" if rank == 0 else "CUT"
        return "ALL" if parent == "CUT" else "PV"          # under an ALL node: should be CUT
    said = str(check_node_type(wrong_under_all))
    assert "of an ALL node" in said and "a ALL" not in said


def test_a_crash_gets_the_words_of_its_own_exercise():
    """Each check's hint for a function that raises is its own exercise's idea, not another's."""
    assert "whoever drops it" in rejected(check_noisy(lambda p: 1 / 0, seed=1), "ZeroDivisionError")
    assert "stands for all games" in rejected(check_knuth_playout(lambda game, pick: 1 / 0, seed=1),
                                              "ZeroDivisionError")
