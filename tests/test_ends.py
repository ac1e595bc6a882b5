"""Take from either end: memoised minimax and the DP table against brute force, the parity argument."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adversarial import alphabeta, minimax
from adversarial.games.ends import Ends, parity_strategy, solve, table

rows = st.lists(st.integers(-9, 9), max_size=8)
even_rows = rows.filter(lambda r: len(r) % 2 == 0)


def brute(row):
    """The margin the player to move secures, by trying every sequence (no memory at all)."""
    if not row:
        return 0
    return max(row[0] - brute(row[1:]), row[-1] - brute(row[:-1]))


@given(rows, st.sampled_from(["MAX", "MIN"]))
def test_memoised_minimax_equals_brute_force_and_plain_minimax(row, first):
    sign = 1 if first == "MAX" else -1
    s = solve(row, first=first)
    assert s.value == sign * brute(row) == minimax(Ends(row, first)).value
    assert alphabeta(Ends(row, first)).value == s.value


@given(rows)
def test_the_line_of_play_scores_the_value_and_the_table_agrees(row):
    s = solve(row)
    assert sorted(s.taken) == sorted(row) and len(s.line) == len(row)
    assert sum(s.taken[0::2]) - sum(s.taken[1::2]) == s.value
    if row:
        assert table(row)[0, len(row) - 1] == s.value
    n = len(row)
    assert s.subproblems == n * (n + 1) // 2 and s.calls <= 2 * s.subproblems + 1


@given(even_rows)
def test_the_first_player_never_loses_an_even_row(row):
    colour, guaranteed, move = parity_strategy(row)
    assert guaranteed >= 0 and solve(row).value >= guaranteed

    def against_best_reply(i, j, first_to_move):
        """The parity player's margin when the opponent plays as well as possible."""
        if i == j:
            return 0
        if first_to_move:
            if move(i, j) == "L":
                return row[i] + against_best_reply(i + 1, j, False)
            return row[j - 1] + against_best_reply(i, j - 1, False)
        return min(-row[i] + against_best_reply(i + 1, j, True),
                   -row[j - 1] + against_best_reply(i, j - 1, True))

    assert against_best_reply(0, len(row), True) >= guaranteed


def test_memoisation_saves_work_and_odd_rows_can_be_lost():
    row = list(range(12))
    assert solve(row).calls < minimax(Ends(row)).stats.nodes / 20
    assert solve([1, 5, 1]).value == -3


@pytest.mark.parametrize("row, error, message", [
    ("3912", TypeError, "list of numbers"),
    (5, TypeError, "list of numbers"),
    ([1, "2"], TypeError, r"row\[1\] is '2'"),
    ([True, 2], TypeError, r"row\[0\] is True"),
    ([1.0, float("nan")], ValueError, "NaN"),
])
def test_bad_rows_are_refused(row, error, message):
    for build in (solve, table, Ends):
        with pytest.raises(error, match=message):
            build(row)


def test_other_bad_inputs():
    with pytest.raises(ValueError, match="even number"):
        parity_strategy([1, 5, 1])
    with pytest.raises(ValueError, match="'MAX' or 'MIN'"):
        solve([1, 2], first="X")
    game = Ends([1, 2])
    with pytest.raises(ValueError, match="not a move here"):
        game.result(game.initial_state(), "middle")
