"""Plain-Python references for the strategy tests (test_playout, test_policies, test_experiments).

Explicit loops, Python ints, :func:`math.isqrt` and explicit sets of seen
states, or :func:`solver.values.position.best_moves`: never the vectorised code under
test.
"""

from __future__ import annotations

import functools
import math
from collections import Counter

from solver.engine import solve
from solver.games.squares import Move
from solver.values.position import best_moves

UNFINISHED, FIRST, SECOND, DRAW = 0, 1, 2, 3
LIMIT = 2**62


@functools.cache
def solved(bound: int):
    """One solve per bound for all the strategy test modules."""
    return solve(bound)


def ref_next(strategy: str, n: int, u: float | None, sol) -> int:
    """One move by a strategy from ``n >= 1``, with Python ints."""
    s = math.isqrt(n) ** 2
    if strategy == "put":
        return n + s
    if strategy == "take":
        return n - s
    if strategy == "adder":
        return n - s if s == n else n + s
    if strategy == "random":
        return n + s if u < 0.5 else n - s
    if strategy == "random-win":
        return n - s if s == n or u >= 0.5 else n + s
    if strategy == "optimal":
        if n > sol.bound:
            return n - s
        return n + s if best_moves(n, sol)[0] == Move.PUT else n - s
    raise AssertionError(strategy)


def ref_play(first, second, starts, sol=None, rng=None, cap=1000):
    """Play one game from each start; return (results, lengths) lists.

    All games advance together (lockstep) so that a random player draws
    ``rng.random(k)`` once per move for the ``k`` unfinished games in start
    order.  A deterministic pair is a draw at the first repeated state
    (position, player to move), kept in an explicit set per game; two
    always-put players never reach 0 (put from n >= 1 gives n + s(n) > n),
    so they draw.  A move that would reach 2**62 stops the game unfinished.
    """
    first, second = str(getattr(first, "value", first)), str(getattr(second, "value", second))
    n = len(starts)
    results = [UNFINISHED] * n
    lengths = [0] * n
    if first == second == "put":
        return [DRAW] * n, lengths
    deterministic = "random" not in (first, second) and "random-win" not in (first, second)
    pos = list(starts)
    seen = [{(x, 1)} for x in starts]
    active = list(range(n))
    for t in range(1, cap + 1):
        if not active:
            break
        mover = 1 if t % 2 else 2
        strategy = first if mover == 1 else second
        draws = rng.random(len(active)) if strategy.startswith("random") else [None] * len(active)
        still = []
        for k, g in enumerate(active):
            new = ref_next(strategy, pos[g], draws[k], sol)
            lengths[g] = t
            if new == 0:
                results[g] = FIRST if mover == 1 else SECOND
                continue
            if new >= LIMIT:
                lengths[g] = t - 1
                continue
            state = (new, 3 - mover)
            if deterministic:
                if state in seen[g]:
                    results[g] = DRAW
                    continue
                seen[g].add(state)
            pos[g] = new
            still.append(g)
        active = still
    return results, lengths


def ref_subtract_moves(n: int) -> int:
    moves = 0
    while n:
        n -= math.isqrt(n) ** 2
        moves += 1
    return moves


def ref_adder_subtractor(n: int, adder: int) -> tuple[Counter, int, int]:
    """Plain adder/subtractor games with an explicit set of seen states.

    Returns the tally ("P1", "P2", "D") and the largest positions the adder
    and the subtractor ever moved from (to check the bound the fast code
    relies on).
    """
    tally: Counter = Counter()
    top_adder = top_subtractor = 0
    for start in range(1, n + 1):
        x, mover, seen = start, 1, set()
        while True:
            if x == 0:
                tally["P1" if mover == 2 else "P2"] += 1
                break
            if (x, mover) in seen:
                tally["D"] += 1
                break
            seen.add((x, mover))
            s = math.isqrt(x) ** 2
            if mover == adder:
                top_adder = max(top_adder, x)
                x = x - s if s == x else x + s
            else:
                top_subtractor = max(top_subtractor, x)
                x = x - s
            mover = 3 - mover
    return tally, top_adder, top_subtractor
