"""An oracle no one here wrote: Stockfish (Debian's `stockfish` package) against the package's choices and the signs
of its evaluations, on the Bratko–Kopec positions and on positions whose result is clear. Skipped, with the reason,
where no Stockfish binary is installed.

Loose on purpose: a three-ply search with material and square bonuses is not Stockfish. What must hold: on positions
Stockfish calls clearly decided, the package's value has the same sign; Stockfish finds most of the suite's own
best moves (a check of the FENs typed into adversarial/games/chess/bratko_kopec.epd). The agreement counts are
printed (run with -s to see them).
"""

import shutil
from pathlib import Path

import pytest

pytest.importorskip("chess")
import chess  # noqa: E402
import chess.engine  # noqa: E402

from adversarial.beyond.techniques import TranspositionTable, engine  # noqa: E402
from adversarial.games.chess import Chess  # noqa: E402
from adversarial.games.chess.evaluation import material_and_squares  # noqa: E402
from adversarial.games.chess.ordering import EngineOrder  # noqa: E402
from adversarial.games.chess.quiescence import Quiescent  # noqa: E402
from adversarial.games.chess.suite import bratko_kopec  # noqa: E402

STOCKFISH = shutil.which("stockfish") or next(
    (p for p in ("/usr/games/stockfish", "/usr/local/bin/stockfish") if Path(p).exists()), None)
pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    STOCKFISH is None, reason="no Stockfish binary here (Debian/Ubuntu: apt-get install stockfish)")]

GAME = Chess()
DECIDED = 150        # centipawns: beyond this, Stockfish calls the position clearly better for one side
CLEAR = [            # positions whose result is plain: a piece or more up, or mate on the board
    "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
    "3qk3/8/8/8/8/8/8/4K3 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    "r3k3/8/8/8/8/8/PPP5/1K6 b - - 0 1",
    "4k3/pppppppp/8/8/8/8/8/RN2K3 w - - 0 1",
    "2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1",
]


@pytest.fixture(scope="module")
def stockfish():
    sf = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
    sf.configure({"Threads": 1, "Hash": 16})
    yield sf
    sf.quit()


def oracle(sf, fen, depth=14):
    info = sf.analyse(chess.Board(fen), chess.engine.Limit(depth=depth))
    score = info["score"].white()
    cp = score.score(mate_score=100_000)
    return cp, info["pv"][0]


def ours(fen, depth=2):
    state = GAME.position(fen)
    r = engine(GAME, state, depth=depth, evaluate=Quiescent(material_and_squares),
               order=EngineOrder(killers=True, history=True), table=TranspositionTable())
    return r.value, r.move


@pytest.fixture(scope="module")
def verdicts(stockfish):
    """{fen: (Stockfish's centipawns and move at depth 14, the package's value and move)}, each worked out once
    for both tests (Stockfish's analyses are most of this file's time)."""
    return {fen: (oracle(stockfish, fen), ours(fen)) for fen in CLEAR + [t.fen for t in bratko_kopec()]}


def test_value_signs_agree_with_stockfish_where_the_position_is_clear(verdicts):
    rows = []
    for fen in CLEAR + [t.fen for t in bratko_kopec()]:
        (cp, _), (value, _) = verdicts[fen]
        if abs(cp) < DECIDED:
            continue
        rows.append((fen, cp, value))
    agree = sum((cp > 0) == (value > 0) for _, cp, value in rows)
    print(f"\nsign agreement with Stockfish on {len(rows)} clearly decided positions: {agree}")
    assert len(rows) >= len(CLEAR)
    assert all((cp > 0) == (v > 0) for fen, cp, v in rows if fen in CLEAR)       # every plain one
    assert agree >= 0.75 * len(rows)


def test_stockfish_finds_most_of_the_suites_best_moves_and_the_package_some(verdicts):
    suite = bratko_kopec()
    sf_hits = pkg_hits = same = 0
    for t in suite:
        (_, sf_move), (_, our_move) = verdicts[t.fen]
        best = t.best_moves()
        sf_hits += sf_move in best
        pkg_hits += our_move in best
        same += our_move == sf_move
    print(f"\nof 24 Bratko-Kopec positions: Stockfish (depth 14) plays the suite's move on {sf_hits}, the package "
          f"(depth 2, quiescence) on {pkg_hits}; the package plays Stockfish's move on {same}")
    assert sf_hits >= 14           # the FENs are the test's: a strong engine finds most of its moves (16 here)
    assert pkg_hits <= sf_hits
