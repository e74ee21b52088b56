"""The "Play" tab: play Put-or-Take-a-Square against the solver."""
