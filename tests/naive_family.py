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

    Then the draws by possibility: an unlabelled position in neither of the
    least sets PW and PL (:func:`naive_possible`) is D, the others U.
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
    pw, pl = naive_possible(children, bound, misere=misere)
    letters = [outcome[n] or ("U" if n in pw or n in pl else "D") for n in range(bound + 1)]
    return letters, [r if letters[n] in "WL" else None for n, r in enumerate(rem)]


def naive_possible(children: Children, bound: int, *, misere: bool = False) -> tuple[set[int], set[int]]:
    """The least sets PW and PL (docs/mathematics.md section 3.3), by repeated passes until nothing changes.

    n is in PL when every move from n leads into PW, in PW when some move
    leads into PL; a position above the bound counts as both.  A position
    with no move is in PL (normal play) or PW (misère play: the player to
    move there has won).
    """
    kids = [list(children(n)) for n in range(bound + 1)]
    pw: set[int] = set()
    pl: set[int] = set()
    for n in range(bound + 1):
        if not kids[n]:
            (pw if misere else pl).add(n)
    changed = True
    while changed:
        changed = False
        for n in range(bound + 1):
            if not kids[n]:
                continue
            if n not in pw and any(c > bound or c in pl for c in kids[n]):
                pw.add(n)
                changed = True
            if n not in pl and all(c > bound or c in pw for c in kids[n]):
                pl.add(n)
                changed = True
    return pw, pl


def naive_escape_draws(children: Children, bound: int, *, misere: bool = False) -> set[int]:
    """The draws of the weaker, earlier certificate (docs/mathematics.md section 3.2), by repeated deletion."""
    letters, _ = naive_solve(children, bound, misere=misere)
    s = {n for n in range(bound + 1) if letters[n] in "DU"}
    changed = True
    while changed:
        changed = False
        for n in sorted(s):
            if any(c > bound or (c not in s and letters[c] != "W") for c in children(n)):
                s.discard(n)
                changed = True
    return s


def naive_queue_solve(children: Children, bound: int, *, misere: bool = False) -> tuple[list[str], list[int | None]]:
    """Queue retrograde analysis with explicit parent lists (a second reference).

    Draws: unlabelled positions in neither PW nor PL, found by a queue over
    the same parent lists.
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
    # The possibilities by a queue: x enters PW when a child enters PL (or it
    # has a child above the bound), PL when its last child enters PW.
    pw: set[int] = set()
    pl: set[int] = set()
    waiting = [sum(1 for c in children(n) if c <= bound) for n in range(bound + 1)]
    todo: deque[tuple[int, str]] = deque()
    for n in range(bound + 1):
        if outside[n] or (misere and not children(n)):
            pw.add(n)
            todo.append((n, "PW"))
        if waiting[n] == 0 and not (misere and not children(n)):
            pl.add(n)
            todo.append((n, "PL"))
    while todo:
        y, which = todo.popleft()
        for x in parents[y]:
            if which == "PL" and x not in pw:
                pw.add(x)
                todo.append((x, "PW"))
            elif which == "PW":
                waiting[x] -= 1
                if waiting[x] == 0 and x not in pl:
                    pl.add(x)
                    todo.append((x, "PL"))
    letters = [outcome[n] or ("U" if n in pw or n in pl else "D") for n in range(bound + 1)]
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
