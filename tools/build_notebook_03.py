"""Generate notebooks/03_tictactoe_minimax.ipynb (then run `make notebooks` to execute it)."""

from nbbuild import check, code, md, solution, write

cells = [
md("""# 3. Tic-tac-toe with minimax

From hand-drawn trees to a real game — with the very same search code. Tic-tac-toe is small enough to
search completely, so we can solve it: find its value under perfect play, count its whole game tree, and
build an opponent that never loses.

**What you'll learn**
- the five-part formulation of a game: initial state, actions, result, terminal test, utility (plus whose move);
- two ways to walk a game tree: immutable states versus make–recurse–undo;
- to solve the empty board and count the tree exactly;
- to find the best moves of a position, and why the first player cannot force a win;
- to prefer faster wins by putting depth into the score;
- to play against the engine.

**What you need**: notebooks 1 and 2.

**Time**: about 40 minutes."""),
code("""from adversarial import minimax, alphabeta, draw
from adversarial.games import TicTacToe
from adversarial.games.tictactoe import count_games, reachable_positions, optimal_moves
from adversarial.play import PlayBoard
from adversarial.exercises import check_value, check_set"""),
md("""## The game in five parts

A **game** is anything that answers six questions. Tic-tac-toe is `TicTacToe`; a position is a `Board`,
written row by row with `/` between rows. X is MAX and moves first; cells are numbered 0–8, row by row."""),
code("""game = TicTacToe()
board = game.board("X.O/.X./O..")
board"""),
code("""print("initial state:", game.initial_state())
print("whose move:   ", game.to_move(board))
print("actions:      ", game.actions(board))
print("result of 8:  ", game.result(board, 8))
print("terminal?     ", game.is_terminal(board), "→", game.is_terminal(game.result(board, 8)))
print("utility:      ", game.utility(game.result(board, 8)), "(X has three in a row)")"""),
md("""## Immutable states, or make–recurse–undo

`result` returns a *new* board and never changes the old one, so the search needs no undo. The classic
alternative keeps one mutable list, makes a move, recurses, and **undoes** the move. Both walk the same
tree:"""),
code("""LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

def undo_minimax(cells, player, count):
    \"\"\"cells: 9 ints (1 = X, -1 = O, 0 = empty); player: 1 or -1. Returns the value for X.\"\"\"
    count[0] += 1
    for a, b, c in LINES:
        if cells[a] == cells[b] == cells[c] != 0:
            return cells[a]
    if 0 not in cells:
        return 0
    values = []
    for i in range(9):
        if cells[i] == 0:
            cells[i] = player                       # make
            values.append(undo_minimax(cells, -player, count))
            cells[i] = 0                            # undo
    return max(values) if player == 1 else min(values)

count = [0]
print("make-recurse-undo:", undo_minimax([0] * 9, 1, count), "after", count[0], "nodes")
r = minimax(game)
print("package:          ", r.value, "after", r.stats.nodes, "nodes")"""),
md("""## Solving the empty board

The value is **0**: with perfect play, tic-tac-toe is a draw. Minimax entered every node of the game tree,
root included. How big is that tree?"""),
code("""import math
games = count_games(game)
positions = reachable_positions(game)
print("move orders of all 9 cells (9!):", math.factorial(9))
print("complete games:", sum(games.values()), games)
print("distinct positions:", len(positions))
print("nodes / positions:", round(r.stats.nodes / len(positions), 1))"""),
md("""Fewer complete games than the 9! move orders people often quote: many games end before the board is full.
And the same position is reached by many move orders (the last ratio above), which notebook 4 exploits."""),
md("""## A position analysed by hand

Here X has three moves. Playing out each one and O's replies shows that only the left move holds the draw;
the other two let O win:"""),
code("""spot = game.board(".../OOX/XXO")
analysis = optimal_moves(game, spot)
analysis"""),
code("""draw(game, minimax(game, spot, trace=True))"""),
md("""## Best moves, and why X cannot force a win

`optimal_moves` gives the value of every move. From the empty board, every first move is worth 0: X can
always draw, and O can always hold the draw, whatever X starts with."""),
code("""first = optimal_moves(game, game.initial_state())
first["values"]"""),
md("""## Faster wins

With ±1 scores, every winning move is worth the same, so the engine may "toy" with a lost opponent. Putting
depth into the score — a win counts 10 minus the moves played — makes a fast win worth more:"""),
code("""quick = TicTacToe(depth_aware=True)
print("plain scores:", optimal_moves(game, game.board("X.O/.X./O.."))["values"])
print("depth-aware: ", optimal_moves(quick, quick.board("X.O/.X./O.."))["values"])"""),
md("""On `X.O/.X./O..` every move wins for X with plain scores; with depth in the score, cell 8 — three in a row
at once — is clearly the best."""),
md("""## Play against the engine

Click a cell. The engine answers at once and shows how it scored its options (+1 a win for it, 0 a draw,
−1 a loss). You can't beat it; try to draw."""),
code("""PlayBoard(human="X")"""),
md("""## Summary

- A game is five parts (plus whose move); the search only ever asks those questions, so the same
  `minimax` that solved hand-drawn trees solves tic-tac-toe.
- Immutable states need no undo; make–recurse–undo is cheaper per node but a forgotten undo corrupts
  everything.
- The empty board is worth 0 (a draw, whatever X starts with); minimax needs the whole tree to show it.
- Depth in the score makes the engine win fast and lose slowly."""),
md("""## Exercises

### Exercise 1: predict a value

X to move on `"XO./.O./..X"`. With perfect play, what is the position worth (+1, 0 or −1)?"""),
solution("""answer1 = 0   # O threatens 7; X blocks, and neither side can force a win after that""",
         stub="answer1 = ...   # +1, 0 or -1"),
check("""check_value(answer1, minimax(game, game.board("XO./.O./..X")).value,
            hint="First look for a move that wins at once; then for O's threats that X must block.")"""),
md("""### Exercise 2: all the optimal moves

On `"X.O/.X./O.."` (X to move), which moves keep the best value? Give a set of cells."""),
solution("""answer2 = {1, 3, 5, 7, 8}   # 8 wins at once; the others win too (X has a double threat)""",
         stub="answer2 = ...   # a set of cells"),
check("""check_set(answer2, optimal_moves(game, game.board("X.O/.X./O.."))["best"], name="cells",
          hint="X can win: which moves still let X force a win? Try each and search the result.")"""),
]

write("03_tictactoe_minimax.ipynb", cells, "tictactoe")
