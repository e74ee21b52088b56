"""The "Explore" tab: the controls N, alpha, depth and start, and the views of one solve."""
