"""Chess on the game protocol (adversarial.games.chess): perft, the ends of the game, make/undo,
every search against plain minimax, quiescence and the horizon effect, clear errors."""

import random

import pytest

chess = pytest.importorskip("chess")

from adversarial import alphabeta, minimax, mtdf, negamax, pvs  # noqa: E402
from adversarial.beyond.ordering import History, Killers  # noqa: E402
from adversarial.beyond.techniques import LMR, NullMove, TranspositionTable, deepening, engine  # noqa: E402
from adversarial.games.chess import Chess, ChessState, FenError, mate_score, ordering  # noqa: E402
from adversarial.games.chess.evaluation import SCALE, centipawns, material, material_and_squares  # noqa: E402
from adversarial.games.chess.ordering import EngineOrder, killer_ply, mvv_lva, tactical_first  # noqa: E402
from adversarial.games.chess.quiescence import HORIZON, Quiescent, captures, quiesce  # noqa: E402
from adversarial.games.chess.suite import bratko_kopec  # noqa: E402

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"        # en passant, rook endings
BACK_RANK = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"               # Ra8# in one
MATE_IN_2 = "3r2k1/3r4/8/8/8/8/5PPP/2R3K1 b - - 0 1"           # Black: Rd1+ Rxd1 Rxd1#
PROMOTION = "8/P7/8/8/8/8/6k1/4K3 w - - 0 1"                     # a8=Q, or a bad under-promotion

GAME = Chess()


def perft(game, state, depth):
    """Legal move paths of length ``depth``, counted through the protocol (actions and result)."""
    if depth == 0:
        return 1
    return sum(perft(game, game.result(state, m), depth - 1) for m in game.actions(state))


# -- perft: the published counts ----------------------------------------------------------

@pytest.mark.parametrize("fen, counts", [
    (chess.STARTING_FEN, [20, 400, 8902]),
    (KIWIPETE, [48, 2039]),
    (POSITION_3, [14, 191, 2812]),
])
def test_perft_matches_the_published_counts(fen, counts):
    p = GAME.position(fen)
    assert [perft(GAME, p, d) for d in range(1, len(counts) + 1)] == counts


def test_perft_shares_one_board_and_leaves_it_where_the_root_was():
    p = GAME.position(KIWIPETE)
    assert perft(GAME, p, 2) == 2039
    assert p.fen() == KIWIPETE


def test_states_read_in_any_order_show_their_own_position():
    rng = random.Random(7)          # a fixed seed: the same walk every run
    root = GAME.position()
    states, boards = [root], [chess.Board()]
    for _ in range(300):
        i = rng.randrange(len(states))
        moves = GAME.actions(states[i])
        if not moves:
            continue
        m = rng.choice(moves)
        states.append(GAME.result(states[i], m))
        b = boards[i].copy()
        b.push(m)
        boards.append(b)
    order = list(range(len(states)))
    rng.shuffle(order)
    for i in order:
        assert states[i].fen() == boards[i].fen()


# -- the ends of the game and the scores ------------------------------------------------------

