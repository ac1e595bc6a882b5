"""Each student their own variant of the value, set and rule exercises, for graded assignments.

The lessons' worked answers are public, so an assignment built from a lesson (``tools/assignments.py``) does
not ask the lesson's own questions: each student gets a tree, a position or numbers like the lesson's and as
hard, with another answer, drawn from a seed made of the course, the assignment, the student's id and the
exercise. The student sees it in the assignment's first cell; the grader draws the same again and grades the
answer on it with the lesson's own check.

Trees (lessons 0-2, :data:`VARIED`): "the same difficulty" is read off the lesson's tree: the same shape (so the
same players at each level), as many leaves pruned by alpha-beta, and the same traps: whether the value is the
largest (or smallest) leaf, and whether the move towards that leaf is the best move.

Positions, numbers and the window rules' trees (lessons 2-11, :data:`INSTANCES`): each check says which of its
arguments make the question (a board, a board size, a count of marks or moves, a (b, d), a budget, payoffs, a
tree, leaves), how to draw them, and what must stay as in the lesson; the instance's answer always differs from
the lesson's:

- 2 ex 2 and 3 (the window rules): the lesson's tree, MIN at the root over a leaf x and a MAX node, with other
  leaves under the MAX node (0 to 20, the first smaller than the second, "the rest" smaller than both, as the
  lesson's 5, 7, 0): the rule is another interval between two leaves, each exercise its own.
- 3 ex 1 (a board's value): as many marks, whether the side to move can win at once, as many cells the other
  side threatens. The value is -1, 0 or 1: many students share it (their boards differ).
- 3 ex 2 (the optimal moves): the same, the same value, and more than one optimal move but not every move.
- 3 ex 3 (a tree without wins): a board of 4 to 30 cells instead of 9 (26 instances).
- 3 ex 4 (a value with depth in the score): the best line as long (three more moves), the same traps, the winner
  the side to move; one mark less, one or two more (with as many, the value would be the lesson's). The value is
  then -2 (5 marks: O to move wins on the 8th move) or 1 (6 marks: X wins on the 9th), about 3 to 1; no third
  value is as hard (:func:`_draw_board` says why): many students share it (their boards differ).
- 4 ex 1 (nodes with the reverse order): a board after two moves instead of the empty board.
- 4 ex 3 (moves up to symmetry): a board after two or three moves on which some moves are alike, instead of
  X's nine first moves.
- 4 ex 4 (positions up to symmetry): the positions with k marks reachable from a board after one or two moves
  (k one more than its marks to 9; 81 boards, about 570 instances, some 50 answers: the counts of marks alone,
  2 to 9, were 8), when some of them are alike, as in the lesson; the same code, ``reachable_positions`` from
  the board instead of the empty one.
- 5 ex 1 (positions after six moves): 3, 4 or 5 moves (1 or 2 make no transposition, the exercise's point; from 7
  on a game can end, another question, and the count takes seconds) after an opening in which one column fills
  on the way (:func:`_draw_plies`): from the empty board, or after any opening whose columns cannot fill, the
  count depends on the number of moves alone, so the opening's tall column is what gives another answer. No game
  ends within the moves, as in the lesson. Many openings, about nine answers (the column's height and the moves):
  an answer is not compared with other students'.
- 5 ex 2 (how far beyond the horizon): a position where the depth-3 search's move loses beyond its horizon while
  another move holds, as the lesson's H2, with a loss in 3 or 7 moves instead of 5: one of :data:`HORIZON_TRAPS`.
  Such a position is a rare find (``benchmarks/bench_variant_spaces.py --horizon 3000``: 15 of 3,000 random
  positions of 22 to 26 moves are one, 0.5%, 12 of them with another answer than the lesson's, at 24 ms a
  position: about 6 s of search per student on average, with a long tail, in each kernel that draws the variant),
  so the search ran once (``--traps``) and a student draws one of the kept ones: a class shares them (30 for 200
  students). The check's trap move (the lesson's ``trap2``) is the depth-3 search's on the student's position:
  the lesson's own code computes it (:class:`Varies` ``derived``).
- 7 ex 1 (the two proofs): another b (3 to 20) and an odd d (3 to 9). 7 ex 3 (how deep for chess): another b (20
  to 45) and budget (1, 2, 3, 4, 5, 6 or 8 times 10^5 to 10^8), with "twice as deep" exact or not as in the lesson.
- 8 ex 2 and 3 (the 3 x 3 tree ``scout``): each its own tree (``scout_2``, ``scout_3``) with PVS re-searching as
  often and as many orders sparing it; three MTD(f) tests from the guess 0 and a stretch of two-test guesses
  within the leaves.
- 11 ex 2 (a dice tree): the lesson's shape (read from its ``chance_tree(...)``), leaves 0 to 9, probabilities in
  tenths; every typical slip (a plain average, a max or a min at the chance nodes, MIN's choice skipped) gives a
  value of its own, and MAX's gamble is not the one with the larger plain average, as in the lesson.
- 11 ex 4 (a selfish opponent): other payoffs of the lesson's shape, with the same traps (neither minimax's move
  nor the hopeful one is best).

An answer right on the lesson's instance is flagged; one right on another student's only where answers are many
(a board size, a count, a pair, a dice tree's value): a value of -1, 0 or 1, a move, a small count or a rule is
right for many students by chance. The lesson's own facts (its hardness and answer) are computed when the
assignment is built and written into the variant cell and the hidden test (``known``): a kernel draws a variant
without searching the whole game again.

Not varied, and why:

- Functions (the other exercises of lessons 4-12: all of lessons 6, 9, 10 and 12; their "then use it" questions
  are not checked) are graded on hidden cases whose seeds come from the course's secret
  (``tools/nbgrader_hooks.py``): per course already.

>>> v = Variant("a-course", "01_minimax_by_hand", "ada")
>>> mine = v.tree(1, [[4, 8, 3], [1, 7, 2], [6, 5, 9]], kind="value")
>>> mine == Variant("a-course", "01_minimax_by_hand", "ada").tree(1, [[4, 8, 3], [1, 7, 2], [6, 5, 9]], kind="value")
True
>>> mine != Variant("a-course", "01_minimax_by_hand", "grace").tree(1, [[4, 8, 3], [1, 7, 2], [6, 5, 9]], kind="value")
True
>>> check_answer_form(5, "value")
✓ Right form: a number. Whether it is right for your variant is graded after you hand in.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
from collections.abc import Callable

from ..search import minimax as _minimax
from ..tree import _complete
from .core import Verdict, hand_over, is_stub, number_problem, plain_number, same, short, unanswered
from .core import not_answered as _not_answered
from .handwork import _build, _skipped

__all__ = ["Variant", "check_answer_form", "student_id", "VARIED", "INSTANCES", "NoStudentId"]

# The checks whose exercise is a tree (their second argument), and what kind of answer each asks for.
VARIED = {"check_tree_value": "value", "check_tree_move": "move", "check_skipped_leaves": "set"}
# Draws tried before giving up on a tree (the lessons' trees need a few dozen at most; tests/test_variants.py).
TRIES = 20_000


class NoStudentId(RuntimeError):
    """The student's id, which chooses the variant, is not known in this kernel."""


def student_id() -> str:
    """The student's id in this kernel: the JupyterHub user (``JUPYTERHUB_USER``), as nbgrader names the hand-in
    on a course's hub; ``NBGRADER_STUDENT_ID`` first, for a course that sets it otherwise."""
    for name in ("NBGRADER_STUDENT_ID", "JUPYTERHUB_USER"):
        if os.environ.get(name, "").strip():
            return os.environ[name].strip()
    raise NoStudentId("your student id is not known here, and it chooses your variant of the exercises: "
                      "outside the course's JupyterHub, set it in a cell of your own above this one, "
                      "import os; os.environ['JUPYTERHUB_USER'] = 'your-id' (your id on the course's hub), "
                      "then run this cell again")


