"""External conformance: CS188's minimax (q2) and alpha-beta (q3) autograder graph tests.

A subset is vendored in tests/data/cs188 (with its source and licence), so a plain clone runs it; the full
set runs too where ../shared/data/cs188 is present.

For every graph test, the package must choose the solution's action and enter
exactly the set of states the solution says the agent generates. q3 uses the
strict pruning rule (cut only when α > β), as that autograder expects.
"""

from pathlib import Path

import pytest

from adversarial import alphabeta, minimax
from adversarial.trace import Enter

from .conftest import SHARED, shared_path
from .cs188 import GraphGame, parse

VENDORED = Path(__file__).parent / "data" / "cs188"
CASES = sorted((SHARED / "data" / "cs188" / "multiagent" / "test_cases").glob("q[23]/*.test"))


def graph_tests(cases=CASES, prefix=""):
    for path in cases:
        fields = parse(path)
        if fields.get("class") == "GraphGameTreeTest":
            yield pytest.param(path, id=f"{prefix}{path.parent.name}/{path.stem}")


@pytest.mark.parametrize("path", list(graph_tests(sorted(VENDORED.glob("q[23]/*.test")), "vendored/")))
def test_vendored_graph_test(path):
    test_graph_test(path)


def test_the_vendored_subset_covers_both_questions():
    ids = [p.values[0].parent.name for p in graph_tests(sorted(VENDORED.glob("q[23]/*.test")))]
    assert ids.count("q2") >= 6 and ids.count("q3") >= 7


@pytest.mark.parametrize("path", list(graph_tests()) or [pytest.param(None, id="no-data")])
def test_graph_test(path):
    if path is None:
        shared_path("data", "cs188", "multiagent", "test_cases")
        pytest.fail("../shared/data/cs188 exists but holds no graph tests")
    fields = parse(path)
    solution = parse(path.with_suffix(".solution"))
    game = GraphGame(fields)
    if fields["alg"] == "MinimaxAgent":
        result = minimax(game, depth=game.depth, trace=True)
    else:
        assert fields["alg"] == "AlphaBetaAgent"
        result = alphabeta(game, depth=game.depth, prune_on_equal=False, trace=True)
    entered = {event.state[0] for event in result.trace if isinstance(event, Enter)}
    assert result.move == solution["action"]
    assert entered == set(solution["generated"].split())


def test_there_are_graph_tests_for_both_questions():
    shared_path("data", "cs188", "multiagent", "test_cases")
    ids = [p.values[0].parent.name for p in graph_tests()]
    assert ids.count("q2") >= 30 and ids.count("q3") >= 30


def test_textbook_rule_prunes_more_than_the_autograder_allows():
    """With α ≥ β, the tied-root test prunes leaf C, which the autograder expects to see."""
    path = VENDORED / "q3" / "6-tied-root.test"
    game = GraphGame(parse(path))
    strict = alphabeta(game, depth=game.depth, prune_on_equal=False, trace=True)
    textbook = alphabeta(game, depth=game.depth, prune_on_equal=True, trace=True)
    names = lambda r: {e.state[0] for e in r.trace if isinstance(e, Enter)}
    assert names(strict) - names(textbook) == {"C"}
    assert strict.value == textbook.value == 10 and strict.move == textbook.move == "Left"
