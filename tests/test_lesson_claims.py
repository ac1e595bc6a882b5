"""The stored measurements behind notebooks 9 and 10's sentences (adversarial/lab/lesson_claims.py, written by
benchmarks/lesson_claims.py) are what the package measures now: a few rows are measured again and compared."""

import pytest

from adversarial.lab.engine_lab import SAMPLE, ladder
from adversarial.lab.lesson_claims import MEASURED
from benchmarks.lesson_claims import position_row


@pytest.mark.parametrize("index", [0, 23])
def test_a_stored_position_row_is_measured_again_exactly(index):
    stored = {name: values[index] for name, values in MEASURED["rows"][4].items()}
    assert position_row(SAMPLE[index].moves, 4) == stored


def test_a_stored_ladder_column_is_measured_again_exactly():
    index = 5
    fresh = ladder([SAMPLE[index]], depth=4)
    for row in fresh:
        stored = MEASURED["ladder"][4][row["rung"]]
        assert row["runs"][0].nodes == stored["nodes"][index]
        assert (row["right"] == 1) == stored["right"][index]


def test_the_stored_measurements_cover_every_position_at_both_depths():
    assert MEASURED["positions"] == len(SAMPLE) == 40
    for depth in MEASURED["depths"]:
        assert {len(values) for values in MEASURED["rows"][depth].values()} == {40}
        assert {len(rung["nodes"]) for rung in MEASURED["ladder"][depth].values()} == {40}
    assert len(MEASURED["collisions_16"]) == 40 and len(MEASURED["match"]) == 10
