"""Brute-force references for product games (plain Python, explicit states).

Written straight from docs/nim-values.md and docs/mathematics.md section 3, and
used only to check solver.values.nimvalues and solver.values.sums.  A state whose component is
above the bound is *outside*: unknown, possibly anything.

* W and L: the least fixed point of "W when some follower is L; L when every
  follower is inside and W" (retrograde analysis with a queue).
* D: an unlabelled state that is neither "possibly W" nor "possibly L", the
  least fixed point of "possibly W: not L and some follower possibly L" and
  "possibly L: not W and every follower possibly W", outside followers being
  possibly both.  Everything else is "U".

Outcome letters "W", "L", "D", "U", for the player to move.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable

from solver.games import get_rule

State = Hashable
OUT = None  # an outside follower


def solve_states(states: Iterable[State], followers: Callable[[State], list]) -> dict:
    """Outcome letters of every state of an explicit finite game (followers may be OUT)."""
    states = list(states)
    kids = {s: followers(s) for s in states}
    parents: dict = {s: [] for s in states}
    for s, fs in kids.items():
        for f in fs:
            if f is not OUT:
                parents[f].append(s)
    label: dict = {}
    waiting = {s: sum(1 for f in fs if f is not OUT) for s, fs in kids.items()}
    blocked = {s: any(f is OUT for f in fs) for s, fs in kids.items()}
    queue = deque(s for s in states if waiting[s] == 0 and not blocked[s])
    for s in queue:
        label[s] = "L"
    while queue:
        y = queue.popleft()
        for x in parents[y]:
            if x in label:
                continue
            if label[y] == "L":
                label[x] = "W"
                queue.append(x)
            else:
                waiting[x] -= 1
                if waiting[x] == 0 and not blocked[x]:
                    label[x] = "L"
                    queue.append(x)
    # Possibilities, by repeated passes until nothing changes (simple, slow).
    pw: set = set()
    pl: set = set()
    changed = True
    while changed:
        changed = False
        for s in states:
            fs = kids[s]
            if s not in pw and label.get(s) != "L" and any(f is OUT or f in pl for f in fs):
                pw.add(s)
                changed = True
            if s not in pl and label.get(s) != "W" and all(f is OUT or f in pw for f in fs):
                pl.add(s)
                changed = True
    return {s: label.get(s, "U" if (s in pw or s in pl) else "D") for s in states}


def rule_children(rule_name: str, bound: int) -> dict[int, list[int]]:
    """Children of every position 0..bound (computed by :meth:`Rule.children`)."""
    rule = get_rule(rule_name)
    return {m: list(rule.children(m)) for m in range(bound + 1)}


def heap_product(rule_name: str, bound: int, heaps: int) -> dict[tuple[int, int], str]:
    """Outcomes of m + *j for 0 <= m <= bound, 0 <= j <= heaps."""
    kids = rule_children(rule_name, bound)

    def followers(s):
        m, j = s
        out = [(c, j) if c <= bound else OUT for c in kids[m]]
        out += [(m, i) for i in range(j)]
        return out

    return solve_states(((m, j) for m in range(bound + 1) for j in range(heaps + 1)), followers)


def pair_product(rule_name: str, bound: int) -> dict[tuple[int, int], str]:
    """Outcomes of the sum a + b of two heaps of the same rule, 0 <= a, b <= bound."""
    kids = rule_children(rule_name, bound)

    def followers(s):
        a, b = s
        out = [(c, b) if c <= bound else OUT for c in kids[a]]
        out += [(a, c) if c <= bound else OUT for c in kids[b]]
        return out

    return solve_states(((a, b) for a in range(bound + 1) for b in range(bound + 1)), followers)


def values_from_heaps(outcomes: dict[tuple[int, int], str], m: int, heaps: int) -> str:
    """Reference value text of m from the outcomes of m + *j, j <= heaps.

    "k" when m + *k is L; "inf{K}" when every outcome is W or D (K the W
    heaps); "?" otherwise.  ``heaps`` must be at least the largest finite
    value that m or a follower can have (its number of followers).
    """
    row = [outcomes[(m, j)] for j in range(heaps + 1)]
    if "L" in row:
        return str(row.index("L"))
    if "U" in row:
        return "?"
    return "inf{" + ",".join(str(j) for j, o in enumerate(row) if o == "W") + "}"
