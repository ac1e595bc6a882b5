"""How often two students of one course get the same variant (issue 41, item 3), and how rare lesson 5's horizon
trap is among random positions.

    .venv/bin/python benchmarks/bench_variant_spaces.py [--students 200] [--lessons 03 04 ...]
    .venv/bin/python benchmarks/bench_variant_spaces.py --horizon 3000

The first prints, for every varied exercise of the assignments (tools/assignments.py), how many distinct
instances ``--students`` student ids of one course get, and the share of the pairs of students whose instances
are identical (1 / distinct instances when they are drawn evenly; 0 is best). An instance is what the student's
first cell draws (a tree, a board, numbers), as written.

``--traps COUNT`` finds the positions ``adversarial.exercises.variants.HORIZON_TRAPS`` keeps, as the
second counts them.

The second (item 3 of the round's brief) draws random Connect Four positions as lesson 5's exercise 2 needs one:
``--horizon`` random games cut after 22, 24 or 26 moves (the lesson's has 24), and counts those where the
depth-3 search (open_windows) sees neither a win nor a loss, plays a move after which the opponent forces a win
(in 3, 5 or 7 moves), and another move would not have lost within 7: the lesson's kind of trap.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

COURSE_ID = "cs-4100-2026"
LESSONS = ("00", "01", "02", "03", "04", "05", "07", "08", "11")


def instances(lesson: str, students: list[str]) -> dict:
    """exercise -> the instance each student gets (as written), for one lesson's assignment."""
    import assignments
    import nbformat

    from adversarial.exercises.variants import Variant, instance_of
    path = assignments.lesson(lesson)
    varied = assignments.variations(assignments.exercises(nbformat.read(path, as_version=4)))
    drawn: dict = {}
    for number, v in varied.items():
        got = []
        for student in students:
            mine = Variant(COURSE_ID, path.stem, student)
            if "instance" in v:
                found = instance_of(v["instance"], v["lesson"], v["fixed"], mine.seed(number), v["known"])
                got.append(repr(sorted(found.items())))
            else:
                got.append(repr(mine.tree(v["key"], v["spec"], needs=v["needs"],
                                          branching=v["options"].get("branching"))))
        name = v.get("instance", v.get("check"))
        drawn[f"{lesson} ex {number} ({name})"] = got
    return drawn


def shared_pairs(got: list) -> float:
    """The share of pairs of students with identical instances."""
    n = len(got)
    same = sum(k * (k - 1) // 2 for k in collections.Counter(got).values())
    return same / (n * (n - 1) // 2)


def spaces(students: int, lessons) -> None:
    ids = [f"student-{i:03d}" for i in range(students)]
    print(f"{students} students of course {COURSE_ID}: distinct instances and the share of pairs with identical ones")
    print(f"{'exercise':58} {'distinct':>8} {'pairs alike':>12}")
    for lesson in lessons:
        start = time.perf_counter()
        for label, got in instances(lesson, ids).items():
            print(f"{label:58} {len(set(got)):8d} {shared_pairs(got):12.4f}")
        print(f"  (lesson {lesson} drawn in {time.perf_counter() - start:.1f} s)", file=sys.stderr)


def horizon(games: int, seed: int = 1) -> None:
    from adversarial import alphabeta
    from adversarial.exercises.connectfour import _GAME as game
    from adversarial.exercises.connectfour import open_windows

    def loss_in(position, deepest=7):
        loser = 1 if game.to_move(position) == "MIN" else -1
        return next((d for d in range(1, deepest + 1)
                     if loser * alphabeta(game, position, depth=d, evaluate=open_windows).value <= -1), None)

    rng, counts, start = random.Random(seed), collections.Counter(), time.perf_counter()
    for i in range(games):
        if i and i % 250 == 0:
            print(f"  {i} of {games} positions, {time.perf_counter() - start:.0f} s", file=sys.stderr)
        p = game.initial_state()
        for _ in range(rng.choice((22, 24, 26))):
            if game.is_terminal(p):
                break
            p = game.result(p, rng.choice(game.actions(p)))
        if game.is_terminal(p):
            counts["game over before the cut"] += 1
            continue
        seen = alphabeta(game, p, depth=3, evaluate=open_windows)
        if abs(seen.value) >= 1:
            counts["a win or loss within the horizon"] += 1
            continue
        after = loss_in(game.result(p, seen.move))
        if after is None:
            counts["no loss within 7 moves after the depth-3 move"] += 1
            continue
        escape = any(loss_in(game.result(p, m)) is None for m in game.actions(p) if m != seen.move)
        counts[f"a trap, loss in {after}" + (", another move holds" if escape else ", every move loses")] += 1
    spent = time.perf_counter() - start
    print(f"{games} random positions (22, 24 or 26 moves, seed {seed}) in {spent:.0f} s, "
          f"{spent / games * 1000:.0f} ms a position:")
    for what, count in sorted(counts.items()):
        print(f"  {what:60} {count:6d}  ({count / games:.2%})")


def traps(count: int, seed: int = 41) -> None:
    """Lesson 5 ex 2's kind of trap with another answer than the lesson's (a loss in 3 or 7 moves, not 5), as
    variants.HORIZON_TRAPS keeps them: the first ``count`` found among random positions drawn from ``seed``."""
    from adversarial import alphabeta
    from adversarial.exercises.connectfour import _GAME as game
    from adversarial.exercises.connectfour import open_windows

    def loss_in(position, deepest=7):
        loser = 1 if game.to_move(position) == "MIN" else -1
        return next((d for d in range(1, deepest + 1)
                     if loser * alphabeta(game, position, depth=d, evaluate=open_windows).value <= -1), None)

    rng, found, tried, start = random.Random(seed), [], 0, time.perf_counter()
    while len(found) < count:
        tried += 1
        p, moves = game.initial_state(), ""
        for _ in range(rng.choice((22, 24, 26))):
            if game.is_terminal(p):
                break
            move = rng.choice(game.actions(p))
            p, moves = game.result(p, move), moves + str(move)
        if game.is_terminal(p):
            continue
        seen = alphabeta(game, p, depth=3, evaluate=open_windows)
        if abs(seen.value) >= 1:
            continue
        after = loss_in(game.result(p, seen.move))
        if after is None or after == 5:
            continue
        if any(loss_in(game.result(p, m)) is None for m in game.actions(p) if m != seen.move):
            found.append(moves)
            print(f"  {len(found)} of {count}: {moves} (loss in {after}), {tried} positions, "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr)
    print(f"{count} traps among {tried} random positions (seed {seed}) in {time.perf_counter() - start:.0f} s:")
    print("HORIZON_TRAPS = (\n" + "".join(f"    {m!r},\n" for m in found) + ")")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=200)
    parser.add_argument("--lessons", nargs="*", default=list(LESSONS))
    parser.add_argument("--horizon", type=int, default=0, metavar="GAMES",
                        help="instead: how rare lesson 5's horizon trap is among GAMES random positions")
    parser.add_argument("--traps", type=int, default=0, metavar="COUNT",
                        help="instead: find COUNT of lesson 5's horizon traps for variants.HORIZON_TRAPS")
    args = parser.parse_args()
    if args.students < 2:
        parser.error("--students must be at least 2 (a pair)")
    if args.traps:
        traps(args.traps)
    elif args.horizon:
        horizon(args.horizon)
    else:
        spaces(args.students, args.lessons)


if __name__ == "__main__":
    main()
