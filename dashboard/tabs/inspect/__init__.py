"""The "Inspect a number" tab: one number's moves, value, put-chain and draw certificate."""
