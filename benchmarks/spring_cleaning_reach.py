"""How many groups a Spring Cleaning group of k pieces reaches: the calibration of its cost estimate.

Usage: ``python benchmarks/spring_cleaning_reach.py [TRIALS] [SEED]`` (default 100 trials per size, seed 1).

For each size k = 10, 12, ..., 30 it draws random 4-connected groups of k
pieces of four kinds (tree-shaped: each new piece touches one piece; paths
that branch late; blobs: a new piece may touch any number; dense: k squares
of a small rectangle, kept when connected), values each with a fresh game (no
kept table) and prints the most groups reached, that count divided by
2**(k/2), and the processor seconds of the costliest.  The estimate of
:meth:`solver.SpringCleaningGame.value_cost` assumes at most
``REACH_FACTOR * 2**(k/2) + 1`` groups (``REACH_FACTOR`` = 8); the ratio
printed should stay well below it.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from solver.impartial import SpringCleaningGame
from solver.impartial.spring_cleaning_grids import REACH_FACTOR

STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def grow(rng: random.Random, k: int, most_touching: int, late: float) -> set[tuple[int, int]]:
    """A random group of k pieces; a new piece touches at most ``most_touching`` pieces already there."""
    cells = [(0, 0)]
    taken = {(0, 0)}
    while len(cells) < k:
        r, c = cells[-1] if rng.random() < late else rng.choice(cells)
        dr, dc = rng.choice(STEPS)
        new = (r + dr, c + dc)
        if new in taken:
            continue
        if sum((new[0] + a, new[1] + b) in taken for a, b in STEPS) <= most_touching:
            cells.append(new)
            taken.add(new)
    return taken


def dense(rng: random.Random, k: int) -> set[tuple[int, int]] | None:
    rows = rng.randint(3, 8)
    cols = max(2, -(-k // rows) + rng.randint(0, 3))
    if rows * cols < k:
        return None
    cells = set(rng.sample([(r, c) for r in range(rows) for c in range(cols)], k))
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for a, b in STEPS:
            if (r + a, c + b) in cells and (r + a, c + b) not in seen:
                seen.add((r + a, c + b))
                stack.append((r + a, c + b))
    return cells if len(seen) == k else None


def text(cells: set[tuple[int, int]]) -> str:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    rows = max(r for r, _ in cells) - r0 + 1
    cols = max(c for _, c in cells) - c0 + 1
    return "/".join("".join("#" if (r + r0, c + c0) in cells else "." for c in range(cols)) for r in range(rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("trials", nargs="?", type=int, default=100, help="random groups per size (default 100)")
    parser.add_argument("seed", nargs="?", type=int, default=1, help="the random seed (default 1)")
    args = parser.parse_args()
    if args.trials < 1:
        parser.error("TRIALS must be at least 1")
    trials = args.trials
    rng = random.Random(args.seed)
    SpringCleaningGame.make().value(("##",))  # compile or load the kernel
    print(f"load average before: {os.getloadavg()}")
    print(f"{'k':>3} {'most groups':>12} {'/ 2^(k/2)':>10} {'cpu s':>7}  kind    (estimate: {REACH_FACTOR} * 2^(k/2))")
    for k in range(10, 31, 2):
        best = (0, 0.0, "", "")
        for trial in range(trials):
            kind = ("tree", "late", "blob", "dense")[trial % 4]
            if kind == "dense":
                cells = dense(rng, k)
                if cells is None:
                    continue
            else:
                cells = grow(rng, k, 1 if kind != "blob" else 4, 0.5 if kind == "late" else 0.0)
            game = SpringCleaningGame.make()
            position = game.parse(text(cells))
            cpu = time.process_time()
            game.value(position, max_seconds=600)
            cpu = time.process_time() - cpu
            reached = int(game.memo.get("table").count[0])
            if reached > best[0]:
                best = (reached, cpu, kind, text(cells))
        print(f"{k:>3} {best[0]:>12,} {best[0] / 2 ** (k / 2):>10.2f} {best[1]:>7.3f}  {best[2]:<6}  {best[3]}")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
