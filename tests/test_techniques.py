"""The engine's techniques (adversarial.techniques, adversarial.zobrist): exact ones give plain
alpha-beta's value on random games with transpositions, unsound ones are shown to differ, every
technique's counter moves, and bad options get clear errors."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adversarial import alphabeta, minimax, tree
from adversarial.beyond.deepening import iterative_deepening
from adversarial.beyond.ordering import best_first
from adversarial.beyond.techniques import (
    LMR,
    ZUGZWANG,
    Aspiration,
    NullMove,
    Quiescence,
    TranspositionTable,
    aspiration_deepening,
    connectfour_noisy,
    connectfour_pass,
    engine,
)
from adversarial.beyond.zobrist import ConnectFourZobrist, Zobrist, collisions
from adversarial.games import TicTacToe
from adversarial.games.connectfour import ConnectFour, centre_first
from adversarial.games.connectfour_eval import no_evaluation, open_windows
from adversarial.lab.experiments import UniformTree, knuth_moore

from .test_nullwindow import dag_game

seeds = st.integers(0, 2**32 - 1)
depths = st.one_of(st.none(), st.integers(0, 4))
C4 = ConnectFour()

EXACT = [dict(), dict(fail="hard"), dict(pvs=True), dict(pvs=True, fail="hard"), dict(table=True),
         dict(table=True, fail="hard"), dict(table=True, pvs=True), dict(node_types=True, pvs=True)]
NEGASCOUT = [dict(pvs=True, research="narrow"), dict(pvs=True, research="narrow", fail="hard"),
             dict(table=True, pvs=True, research="narrow"), dict(table=True, pvs=True, research="narrow", fail="hard")]


def options(config):
    config = dict(config)
    if config.get("table"):
        config["table"] = TranspositionTable()
    return config


def assert_minimax_value(configs, seed, depth, floats):
    game = dag_game(seed, floats)
    want = minimax(game, depth=depth).value
    for config in configs:
        assert engine(game, depth=depth, **options(config)).value == want, config


@given(seeds, depths, st.booleans())
def test_exact_techniques_give_the_minimax_value_on_games_with_transpositions(seed, depth, floats):
    assert_minimax_value(EXACT, seed, depth, floats)


@settings(max_examples=200)
@given(seeds, depths, st.booleans())
def test_negascout_re_search_gives_the_minimax_value_with_and_without_a_table(seed, depth, floats):
    assert_minimax_value(NEGASCOUT, seed, depth, floats)


@given(seeds, st.integers(1, 4), st.booleans())
def test_a_window_gives_the_value_inside_it_and_a_bound_outside(seed, depth, soft):
    game = dag_game(seed)
    want = minimax(game, depth=depth).value
    for low, high in ((want - 1, want + 1), (want + 0.5, want + 3), (want - 3, want - 0.5)):
        got = engine(game, depth=depth, window=(low, high), fail="soft" if soft else "hard").value
        if low < want < high:
            assert got == want
        elif want <= low:
            assert want <= got <= low and (soft or got == low)
        else:
            assert high <= got <= want and (soft or got == high)


@given(seeds, st.integers(1, 5))
def test_aspiration_windows_give_plain_deepening_value(seed, depth):
    game = dag_game(seed, floats=True)
    plain = iterative_deepening(game, max_depth=depth)
    for soft in ("soft", "hard"):
        r, asp = aspiration_deepening(game, max_depth=depth, delta=0.3, fail=soft)
        assert r.value == plain.value
        assert [it.value for it in r.iterations] == [it.value for it in plain.iterations]


def test_aspiration_counts_both_kinds_of_re_search():
    lows = highs = 0
    for seed in range(60):
        _, asp = aspiration_deepening(dag_game(seed, floats=True), max_depth=4, delta=0.2)
        lows, highs = lows + asp.fail_lows, highs + asp.fail_highs
    assert lows > 0 and highs > 0


@given(seeds, st.integers(0, 3), st.integers(0, 3))
def test_quiescence_that_always_extends_searches_cap_plies_deeper(seed, depth, cap):
    game = dag_game(seed)
    extended = engine(game, depth=depth, quiescence=Quiescence(lambda s: True, cap=cap))
    assert extended.value == minimax(game, depth=depth + cap).value
    quiet = engine(game, depth=depth, quiescence=Quiescence(lambda s: False, cap=cap))
    assert quiet.value == minimax(game, depth=depth).value and quiet.stats.extensions == 0


def test_lmr_re_search_repairs_most_of_what_lmr_alone_gets_wrong():
    """LMR is a bet, not a proof: a move that looks bad searched shallower is never searched
    again, so even with re-search the value can differ; re-search only repairs surprises."""
    without = with_ = 0
    for seed in range(300):
        game = dag_game(seed)
        want = minimax(game, depth=4).value
        without += engine(game, depth=4, lmr=LMR(after=1, min_depth=2, research=False)).value != want
        with_ += engine(game, depth=4, lmr=LMR(after=1, min_depth=2)).value != want
    assert without > 0                     # LMR without re-search: a different value, shown
    assert with_ < without


def test_lmr_counts_reductions_and_re_searches_and_saves_nodes_on_connect_four():
    p = C4.play("4453")
    kw = dict(depth=7, evaluate=open_windows, order=centre_first, pvs=True)
    plain = engine(C4, p, table=TranspositionTable(), **kw)
    lmr = engine(C4, p, table=TranspositionTable(), lmr=LMR(), **kw)
    assert lmr.stats.reductions > 0 and lmr.stats.reduction_researches > 0
    assert lmr.stats.nodes < plain.stats.nodes


def test_null_move_gets_the_zugzwang_position_wrong_and_verification_repairs_it():
    p = C4.play(ZUGZWANG)
    depth = 42 - p.count                       # to the end: every value exact
    kw = dict(depth=depth, evaluate=no_evaluation, order=centre_first)
    plain = engine(C4, p, **kw)
    null = engine(C4, p, null_move=NullMove(R=2, pass_turn=connectfour_pass), **kw)
    verified = engine(C4, p, null_move=NullMove(R=2, verify=True, pass_turn=connectfour_pass), **kw)
    from adversarial.games.connectfour import solve
    sign = 1 if C4.to_move(p) == "MAX" else -1
    assert sign * plain.value == solve(ZUGZWANG)
    assert null.value != plain.value and null.move != plain.move
    assert -solve(ZUGZWANG + str(null.move)) < solve(ZUGZWANG)      # null-move's column gives the draw away
    assert null.stats.null_cutoffs > 0
    assert (verified.value, verified.move) == (plain.value, plain.move)
    assert verified.stats.verification_failures > 0
    # the counters add up: every pass tried either cut or not; every verified cut was checked once
    assert 0 < null.stats.null_cutoffs <= null.stats.null_tries and null.stats.verifications == 0
    assert verified.stats.verifications == verified.stats.null_cutoffs + verified.stats.verification_failures
    assert verified.stats.verifications <= verified.stats.null_tries


def test_a_pass_swaps_the_side_to_move_and_keeps_every_score_symmetric():
    p = C4.play("44536")
    q = connectfour_pass(p)
    assert q.count == p.count and (q.x, q.o) == (p.o, p.x)
    assert open_windows(q) == -open_windows(p)


def test_noisy_means_a_win_is_on_the_board():
    assert connectfour_noisy(C4.play("445566"))      # X wins in row 1 next move
    assert not connectfour_noisy(C4.play("4"))


def test_node_types_on_the_minimal_tree_follow_knuth_and_moore():
    for b, d in ((2, 4), (3, 3), (3, 4), (4, 3)):
        t = UniformTree(b, d, seed=b * 10 + d)      # distinct leaves: no ties
        r = engine(t, order=best_first(t), node_types=True)
        s = r.stats
        assert s.leaves == knuth_moore(b, d)
        total = s.types["PV"] + s.types["CUT"] + s.types["ALL"]
        assert s.type_agreement == total              # every node is the type predicted
        assert s.cut_first == s.types["CUT"] > 0      # every CUT node is refuted by its first move


def test_node_types_in_a_real_search_mostly_agree():
    r = engine(C4, C4.play("4453"), depth=5, evaluate=open_windows, order=centre_first, node_types=True)
    s = r.stats
    total = sum(s.types.values())
    assert total > 0 and s.type_agreement < total           # predictions fail where ordering does
    assert 0 < s.cut_first < s.types["CUT"]
    assert sum(s.expected.values()) == total


def test_the_table_is_exact_with_zobrist_keys_and_saves_nodes():
    p = C4.play("4453")
    kw = dict(depth=5, evaluate=open_windows, order=centre_first)
    plain = engine(C4, p, **kw)
    exact = engine(C4, p, table=TranspositionTable(), **kw)
    hashed = engine(C4, p, table=TranspositionTable(ConnectFourZobrist(seed=3)), **kw)
    assert plain.value == exact.value == hashed.value
    assert exact.stats.nodes == hashed.stats.nodes < plain.stats.nodes and exact.stats.table_hits > 0


def test_zobrist_keys_are_incremental_and_equal_for_transpositions():
    z = ConnectFourZobrist(seed=5)
    p = C4.initial_state()
    key = z.key(p)
    for column in (4, 4, 5, 3, 3, 2, 6):
        child = C4.result(p, column)
        key = z.update(key, p, column, child)
        assert key == z.key(child)
        p = child
    assert z.key(C4.play("4435")) == z.key(C4.play("3544"))
    assert z.key(C4.play("4")) != z.key(C4.play("3"))


def test_generic_zobrist_on_tic_tac_toe_boards():
    game = TicTacToe()
    z = Zobrist(9, "XO", empty=".", seed=1, cells_of=lambda board: board.cells)
    s = game.initial_state()
    key = z.key(s)
    for move in (4, 0, 8):
        child = game.result(s, move)
        key = z.update(key, s, move, child)
        assert key == z.key(child)
        s = child
    assert z.key(game.play(0, 4)) != z.key(game.play(4, 0))      # X and O swapped: different keys
    assert z.key(game.play(0, 4, 8)) == z.key(game.play(8, 4, 0))  # a transposition: one key
    p = game.initial_state()
    kw = dict(depth=None)
    plain = engine(game, p, **kw)
    hashed = engine(game, p, table=TranspositionTable(z), **kw)
    assert plain.value == hashed.value and hashed.stats.nodes < plain.stats.nodes


def test_collisions_follow_the_birthday_bound_and_vanish_at_64_bits():
    states = set()
    frontier = [C4.initial_state()]
    for _ in range(5):
        frontier = list({C4.result(p, c) for p in frontier for c in C4.actions(p)})
        states.update(frontier)
    z = ConnectFourZobrist(seed=0)
    small = collisions(states, z, 12)
    assert small["colliding pairs"] > 0
    assert 0.3 * small["expected pairs"] < small["colliding pairs"] < 3 * small["expected pairs"]
    assert collisions(states, z, 64)["colliding pairs"] == 0


@pytest.mark.parametrize("bad, message", [
    (dict(fail="medium"), "fail must be 'soft' or 'hard'"),
    (dict(lmr=3), "lmr must be None or a LMR"),
    (dict(table=True), "table must be None or a TranspositionTable"),
    (dict(window=(3, 1)), "alpha < beta"),
    (dict(window=5), "pair"),
    (dict(lmrr=LMR()), "did you mean 'lmr'"),
    (dict(pvs=True, research="wide"), "research must be 'full' .* or 'narrow'"),
    (dict(pvs=True, research=None), "research must be 'full' .* or 'narrow'"),
])
def test_bad_options_get_clear_errors(bad, message):
    with pytest.raises((TypeError, ValueError), match=message):
        engine(C4, depth=2, evaluate=open_windows, **bad)


def test_bad_technique_settings_get_clear_errors():
    with pytest.raises(ValueError, match="R must be a whole number"):
        NullMove(R=0)
    with pytest.raises(ValueError, match="cap must be a whole number"):
        Quiescence(connectfour_noisy, cap=-1)
    with pytest.raises(TypeError, match="noisy must be a function"):
        Quiescence(3)
    with pytest.raises(ValueError, match="needs a way to pass"):
        engine(tree([[1, 2], [3, 4]]), depth=2, null_move=NullMove(R=1, min_depth=2))
    with pytest.raises(ValueError, match="give depth"):
        engine(C4, lmr=LMR())
    with pytest.raises(ValueError, match="delta must be a positive number"):
        Aspiration(delta=0)
    with pytest.raises(ValueError, match="bits must be"):
        ConnectFourZobrist(bits=0)
    with pytest.raises(ValueError, match="not one of the pieces"):
        Zobrist(2, ("X",)).key(("X", "Q"))


def test_engine_agrees_with_alphabeta_on_connect_four_node_for_node():
    p = C4.play("4453")
    a = alphabeta(C4, p, depth=4, evaluate=open_windows, order=centre_first)
    e = engine(C4, p, depth=4, evaluate=open_windows, order=centre_first)
    assert (a.value, a.move, a.stats.nodes, a.stats.leaves) == (e.value, e.move, e.stats.nodes, e.stats.leaves)


def test_the_module_docstring_names_only_the_exact_techniques_as_exact_and_its_table_parses():
    """Issue 30: LMR with re-search was listed as exact; on 47446 it is not. The option table had
    text in its column margin (docutils: "Malformed table")."""
    import io

    import adversarial.beyond.techniques as techniques
    doc = techniques.__doc__
    exact = doc[doc.index("Exact techniques"):].split(")")[0]
    assert "PVS" in exact and "LMR" not in exact
    q, kw = C4.play("47446"), dict(depth=4, evaluate=open_windows, order=centre_first)
    assert engine(C4, q, lmr=LMR(), **kw).value != alphabeta(C4, q, **kw).value
    # docutils comes with the site's tools (requirements.txt), not with the library's tests on other Pythons
    docutils_core = pytest.importorskip("docutils.core", reason="docutils is installed with the site's tools")
    warnings = io.StringIO()
    docutils_core.publish_doctree(doc.split(">>>")[0], settings_overrides={"warning_stream": warnings,
                                                                           "report_level": 2})
    assert "table" not in warnings.getvalue().lower()


def test_a_table_that_cannot_key_the_game_is_refused_before_the_search_with_the_mismatch_named():
    """Issue 30: bits= with exact keys, and a Connect Four Zobrist on tic-tac-toe, failed mid-search
    with a raw TypeError / AttributeError."""
    with pytest.raises(ValueError, match=r"bits=8 cuts a Zobrist key.*exact state.*ConnectFourZobrist"):
        TranspositionTable(bits=8)
    game = TicTacToe()
    with pytest.raises(TypeError, match=r"ConnectFourZobrist keys Connect Four positions, got Board.*Zobrist\(9"):
        engine(game, table=TranspositionTable(ConnectFourZobrist()))
    with pytest.raises(TypeError, match="sequences of 42 cells.*cells_of"):
        engine(game, table=TranspositionTable(Zobrist(42, "XO", empty=".")))
    assert len(TranspositionTable(ConnectFourZobrist(), bits=8)) == 0


def test_zobrist_update_refuses_an_unknown_piece_and_a_child_of_another_size():
    z = Zobrist(3, ("X",), empty=".")
    start = (".", ".", ".")
    with pytest.raises(ValueError, match=r"cell 1 holds 'O', which is not one of the pieces \('X',\)"):
        z.update(z.key(start), start, 1, (".", "O", "."))
    with pytest.raises(ValueError, match="states of 3 cells, got one of 2"):
        z.update(z.key(start), start, 0, ("X", "."))
    with pytest.raises(TypeError, match="ConnectFourZobrist keys Connect Four positions"):
        ConnectFourZobrist().update(0, C4.initial_state(), 1, start)
    assert z.update(z.key(start), start, 0, ("X", ".", ".")) == z.key(("X", ".", "."))


@pytest.mark.parametrize("leaves", [[float("inf"), 0], [0, float("-inf")], [[float("-inf"), 3], [float("inf"), 2]],
                                    [10**400, 0], [[10**400, 3], [2, -10**400]], [[1e308, 3], [2, 1e300]]])
def test_aspiration_deepening_and_null_windows_take_infinite_and_huge_values(leaves):
    """Issue 30: an infinite value gave the window (inf, inf); a huge int an OverflowError."""
    t = tree(leaves)
    want = minimax(t).value
    r, _ = aspiration_deepening(t, evaluate=lambda s: 0, max_depth=3, pvs=True)
    assert r.value == want
    assert engine(t, pvs=True, lmr=LMR(after=1, min_depth=2), depth=3, evaluate=lambda s: 0).value == want


def test_deepening_options_name_deepening_and_say_why_window_is_not_one():
    from adversarial.beyond.techniques import deepening
    with pytest.raises(TypeError, match=r"^deepening\(\) options .* \(each iteration sets its own window\); "
                                        r"got 'window'"):
        deepening(tree([[1, 2], [3, 4]]), evaluate=lambda s: 0, window=(0, 1))
    with pytest.raises(TypeError, match=r"^Aspiration options"):
        Aspiration(options={"window": (0, 1)})
