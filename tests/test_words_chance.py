"""The words of an expectiminimax drawing (issue 43): who moves at each level when chance nodes sit between the
players, a principal variation that stops where chance decides, and values without rounding's dust. Checked on
random trees with chance nodes against values and levels computed here from the tree's specification."""

import math
import re

from hypothesis import given, settings

from adversarial import describe, expectiminimax
from adversarial.beyond.chance import Chance, chance, chance_tree

from .test_chance import expected_value, roots, specs

NUMBER = r"−?-?[0-9]+(?:\.[0-9]+)?(?:e[-+][0-9]+)?"


def movers_by_level(spec, player):
    """Level (0 = root) -> who decides there: MAX, MIN or chance; leaves decide nothing."""
    found = {}

    def walk(node, player, level):
        if isinstance(node, (int, float)):
            return
        if isinstance(node, Chance):
            found.setdefault(level, set()).add("chance")
            for _, child in node.branches:
                walk(child, player, level + 1)
            return
        found.setdefault(level, set()).add(player)
        for child in node:
            walk(child, "MIN" if player == "MAX" else "MAX", level + 1)

    walk(spec, player, 0)
    return [found[k] for k in sorted(found)]


def node_at(spec, path):
    for i in path:
        spec = spec.branches[i][1] if isinstance(spec, Chance) else spec[i]
    return spec


def player_at(spec, path, root):
    player = root
    for k in range(len(path)):
        if not isinstance(node_at(spec, path[:k]), Chance):
            player = "MIN" if player == "MAX" else "MAX"
    return player


@settings(max_examples=150, deadline=None)
@given(specs, roots)
def test_words_of_random_chance_trees_agree_with_the_definition(spec, root):
    t = chance_tree(spec, root_player=root)
    result = expectiminimax(t, trace=True)
    words = describe(t, result)
    value = expected_value(spec, root)
    assert "e-" not in words.name + words.text             # no 4.44089e-16 for a value of 0
    if not isinstance(spec, (int, float)):
        said = re.search(rf"root value ({NUMBER})", words.name).group(1)
        assert math.isclose(float(said.replace("−", "-")), value, rel_tol=1e-5, abs_tol=1e-9), (said, value)
    for shown in re.findall(rf"value ({NUMBER})", words.text):
        number = float(shown.replace("−", "-"))
        assert number == round(number, 10)

    levels = movers_by_level(spec, root)
    alternate = all(len(m) == 1 and "chance" not in m for m in levels) and \
        all(a != b for a, b in zip(levels, levels[1:]))
    assert ("turn about" in words.text) == (alternate and len(levels) > 1)
    if not alternate:
        line = re.search(r"who moves at each level: ([^.(]*)", words.text).group(1)
        for k, movers in enumerate(levels):
            assert f"level {k + 1} " + " or ".join(sorted(movers, key=lambda m: m.upper())) in line, line

    # The principal variation follows best choices and stops at the first chance node: nobody chose what
    # comes after it. Every step is a child worth what its parent is worth.
    paths = {t.label(n.path): n.path for n in t.nodes()}
    pv = [paths[name] for name in words.facts["pv"]]
    if isinstance(spec, Chance):
        assert pv == [] and "No principal variation: chance moves at the root" in words.text
        return
    if isinstance(spec, (int, float)):
        return
    for parent, child in zip(pv, pv[1:]):
        assert not isinstance(node_at(spec, parent), Chance)
        assert abs(expected_value(node_at(spec, child), player_at(spec, child, root))
                   - expected_value(node_at(spec, parent), player_at(spec, parent, root))) < 1e-9
    end = node_at(spec, pv[-1])
    assert isinstance(end, (Chance, int, float))
    if isinstance(end, Chance):
        assert "there chance decides, so the line stops" in words.text


def test_the_issues_tree_reads_zero_and_stops_at_the_chance_node():
    t = chance_tree([chance((0.3, 7), (0.7, -3)), -1])
    words = describe(t, expectiminimax(t, trace=True))
    assert words.name == "Expectiminimax on a 3-level tree: root value 0, 0 of 3 leaves pruned"
    assert "chance node A, value 0," in words.text
    assert "who moves at each level: level 1 MAX, level 2 chance" in words.text
    assert "turn about" not in words.text
    assert words.facts["pv"] == ["root", "A"]


def test_help_of_the_public_searches_uses_only_what_it_imports():
    """Issue 43: help(expectiminimax) used chance_tree and chance, which `from adversarial import ...` cannot
    import. Each public search's docstring examples run with nothing but `from adversarial import *` and what
    they import themselves."""
    import doctest

    import adversarial
    for name in ("expectiminimax", "minimax", "alphabeta", "negamax", "pvs", "mtdf", "mcts"):
        function = getattr(adversarial, name)
        public = {n: getattr(adversarial, n) for n in adversarial.__all__}
        test = doctest.DocTestParser().get_doctest(function.__doc__ or "", public, name, None, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test, out=lambda text: None)
        assert runner.failures == 0, f"help({name}): an example uses a name it does not import"
