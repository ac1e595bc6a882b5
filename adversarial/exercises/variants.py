"""Each student their own variant of the by-hand tree exercises, for graded assignments.

The lessons' worked answers are public, so an assignment built from a lesson (``tools/assignments.py``) does
not ask the lesson's own tree questions: each student gets a tree of the same shape and difficulty, with other
numbers, drawn from a seed made of the course, the assignment, the student's id and the exercise. The student
sees it in the assignment's first cell; the grader draws the same tree again and grades the answer on it with
the lesson's own check.

"The same difficulty" is read off the lesson's tree: the same shape (so the same players at each level), as
many leaves pruned by alpha-beta, and the same traps: whether the value is the largest (or smallest) leaf, and
whether the move towards that leaf is the best move. The variant's answer always differs from the lesson's.

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
import os
import random
from collections.abc import Callable

from ..search import minimax as _minimax
from ..tree import _complete
from .core import Verdict, hand_over, is_stub, number_problem, plain_number, short, unanswered
from .core import not_answered as _not_answered
from .handwork import _build, _skipped

__all__ = ["Variant", "check_answer_form", "student_id", "VARIED", "NoStudentId"]

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

    def __repr__(self) -> str:
        lines = [f"Variant {self.code} of {self.assignment} (student {self.student}): your trees"]
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
          "rule": "a function of x that returns True or False", "answer": "an answer"}


def _form(text: str) -> Verdict:
    return Verdict(True, f"Right form: {text}. Whether it is right for your variant is graded after you hand in.")


def check_answer_form(answer, kind: str, spec=None) -> Verdict:
    """The visible check of a value, set or rule exercise in an assignment: is ``answer`` of the asked form
    (``kind``: "value", "move", "set", "rule" or "answer")? It says nothing of whether the answer is right,
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
    if matched:
        fits.append("another student's variant" + ("s " if len(matched) > 1 else " ") + ", ".join(matched[:5]))
    if not fits:
        return verdict
    return Verdict(False, f"{verdict.message} FLAGGED: your answer is right for {' and for '.join(fits)}, not for "
                          f"your own tree (variant {variant.code}).", verdict.figure)
