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
    k), then the draws by possibility: an unlabelled position in neither of
    the least sets PW and PL (:func:`naive_possible`) is D, the others U.
    Quadratic-ish, deliberately simple.
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

    pw, pl = naive_possible(bound)
    letters = []
    for n in range(bound + 1):
        if outcome[n] is not None:
            letters.append(outcome[n])
        elif n in pw or n in pl:
            letters.append("U")
        else:
            letters.append("D")
    return letters, rem


def naive_possible(bound: int) -> tuple[set[int], set[int]]:
    """The least sets PW and PL (docs/mathematics.md section 3.3), by repeated passes until nothing changes.

    n is in PL when every move from n leads into PW, in PW when some move
    leads into PL; a position above the bound counts as both.  0 (no move)
    is in PL.
    """
    pw: set[int] = set()
    pl: set[int] = {0}
    changed = True
    while changed:
        changed = False
        for n in range(1, bound + 1):
            kids = children(n)
            if n not in pw and any(c > bound or c in pl for c in kids):
                pw.add(n)
                changed = True
            if n not in pl and all(c > bound or c in pw for c in kids):
                pl.add(n)
                changed = True
    return pw, pl


def naive_escape_draws(bound: int) -> set[int]:
    """The draws of the weaker, earlier certificate (docs/mathematics.md section 3.2).

    The greatest set S of unlabelled positions whose children are all in S
    or W, by repeated deletion.
    """
    letters_w = {n for n, letter in enumerate(_retrograde(bound)) if letter == "W"}
    labelled = {n for n, letter in enumerate(_retrograde(bound)) if letter is not None}
    s = {n for n in range(1, bound + 1) if n not in labelled}
    changed = True
    while changed:
        changed = False
        for n in list(s):
            for c in children(n):
                if c > bound or (c not in s and c not in letters_w):
                    s.discard(n)
                    changed = True
                    break
    return s


def _retrograde(bound: int) -> list[str | None]:
    return [o if o in ("W", "L") else None for o in naive_solve(bound)[0]]


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
    # The possibilities by a queue: x enters PW when a child enters PL (or it
    # has a child above the bound), PL when its last child enters PW.
    pw: set[int] = set()
    pl: set[int] = set()
    waiting = [sum(1 for c in children(n) if c <= bound) for n in range(bound + 1)]
    waiting[0] = 0
    todo: deque[tuple[int, str]] = deque()
    for n in range(bound + 1):
        if n >= 1 and children(n)[1] > bound:
            pw.add(n)
            todo.append((n, "PW"))
        if waiting[n] == 0:
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
    letters = [outcome[n] if outcome[n] is not None else ("U" if n in pw or n in pl else "D") for n in range(bound + 1)]
    return letters, rem


def naive_classes(bound: int) -> list[str]:
    """The class of every position 0..bound: its letter, and for U what the least sets rule out.

    "U (not L)" is in PW only (a win or a draw), "U (not W)" in PL only (a
    loss or a draw); every other position keeps its letter.
    """
    letters, _ = naive_solve(bound)
    pw, pl = naive_possible(bound)
    out = []
    for n, letter in enumerate(letters):
        if letter == "U" and n in pw and n not in pl:
            out.append("U (not L)")
        elif letter == "U" and n in pl and n not in pw:
            out.append("U (not W)")
        else:
            out.append(letter)
    return out


#: How good moving to a child of each class is for the mover, best first
#: (docs/mathematics.md section 3.3: a child that cannot be W never loses the
#: mover the game, one that cannot be L never wins it).
MOVE_ORDER = ("L", "U (not W)", "D", "U", "U (not L)", "W")
