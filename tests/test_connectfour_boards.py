"""ConnectFour.board() refuses a picture where play went on after a win, naming the four (issue 43, item 6).
Checked against a reachability search written here: random games played on for a few moves past their first
four in a row, and random games stopped at it."""

import functools
import random

import pytest

from adversarial.games.connectfour import ConnectFour

WIDTH, HEIGHT = 7, 6


LINES = [frozenset((c + k * dc, r + k * dr) for k in range(4))
         for c in range(WIDTH) for r in range(HEIGHT) for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1))
         if 0 <= c + 3 * dc < WIDTH and 0 <= r + 3 * dr < HEIGHT]


def fours(grid, who):
    """Does ``who`` hold four in a line on ``grid`` (columns of strings, bottom first)?"""
    cells = {(c, r) for c, column in enumerate(grid) for r, disc in enumerate(column) if disc == who}
    return len(cells) >= 4 and any(map(cells.issuperset, LINES))


@functools.lru_cache(maxsize=None)
def reachable(grid):
    """Can X and O, in turn from the empty board, play exactly these discs with nobody winning before the last?"""
    n = sum(map(len, grid))
    if n == 0:
        return True
    last = "X" if n % 2 else "O"
    for c, column in enumerate(grid):
        if column and column[-1] == last:
            before = grid[:c] + (column[:-1],) + grid[c + 1:]
            if not fours(before, "X") and not fours(before, "O") and reachable(before):
                return True
    return False


def picture(grid):
    return "/".join("".join(grid[c][r] if r < len(grid[c]) else "." for c in range(WIDTH))
                    for r in reversed(range(HEIGHT)))


def random_games(count, seed):
    rng = random.Random(seed)
    while count:
        grid, k, more = [""] * WIDTH, 0, None
        while k < 30 and more != 0:
            c = rng.choice([c for c in range(WIDTH) if len(grid[c]) < HEIGHT])
            grid[c] += "XO"[k % 2]
            k += 1
            if more is not None:
                more -= 1
            elif fours(grid, "X") or fours(grid, "O"):
                more = rng.choice((0, 0, 1, 2, 3, 4))       # stop at the win, or play on
        if more is not None:
            count -= 1
            yield tuple(grid)


def test_a_won_picture_is_accepted_exactly_when_play_can_reach_it():
    game = ConnectFour()
    refused = 0
    for grid in random_games(400, seed=43):
        legal = reachable(grid) and not (fours(grid, "X") and fours(grid, "O"))
        try:
            game.board(picture(grid))
        except ValueError as error:
            assert not legal, f"{picture(grid)} can be played, but: {error}"
            assert "impossible" in str(error)
            refused += 1
        else:
            assert legal, f"{picture(grid)} cannot be reached, yet board() accepts it"
    assert refused > 80                  # the games played on past the win are there


def test_the_issues_kind_of_picture_names_the_line():
    with pytest.raises(ValueError, match=r"play went on after X won \(four in a row in row 1, columns 3 to 6\)"):
        ConnectFour().board("......./......./.X...../.O....X/.O....O/.OXXXXO")
    with pytest.raises(ValueError, match=r"play went on after O won \(four in a row in column 1, rows 2 to 5\)"):
        ConnectFour().board("X....../O....../O....../O....../O....../XXX.XO.")
