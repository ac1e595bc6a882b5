"""Checks for the notebooks' exercises: an answer in, a verdict and a hint out.

The general checks live in :mod:`adversarial.exercises.core`; each topic that
needs its own checks has a module here (one per notebook or topic), and every
check a notebook uses is importable from ``adversarial.exercises``.
"""

from .core import Verdict, check_function, check_rule, check_set, check_value
from .ordering import check_beats_static, check_best_order_leaves, check_deepest, check_minimal_leaves

__all__ = ["Verdict", "check_value", "check_set", "check_function", "check_rule",
           "check_best_order_leaves", "check_minimal_leaves", "check_deepest", "check_beats_static"]
