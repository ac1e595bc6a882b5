"""Generate notebooks/01_minimax_by_hand.ipynb (then run `make notebooks` to execute it)."""

from nbbuild import check, code, md, solution, write

cells = [
md("""# 1. Game trees and minimax by hand

Two players take turns; one wants the score high, the other wants it low. Before writing any code we
will compute, by hand, what each player should do — and then let the computer check us.

**What you'll learn**
- what a **game tree** is: positions as nodes, moves as edges, final scores at the leaves;
- the **minimax** rule: MAX takes the largest child value, MIN the smallest, from the bottom up;
- why it is just a *postorder traversal* whose combine step alternates between `max` and `min`;
- that who moves first changes the answer;
- to write minimax yourself and check it against the package on hundreds of random trees.

**What you need**: notebook 0.

**Time**: about 30 minutes."""),
code("""from adversarial import tree, random_tree, minimax, draw
from adversarial.exercises import check_value, check_function"""),
md("""## Game trees

A **game tree** is a `Tree`. We write one as nested lists: a list is a position where someone chooses a
move (an *inner node*), a number is a finished game (a *leaf*) with its score from MAX's point of view.
Here MAX has three moves, A, B and C; after each, MIN replies."""),
code("""abc = tree([[3, 5], [2], [9, 1]])
draw(abc)"""),
md("""MAX nodes are triangles pointing up, MIN nodes point down. Moves are numbered from the left, so move 0
leads to A. The tree has this many nodes and leaves:"""),
code("""len(abc), [leaf.value for leaf in abc.leaves()]"""),
md("""## Minimax: values bubble up

MIN, at A, will reply with the move that is worst for MAX: A is worth the *smallest* of 3 and 5. MAX, at
the root, then picks the move whose worth is *largest*. Doing this from the leaves up is **minimax**:"""),
code("""worth = {name: min(leaves) for name, leaves in zip("ABC", abc.to_list())}
worth, max(worth.values())"""),
md("""Even though C hides a 9, MAX avoids it: MIN would answer with the 1. The package agrees, and names the
move (0, that is A):"""),
code("""r = minimax(abc, trace=True)
r.value, r.move, abc.label((r.move,))"""),
code("""draw(abc, r)"""),
md("""## Postorder with an adversary

You can't know a node's value before you know its children's, so minimax visits children first and
combines them afterwards — a **postorder traversal**. The only twist is the combine step: `max` on MAX's
levels, `min` on MIN's. On a complete binary tree with leaves `[3, 5, 2, 9, 12, 5, 23, 2]` we can do it
level by level:"""),
code("""leaves = [3, 5, 2, 9, 12, 5, 23, 2]
level, combine = leaves, [max, min, max]          # the bottom inner level is MAX, then MIN, then the MAX root
for f in combine:
    level = [f(level[i], level[i + 1]) for i in range(0, len(level), 2)]
    print(f.__name__, level)"""),
code("""minimax(tree(leaves, branching=2)).value"""),
md("""## Who moves first matters

Swap who is at the root and every level swaps too. This tree is worth one thing when MAX starts and
another when MIN starts:"""),
code("""spec = [[[3, 4], [8, [-2, 10], 5]], 7]
minimax(tree(spec)).value, minimax(tree(spec, root_player="MIN")).value"""),
md("""## Write minimax yourself

Here is the whole rule as a short recursive function on nested lists. Read it next to the rule above:
a leaf is its own value; otherwise take the values of the children, with the other player to move, and
combine them with `max` or `min`."""),
solution("""def my_minimax(node, maximising=True):
    if not isinstance(node, list):           # a leaf: its score
        return node
    values = [my_minimax(child, not maximising) for child in node]
    return max(values) if maximising else min(values)""",
         stub="def my_minimax(node, maximising=True):\n    ...   # a leaf returns itself; otherwise combine the children's values with max or min"),
md("""The check runs your function and the package's `minimax` on 200 random trees (seed 1, so everyone gets
the same trees) and reports the first tree where they disagree:"""),
check("""cases = [random_tree(3, 3, low=-9, high=9, seed=s).to_list() for s in range(1, 201)]
check_function(my_minimax, lambda spec: minimax(tree(spec)).value, cases,
               hint="A leaf returns its own value; a MAX node the largest child value, a MIN node the smallest, "
                    "and the player flips at every level.")"""),
md("""This is what the check says about a function that forgets to switch players — it maximises everywhere:"""),
code("""def always_max(node, maximising=True):
    if not isinstance(node, list):
        return node
    return max(always_max(child) for child in node)

check_function(always_max, lambda spec: minimax(tree(spec)).value, cases,
               hint="Does your function pass `not maximising` to the children?")"""),
md("""## Summary

- A game tree has positions as nodes and moves as edges; leaves carry scores from MAX's point of view.
- Minimax is a postorder traversal: children first, then combine with `max` (MAX) or `min` (MIN).
- MAX's best move is the child with the largest minimax value, even if a bigger number hides elsewhere.
- Who moves first matters: the same leaves can give different values.
- A dozen lines of Python compute it; checking against a trusted implementation on many random trees is
  how we know they are right."""),
md("""## Exercises

### Exercise 1: the 3×3 tree

`tree([[3, 5, 6], [1, 2, 0], [9, 7, 8]])`: MAX moves, then MIN. Predict the minimax value."""),
solution("""answer1 = 7   # A = min(3,5,6) = 3, B = 0, C = 7; MAX takes 7""", stub="answer1 = ...   # your prediction"),
check("""check_value(answer1, max(min(group) for group in [[3, 5, 6], [1, 2, 0], [9, 7, 8]]),
            hint="Each MIN node is worth its smallest leaf; the MAX root takes the largest of those.")"""),
md("""### Exercise 2: MIN moves first on the 8-leaf tree

Predict the value of `tree([3, 5, 2, 9, 12, 5, 23, 2], branching=2, root_player="MIN")`: now the levels
are MIN, MAX, MIN from the top."""),
solution("""answer2 = 3   # bottom MIN level: 3, 2, 5, 2; MAX level: 3, 5; MIN root: 3""",
         stub="answer2 = ...   # your prediction"),
check("""level = [3, 5, 2, 9, 12, 5, 23, 2]
for f in [min, max, min]:
    level = [f(level[i], level[i + 1]) for i in range(0, len(level), 2)]
check_value(answer2, level[0],
            hint="Work level by level from the leaves: the bottom inner level is now MIN, then MAX, then the MIN root.")"""),
md("""### Exercise 3: the best move

In `tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])` (a textbook example), which move should MAX play: 0, 1 or 2?"""),
solution("""answer3 = 0   # the MIN values are 3, 2 and 2""", stub="answer3 = ...   # 0, 1 or 2"),
check("""textbook = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
worths = [min(group) for group in textbook]
check_value(answer3, worths.index(max(worths)),
            hint="Work out what MIN would reply to each move; a big leaf MIN would never allow does not count.")"""),
]

write("01_minimax_by_hand.ipynb", cells, "minimax")
