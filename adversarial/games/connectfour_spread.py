"""Old import path: the seed-by-seed Connect Four experiments now live in :mod:`adversarial.games.connectfour_lab`.

This module only re-exports them, so that ``from adversarial.games.connectfour_spread import ...`` keeps working.
"""

from .connectfour_lab import (  # noqa: F401 (re-exported)
    DeepeningCost,
    Spread,
    deepening_costs,
    matches_over_seeds,
    played_positions,
    solver_nodes,
    spread,
    standings_over_seeds,
)

__all__ = ["Spread", "spread", "matches_over_seeds", "standings_over_seeds", "played_positions",
           "DeepeningCost", "deepening_costs", "solver_nodes"]
