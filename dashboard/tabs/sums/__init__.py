"""The Sums tab: sums of heaps, their loopy nim values, outcome, best moves, and play."""