@pytest.mark.parametrize("fen, moves, ending, score", [
    ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", ["Ra8#"], "checkmate", mate_score(1)),
    ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", [], "stalemate", 0),
    ("8/8/4k3/8/8/3NK3/8/8 w - - 0 1", [], "insufficient material", 0),
    ("8/8/4k3/8/8/3RK3/8/8 w - - 100 80", [], "fifty-move rule", 0),
    (chess.STARTING_FEN, ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"], "threefold repetition", 0),
    ("4k3/8/8/8/8/8/8/R3K2R b - - 0 1", [], None, None),
])
def test_the_ends_of_the_game(fen, moves, ending, score):
    p = GAME.position(fen, moves)
    assert p.ending() == ending
    assert GAME.is_terminal(p) == (ending is not None)
    if ending is None:
        assert GAME.actions(p)
        with pytest.raises(ValueError, match="goes on"):
            GAME.utility(p)
    else:
        assert GAME.actions(p) == ()
        assert GAME.utility(p) == score


def test_mate_scores_outrank_every_evaluation_and_quicker_mates_score_more():
    assert mate_score(10) > mate_score(11) > 1
    for t in bratko_kopec():
        assert -1 < material_and_squares(GAME.position(t.fen)) < 1
    black_mated = GAME.position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", ["Ra8#"])
    white_mated = GAME.position(chess.Board(BACK_RANK).mirror(), ["Ra1#"])     # the same, colours swapped
    assert GAME.utility(black_mated) == mate_score(1) and GAME.utility(white_mated) == -mate_score(2)


def test_the_evaluation_is_the_tables_and_antisymmetric():
    assert centipawns(material_and_squares(GAME.initial_state())) == 0
    assert centipawns(material(GAME.position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"))) == 900
    # Mirror every position top to bottom and swap the colours: the score changes sign.
    for t in bratko_kopec():
        board = chess.Board(t.fen)
        assert material_and_squares(GAME.position(board.mirror())) == -material_and_squares(GAME.position(board))
    assert SCALE > 13_000


# -- every search against plain minimax ---------------------------------------------------------

def _random_positions(n, plies, seed):
    rng = random.Random(seed)       # a fixed seed: the same positions every run
    found = []
    while len(found) < n:
        b = chess.Board()
        for _ in range(plies):
            moves = list(b.legal_moves)
            if not moves:
                break
            b.push(rng.choice(moves))
        if not b.is_game_over():
            found.append(chess.Board(b.fen()))
    return found


SLOW = pytest.mark.slow            # minimax to depth 3 on a whole board: seconds
CASES = ([(fen, 2) for fen in (bratko_kopec()[0].fen, POSITION_3, PROMOTION)]
         + [pytest.param(KIWIPETE, 2, marks=SLOW)]
         + [(fen, 3) for fen in (BACK_RANK, "7k/8/6K1/8/8/8/8/6Q1 w - - 0 1")]
         + [pytest.param(MATE_IN_2, 3, marks=SLOW)]
         + [(b.fen(), 2) for b in _random_positions(2, 12, seed=1)])


@pytest.mark.parametrize("fen, depth", CASES)
def test_every_exact_search_agrees_with_minimax(fen, depth):
    p = GAME.position(fen)
    expected = minimax(GAME, p, depth=depth).value
    killers = Killers(mvv_lva, ply=killer_ply)
    results = {
        "alphabeta": alphabeta(GAME, p, depth=depth),
        "alphabeta >": alphabeta(GAME, p, depth=depth, prune_on_equal=False),
        "alphabeta table": alphabeta(GAME, p, depth=depth, table=True),
        "negamax": negamax(GAME, p, depth=depth),
        "pvs": pvs(GAME, p, depth=depth),
        "mtdf": mtdf(GAME, p, depth=depth),
        "engine": engine(GAME, p, depth=depth),
        "engine fail-hard": engine(GAME, p, depth=depth, fail="hard"),
        "engine pvs table": engine(GAME, p, depth=depth, pvs=True, table=TranspositionTable()),
        "engine killers history": engine(GAME, p, depth=depth, order=History(killers)),
        "tactical first": alphabeta(GAME, p, depth=depth, order=tactical_first),
        "deepening": deepening(GAME, p, max_depth=depth, table=TranspositionTable()),
    }
    for name, r in results.items():
        assert r.value == expected, name
    assert results["alphabeta"].stats.nodes <= minimax(GAME, p, depth=1).stats.nodes ** depth


def test_alphabeta_finds_the_mates():
    p = GAME.position(BACK_RANK)
    r = alphabeta(GAME, p, depth=3)
    assert GAME.line(p, r.pv)[0] == "Ra8#" and r.value == mate_score(1)
    q = GAME.position(MATE_IN_2)
    r = alphabeta(GAME, q, depth=3, order=tactical_first)
    assert r.value == -mate_score(4)                      # Black, MIN, mates on the 4th ply of the game
    assert GAME.line(q, r.pv) == ["Rd1+", "Rxd1", "Rxd1#"]
    assert GAME.utility(_play(q, r.pv)) == r.value


def _play(state, line):
    for m in line:
        state = GAME.result(state, m)
    return state


def test_lmr_and_null_moves_run_on_chess_and_a_pass_in_check_loses():
    p = GAME.position(POSITION_3)
    r = engine(GAME, p, depth=4, order=mvv_lva, lmr=LMR(), null_move=NullMove(), table=TranspositionTable())
    assert r.stats.null_tries > 0 and r.stats.reductions > 0
    assert r.move in GAME.actions(p)
    check = GAME.position("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")       # White in check
    passed = GAME.pass_turn(check)
    assert passed.ending() == "king left in check" and GAME.utility(passed) < -1


def test_traces_and_labels_speak_san():
    game = Chess(BACK_RANK)
    r = alphabeta(game, depth=1, trace=True)
    assert game.label(r.pv) == "Ra8#"
    assert "Ra8#" in str(r.trace.table())


# -- move orders ---------------------------------------------------------------------------------

def test_mvv_lva_puts_the_biggest_victim_and_the_smallest_attacker_first():
    p = GAME.position("4k3/8/8/3q1r2/4P3/2N5/8/4K3 w - - 0 1")
    order = [GAME.san(p, m) for m in mvv_lva(p, GAME.actions(p))]
    assert order[:3] == ["exd5", "Nxd5", "exf5"]
    assert sorted(order) == sorted(GAME.san(p, m) for m in GAME.actions(p))


def test_tactical_first_puts_captures_then_promotions_then_checks():
    p = GAME.position("3r2k1/P7/8/8/8/8/8/R3K3 w - - 0 1")
    order = [GAME.san(p, m) for m in tactical_first(p, GAME.actions(p))]
    assert order[:2] == ["axb8=Q", "axb8=R"] or order[0] == "a8=Q"
    first_quiet = next(i for i, s in enumerate(order) if "+" not in s and "=" not in s and "x" not in s)
    assert all("+" not in s for s in order[first_quiet:])



def test_orders_sharing_their_checks_search_as_orders_on_their_own(monkeypatch):
    p = GAME.position(bratko_kopec()[7].fen)
    assert EngineOrder()(p, GAME.actions(p)) == tactical_first(p, GAME.actions(p))
    alone = [engine(GAME, GAME.position(p.fen()), depth=2, order=EngineOrder(killers=k, history=h))
             for k, h in ((False, False), (True, False), (True, True))]
    calls = []
    real = ordering.gives_check
    monkeypatch.setattr(ordering, "gives_check", lambda board, move: calls.append(move) or real(board, move))
    checks: dict = {}
    shared = []
    for k, h in ((False, False), (True, False), (True, True)):
        before = len(calls)
        shared.append(engine(GAME, GAME.position(p.fen()), depth=2,
                             order=EngineOrder(killers=k, history=h, checks=checks)))
        if k:
            assert len(calls) - before < before       # the later orders look most moves up
    assert [(r.value, r.stats.nodes, r.stats.leaves) for r in shared] == \
        [(r.value, r.stats.nodes, r.stats.leaves) for r in alone]
    assert checks and len(calls) == sum(len(said) for said in checks.values())     # each looked at once
    with pytest.raises(TypeError, match="checks must be None or a dict"):
        EngineOrder(checks=[])


def test_gives_check_from_the_bitboards_agrees_with_playing_the_move():
    boards = [chess.Board(fen) for fen in (KIWIPETE, POSITION_3, PROMOTION, MATE_IN_2,
                                           "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",          # en passant
                                           "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",      # castling
                                           "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1")]           # O-O-O checks
    boards += _random_positions(60, 30, seed=3) + [chess.Board(t.fen) for t in bratko_kopec()]
    tried = checking = 0
    for board in boards:
        for move in board.legal_moves:
            expected = board.gives_check(move)
            assert ordering.gives_check(board, move) == expected, (board.fen(), move.uci())
            tried, checking = tried + 1, checking + expected
    assert tried > 2000 and checking > 50


def _after(fen, moves):
    board = chess.Board(fen)
    for san in moves:
        board.push_san(san)
    return board


MEMO_CASES = [
    (KIWIPETE, 2, {}),
    (BACK_RANK, 2, {}),
    (PROMOTION, 3, {}),
    ("7k/8/6K1/8/8/8/8/6Q1 w - - 98 80", 3, {}),         # the fifty-move rule falls inside the search
    (_after(chess.STARTING_FEN, ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]), 2, {}),   # Ng8: threefold
    (bratko_kopec()[7].fen, 3, {"null_move": NullMove()}),                                    # passes
] + [(b.fen(), 2, {}) for b in _random_positions(1, 16, seed=5)]


@pytest.mark.parametrize("fen, depth, options", MEMO_CASES)
def test_searches_sharing_a_memo_search_as_searches_on_their_own(fen, depth, options):
    def engine_order():
        return EngineOrder(killers=True, history=True)
    alone, shared, memo = [], [], {}
    for order, table in ((lambda: None, lambda: None), (lambda: mvv_lva, lambda: None), (EngineOrder, lambda: None),
                         (engine_order, TranspositionTable)):      # each search with an order and a table of its own
        alone.append(engine(GAME, GAME.position(fen), depth=depth, order=order(), table=table(), **options))
        shared.append(engine(GAME, GAME.position(fen, memo=memo), depth=depth, order=order(), table=table(),
                             **options))
    assert [(r.value, r.move, r.stats.nodes, r.stats.leaves) for r in shared] == \
        [(r.value, r.move, r.stats.nodes, r.stats.leaves) for r in alone]
    assert memo


def test_a_memo_answers_without_the_board_and_a_bad_memo_is_refused(monkeypatch):
    fen = bratko_kopec()[0].fen
    memo: dict = {}
    first = engine(GAME, GAME.position(fen, memo=memo), depth=2, order=mvv_lva)
    pushes = []
    real = chess.Board.push
    monkeypatch.setattr(chess.Board, "push", lambda board, move: pushes.append(move) or real(board, move))
    again = engine(GAME, GAME.position(fen, memo=memo), depth=2, order=mvv_lva)
    assert (again.value, again.stats.nodes) == (first.value, first.stats.nodes) and pushes == []
    with pytest.raises(TypeError, match="memo must be None or a dict"):
        GAME.position(fen, memo=[])


@pytest.mark.slow
def test_ordering_saves_nodes_on_the_suite_but_not_the_value():
    p = GAME.position(bratko_kopec()[0].fen)
    plain = alphabeta(GAME, p, depth=3)
    ordered = alphabeta(GAME, p, depth=3, order=mvv_lva)
    assert ordered.value == plain.value and ordered.stats.nodes < plain.stats.nodes / 2


def test_the_suite_is_legal_with_legal_best_moves():
    suite = bratko_kopec()
    assert [t.id for t in suite] == [f"BK.{i:02d}" for i in range(1, 25)]
    for t in suite:
        board = chess.Board(t.fen)
        assert board.status() == chess.STATUS_VALID
        assert t.best_moves() <= set(board.legal_moves)


# -- quiescence and the horizon effect ---------------------------------------------------------------

def test_the_horizon_effect_and_quiescence_fixing_it():
    p = GAME.position(HORIZON)
    blind = alphabeta(GAME, p, depth=1, evaluate=material_and_squares)
    seeing = alphabeta(GAME, p, depth=1, evaluate=Quiescent(material_and_squares))
    assert GAME.san(p, blind.move) == "Qxd5"
    assert centipawns(blind.value) == 805              # the pawn won, the recapture unseen
    assert GAME.san(p, seeing.move) != "Qxd5"
    assert centipawns(seeing.value) == 685             # the queen kept (Kf1)
    # Two plies see the recapture; one ply with quiescence sees it too, and gives the same choice.
    assert GAME.san(p, alphabeta(GAME, p, depth=2).move) != "Qxd5"


def test_stand_pat_returns_the_evaluation_of_a_quiet_position_and_fails_high_at_beta():
    quiet = GAME.position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    assert captures(quiet) == []
    v = quiesce(quiet, -10, 10, material_and_squares)
    assert v == material_and_squares(quiet)
    p = GAME.position(HORIZON)
    counter = [0]
    assert quiesce(p, -10, -0.5, material_and_squares, counter) == material_and_squares(p)
    assert counter == [1]                              # stood pat at β without trying a capture


def test_quiescence_is_minimax_over_captures():
    """Quiescence with a window equals quiescence with the whole line, clipped (fail-soft bounds hold)."""
    for t in bratko_kopec()[:8]:
        p = GAME.position(t.fen)
        exact = quiesce(p, -10, 10, material_and_squares)
        for alpha, beta in ((exact - 0.01, exact + 0.01), (exact + 0.001, exact + 0.02), (exact - 0.02, exact - 0.001)):
            v = quiesce(p, alpha, beta, material_and_squares)
            if v <= alpha:
                assert exact <= v
            elif v >= beta:
                assert exact >= v
            else:
                assert v == exact


# -- clear errors -------------------------------------------------------------------------------------

@pytest.mark.parametrize("fen, words", [
    ("", "empty"),
    ("not a fen", "not a FEN"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "not a FEN"),
    ("8/8/8/8/8/8/8/8 w - - 0 1", "not a legal chess position: no white king"),
    ("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "opposite check"),
    ("4k3/8/8/8/8/8/8/K1K5 w - - 0 1", "too many kings"),
    (42, "a FEN string or a chess.Board"),
])
def test_bad_positions_get_clear_errors(fen, words):
    with pytest.raises(FenError, match=words):
        GAME.position(fen)


def test_bad_moves_get_clear_errors():
    with pytest.raises(FenError, match="not a legal move.*legal moves are"):
        GAME.position(moves=["e5"])
    with pytest.raises(ValueError, match="'Ke2' is not a legal move here"):
        GAME.move(GAME.initial_state(), "Ke2")
    with pytest.raises(TypeError, match="chess.Move"):
        GAME.result(GAME.initial_state(), "e4")
    assert GAME.move(GAME.initial_state(), "e2e4") == GAME.move(GAME.initial_state(), "e4")


def test_a_state_is_a_chess_state_and_the_repr_is_its_fen():
    p = GAME.position(BACK_RANK)
    assert isinstance(p, ChessState) and repr(p) == f"ChessState({BACK_RANK!r})"
    assert "White to move" in p.words() and "rook a1" in p.words()
    assert repr(Chess()) == "Chess()" and repr(Chess(BACK_RANK)) == f"Chess({BACK_RANK!r})"
