"""Checks for the notebooks' exercises: an answer in, a verdict and a hint out.

The general checks live in :mod:`adversarial.exercises.core`; each topic that
needs its own checks has a module here (one per notebook or topic), and every
check a notebook uses is importable from ``adversarial.exercises``.
"""

from .beyond import (
    check_best_margin,
    check_chance_value,
    check_negamax,
    check_pvs_order,
    check_selfish_move,
    check_ucb1,
)
from .connectfour import check_evaluation, check_moves_to_loss, check_positions_after, check_solver_score
from .core import Verdict, check_function, check_rule, check_set, check_value

__all__ = ["Verdict", "check_value", "check_set", "check_function", "check_rule",
           "check_negamax", "check_chance_value", "check_best_margin", "check_ucb1",
           "check_pvs_order", "check_selfish_move",
           "check_positions_after", "check_solver_score", "check_moves_to_loss", "check_evaluation"]
