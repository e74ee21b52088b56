"""Tiny, obviously correct reference solvers for any rule of the family.

Plain Python, written straight from docs/mathematics.md sections 3 and 7 and
used only to check solver.engine.solving.  Generic over a ``children(n)`` function
(the exact moves of ``solver.games.Rule.children``); positions above the
bound are unknown.  Outcome letters "W", "L", "D", "U"; remoteness None for
D and U.

Misère play (``misere=True``): a position with no move is a *win* for the
player to move, remoteness 0; otherwise the rules are unchanged (W: some
child L, remoteness 1 + the least L child's; L: every child W, remoteness
1 + the greatest).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable

Children = Callable[[int], "tuple[int, ...] | list[int]"]


def _terminal_letter(misere: bool) -> str:
    return "W" if misere else "L"


def naive_solve(children: Children, bound: int, *, misere: bool = False) -> tuple[list[str], list[int | None]]:
    """Repeated full passes: pass k labels the positions of remoteness k.

    Then certified draws as the greatest set of unlabelled positions whose
    children are all at most the bound and unlabelled-in-the-set or W, found
    by repeated deletion.
    """
    kids = [list(children(n)) for n in range(bound + 1)]
    outcome: list[str | None] = [None] * (bound + 1)
    rem: list[int | None] = [None] * (bound + 1)
    for n in range(bound + 1):
        if not kids[n]:
            outcome[n], rem[n] = _terminal_letter(misere), 0
    k = 0
    while True:
        k += 1
        new = []
        for n in range(bound + 1):
            if outcome[n] is not None:
                continue
            known = [c for c in kids[n] if c <= bound and outcome[c] is not None and rem[c] < k]  # type: ignore[operator]
            losing = [rem[c] for c in known if outcome[c] == "L"]
            if losing:
                new.append((n, "W", 1 + min(losing)))  # type: ignore[type-var]
            elif len(known) == len(kids[n]) and all(outcome[c] == "W" for c in known):
                new.append((n, "L", 1 + max(rem[c] for c in known)))  # type: ignore[type-var]
        if not new:
            break
        for n, o, r in new:
            outcome[n], rem[n] = o, r
    s = {n for n in range(bound + 1) if outcome[n] is None}
    changed = True
    while changed:
        changed = False
        for n in sorted(s):
            if any(c > bound or (c not in s and outcome[c] != "W") for c in kids[n]):
                s.discard(n)
                changed = True
    letters = [outcome[n] or ("D" if n in s else "U") for n in range(bound + 1)]
    return letters, [r if letters[n] in "WL" else None for n, r in enumerate(rem)]


def naive_queue_solve(children: Children, bound: int, *, misere: bool = False) -> tuple[list[str], list[int | None]]:
    """Queue retrograde analysis with explicit parent lists (a second reference).

    Draws: unlabelled positions not reached by a backward search from the
    unlabelled positions with a child above the bound.
    """
    parents: list[list[int]] = [[] for _ in range(bound + 1)]
    pending = [0] * (bound + 1)
    outside = [False] * (bound + 1)
    for n in range(bound + 1):
        for c in children(n):
            if c <= bound:
                parents[c].append(n)
                pending[n] += 1
            else:
                outside[n] = True
                pending[n] += 10**9  # an unknown child is never W
    outcome: list[str | None] = [None] * (bound + 1)
    rem: list[int | None] = [None] * (bound + 1)
    queue: deque[int] = deque()
    for n in range(bound + 1):
        if pending[n] == 0:
            outcome[n], rem[n] = _terminal_letter(misere), 0
            queue.append(n)
    while queue:
        y = queue.popleft()
        for x in parents[y]:
            if outcome[x] is not None:
                continue
            if outcome[y] == "L":
                outcome[x], rem[x] = "W", rem[y] + 1  # type: ignore[operator]
                queue.append(x)
            else:
                pending[x] -= 1
                if pending[x] == 0:
                    outcome[x], rem[x] = "L", rem[y] + 1  # type: ignore[operator]
                    queue.append(x)
    escapes = {n for n in range(bound + 1) if outcome[n] is None and outside[n]}
    queue.extend(escapes)
    while queue:
        y = queue.popleft()
        for x in parents[y]:
            if outcome[x] is None and x not in escapes:
                escapes.add(x)
                queue.append(x)
    letters = [outcome[n] or ("U" if n in escapes else "D") for n in range(bound + 1)]
    return letters, rem


def naive_subtract(bound: int, *, misere: bool = False) -> tuple[list[str], list[int]]:
    """Subtract-a-square by one ascending pass over every child (loop-free game)."""
    letters: list[str] = []
    rem: list[int] = []
    for n in range(bound + 1):
        kids = [n - k * k for k in range(1, math.isqrt(n) + 1)]
        if not kids:
            letters.append(_terminal_letter(misere))
            rem.append(0)
            continue
        losing = [rem[c] for c in kids if letters[c] == "L"]
        if losing:
            letters.append("W")
            rem.append(1 + min(losing))
        else:
            letters.append("L")
            rem.append(1 + max(rem[c] for c in kids))
    return letters, rem
