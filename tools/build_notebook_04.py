"""Generate notebooks/04_alphabeta_tictactoe.ipynb (then run `make notebooks` to execute it)."""

from nbbuild import check, code, md, solution, write

cells = [
md("""# 4. Alpha-beta on tic-tac-toe

Minimax solved tic-tac-toe by visiting every node. Here we measure how much work alpha-beta saves on the
real game, how move order, transpositions and symmetry save more — and we break the search on purpose,
four classic ways, to see how comparing with minimax catches each bug.

**What you'll learn**
- how many nodes alpha-beta needs on tic-tac-toe, with the rule α ≥ β and with α > β;
- how trying the centre and corners first prunes more;
- what a transposition table and symmetry reduction save, and why a table must remember the α/β window;
- four classic bugs, and how to catch them by comparing with plain minimax.

**What you need**: notebooks 2 and 3.

**Time**: about 35 minutes."""),
code("""import random
import matplotlib.pyplot as plt
from adversarial import minimax, alphabeta, tree, random_tree
from adversarial.games import TicTacToe
from adversarial.games.tictactoe import reachable_positions
from adversarial.exercises import check_value

game = TicTacToe()"""),
md("""## Nodes saved

Every method below returns the same value, 0. Only the work differs. "Centre and corners first" orders the
moves of every position: the centre (4), then the corners, then the edges."""),
code("""PRIORITY = [4, 0, 2, 6, 8, 1, 3, 5, 7]
centre_first = lambda board, moves: sorted(moves, key=PRIORITY.index)

methods = {
    "minimax": minimax(game),
    "alpha-beta, α > β": alphabeta(game, prune_on_equal=False),
    "alpha-beta, α ≥ β": alphabeta(game),
    "+ centre and corners first": alphabeta(game, order=centre_first),
    "+ transposition table": alphabeta(game, order=centre_first, table=True),
    "+ symmetry": alphabeta(game, order=centre_first, table=game.canonical),
}
assert len({r.value for r in methods.values()}) == 1
base = methods["minimax"].stats.nodes
print(f"{'method':28} {'nodes':>8} {'% of minimax':>13}")
for name, r in methods.items():
    print(f"{name:28} {r.stats.nodes:8,} {100 * r.stats.nodes / base:12.2f}%")"""),
code("""fig, ax = plt.subplots(figsize=(7, 3.2))
ax.barh(list(methods)[::-1], [r.stats.nodes for r in methods.values()][::-1], color="#0072B2")
ax.set_xscale("log")
ax.set_xlabel("nodes entered (log scale)")
ax.set_title("Solving tic-tac-toe: the same answer, very different work")
plt.tight_layout()
plt.show()"""),
md("""## Why the prune rule matters so much here

Tic-tac-toe's scores are only −1, 0 and +1, so ties are everywhere. Once MAX is sure of a draw (α = 0),
a reply that also draws (value 0) settles a MIN node under α ≥ β, but not under α > β. The strict rule
evaluates many more leaves (and, entering far more nodes, also meets more cutoffs on its way):"""),
code("""for name in ("alpha-beta, α > β", "alpha-beta, α ≥ β"):
    print(f"{name}: {methods[name].stats.cutoffs:,} cutoffs, {methods[name].stats.leaves:,} leaves")"""),
md("""## A table must remember the window

A position searched with window (α, β) may have returned only a bound: "≤ 0" when it failed low. Storing that
as if it were exact — a classic bug — can return a wrong value later. The package's table stores exact
values and bounds separately, and we can check it against minimax on many positions (a fixed random sample,
seed 4, so the run is repeatable):"""),
code("""positions = sorted((b for b in reachable_positions(game) if 2 <= len(b.empty) <= 6 and not game.is_terminal(b)),
                   key=lambda b: b.cells)
sample = random.Random(4).sample(positions, 100)
wrong = [b for b in sample if alphabeta(game, b, table=game.canonical).value != minimax(game, b).value]
print(f"{len(sample)} positions checked, {len(wrong)} disagree with minimax")"""),
md("""## Four classic bugs, caught

Each cell below holds a search with one deliberate bug. The harness runs it and plain minimax on the same
positions and reports the first disagreement. The positions use the classic encoding: a list of 9 ints,
1 for X, −1 for O, 0 for empty."""),
code("""LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

def winner(cells):
    for a, b, c in LINES:
        if cells[a] == cells[b] == cells[c] != 0:
            return cells[a]
    return 0

def as_cells(board):
    return [{"X": 1, "O": -1, ".": 0}[c] for c in board.cells]

def first_disagreement(search, boards):
    \"\"\"Run search(cells, player) on each board; compare with the package's minimax.\"\"\"
    for board in boards:
        want = minimax(game, board).value
        try:
            got = search(as_cells(board), 1 if board.player == "X" else -1)
        except Exception as error:
            return f"crashed on {board}: {type(error).__name__}"
        if got != want:
            return f"WRONG on {board}: got {got}, minimax says {want}"
    return f"agrees on all {len(boards)} positions"

boards = sorted((b for b in reachable_positions(game) if len(b.empty) <= 5), key=lambda b: b.cells)
boards = random.Random(1).sample(boards, 200)     # a fixed sample (seed 1): the same every run"""),
md("""**Bug 1: forgetting to undo a move.** The board fills up with moves from other branches."""),
code("""def no_undo(cells, player):
    w = winner(cells)
    if w or 0 not in cells:
        return w
    values = []
    for i in range(9):
        if cells[i] == 0:
            cells[i] = player
            values.append(no_undo(cells, -player))
            # the line `cells[i] = 0` is missing
    return max(values) if player == 1 else min(values)

first_disagreement(no_undo, boards)"""),
md("""**Bug 2: checking "board full" before "winner".** A last move that wins *and* fills the board is scored
as a draw."""),
code("""def full_first(cells, player):
    if 0 not in cells:
        return 0
    w = winner(cells)
    if w:
        return w
    values = []
    for i in range(9):
        if cells[i] == 0:
            cells[i] = player
            values.append(full_first(cells, -player))
            cells[i] = 0
    return max(values) if player == 1 else min(values)

first_disagreement(full_first, boards)"""),
md("""**Bug 3: flipping the sign of the score.** Scoring from O's point of view while MAX still maximises."""),
code("""def flipped(cells, player):
    w = winner(cells)
    if w or 0 not in cells:
        return -w
    values = []
    for i in range(9):
        if cells[i] == 0:
            cells[i] = player
            values.append(flipped(cells, -player))
            cells[i] = 0
    return max(values) if player == 1 else min(values)

first_disagreement(flipped, boards)"""),
md("""**Bug 4: pruning at the wrong node type.** The MAX branch stops when its value drops to α — a test that
belongs to MIN nodes."""),
code("""def wrong_prune(cells, player, alpha=-2, beta=2):
    w = winner(cells)
    if w or 0 not in cells:
        return w
    best = -2 if player == 1 else 2
    for i in range(9):
        if cells[i] == 0:
            cells[i] = player
            v = wrong_prune(cells, -player, alpha, beta)
            cells[i] = 0
            if player == 1:
                best = max(best, v)
                alpha = max(alpha, best)
                if best <= alpha:          # wrong: MAX should stop when best >= beta
                    break
            else:
                best = min(best, v)
                beta = min(beta, best)
                if best <= alpha:
                    break
    return best

first_disagreement(wrong_prune, boards)"""),
md("""And the correct version agrees everywhere — the harness can pass as well as fail:"""),
code("""def right_prune(cells, player, alpha=-2, beta=2):
    w = winner(cells)
    if w or 0 not in cells:
        return w
    best = -2 if player == 1 else 2
    for i in range(9):
        if cells[i] == 0:
            cells[i] = player
            v = right_prune(cells, -player, alpha, beta)
            cells[i] = 0
            if player == 1:
                best = max(best, v)
                alpha = max(alpha, best)
                if best >= beta:
                    break
            else:
                best = min(best, v)
                beta = min(beta, best)
                if best <= alpha:
                    break
    return best

first_disagreement(right_prune, boards)"""),
md("""## Summary

- Alpha-beta solves tic-tac-toe with a small fraction of minimax's nodes, and the same value.
- With few distinct scores, ties are everywhere: the rule α ≥ β prunes far more than α > β.
- Good move order (centre, corners, edges), a transposition table and symmetry each cut the work again.
- A transposition table must store bounds apart from exact values.
- Comparing with plain minimax on many positions catches the classic bugs at once."""),
md("""## Exercises

### Exercise 1: how much does ordering save?

Compute, with the package, how many nodes alpha-beta (α ≥ β) enters on the empty board when the moves are
tried in the *reverse* of the centre-first order. Store the number in `answer1`."""),
solution("""answer1 = alphabeta(game, order=lambda board, moves: sorted(moves, key=PRIORITY.index, reverse=True)).stats.nodes
answer1""", stub="answer1 = ...   # use alphabeta(game, order=...)"),
check("""worst_first = lambda board, moves: sorted(moves, key=lambda m: -PRIORITY.index(m))
check_value(answer1, alphabeta(game, order=worst_first).stats.nodes,
            hint="order= takes a function (board, moves) -> the moves in the order to try; reverse the centre-first order.")"""),
]

write("04_alphabeta_tictactoe.ipynb", cells, "alphabeta-ttt")