def _number(*parts) -> int:
    digest = hashlib.sha256("\x1f".join(map(str, parts)).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


class Variant:
    """A student's variant of an assignment: ``tree(exercise, lesson_spec, kind=...)`` draws that exercise's
    tree. ``student=None`` reads the id from the environment (:func:`student_id`)."""

    def __init__(self, course: str, assignment: str, student: str | None = None):
        self.course, self.assignment = str(course), str(assignment)
        self.student = student_id() if student is None else str(student)
        self.code = f"{_number(self.course, self.assignment, self.student) % 16**6:06x}"
        self.trees: dict = {}

    def seed(self, exercise) -> int:
        return _number(self.course, self.assignment, self.student, exercise)

    def tree(self, exercise, spec, *, kind: str = "value", root_player: str = "MAX", branching: int | None = None,
             needs=None):
        """This student's tree for ``exercise`` (its seed), like the lesson's ``spec``. ``needs``, a list of
        (kind, root player), when several exercises ask about one tree (the lesson's "the same tree")."""
        needs = [tuple(n) for n in needs] if needs else [(kind, root_player)]
        found = draw_tree(spec, self.seed(exercise), needs=needs, branching=branching)
        self.trees[exercise] = found
        return found

    def instance(self, exercise, check: str, lesson: dict, known=None, **fixed):
        """This student's instance of ``exercise`` (its seed), whose check ``check`` (one of :data:`INSTANCES`)
        the lesson calls with ``lesson`` (its arguments that make the question) and ``fixed`` (the others): the
        value of the instance's one argument, or a tuple of them in the check's order. ``known``: the lesson's
        facts (:meth:`Varies.facts`), written in by the build."""
        found = instance_of(check, lesson, fixed, self.seed(exercise), known)
        made = INSTANCES[check].made(found)
        values = tuple(made[p] for p in INSTANCES[check].params)
        shown = tuple(v.to_list() if hasattr(v, "to_list") else v for v in values)    # a tree as its spec
        shown = shown[0] if len(shown) == 1 else shown
        self.trees[exercise] = INSTANCES[check].shown(found) if INSTANCES[check].shown else shown
        return values[0] if len(values) == 1 else values

    def __repr__(self) -> str:
        lines = [f"Variant {self.code} of {self.assignment} (student {self.student}): your exercises"]
        lines += [f"  exercise {k}: {v}" for k, v in self.trees.items()]
        return "\n".join(lines)


# -- drawing a tree like the lesson's -------------------------------------------------------------------

def _leaves(spec) -> list:
    return [x for item in spec for x in _leaves(item)] if isinstance(spec, list) else [spec]


def _refill(spec, values):
    if isinstance(spec, list):
        return [_refill(item, values) for item in spec]
    return next(values)


def _facts(spec, root_player, branching) -> tuple:
    """What makes a tree as hard as another of its shape, and its answers (value, best moves, skipped leaves),
    computed with the package's search."""
    t = _build(spec, root_player, branching)
    result = _minimax(t)
    top = t.root.player
    leaves = [leaf.value for leaf in t.leaves()]
    pick = max if top == "MAX" else min
    worths = [_minimax(t, t.node((m,))).value for m in range(len(t.root.children))]
    best = tuple(m for m, w in enumerate(worths) if w == result.value)
    towards = pick(range(len(t.root.children)),
                   key=lambda m: pick(leaf.value for leaf in t.leaves() if leaf.path[0] == m))
    skipped = frozenset(_skipped(t)[0])
    hardness = (len(skipped), result.value == pick(leaves), towards in best, len(best))
    return hardness, (result.value, best, skipped)


def _quick_facts(nested, maximising: bool) -> tuple:
    """:func:`_facts` on nested lists in plain Python, a hundred times quicker: it sorts out the many draws that
    do not fit, and :func:`_facts` confirms the one that does."""
    def value(node, top):
        if not isinstance(node, list):
            return node
        values = [value(child, not top) for child in node]
        return max(values) if top else min(values)

    read: set = set()

    def alphabeta(node, alpha, beta, top, path):
        if not isinstance(node, list):
            read.add(path)
            return node
        best = None
        for index, child in enumerate(node):
            v = alphabeta(child, alpha, beta, not top, path + (index,))
            best = v if best is None else (max(best, v) if top else min(best, v))
            if top:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def paths(node, path=()):
        if not isinstance(node, list):
            return [(path, node)]
        return [p for index, child in enumerate(node) for p in paths(child, path + (index,))]

    pick = max if maximising else min
    worths = [value(child, not maximising) for child in nested]
    root = pick(worths)
    best = tuple(m for m, w in enumerate(worths) if w == root)
    everything = paths(nested)
    alphabeta(nested, float("-inf"), float("inf"), maximising, ())
    skipped = frozenset(v for p, v in everything if p not in read)
    towards = pick(range(len(nested)), key=lambda m: pick(v for p, v in everything if p[0] == m))
    hardness = (len(skipped), root == pick(v for _, v in everything), towards in best, len(best))
    return hardness, (root, best, skipped)


_LESSON_FACTS: dict = {}


def draw_tree(spec, seed: int, *, kind: str = "value", root_player: str = "MAX", branching: int | None = None,
              needs=None):
    """A tree of ``spec``'s shape with other numbers (distinct, so a set of leaf values names leaves), as hard as
    ``spec`` and with another answer to the question of ``kind`` ("value", "move" or "set") with ``root_player``
    at the root; ``needs``, a list of (kind, root player), asks that of every question in it."""
    needs = [tuple(n) for n in needs] if needs else [(kind, root_player)]
    for k, player in needs:
        if k not in ("value", "move", "set") or player not in ("MAX", "MIN"):
            raise ValueError(f"each need is (kind, root player), kind 'value', 'move' or 'set' and player 'MAX' or "
                             f"'MIN', not {(k, player)!r}")
    old = _leaves(spec)
    lesson = []
    for k, player in needs:
        key = (repr(spec), player, branching)
        if key not in _LESSON_FACTS:
            _LESSON_FACTS[key] = _facts(spec, player, branching)
        lesson.append((k, player, *_LESSON_FACTS[key]))
    low = min(0, min(old))
    high = max(max(old), low + 3 * len(old) + 12)
    rng = random.Random(seed)
    for _ in range(TRIES):
        values = rng.sample(range(low, high + 1), len(old))
        candidate = _refill(spec, iter(values))
        nested = _complete(candidate, branching) if branching is not None else candidate
        if all(_fits(_quick_facts(nested, player == "MAX"), k, hardness, answers)
               for k, player, hardness, answers in lesson) and \
                all(_facts(candidate, player, branching)[0] == hardness     # the package's search agrees
                    for _, player, hardness, _ in lesson):
            return candidate
    raise RuntimeError(f"no tree like {spec} found in {TRIES} draws (seed {seed}): give the exercise another tree")


def _fits(facts, kind, hardness, answers) -> bool:
    """As hard as the lesson's tree, with another answer to the question of ``kind``."""
    got_hardness, (v, b, s) = facts
    value, best, skipped = answers
    return got_hardness == hardness and not ((kind == "value" and v == value) or
                                             (kind == "move" and set(b) & set(best)) or
                                             (kind == "set" and s == skipped))


# -- the visible check of an assignment: the answer's form only -------------------------------------------

_FORMS = {"value": "a number", "move": "a move number (0, 1, 2, ...)", "set": "a set of leaf values",
          "pair": "a pair of numbers, (a, b)",
          "rule": "a function of x that returns True or False", "answer": "an answer"}


def _form(text: str) -> Verdict:
    return Verdict(True, f"Right form: {text}. Whether it is right for your variant is graded after you hand in.")


def check_answer_form(answer, kind: str, spec=None) -> Verdict:
    """The visible check of a value, set or rule exercise in an assignment: is ``answer`` of the asked form
    (``kind``: "value", "move", "set", "pair", "rule" or "answer")? It says nothing of whether the answer is right,
    which the hidden test grades, so trying values against it finds nothing."""
    if kind not in _FORMS:
        raise ValueError(f"kind must be one of {', '.join(_FORMS)}, not {kind!r}")
    if unanswered(answer) or (kind == "rule" and callable(answer) and is_stub(answer)):
        return _not_answered(kind == "rule")
    wanted = _FORMS[kind]
    no = lambda why: Verdict(False, f"Not yet the right form: {why}; the answer must be {wanted}.")  # noqa: E731
    if kind == "value":
        problem = number_problem(answer)
        return no(problem) if problem else _form(wanted)
    if kind == "move":
        a = plain_number(answer)
        if not isinstance(a, int) or isinstance(answer, bool) or a < 0:
            return no(f"{short(answer)} is not a move number")
        return _form(wanted)
    if kind == "set":
        if not isinstance(answer, (set, frozenset)):
            return no(f"{short(answer)} is not a set (write the leaves in braces, set() for none)")
        if any(plain_number(x) is None for x in answer):
            return no("not every item of your set is a number")
        if spec is not None:
            leaves = _leaves(spec)
            if any(not any(plain_number(x) == leaf for leaf in leaves) for x in answer):
                return no("not every item of your set is a leaf of your tree")
        return _form(wanted)
    if kind == "pair":
        if not isinstance(answer, (tuple, list)) or len(answer) != 2:
            return no(f"{short(answer)} is not a pair")
        if any(number_problem(x) for x in answer):
            return no("not both items of your pair are numbers")
        return _form(wanted)
    if kind == "rule":
        if not callable(answer):
            return no(f"{short(answer)} is not a function")
        try:
            hand_over()
            said = answer(1.5)
        except Exception as error:  # noqa: BLE001 (the student's function: any error is its form's fault)
            return no(f"calling it on 1.5 raised {type(error).__name__}")
        if not isinstance(said, bool) and type(said).__name__ != "bool_":
            return no(f"it returned {short(said)} for 1.5, not True or False")
        return _form(wanted)
    return _form(wanted)


# -- the hidden test: the lesson's check on the student's tree, and a flag for another variant's answer -----

def grade(check: Callable, answer, exercise, lesson_spec, *, variant: Variant, others=(), kind: str = "value",
          needs=None, **options) -> Verdict:
    """The lesson's ``check`` on the student's own tree (``exercise``'s, drawn with ``kind`` or ``needs`` as in
    the student's variant cell); when the answer is wrong there but right on the lesson's tree or (a value or a
    set) on another student's variant (``others``: their ids), the verdict says so, naming the variant's code
    (a flag for the grader: one value can match by chance, the same code under several exercises rarely)."""
    draw = dict(kind=kind, root_player=options.get("root_player", "MAX"), branching=options.get("branching"),
                needs=needs)
    mine = variant.tree(exercise, lesson_spec, **draw)
    verdict = check(answer, mine, **options)
    if verdict.ok or not verdict.answered:
        return verdict
    fits = []
    if check(answer, lesson_spec, **options).ok:
        fits.append("the lesson's own tree (its worked answer)")
    matched = []
    # A move (0, 1 or 2) is right for many students' trees by chance: only values and sets are compared.
    for other in others if kind != "move" else ():
        if other == variant.student:
            continue
        theirs = Variant(variant.course, variant.assignment, other)
        if check(answer, theirs.tree(exercise, lesson_spec, **draw), **options).ok:
            matched.append(theirs.code)
    return _flagged(verdict, fits, matched, "your own tree", variant)


# -- exercises on a position or on numbers: each check's own way of drawing an instance ------------------------
#
# A tree exercise's instance is its tree; another exercise's instance is the check's arguments after the answer
# that make the question (a board, a count, an opening). An entry of INSTANCES says, for one check, which of its
# arguments are the instance (``params``), how to draw one like the lesson's, and what makes it as hard.

class Varies:
    """How the exercise of one check is varied.

    - ``params``: the check's arguments that make the instance (the others, e.g. ``depth_aware``, stay the lesson's:
      they are ``fixed`` below);
    - ``draw(rng, lesson, fixed)``: a candidate instance (a dict of ``params``) or None, from ``random.Random`` rng;
    - ``hardness(instance, fixed)``: what must be the same as the lesson's (None: nothing beyond the draw's form);
    - ``answer(instance, fixed)``: the right answer, which must differ from the lesson's;
    - ``kind``: the answer's form, for :func:`check_answer_form`;
    - ``solution(names, fixed, target)``: the instructor's code computing ``target`` on the instance, whose
      variables are ``names`` (param -> name); it imports what it uses;
    - ``statement(text, names, lesson, fixed)``: the lesson's statement made to name the student's instance
      (default: the lesson's argument, as written in the check cell, replaced by its name); it raises when the
      lesson's text is not found: the lesson changed, and the variant must follow;
    - ``others``: whether an answer is compared with other students' variants: not where the answers are so few
      (a value of -1, 0 or +1, a small count) that a wrong answer is right for many students by chance;
    - ``may_fit(answer, right)``: whether an answer may be right where ``answer(...)`` is ``right`` (a quick test
      before the check is run on another instance; default: the two are the same);
    - ``make``: what turns an instance's written form (a spec, as the variant cell writes it) into what the check
      and the student get (e.g. ``chance_tree``); None: the written form itself;
    - ``shown(instance)``: the words the variant cell shows for the instance (None: the instance as written);
    - ``stub(text, names, fixed)``: the exercise's stub made to name the student's instance, where its comment
      names the lesson's (None: the stub as the lesson writes it);
    - ``derived``: the check's arguments computed from the instance (param -> function of the instance), which the
      lesson computes in its own code (5 ex 2's ``trap2``, the depth-3 search's move): the check gets them from
      the student's instance, the student from the lesson's code run on it.
    """

    def made(self, instance: dict) -> dict:
        made = {k: self.make(v) for k, v in instance.items()} if self.make else dict(instance)
        return {**made, **{k: derive(instance) for k, derive in self.derived.items()}}

    def __init__(self, params, draw, answer, kind, solution, *, hardness=None, statement=None, others=True,
                 what="instance", may_fit=same, make=None, shown=None, stub=None, derived=None):
        self.params, self.draw, self.answer, self.kind = tuple(params), draw, answer, kind
        self.may_fit, self.make, self.shown, self.stub = may_fit, make, shown, stub
        self.derived = dict(derived or {})
        self.solution, self.hardness, self.others, self.what = solution, hardness, others, what
        self._statement = statement

    def statement(self, text: str, names: dict, lesson: dict, fixed: dict) -> str:
        """The lesson's statement naming the student's instance (``names``: param -> the variant cell's name)."""
        if self._statement is not None:
            return self._statement(text, names, lesson, fixed)
        return _name_literals(text, names, lesson)

    def facts(self, lesson: dict, fixed: dict) -> tuple:
        """(the lesson's hardness, its answer): what a drawn instance must match and must differ from. The build
        writes them into the assignment (``known``), so that a kernel does not compute them again (a search of
        the whole game for some)."""
        key = (self, repr(sorted(lesson.items())), repr(sorted(fixed.items())))
        if key not in _LESSON_FACTS:
            _LESSON_FACTS[key] = (self.hardness(lesson, fixed) if self.hardness else None,
                                  self.answer(lesson, fixed))
        return _LESSON_FACTS[key]

    def find(self, lesson: dict, fixed: dict, seed: int, known=None) -> dict:
        """The instance drawn from ``seed``: as hard as ``lesson``, with another answer (``known``: the lesson's
        :meth:`facts`, as the build computed them)."""
        hardness, answer = tuple(known) if known is not None else self.facts(lesson, fixed)
        rng = random.Random(seed)
        for _ in range(TRIES):
            candidate = self.draw(rng, lesson, fixed)
            if candidate is None or candidate == lesson:
                continue
            if self.hardness and self.hardness(candidate, fixed) != hardness:
                continue
            if self.answer(candidate, fixed) != answer:
                return candidate
        raise RuntimeError(f"no {self.what} like {lesson} found in {TRIES} draws (seed {seed}): give the exercise "
                           "another one")


def _name_literals(text: str, names: dict, lesson: dict) -> str:
    changed = text
    for param, name in names.items():
        written = [w for w in (json.dumps(lesson[param]), repr(lesson[param])) if w in changed]
        if not written:
            raise ValueError(f"the statement does not show {lesson[param]!r} (the lesson's {param}): the lesson "
                             "changed; say in adversarial/exercises/variants.py how its variant names the student's")
        changed = changed.replace(written[0], name)
    return changed


def _replacing(*pairs):
    """A statement rewrite: each (lesson's words, the variant's words, with {param} for the instance's name)."""
    def rewrite(text: str, names: dict, lesson=None, fixed=None) -> str:
        for old, new in pairs:
            words = re.compile(r"\s+".join(map(re.escape, old.split())))     # a line may break anywhere
            if not words.search(text):
                raise ValueError(f"the statement does not say {old!r}: the lesson changed; say in "
                                 "adversarial/exercises/variants.py how its variant names the student's instance")
            said = new.format(**{k: f"`{v}`" for k, v in names.items()},
                              **{f"{k}_plain": v for k, v in names.items()})
            text = words.sub(lambda _: said, text)
        return text
    return rewrite


# lesson 2's window rules: a MIN root over a leaf x and a MAX node; for which x the search goes on after the MAX
# node's first leaf and stops after its second

def _window():
    from . import handwork
    return handwork


def _draw_window(rng, lesson, fixed):
    """The lesson's tree ([x, [first, second, rest]], MIN at the root) with other distinct leaves from 0 to 20
    (the lesson's are 5, 7 and 0)."""
    return {"leaves": tuple(rng.sample(range(0, 21), 3))}


def _window_truth(instance, fixed):
    """Where, on the check's candidates, the search goes on after the first leaf and stops after the second (by
    the package's search): the answer, as the check sees it."""
    h = _window()
    leaves = instance["leaves"]
    rule = fixed.get("prune_on_equal", True)
    return frozenset(x for x in h.window_candidates(leaves) if h._goes_on_then_stops(x, rule, leaves))


def _window_hardness(instance, fixed):
    """As in the lesson: the first leaf smaller than the second (so some x goes on after the one and stops after
    the other: an interval with one end open and one closed, each end a leaf), "the rest" smaller than both (it is
    never read where the rule holds; only its place matters)."""
    first, second, rest = instance["leaves"]
    return first < second, rest < min(first, second)


def _window_may_fit(rule, right) -> bool:
    """A quick look before the check runs on another instance: ``rule`` says yes at the ends of ``right`` (the
    candidates where the search says yes) and no just outside them."""
    if not right:
        return True
    from .core import _said
    low, high = min(right), max(right)
    return _said(rule, low) is True and _said(rule, high) is True and \
        _said(rule, low - 0.5) is False and _said(rule, high + 0.5) is False


def _window_solution(names, fixed, target):
    leaves = names["leaves"]
    if fixed.get("prune_on_equal", True):
        return ["# it goes on after the first leaf while it is below β = x, and stops after the second once it "
                "reaches β",
                f"{target} = lambda x: {leaves}[0] < x <= {leaves}[1]"]
    return ["# only α > β cuts: it goes on after the first leaf up to β = x, and stops after the second only "
            "beyond β",
            f"{target} = lambda x: {leaves}[0] <= x < {leaves}[1]"]


def _window_words(instance) -> str:
    first, second, rest = instance["leaves"]
    return (f"tree([x, [{first}, {second}, {rest}]], root_player='MIN'): MIN at the root, its left child the "
            f"leaf x, its right child a MAX node with leaves {first}, {second} and {rest} (the rest)")


_WINDOW_SAYS = (
    ("its right child is a MAX node with leaves 5, 7 and \"the rest\". For which `x` does alpha-beta (α ≥ β) "
     "**keep going** after the 5 but **stop** after the 7?",
     "its right child is a MAX node with your leaves {leaves} (drawn by the first cell): the first, the second, "
     "then \"the rest\". For which `x` does alpha-beta (α ≥ β) **keep going** after your first leaf but **stop** "
     "after your second?"),
    ("on every half from −2 to 15,", "on every half from 7 below your first two leaves to 8 above them,"),
    ("(such as 5.25)", "(such as a quarter past a leaf)"),
)
_WINDOW_STRICT_SAYS = (
    ("The tree of Exercise 2 again (MIN at the root, a leaf `x`, then a MAX node with leaves 5, 7 and \"the "
     "rest\"),",
     "A tree of Exercise 2's shape (MIN at the root, a leaf `x`, then a MAX node with your leaves {leaves}, drawn "
     "by the first cell: the first, the second, then \"the rest\"),"),
    ("keep going after the 5 but stop after the 7?", "keep going after your first leaf but stop after your "
                                                     "second?"),
)


def _window_stub(text, names, fixed):
    return _replacing(("goes on after 5 and stops after 7", "goes on after your first leaf and stops after your "
                                                            "second"))(text, names)


def _window_statement(text, names, lesson, fixed):
    return _replacing(*(_WINDOW_SAYS if fixed.get("prune_on_equal", True) else _WINDOW_STRICT_SAYS))(text, names)


# lesson 5's horizon trap: a position where the depth-3 search's move loses just beyond its horizon

# Positions like the lesson's H2, found by ``benchmarks/bench_variant_spaces.py --traps 30`` (seed 41; about 0.4%
# of random positions are one, 24 ms a position: too slow to search per student in a kernel, so the search ran
# once and its finds are kept here): 22, 24 or 26 moves, X to move; the depth-3 search (open_windows) sees neither
# a win nor a loss and plays a move after which O forces a win in 3 or 7 moves (the lesson's in 5: another answer),
# while another move would hold for 7 moves. tests/test_variants.py checks them.
HORIZON_TRAPS = (
    '6446156776177677116534',
    '5556737224116266515567',
    '4125611452114765562215',
    '5132745765457655776712',
    '7115376266266476774354',
    '1177423161172265462424',
    '2127537535621721217673',
    '5163276223376276277343',
    '341364422637212116627466',
    '1513575117554243261164',
    '22722167373463772266364733',
    '5771251615522473721167',
    '3657461172176642236432',
    '2557671217212556127114',
    '65734515573774422315136171',
    '6727314313112576117655',
    '1535715732264772333711',
    '512372137575522757367356',
    '543617233312375476717557',
    '752752717625351623544154',
    '2337466646647465423533',
    '426122616757237137132216',
    '2771335325633654521247',
    '1575353616513377633514',
    '5637623174761267576423',
    '522356355562663762357377',
    '6445623257277422164347',
    '5167154453763325645665',
    '5632672363766537441763',
    '7175742633641113275651',
)


def _connectfour():
    from ..games.connectfour_eval import open_windows
    from .connectfour import _GAME
    return _GAME, open_windows


def _depth3_move(instance) -> int:
    """The column the depth-3 search drops X's disc into (the lesson's ``trap2``)."""
    from ..search import alphabeta
    game, evaluate = _connectfour()
    return alphabeta(game, game.play(instance["moves"]), depth=3, evaluate=evaluate).move


def _draw_trap(rng, lesson, fixed):
    return {"moves": rng.choice(HORIZON_TRAPS)}


def _trap_loss(instance, fixed):
    from .connectfour import moves_to_loss
    return moves_to_loss(instance["moves"], _depth3_move(instance))


def _trap_hardness(instance, fixed):
    """As in the lesson: X to move, and the depth-3 search sees no win or loss (the loss lies beyond its horizon;
    that another move holds is checked once for the kept positions, by tests/test_variants.py)."""
    from ..search import alphabeta
    game, evaluate = _connectfour()
    start = game.play(instance["moves"])
    return game.to_move(start), abs(alphabeta(game, start, depth=3, evaluate=evaluate).value) < 1


def _trap_solution(names, fixed, target):
    return ["from adversarial import alphabeta",
            "from adversarial.games import ConnectFour",
            "from adversarial.games.connectfour_eval import open_windows",
            "_game = ConnectFour()",
            f"_start = _game.play({names['moves']})",
            "_trap = alphabeta(_game, _start, depth=3, evaluate=open_windows).move     # the lesson's trap2",
            "_after = _game.result(_start, _trap)",
            f"{target} = next(d for d in range(1, 9)     # the first depth at which X's loss is proved",
            "               if alphabeta(_game, _after, depth=d, evaluate=open_windows).value <= -1)"]


# tic-tac-toe positions (lessons 3 and 4)

def _ttt():
    from . import tictactoe
    return tictactoe


def _board_text(cells: str) -> str:
    return "/".join(cells[i:i + 3] for i in (0, 3, 6))


def _random_board(rng, marks: int) -> str | None:
    """A position after ``marks`` random moves from the empty board, or None if the game ended on the way."""
    t = _ttt()
    board = t._PLAIN.initial_state()
    for _ in range(marks):
        if t._PLAIN.is_terminal(board):
            return None
        board = t._PLAIN.result(board, rng.choice(t._PLAIN.actions(board)))
    return None if t._PLAIN.is_terminal(board) else _board_text(board.cells)


def _marks(board: str) -> int:
    return 9 - board.count(".")


def _threats(board: str, mark: str) -> int:
    """How many empty cells would complete a line of ``mark``'s."""
    from ..games.tictactoe import LINES
    cells = board.replace("/", "")
    return sum(1 for i in range(9) if cells[i] == "." and
               any(i in line and all(cells[j] == mark for j in line if j != i) for line in LINES))


def _sides(board: str) -> tuple[str, str]:
    b = _ttt()._PLAIN.board(board)
    return (b.player, "O" if b.player == "X" else "X")


def _board_value(instance, fixed):
    t = _ttt()
    return t._value(t._PLAIN.board(instance["board"]), bool(fixed.get("depth_aware")))


def _board_value_hardness(instance, fixed):
    """The same number of marks, whether the side to move can win at once, and how many cells the other side
    threatens; with depth in the score, the same length of the best line and the same winner's side (the side to
    move or not) in place of the same number of marks (which the lesson's value already says)."""
    board = instance["board"]
    me, them = _sides(board)
    traps = (_threats(board, me) > 0, _threats(board, them))
    if not fixed.get("depth_aware"):
        return (_marks(board), *traps)
    value = _board_value(instance, fixed)
    if value == 0:
        return (_marks(board), *traps, 0)
    winner = "X" if value > 0 else "O"
    return (10 - abs(value) - _marks(board), *traps, winner == me)


def _board_statement(text, names, lesson, fixed):
    """The board's name in place of the lesson's; with depth in the score the variant's side to move may be O."""
    text = _name_literals(text, names, lesson)
    if fixed.get("depth_aware"):
        text = _replacing((", X to move?", ", with the side to move that its marks say (X moves first)?"))(text, names)
    return text


def _draw_board(rng, lesson, fixed):
    """A board after as many random moves as the lesson's has marks; with depth in the score, one mark less, one
    or two more. The value then counts the marks: a win in the lesson's three more moves (X's 7th-move win on 4
    marks, worth 3) is O's 8th-move win on 5 marks (-2) or X's 9th-move win on 6 (1), and nothing else: a win in
    three needs a fork, two threats, so the winner's third mark (3 marks or fewer can make no fork: 2 marks lie
    on one line at most), and a board of 7 marks has two moves left. So the variants' values are -2 and 1, not
    more (the hardness, the best line as long, fixes the value by the marks; tests/test_variants.py counts every
    position)."""
    marks = _marks(lesson["board"])
    if fixed.get("depth_aware"):         # the value counts the marks: another count gives another value
        marks = rng.choice([m for m in (marks - 1, marks, marks + 1, marks + 2) if 0 <= m <= 8])
    found = _random_board(rng, marks)
    return {"board": found} if found else None


def _board_value_solution(names, fixed, target):
    aware = ", depth_aware=True" if fixed.get("depth_aware") else ""
    return ["from adversarial import minimax",
            "from adversarial.games.tictactoe import TicTacToe",
            f"_game = TicTacToe({aware.lstrip(', ')})",
            f"{target} = minimax(_game, _game.board({names['board']})).value"]


def _optimal_moves(instance, fixed):
    t = _ttt()
    aware = bool(fixed.get("depth_aware"))
    game = t._game(aware)
    b = game.board(instance["board"])
    values = {m: t._value(game.result(b, m), aware) for m in game.actions(b)}
    pick = max if game.to_move(b) == "MAX" else min
    return frozenset(m for m, v in values.items() if v == pick(values.values()))


def _optimal_moves_hardness(instance, fixed):
    """The same marks and traps as a value question, the same value, and, as in the lesson, more than one optimal
    move but not every move (the trap: a move that loses among the ones that keep the value). (As many optimal
    moves as the lesson's would leave six boards, the lesson's own mirror images.)"""
    plain = {k: v for k, v in fixed.items() if k != "depth_aware"}
    best = len(_optimal_moves(instance, fixed))
    return (*_board_value_hardness(instance, plain), _board_value(instance, fixed),
            2 <= best < instance["board"].count("."))


def _optimal_moves_solution(names, fixed, target):
    aware = "depth_aware=True" if fixed.get("depth_aware") else ""
    b = names["board"]
    return ["from adversarial import minimax",
            "from adversarial.games.tictactoe import TicTacToe",
            f"_game = TicTacToe({aware})",
            f"_start = _game.board({b})",
            "_after = {m: minimax(_game, _game.result(_start, m)).value for m in _game.actions(_start)}",
            "_best = (max if _game.to_move(_start) == 'MAX' else min)(_after.values())",
            f"{target} = {{m for m, v in _after.items() if v == _best}}"]


def _reverse_nodes(instance, fixed):
    return _ttt().reverse_order_nodes(instance["board"])


def _symmetric_moves(instance, fixed):
    return _ttt().symmetric_moves(instance["board"])


def _draw_symmetric(rng, lesson, fixed):
    """A board after two or three moves (the same count of moves up to symmetry, by the same code; the nine
    boards after one move would be shared by a third of a class)."""
    found = _random_board(rng, rng.choice((2, 3)))
    return {"board": found} if found else None


def _symmetric_hardness(instance, fixed):
    """Some moves are the same up to symmetry (otherwise the answer is just the empty cells)."""
    return _symmetric_moves(instance, fixed) < instance["board"].count(".")


def _draw_cells(rng, lesson, fixed):
    """A board of 4 to 30 cells, not the lesson's 9: the count is the same sum of permutations, only n differs (26
    instances; the answer is one number of one argument, so a class shares some)."""
    return {"cells": rng.choice([n for n in range(4, 31) if n != 9])}


def _tree_size(instance, fixed):
    import math
    n = instance["cells"]
    return sum(math.perm(n, k) for k in range(n + 1))


def _positions_with_marks(instance, fixed):
    return _ttt().positions_up_to_symmetry(instance["marks"], instance["start"])


def _draw_start_and_marks(rng, lesson, fixed):
    """A board after one or two random moves, and a count of marks it can grow to (one more up to 9): the positions
    with that many marks reachable from it. The start makes the answer (the counts of marks alone, 2 to 9, are
    8); the count of marks keeps the exercise's filter."""
    moves = rng.choice((1, 2))
    return {"start": _random_board(rng, moves), "marks": rng.randint(moves + 1, 9)}


def _symmetry_matters(instance, fixed):
    """As in the lesson: some of the positions are alike (otherwise counting them up to symmetry changes nothing)."""
    t = _ttt()
    return t.positions_up_to_symmetry(instance["marks"], instance["start"]) < \
        len(t._with_marks(instance["marks"], instance["start"]))


def _positions_after(instance, fixed):
    from .connectfour import positions_after
    return positions_after(instance["plies"], instance["opening"])


def _no_game_ends(instance, fixed):
    """As in the lesson: no game ends within the moves (a finished game would be another question)."""
    from .connectfour import _levels
    return not _levels(instance["plies"], instance["opening"])[1]


def _draw_plies(rng, lesson, fixed):
    """3 to 5 moves after an opening in which one column is tall enough to fill on the way (not yet full: its
    height 5 at most, and with the moves at least 7; the rest of the opening, 0 to 2 discs, elsewhere). From the
    empty board, or after an opening whose columns cannot fill, the count depends on the number of moves alone
    (238, 1,120 or 4,263: every short opening gives the same as the empty board); a column that fills takes moves
    away, so the count depends on the column's height and the moves alone (the opening's other discs and the
    column's place change nothing: 9 answers for 200 students, one per pair), and :data:`INSTANCES` compares none
    with other students'."""
    plies = rng.choice((3, 4, 5))
    column = rng.randint(1, 7)
    moves = [column] * rng.randint(7 - plies, 5) + \
        [rng.choice([c for c in range(1, 8) if c != column]) for _ in range(rng.randint(0, 2))]
    rng.shuffle(moves)
    return {"opening": "".join(map(str, moves)), "plies": plies}


def _positions_after_solution(names, fixed, target):
    return ["from adversarial.games.connectfour import ConnectFour",
            "_game = ConnectFour()",
            f"_level = {{_game.play({names['opening']})}}",
            f"for _ in range({names['plies']}):",
            "    _level = {_game.result(s, m) for s in _level for m in _game.actions(s)}",
            f"{target} = len(_level)"]


# numbers of lesson 7: a uniform tree's (b, d), a branching factor and a budget of leaves

def _draw_tree_size(rng, lesson, fixed):
    """Another b (3 to 20) and a depth of the lesson's parity (odd: MAX moves at one more level than MIN, the
    point of the exercise), 3 to 9: 72 pairs, the same two powers to work out."""
    return {"b": rng.randint(3, 20), "d": rng.choice([d for d in range(3, 10) if d % 2 == lesson["d"] % 2])}


def _deepest(instance, fixed):
    b, budget = instance["b"], instance["budget"]
    return max(d for d in range(64) if b ** (d // 2) + b ** ((d + 1) // 2) - 1 <= budget)


def _deepest_hardness(instance, fixed):
    """Whether "twice as deep as minimax" is exact, as in the lesson (the exercise's question asks it)."""
    minimax_depth = max(d for d in range(64) if instance["b"] ** d <= instance["budget"])
    return _deepest(instance, fixed) == 2 * minimax_depth


def _draw_budget(rng, lesson, fixed):
    """A chess-like branching factor (20 to 45) and a round budget (100,000 to 800 million leaves)."""
    return {"b": rng.randint(20, 45), "budget": rng.choice((1, 2, 3, 4, 5, 6, 8)) * 10 ** rng.randint(5, 8)}


# payoffs of lesson 11: a selfish opponent's replies

def _earned(payoffs) -> list:
    """What each move earns against an opponent who picks the reply best for itself."""
    return [max(options, key=lambda pair: pair[1])[0] for options in payoffs]


def _selfish_best(instance, fixed):
    earned = _earned(instance["payoffs"])
    return earned.index(max(earned))


def _selfish_hardness(instance, fixed):
    """As in the lesson: the opponent never hesitates (its own scores differ within a move's options), one move
    earns the most, and it is neither minimax's move nor the hopeful one (nor are those two the same)."""
    payoffs = instance["payoffs"]
    if any(len({theirs for _, theirs in options}) < len(options) for options in payoffs):
        return None
    earned = _earned(payoffs)
    moves = range(len(payoffs))
    minimax_move = max(moves, key=lambda m: min(mine for mine, _ in payoffs[m]))
    hopeful_move = max(moves, key=lambda m: max(mine for mine, _ in payoffs[m]))
    best = _selfish_best(instance, fixed)
    return (len(payoffs), tuple(len(o) for o in payoffs), earned.count(max(earned)) == 1, minimax_move != best,
            hopeful_move != best, minimax_move != hopeful_move)


def _draw_payoffs(rng, lesson, fixed):
    """The lesson's shape (moves, options per move), scores 0 to 6 like the lesson's."""
    return {"payoffs": [[(rng.randint(0, 6), rng.randint(0, 6)) for _ in options] for options in lesson["payoffs"]]}


# lesson 8's 3 x 3 tree (scout): the order that spares PVS its re-searches, the guesses MTD(f) needs two tests from

def _draw_scout(rng, lesson, fixed):
    """The lesson's shape with other distinct leaves, in the lesson's range (0 to 9) widened a little."""
    leaves = rng.sample(range(0, 13), len(_leaves(lesson["spec"])))
    return {"spec": _refill(lesson["spec"], iter(leaves))}


def _researches(spec) -> int:
    from ..beyond.nullwindow import pvs
    from ..tree import tree
    return pvs(tree(spec)).stats.researches


def _quiet_orders(instance, fixed):
    """Every order of the root's children with which PVS makes no re-search."""
    import itertools
    spec = instance["spec"]
    return frozenset(order for order in itertools.permutations(range(len(spec)))
                     if _researches([spec[i] for i in order]) == 0)


def _quiet_hardness(instance, fixed):
    """As in the lesson: PVS re-searches in the tree's own order, as many times, and as many orders spare it."""
    return _researches(instance["spec"]), len(_quiet_orders(instance, fixed))


def _mtdf_tests(spec, guess) -> int:
    from ..beyond.nullwindow import mtdf
    from ..tree import tree
    return mtdf(tree(spec), guess=guess).stats.researches + 1


def _guess_grid(spec) -> list:
    """The guesses tried: halves from 5 below the smallest leaf to 6.5 above the largest."""
    leaves = _leaves(spec)
    return [x / 2 for x in range(2 * (min(leaves) - 5), 2 * (max(leaves) + 7))]


def _two_test_guesses(instance, fixed):
    """The guesses, on a grid of halves around the leaves, from which MTD(f) takes two root tests."""
    return frozenset(g for g in _guess_grid(instance["spec"]) if _mtdf_tests(instance["spec"], g) == 2)


def _two_test_hardness(instance, fixed):
    """As in the lesson: three tests from the guess 0 (the statement says so), the two-test guesses one stretch
    within the leaves' range (a rule with two comparisons, not one)."""
    spec = instance["spec"]
    two = sorted(_two_test_guesses(instance, fixed))
    leaves = _leaves(spec)
    stretch = bool(two) and [g for g in _guess_grid(spec) if two[0] <= g <= two[-1]] == two
    return _mtdf_tests(spec, 0), stretch, bool(two) and min(leaves) < two[0] and two[-1] <= max(leaves)


# lesson 11's dice tree: MAX picks a gamble, chance decides, MIN chooses

def written(spec):
    """A chance tree's spec (lists, numbers, ``chance(...)``) as a literal: a chance node is
    ``{"chance": [[probability, subtree], ...]}`` (the variant cell and the hidden test write it; no import)."""
    from ..beyond.chance import Chance
    if isinstance(spec, Chance):
        return {"chance": [[p, written(sub)] for p, sub in spec.branches]}
    return [written(item) for item in spec] if isinstance(spec, list) else spec


def _chance_spec(literal):
    from ..beyond.chance import Chance
    if isinstance(literal, dict):
        return Chance((p, _chance_spec(sub)) for p, sub in literal["chance"])
    return [_chance_spec(item) for item in literal] if isinstance(literal, list) else literal


def _chance_spec_map(literal, leaf, probabilities):
    """``literal`` (:func:`written`) with each leaf replaced by ``leaf()`` and each chance node's probabilities by
    ``probabilities(count)``."""
    if isinstance(literal, dict):
        ps = probabilities(len(literal["chance"]))
        return {"chance": [[p, _chance_spec_map(sub, leaf, probabilities)] for p, (_, sub) in
                           zip(ps, literal["chance"])]}
    if isinstance(literal, list):
        return [_chance_spec_map(item, leaf, probabilities) for item in literal]
    return leaf()


def _draw_dice(rng, lesson, fixed):
    """The lesson's shape; leaves 0 to 9 (whole numbers, as the lesson's), probabilities in tenths."""
    def tenths(count):
        cuts = sorted(rng.sample(range(1, 10), count - 1))
        return [round((b - a) / 10, 1) for a, b in zip([0] + cuts, cuts + [10])]
    return {"chance_tree_": _chance_spec_map(lesson["chance_tree_"], lambda: rng.randint(0, 9), tenths)}


def _dice_value(instance, fixed):
    from ..beyond.chance import chance_tree, expectiminimax
    return round(expectiminimax(chance_tree(_chance_spec(instance["chance_tree_"]))).value, 9)


def _dice_hardness(instance, fixed):
    """As in the lesson: each typical slip (an unweighted average, a max or a min at the chance nodes, MIN's choice
    skipped) gives its own value, none the right one, so the exercise tells them apart; and the gamble MAX takes
    is not the one with the larger unweighted average."""
    from ..beyond.chance import chance_tree, expectiminimax
    from .beyond import _value, chance_catalogue
    spec = _chance_spec(instance["chance_tree_"])
    mean = [_value(chance_tree([gamble]), "mean") for gamble in spec]
    right = [expectiminimax(chance_tree([gamble])).value for gamble in spec]
    return len(chance_catalogue(chance_tree(spec)).mistakes), mean.index(max(mean)) != right.index(max(right))


def _make_chance_tree(literal):
    from ..beyond.chance import chance_tree
    return chance_tree(_chance_spec(literal))


INSTANCES = {
    "check_window_rule": Varies(
        ["leaves"], _draw_window, _window_truth, "rule", _window_solution, hardness=_window_hardness,
        statement=_window_statement, what="tree", may_fit=_window_may_fit, shown=_window_words,
        stub=_window_stub),
    "check_board_value": Varies(
        ["board"], _draw_board, _board_value, "value", _board_value_solution, hardness=_board_value_hardness,
        statement=_board_statement, others=False, what="board"),
    "check_optimal_moves": Varies(
        ["board"], _draw_board, _optimal_moves, "set", _optimal_moves_solution, hardness=_optimal_moves_hardness,
        others=False, what="board"),
    "check_tree_size_without_wins": Varies(
        ["cells"], _draw_cells, _tree_size, "value",
        lambda names, fixed, target: ["import math",
                                      f"{target} = sum(math.perm({names['cells']}, k) for k in "
                                      f"range({names['cells']} + 1))"],
        statement=_replacing(("Suppose tic-tac-toe had no winning lines, so every game filled all nine cells.",
                              "Suppose tic-tac-toe were played on a board of {cells} cells (your number, drawn "
                              "by the first cell) and had no winning lines, so every game filled all {cells} "
                              "cells.")),
        what="board size"),
    "check_reverse_order_nodes": Varies(
        ["board"], lambda rng, lesson, fixed: {"board": _random_board(rng, 2)}, _reverse_nodes, "value",
        lambda names, fixed, target: [
            "from adversarial import alphabeta",
            "from adversarial.games.tictactoe import TicTacToe",
            "_game, _first = TicTacToe(), [4, 0, 2, 6, 8, 1, 3, 5, 7]    # the centre-first order",
            f"{target} = alphabeta(_game, _game.board({names['board']}), "
            "order=lambda board, moves: sorted(moves, key=_first.index, reverse=True)).stats.nodes"],
        statement=_replacing(("enters on the empty board", "enters on your board {board} (drawn by the first "
                                                           "cell: a board after two moves)")),
        what="board"),
    "check_symmetric_first_moves": Varies(
        ["board"], _draw_symmetric, _symmetric_moves, "value",
        lambda names, fixed, target: [
            "from adversarial.games.tictactoe import TicTacToe",
            f"_game = TicTacToe(); _start = _game.board({names['board']})",
            f"{target} = len({{_game.canonical(_game.result(_start, m)) for m in _game.actions(_start)}})"],
        hardness=_symmetric_hardness, others=False, what="board",
        statement=_replacing(("X has nine first moves. How many of them are different once symmetric positions "
                              "count as one?",
                              "On your board {board} (drawn by the first cell), the side to move has a move for "
                              "each empty cell. How many of them are different once symmetric positions (the "
                              "boards after the moves) count as one?"),
                             ("first moves up to symmetry", "moves up to symmetry"))),
    "check_positions_up_to_symmetry": Varies(
        ["start", "marks"], _draw_start_and_marks, _positions_with_marks, "value",
        lambda names, fixed, target: [
            "from adversarial.games.tictactoe import TicTacToe, reachable_positions",
            "_game = TicTacToe()",
            f"{target} = len({{_game.canonical(b) for b in reachable_positions(_game, {names['start']}) "
            f"if 9 - len(b.empty) == {names['marks']}}})"],
        hardness=_symmetry_matters, others=False,
        statement=_replacing(("How many remain when symmetric positions count as one?",
                              "Of the positions reachable from your board {start} (`reachable_positions(game, "
                              "{start_plain})` gives them, your board included) that have exactly {marks} marks "
                              "on the board (both drawn by the first cell), how many remain when symmetric "
                              "positions count as one?")),
        what="board and count of marks"),
    "check_positions_after": Varies(
        ["opening", "plies"], _draw_plies, _positions_after, "value", _positions_after_solution,
        hardness=_no_game_ends, others=False,
        statement=_replacing(
            ("Without transpositions there would be 7⁶ move sequences of six moves in Connect Four (no game can "
             "end that early). How many *different* positions are there after six moves?",
             "Your opening is {opening} (the columns of its discs, X first, as `game.play` takes them) and your "
             "number of moves is {plies}, both drawn by the first cell. Without transpositions there would be up to "
             "7 to the power {plies} move sequences of {plies} moves after the opening in Connect Four (fewer "
             "where a column fills; no game can end that early). How many *different* positions are there "
             "{plies} moves after your opening?"),
            ("how many positions after six moves?", "how many positions after {plies} moves from an opening?")),
        what="opening and number of moves"),
    "check_moves_to_loss": Varies(
        ["moves"], _draw_trap, _trap_loss, "value", _trap_solution, hardness=_trap_hardness, others=False,
        what="position", derived={"trap": _depth3_move},
        statement=_replacing(("Here is another position where the depth-3 search walks into a loss.",
                              "Here is your position {moves} (drawn by the first cell), another where the depth-3 "
                              "search walks into a loss."))),
    "check_two_proofs": Varies(
        ["b", "d"], _draw_tree_size, lambda instance, fixed: (instance["b"] ** (instance["d"] // 2),
                                                              instance["b"] ** ((instance["d"] + 1) // 2)), "pair",
        lambda names, fixed, target: [f"{target} = ({names['b']} ** ({names['d']} // 2), "
                                      f"{names['b']} ** (({names['d']} + 1) // 2))"],
        hardness=lambda instance, fixed: instance["d"] % 2, what="tree size",
        statement=_replacing(("On a uniform tree with b = 9 and d = 5 (an odd depth, MAX at the root)",
                              "On a uniform tree with b = {b} and d = {d} (your numbers, drawn by the first cell: "
                              "an odd depth, MAX at the root)"))),
    "check_deepest": Varies(
        ["b", "budget"], _draw_budget, _deepest, "value",
        lambda names, fixed, target: [
            f"{target} = max(d for d in range(64) "
            f"if {names['b']} ** (d // 2) + {names['b']} ** ((d + 1) // 2) - 1 <= {names['budget']})"],
        hardness=_deepest_hardness, others=False, what="numbers",
        statement=_replacing(("With b = 35 and a budget of 2,000,000 leaves",
                              "With b = {b} and a budget of {budget} leaves (your numbers, drawn by the first "
                              "cell)"))),
    "check_selfish_move": Varies(
        ["payoffs"], _draw_payoffs, _selfish_best, "move",
        lambda names, fixed, target: [
            f"_earned = [max(options, key=lambda pair: pair[1])[0] for options in {names['payoffs']}]",
            f"{target} = _earned.index(max(_earned))"],
        hardness=_selfish_hardness, others=False, what="payoffs",
        statement=lambda text, names, lesson, fixed: text),
    "check_chance_value": Varies(
        ["chance_tree_"], _draw_dice, _dice_value, "value",
        lambda names, fixed, target: ["from adversarial import expectiminimax",
                                      f"{target} = expectiminimax({names['chance_tree_']}).value"],
        hardness=_dice_hardness, what="tree", make=_make_chance_tree,
        statement=lambda text, names, lesson, fixed: text),
    "check_pvs_order": Varies(
        ["spec"], _draw_scout, _quiet_orders, "answer",
        lambda names, fixed, target: [
            "import itertools",
            "from adversarial import pvs, tree",
            f"{target} = next(list(order) for order in itertools.permutations(range(len({names['spec']}))) "
            f"if pvs(tree([{names['spec']}[i] for i in order])).stats.researches == 0)"],
        hardness=_quiet_hardness, others=False, what="tree", may_fit=lambda answer, right: True,
        statement=_replacing(("On the 3 × 3 tree PVS made a re-search.",
                              "On your 3 × 3 tree {spec} (drawn by the first cell) PVS makes a re-search too, as on "
                              "the lesson's."),
                             ("`pvs(tree([scout[i] for i in order2])).stats.researches`",
                              "`pvs(tree([{spec_plain}[i] for i in order2])).stats.researches`"))),
    "check_two_test_guesses": Varies(
        ["spec"], _draw_scout, _two_test_guesses, "rule",
        lambda names, fixed, target: [
            "from adversarial import mtdf, tree",
            f"_two = sorted(g / 2 for g in range(-40, 60) "
            f"if mtdf(tree({names['spec']}), guess=g / 2).stats.researches == 1)",
            "_lo, _hi = _two[0], _two[-1]     # the bounds change at leaves (whole numbers): on or just past them",
            f"{target} = lambda g: (g >= _lo if _lo == int(_lo) else g > _lo - 0.5) and "
            "(g <= _hi if _hi == int(_hi) else g < _hi + 0.5)"],
        hardness=_two_test_hardness, others=False, what="tree", may_fit=lambda answer, right: True,
        statement=_replacing(("On the 3 × 3 tree (`scout`, value 7) MTD(f) took three root tests from the first "
                              "guess 0.",
                              "On your 3 × 3 tree ({spec}, drawn by the first cell) MTD(f) takes three root tests "
                              "from the first guess 0, as on the lesson's."))),
}


def instance_of(check: str, lesson: dict, fixed: dict, seed: int, known=None) -> dict:
    """The instance of ``check``'s exercise drawn from ``seed`` (:data:`INSTANCES`)."""
    if check not in INSTANCES:
        raise ValueError(f"{check} is not varied: give one of {', '.join(INSTANCES)}")
    return INSTANCES[check].find(dict(lesson), dict(fixed), seed, known)


def grade_instance(check: Callable, answer, exercise, name: str, lesson: dict, *, variant: Variant, others=(),
                   known=None, **fixed) -> Verdict:
    """The lesson's ``check`` (named ``name`` in :data:`INSTANCES`) on the student's own instance; when the answer
    is wrong there but right on the lesson's instance or (where answers are many) on another student's, the
    verdict says so, as :func:`grade` does for a tree."""
    how = INSTANCES[name]
    mine = instance_of(name, lesson, fixed, variant.seed(exercise), known)
    verdict = check(answer, **how.made(mine), **fixed)
    if verdict.ok or not verdict.answered:
        return verdict
    fits = []
    # the lesson's right answer first (cheap, and remembered), the check only when it matches
    lesson_answer = known[1] if known is not None else how.answer(lesson, fixed)
    if how.may_fit(answer, lesson_answer) and check(answer, **how.made(lesson), **fixed).ok:
        fits.append(f"the lesson's own {how.what} (its worked answer)")
    matched = []
    for other in others if how.others else ():
        if other == variant.student:
            continue
        theirs = Variant(variant.course, variant.assignment, other)
        instance = instance_of(name, lesson, fixed, theirs.seed(exercise), known)
        # their right answer first (cheap), the check only when it matches
        if instance != mine and how.may_fit(answer, how.answer(instance, fixed)) and \
                check(answer, **how.made(instance), **fixed).ok:
            matched.append(theirs.code)
    return _flagged(verdict, fits, matched, f"your own {how.what}", variant)


def _flagged(verdict: Verdict, fits: list, matched: list, own: str, variant: Variant) -> Verdict:
    if matched:
        fits.append("another student's variant" + ("s " if len(matched) > 1 else " ") + ", ".join(matched[:5]))
    if not fits:
        return verdict
    return Verdict(False, f"{verdict.message} FLAGGED: your answer is right for {' and for '.join(fits)}, not for "
                          f"{own} (variant {variant.code}).", verdict.figure)
