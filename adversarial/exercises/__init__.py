"""Checks for the notebooks' exercises: an answer in, a verdict and a hint out.

The general checks and the one place that reads numbers, copies inputs, compares and runs the
student's function safely live in :mod:`adversarial.exercises.core`; each topic has a module here
(one per notebook or topic), and every check a notebook uses is importable from
``adversarial.exercises``. ``from adversarial.exercises import *`` imports the checks only (``__all__``),
never the submodules, so it cannot hide the package's ``minimax`` or ``alphabeta``.
"""
# ruff: noqa: I001, F401  (re-exports: one line per topic module, in notebook order)

from .core import Verdict, check_function, check_move, check_rule, check_set, check_value
from .handwork import check_skipped_leaves, check_tree_move, check_tree_value, check_window_rule
from .minimax import check_minimax
from .alphabeta import check_alphabeta
from .tictactoe import (check_board_value, check_careful_table, check_optimal_moves, check_positions_up_to_symmetry,
                        check_reverse_order_nodes, check_symmetric_first_moves, check_tree_size_without_wins)
from .connectfour import check_evaluation, check_moves_to_loss, check_positions_after, check_solver_score
from .ordering import (check_beats_static, check_best_order_leaves, check_deepest, check_minimal_leaves,
                       check_proofs_function, check_two_proofs)
from .beyond import (check_best_margin, check_chance_value, check_mtdf_driver, check_negamax, check_pvs_order,
                     check_selfish_move, check_two_test_guesses, check_ucb1)
from .engine import check_aspiration, check_expected_collisions, check_pvs, check_zobrist_update
from .techniques import (check_exact_score, check_knuth_playout, check_lmr_depth, check_node_type, check_noisy,
                         check_null_depth, check_pons_score)
from .chess import check_killer_update, check_mvv_lva, check_stand_pat   # python-chess loaded when a check runs

__all__ = [
    "Verdict", "check_value", "check_move", "check_set", "check_function", "check_rule",
    "check_tree_value", "check_tree_move", "check_skipped_leaves", "check_window_rule",
    "check_minimax", "check_alphabeta",
    "check_board_value", "check_optimal_moves", "check_tree_size_without_wins",
    "check_reverse_order_nodes", "check_careful_table", "check_symmetric_first_moves",
    "check_positions_up_to_symmetry",
    "check_positions_after", "check_solver_score", "check_moves_to_loss", "check_evaluation",
    "check_best_order_leaves", "check_minimal_leaves", "check_deepest", "check_beats_static",
    "check_two_proofs", "check_proofs_function",
    "check_negamax", "check_chance_value", "check_best_margin", "check_ucb1", "check_pvs_order",
    "check_selfish_move", "check_two_test_guesses", "check_mtdf_driver",
    "check_pvs", "check_aspiration", "check_zobrist_update", "check_expected_collisions",
    "check_knuth_playout", "check_pons_score", "check_exact_score", "check_node_type", "check_lmr_depth",
    "check_null_depth", "check_noisy",
    "check_mvv_lva", "check_killer_update", "check_stand_pat",
]
