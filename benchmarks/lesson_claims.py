"""The measurements behind notebooks 9 and 10's sentences, on all 40 sample positions at depths 4 and 5,
one row per position (so the notebooks can pair them: how many positions a technique makes cheaper, how
many dearer), plus Zobrist collisions over 40 seeds and the ladder's match over 10 seeds.

    nice .venv/bin/python benchmarks/lesson_claims.py      # about 3 minutes; rewrites the module below

Writes ``adversarial/lab/lesson_claims.py`` (a plain dict, ``MEASURED``), which the notebooks read: these
runs take minutes, too long for cells that CI executes. Node counts are deterministic, so the file is the
same on every machine; ``tests/test_lesson_claims.py`` re-measures a few rows and compares.
"""

from __future__ import annotations

import pprint
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))   # run from anywhere

from adversarial.beyond.techniques import TranspositionTable, aspiration_deepening, deepening, engine  # noqa: E402
from adversarial.beyond.zobrist import ConnectFourZobrist, collisions  # noqa: E402
from adversarial.games.connectfour import centre_first  # noqa: E402
from adversarial.games.connectfour_eval import open_windows  # noqa: E402
from adversarial.lab.engine_lab import GAME, RUNGS, SAMPLE, ladder, play_match  # noqa: E402

DEPTHS = (4, 5)
DELTAS = (0.005, 0.02, 0.1)
COLLISION_SEEDS = range(40)
MATCH_SEEDS = range(10)


def position_row(moves: str, depth: int) -> dict:
    """Every per-position number of notebooks 9 and 10 at one depth (nodes entered unless named)."""
    q = GAME.play(moves)
    fixed = dict(depth=depth, evaluate=open_windows, order=centre_first)
    row = {}
    for name, table, pvs in (("ab_table", True, False), ("pvs_table", True, True),
                             ("ab_plain", False, False), ("pvs_plain", False, True)):
        row[name] = engine(GAME, q, table=TranspositionTable() if table else None, pvs=pvs, **fixed).stats.nodes
    s = engine(GAME, q, node_types=True, **fixed).stats
    row.update(typed=sum(s.types.values()), agree=s.type_agreement, cut=s.types["CUT"], cut_first=s.cut_first,
               leaves=s.leaves)
    deep = dict(evaluate=open_windows, max_depth=depth, order=centre_first)
    for fail in ("soft", "hard"):
        r, _ = aspiration_deepening(GAME, q, delta=0.02, table=TranspositionTable(), pvs=True, fail=fail, **deep)
        row[f"fail_{fail}"] = r.nodes
    for name, table, pvs in (("deep_ab_table", True, False), ("deep_pvs_table", True, True),
                             ("deep_ab_plain", False, False), ("deep_pvs_plain", False, True)):
        row[name] = deepening(GAME, q, table=TranspositionTable() if table else None, pvs=pvs, **deep).nodes
    for delta in DELTAS:
        r, asp = aspiration_deepening(GAME, q, delta=delta, table=TranspositionTable(), pvs=True, **deep)
        row[f"asp_{delta}"] = r.nodes
        row[f"asp_{delta}_researches"] = asp.fail_lows + asp.fail_highs
    return row


def measure() -> dict:
    out = {"depths": DEPTHS, "positions": len(SAMPLE), "rows": {}, "ladder": {}}
    for depth in DEPTHS:
        rows = [position_row(p.moves, depth) for p in SAMPLE]
        out["rows"][depth] = {key: [row[key] for row in rows] for key in rows[0]}    # one list per measure
        print(f"depth {depth}: positions done", flush=True)
        rows = ladder(SAMPLE, depth=depth)
        out["ladder"][depth] = {row["rung"]: {"nodes": [run.nodes for run in row["runs"]],
                                              "right": [run.move in p.right for run, p in zip(row["runs"], SAMPLE)]}
                                for row in rows}
        print(f"depth {depth}: ladder done", flush=True)
    states, frontier = set(), [GAME.initial_state()]
    for _ in range(6):
        frontier = list({GAME.result(q, c) for q in frontier for c in GAME.actions(q)})
        states.update(frontier)
    out["collisions_16"] = [collisions(states, ConnectFourZobrist(seed=seed), 16)
                            for seed in COLLISION_SEEDS]
    print("collisions done", flush=True)
    matches = []
    for seed in MATCH_SEEDS:
        m = play_match(len(RUNGS) - 1, 0, openings=4, node_budget=300, seed=seed)
        matches.append({"seed": seed, "wins": m.wins, "draws": m.draws, "losses": m.losses, "score": m.score,
                        "low": m.low, "high": m.high})
    out["match"] = matches
    return out


def write(data: dict) -> None:
    doc = ("Measured by benchmarks/lesson_claims.py (do not edit by hand: run it again); read by notebooks 9 "
           "and 10.\n\n"
           "One list per measure, one entry per sample position (in the order of SAMPLE), at depths "
           f"{DEPTHS};\nthe ladder per rung; 16-bit Zobrist collisions over {len(COLLISION_SEEDS)} seeds; the "
           f"ladder's match over {len(MATCH_SEEDS)} seeds.")
    body = pprint.pformat(data, width=116, compact=True, sort_dicts=False)
    text = f'"""{doc}"""\n\nMEASURED = {body}\n'
    target = ROOT / "adversarial" / "lab" / "lesson_claims.py"
    target.write_text(text)
    print(f"wrote {target.relative_to(ROOT)}")


def main() -> None:
    write(measure())


if __name__ == "__main__":
    main()
