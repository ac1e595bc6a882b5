"""Generate notebooks/00_start_here.ipynb (then run `make notebooks` to execute it)."""
import nbformat as nbf
md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell
cells = [
md("""# 0. Start here

Welcome! These notebooks teach **adversarial search**: how a program chooses a move in a two-player game
when the opponent is trying just as hard to win. You will compute game values by hand, then watch the
computer do the same, step by step, with pictures of every branch it explores and every branch it skips.

**What you'll learn**
- what the collection covers and in which order to read it;
- how to run a notebook and check your own answers;
- the one convention every notebook uses: scores are always from MAX's point of view;
- a first taste: build a small game tree, compute its minimax value, and read an alpha-beta trace table.

**What you need**: Python basics (lists, functions, recursion). No game theory.

**Time**: about 15 minutes."""),
md("""## The map

| notebook | what it is about |
|---|---|
| 0. Start here | this page |
| 1. Game trees and minimax by hand | MAX and MIN, values bubbling up a tree, writing minimax yourself |
| 2. Alpha-beta by hand | α and β, cutoffs, trace tables, which leaves are never looked at and why |
| 3. Tic-tac-toe with minimax | a real game with the same search code: solving the empty board |
| 4. Alpha-beta on tic-tac-toe | how many nodes pruning saves, transpositions, symmetry, classic bugs |
| 5. Depth limits and evaluation *(planned)* | Connect Four, evaluation functions, the horizon effect |
| 6. Move ordering experiments *(planned)* | best, worst and random orders against the Knuth–Moore minimum |
| 7. Beyond *(planned)* | negamax, principal variation search, Monte Carlo tree search |

Read them in order: each one uses what the previous one taught."""),
md("""## How to use a notebook

A notebook is a list of *cells*. Click a code cell and press **Shift+Enter** to run it; its output appears
below it. Run the cells from top to bottom: later cells use names defined earlier. If something looks
wrong, use **Kernel → Restart Kernel and Run All Cells** to start again from a clean state.

Every lesson follows the same plan: what you'll learn, short sections (a sentence or two, then a small
demo), a summary, and exercises. In an exercise you **predict first**, write your answer in the cell, and
run the check below it: it says ✓ when you are right, and ✗ with a hint when you are not. The worked
answers are in collapsed cells (click the **⋯** to expand one) — try before you peek.

All the code the notebooks use comes from one small package, `adversarial`:"""),
code("""from adversarial import tree, minimax, alphabeta, draw"""),
md("""## The score convention

A game here has two players, **MAX** and **MIN**. Every score is written **from MAX's point of view**:
MAX wants it as high as possible, MIN as low as possible. In tic-tac-toe, X is MAX: a win for X scores +1,
a draw 0, a win for O −1. One number, one point of view, in every notebook — mixing points of view is the
most common bug in game-playing programs."""),
md("""## A first taste

A **game tree** lists every way a game can go. Here is a small one written as nested lists: MAX picks one
of three moves, then MIN picks one of three replies, and the numbers at the bottom are the final scores."""),
code("""t = tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])
t"""),
md("""MIN answers each of MAX's moves with the reply that is worst for MAX, so each move is worth the *smallest*
number under it. MAX then takes the move whose worth is *largest*. That rule, applied from the bottom up, is
**minimax**:"""),
code("""worths = [min(replies) for replies in t.to_list()]
print("each move is worth", worths, "so MAX can guarantee", max(worths))"""),
md("""The package computes the same value and also says which move to play (moves of a tree are numbered
0, 1, 2 from the left) and how much work it took:"""),
code("""r = minimax(t)
r"""),
md("""**Alpha-beta pruning** gets the same answer while skipping branches that cannot change it. With
`trace=True` it records what it did; the trace shows as a table with one row per node it entered: the α and
β it carried in, the children it explored, the value it returned, and what it pruned."""),
code("""r = alphabeta(t, trace=True)
r.trace"""),
code("""print(f"alpha-beta: value {r.value}, scored {r.stats.leaves} of {len(t.leaves())} leaves")"""),
md("""The same search as a picture. MAX nodes are triangles pointing up, MIN nodes point down; inside each node
is the value it returned, its visit number (#) and the α and β it was entered with. The thick blue line is
the **principal variation** — best play for both sides — and the dashed grey branches marked `//` were
pruned: the search never looked at them."""),
code("""draw(t, r)"""),
md("""Look at row B: after its first leaf, 1, MIN at B can already hold MAX to 1 or less, while MAX is sure of 3
from A. MAX will never choose B, so B's other leaves are never looked at, and B's value is written "≤ 1":
a bound, not an exact value. Notebook 2 explains this carefully."""),
md("""## Summary

- The collection goes from hand-sized trees (notebooks 1–2) to real games (3–4) and beyond.
- Run cells top to bottom; in exercises, predict, answer, then run the check.
- Scores are always from MAX's point of view: MAX maximises, MIN minimises.
- Minimax computes a game's value bottom-up; alpha-beta gets the same value while skipping branches, and
  its trace table shows exactly what it skipped."""),
md("""## Exercises

### Exercise 1: predict a value

MAX moves first in the tree `[[3, 5], [2], [9, 1]]`: three moves, with MIN's replies under each. What score
can MAX guarantee? Replace the `...` with your prediction and run the check."""),
]
sol = code("""answer = 3   # A is worth 3, B is worth 2, C is worth 1 (MIN picks the 1); MAX takes the largest""")
sol.metadata["tags"] = ["solution"]
sol.metadata["jupyter"] = {"source_hidden": True}
sol.metadata["adversarial"] = {"stub": "answer = ...   # your prediction"}
chk = code("""from adversarial.exercises import check_value
check_value(answer, minimax(tree([[3, 5], [2], [9, 1]])).value,
            hint="Each move is worth the smallest score under it (MIN replies); MAX takes the largest worth.")""")
chk.metadata["tags"] = ["check"]
cells += [sol, chk,
md("""Here is what a wrong prediction looks like — 9 is what MAX would get if MIN helped instead of fought:"""),
code("""check_value(9, minimax(tree([[3, 5], [2], [9, 1]])).value,
            hint="Each move is worth the smallest score under it (MIN replies); MAX takes the largest worth.")"""),
md("""### Exercise 2: who moves first matters

Build the same tree with MIN moving first (`tree(..., root_player="MIN")`) and compute its value with
`minimax`. Before running it, predict: will it be higher or lower than 3? Next: **notebook 1, game trees and
minimax by hand**."""),
]
sol2 = code("""value_min_first = minimax(tree([[3, 5], [2], [9, 1]], root_player="MIN")).value
value_min_first""")
sol2.metadata["tags"] = ["solution"]
sol2.metadata["jupyter"] = {"source_hidden": True}
sol2.metadata["adversarial"] = {"stub": "value_min_first = ...   # build the tree with root_player=\"MIN\" and search it"}
chk2 = code("""by_hand = min(max(group) for group in [[3, 5], [2], [9, 1]])   # MAX in the middle, MIN on top
check_value(value_min_first, by_hand,
            hint="With MIN at the root, the middle level is MAX: each group is worth its largest score, and MIN takes the smallest of those.")""")
chk2.metadata["tags"] = ["check"]
cells += [sol2, chk2]
for i, cell in enumerate(cells):
    cell.id = f"start-{i:02d}"   # stable ids: regenerating changes nothing
nb = nbf.v4.new_notebook(cells=cells)
nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
nb.metadata["language_info"] = {"name": "python"}
from pathlib import Path
nbf.write(nb, Path(__file__).resolve().parent.parent / "notebooks" / "00_start_here.ipynb")
