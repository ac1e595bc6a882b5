"""The techniques beyond plain alpha-beta: null windows, iterative deepening, move ordering, MCTS,
chance nodes, the engine's techniques and Zobrist keys."""
