"""A fixed sample of Connect Four middle-game positions, with the moves the exact solver calls best.

Every 50th position (lines 1, 51, 101, ...) of Pascal Pons' benchmark files ``Test_L2_R1`` and
``Test_L2_R2`` (middle games: 14 to 28 moves played; 20 positions from each), stored here so the
notebooks and benchmarks need no external data. ``score`` is Pons' score for the side to move;
``right`` lists every move that keeps that score, found by solving each child with
:class:`~adversarial.games.connectfour_solver.Solver` (``tests/test_engine_lab.py`` re-checks them).

>>> SAMPLE[0]
Sampled(source='Test_L2_R1', line=1, moves='5554224333234511764415115', score=4, right=(6,))
"""

from __future__ import annotations

from typing import NamedTuple


class Sampled(NamedTuple):
    source: str       # Pons' file
    line: int         # its line number there (1-based)
    moves: str        # the moves that reach the position
    score: int        # the exact score for the side to move
    right: tuple      # every move that keeps that score


_ROWS = (
    ('Test_L2_R1', 1, '5554224333234511764415115', 4, '6'),
    ('Test_L2_R1', 51, '3464123621337153667644637227', 2, '4'),
    ('Test_L2_R1', 101, '6673377312746732', -10, '5'),
    ('Test_L2_R1', 151, '7236227623622346474116546144', 0, '7'),
    ('Test_L2_R1', 201, '1727575555222572716342', 9, '34'),
    ('Test_L2_R1', 251, '527546732264211663334217', 7, '4'),
    ('Test_L2_R1', 301, '22631275776731721667', -8, '2'),
    ('Test_L2_R1', 351, '2576672462527627721117', -5, '3'),
    ('Test_L2_R1', 401, '341756577731526635547163374', -6, '4'),
    ('Test_L2_R1', 451, '64261777527517311', 10, '4'),
    ('Test_L2_R1', 501, '7113237433521353552456541116', -6, '4'),
    ('Test_L2_R1', 551, '313273421166737347312517621', 2, '2'),
    ('Test_L2_R1', 601, '664111771115734446237', 6, '36'),
    ('Test_L2_R1', 651, '71522676773355714465725241', -6, '1'),
    ('Test_L2_R1', 701, '73456313216733265273265117', 2, '12567'),
    ('Test_L2_R1', 751, '3411132257227546266556166', 4, '5'),
    ('Test_L2_R1', 801, '2556433363141147', 8, '56'),
    ('Test_L2_R1', 851, '77337222616335726616215', 9, '4'),
    ('Test_L2_R1', 901, '6541561473766743715117', 9, '5'),
    ('Test_L2_R1', 951, '67135116372752747326647342', -2, '4'),
    ('Test_L2_R2', 1, '274552224131661', 0, '4'),
    ('Test_L2_R2', 51, '11656471431734112', 0, '5'),
    ('Test_L2_R2', 101, '576144672552167723', 3, '3'),
    ('Test_L2_R2', 151, '333424141547325257', -2, '6'),
    ('Test_L2_R2', 201, '5216564114654566', -3, '2457'),
    ('Test_L2_R2', 251, '433173666522463445775', 0, '4'),
    ('Test_L2_R2', 301, '512757754423454', -2, '5'),
    ('Test_L2_R2', 351, '1311672321374224', 1, '6'),
    ('Test_L2_R2', 401, '4115276666674442357', 0, '124567'),
    ('Test_L2_R2', 451, '1361651724367421521547651', 2, '45'),
    ('Test_L2_R2', 501, '24621527764723641553255', -1, '2'),
    ('Test_L2_R2', 551, '263212547536557773337', 4, '245'),
    ('Test_L2_R2', 601, '47137243632764143', 2, '12347'),
    ('Test_L2_R2', 651, '772444756351157772', -2, '245'),
    ('Test_L2_R2', 701, '72347723255677763', 0, '5'),
    ('Test_L2_R2', 751, '117246134462472674735', -2, '236'),
    ('Test_L2_R2', 801, '5733231371343227426', 2, '12567'),
    ('Test_L2_R2', 851, '7466723263435477362656', -2, '4'),
    ('Test_L2_R2', 901, '36763155722321177165573', 3, '26'),
    ('Test_L2_R2', 951, '776564547426156646224741', 2, '2357'),
)

SAMPLE = tuple(Sampled(source, line, moves, score, tuple(int(c) for c in right))
               for source, line, moves, score, right in _ROWS)

__all__ = ["SAMPLE", "Sampled"]
