"""Time the loopy games on a graph (solver.graphs) against their speed goals.

Usage: ``python benchmarks/graph_games.py [--table]``.  For each item, prints
the measured seconds (best of ``REPEATS`` runs, after a warm-up that compiles
the numba kernels or loads them from numba's cache; wall clock, and the CPU
seconds, which other work on a shared machine disturbs less), the goal where there is
one, the ratio measured / goal (below 1 meets it) and the library's own
estimate (:func:`solver.fair_shares_cost`, :func:`solver.tokens_cost`): an
estimate should be at or above the time measured, since the command line
refuses work by it.

Goals (one request, 2 s):

* Fair Shares and Varied Pairs with N = 40 (37,338 positions): solve, then
  every position's row as the command line prints it (JSON), from nothing
  kept (the in-process cache cleared);
* the same through ``python -m solver graph-game --game fair-shares --n 40
  --json`` as a new process, less the start-up of a new process (importing
  the solver and loading numba's cache, measured with a tiny ``graph-game``);
* the values, outcome and moves of tokens on the largest graphs the graph
  format reads (10,000 vertices or 100,000 arcs).

``--table`` also prints the W/L/D counts of Fair Shares for N = 1..50 and
checks the general results of ``docs/graph-games.md`` section 5 on them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from solver import Outcome
from solver.graphs import (
    DEFAULT_SNAKES_BOARD,
    Graph,
    fair_shares,
    fair_shares_cost,
    parse_graph,
    snakes_board,
    snakes_cost,
    snakes_position,
    token_position,
    tokens_cost,
)
from solver.graphs.fair_shares import _solved

REPEATS = 3
GOAL = 2.0


def best_of(call: Callable[[], object], repeats: int = REPEATS) -> tuple[float, float]:
    """Best wall-clock seconds and best CPU seconds (this process and its children) of ``repeats`` calls.

    On a shared machine the CPU seconds are the steadier figure: other work lengthens the wall clock.
    """
    walls, cpus = [], []
    for _ in range(repeats):
        before = _cpu()
        start = time.perf_counter()
        call()
        walls.append(time.perf_counter() - start)
        cpus.append(_cpu() - before)
    return min(walls), min(cpus)


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def report(name: str, seconds: tuple[float, float], goal: float | None, estimate: float) -> None:
    wall, cpu = seconds
    ratio = f"goal {goal:4.1f} s  ratio {wall / goal:5.2f}" if goal else "(no goal)" + " " * 15
    print(f"{name:<58} {wall:8.3f} s  (cpu {cpu:7.3f} s)  {ratio}  estimate {estimate:7.2f} s")


def fair_shares_request(n: int) -> None:
    _solved.cache_clear()
    game = fair_shares(n)
    json.dumps({"n": n, "counts": game.counts(), "positions": game.rows()})


def random_digraph(n: int, arcs: int, seed: int) -> Graph:
    rng = random.Random(seed)
    chosen: set[tuple[int, int]] = set()
    while len(chosen) < arcs:
        chosen.add((rng.randrange(n), rng.randrange(n)))
    return Graph(n, tuple(chosen), directed=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--table", action="store_true", help="then Fair Shares for N = 1..50: positions, W, L, D, and its checks"
    )
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    fair_shares_request(6)  # compile or load the kernels
    token_position(parse_graph("0>1,1>1", directed=True), (0,))
    for n in (20, 30, 40, 50):
        goal = GOAL if n == 40 else None
        repeats = REPEATS if n <= 40 else 1
        report(
            f"Fair Shares N = {n}: solve and every row as JSON",
            best_of(lambda n=n: fair_shares_request(n), repeats),
            goal,
            fair_shares_cost(n).seconds,
        )
    root = os.path.join(os.path.dirname(__file__), "..")

    def run(*argv: str) -> tuple[float, float]:
        command = [sys.executable, "-m", "solver", "graph-game", *argv]
        return best_of(lambda: subprocess.run(command, cwd=root, check=True, capture_output=True))

    start_up = run("--game", "tokens", "--graph", "0>1")
    whole = run("--game", "fair-shares", "--n", "40", "--json")
    report("a new process: graph-game --game tokens --graph '0>1' (start-up)", start_up, None, 0.0)
    report("a new process: graph-game --game fair-shares --n 40 --json", whole, None, 0.0)
    less = (whole[0] - start_up[0], whole[1] - start_up[1])
    report("  the same less the start-up", less, GOAL, fair_shares_cost(40).seconds)

    graphs = {
        "tokens, complete-447 (99,681 arcs, values 0..446)": parse_graph("complete-447", directed=True),
        "tokens, grid-100x100 (10,000 vertices)": parse_graph("grid-100x100", directed=True),
        "tokens, random 10,000 vertices, 100,000 arcs": random_digraph(10_000, 100_000, 1),
        "tokens, random 1,000 vertices, 3,000 arcs": random_digraph(1_000, 3_000, 2),
    }
    for name, graph in graphs.items():
        tokens = tuple(range(0, graph.n, max(graph.n // 4, 1)))[:4]
        report(name, best_of(lambda g=graph, t=tokens: token_position(g, t)), GOAL, tokens_cost(graph, 4).seconds)
    board = snakes_board(9_999, "9000>10,5000>9500,100>50")
    report(
        "Snakes-and-Adders, 9,999 squares, 3 counters",
        best_of(lambda: snakes_position(board, (1, 2, 3))),
        GOAL,
        snakes_cost(board, 3).seconds,
    )
    report(
        "Snakes-and-Adders, the default board, 2 counters",
        best_of(lambda: snakes_position(DEFAULT_SNAKES_BOARD, (1, 11))),
        GOAL,
        snakes_cost(DEFAULT_SNAKES_BOARD, 2).seconds,
    )
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    if args.table:
        table()


def is_prime(k: int) -> bool:
    return k > 1 and all(k % d for d in range(2, int(k**0.5) + 1))


def table() -> None:
    print("\nN  positions  W  L  D  (L positions other than 1+...+1, from 11 on)")
    for n in range(1, 51):
        game = fair_shares(n)
        counts = game.counts()
        parts = [game.partition(i) for i in range(len(game))]
        outcome = [Outcome(int(o)) for o in game.outcome]
        losing = [p for p, o in zip(parts, outcome, strict=True) if o == Outcome.L and max(p) > 1]
        assert (counts["D"] > 0) == (n >= 11)
        for p, o in zip(parts, outcome, strict=True):
            big = [x for x in p if x > 1]
            if len(p) == 2 and is_prime(p[0]) and is_prime(p[1]):
                assert o == Outcome.L
            if n >= 11 and o == Outcome.L and big:
                assert len(big) == 2 and p.count(1) in (0, 2)
        if n >= 11 and n % 2:
            assert bool(losing) == is_prime(n - 2)
        shown = ", ".join("+".join(map(str, p)) for p in losing) if n >= 11 else ""
        print(f"{n} {len(game):,} {counts['W']:,} {counts['L']:,} {counts['D']:,}  {shown}")
    print("the general results of docs/graph-games.md section 5 hold for N = 1..50")


if __name__ == "__main__":
    main()
