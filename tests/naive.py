"""A tiny, obviously correct reference solver (plain Python, explicit edges).

Written straight from docs/mathematics.md section 3 and used only to check the fast
solver.  Outcome letters: "W", "L", "D", "U".
"""

from __future__ import annotations

import math
from collections import deque


def children(n: int) -> list[int]:
    """Take and put children of ``n >= 1``."""
    s = math.isqrt(n) ** 2
    return [n - s, n + s]


def naive_solve(bound: int) -> tuple[list[str], list[int | None]]:
    """Return (outcome letters, remoteness) for positions 0..bound.

    Retrograde analysis by repeated full passes (level k finds remoteness
    k), then certified draws as the greatest fixed point by repeated
    deletion.  Quadratic-ish, deliberately simple.
    """
    outcome: list[str | None] = [None] * (bound + 1)
    rem: list[int | None] = [None] * (bound + 1)
    outcome[0], rem[0] = "L", 0
    k = 0
    while True:
        k += 1
        new = []
        for n in range(1, bound + 1):
            if outcome[n] is not None:
                continue
            kids = children(n)
            known = [c for c in kids if c <= bound and outcome[c] is not None and rem[c] < k]
            if any(outcome[c] == "L" for c in known):
                new.append((n, "W", 1 + min(rem[c] for c in known if outcome[c] == "L")))
            elif all(c <= bound for c in kids) and len(known) == 2 and all(outcome[c] == "W" for c in known):
                new.append((n, "L", 1 + max(rem[c] for c in known)))
        if not new:
            break
        for n, o, r in new:
            outcome[n], rem[n] = o, r

    # Greatest set S of unlabelled positions whose children are in S or W.
    s = {n for n in range(1, bound + 1) if outcome[n] is None}
    changed = True
    while changed:
        changed = False
        for n in list(s):
            for c in children(n):
                if c > bound or (c not in s and outcome[c] != "W"):
                    s.discard(n)
                    changed = True
                    break
    letters = []
    for n in range(bound + 1):
        if outcome[n] is not None:
            letters.append(outcome[n])
        elif n in s:
            letters.append("D")
        else:
            letters.append("U")
    return letters, rem


def naive_queue_solve(bound: int) -> tuple[list[str], list[int | None]]:
    """Queue-based retrograde with explicit parent lists (a second reference)."""
    parents: list[list[int]] = [[] for _ in range(bound + 1)]
    pending = [0] * (bound + 1)
    for n in range(1, bound + 1):
        for c in children(n):
            if c <= bound:
                parents[c].append(n)
                pending[n] += 1
            else:
                pending[n] += 100  # an unknown child: never L
    outcome: list[str | None] = [None] * (bound + 1)
    rem: list[int | None] = [None] * (bound + 1)
    outcome[0], rem[0] = "L", 0
    queue = deque([0])
    while queue:
        y = queue.popleft()
        for x in parents[y]:
            if outcome[x] is not None:
                continue
            if outcome[y] == "L":
                outcome[x], rem[x] = "W", rem[y] + 1
                queue.append(x)
            else:
                pending[x] -= 1
                if pending[x] == 0:
                    outcome[x], rem[x] = "L", rem[y] + 1
                    queue.append(x)
    escapes = set()
    queue = deque(n for n in range(1, bound + 1) if outcome[n] is None and children(n)[1] > bound)
    escapes.update(queue)
    while queue:
        y = queue.popleft()
        for x in parents[y]:
            if outcome[x] is None and x not in escapes:
                escapes.add(x)
                queue.append(x)
    letters = [outcome[n] if outcome[n] is not None else ("U" if n in escapes else "D") for n in range(bound + 1)]
    return letters, rem
