"""Brute-force references for tokens on a directed graph (plain Python, explicit states).

Written straight from the definitions in docs/graph-games.md, and used only to
check solver.graphs (tokens, Snakes-and-Adders, Fair Shares):

* ``product_outcomes``: the whole position as one game whose states are the
  multisets of token vertices (sorted tuples); W and L by retrograde analysis
  (W when some follower is L, L when every follower is W), every other state a
  draw (the graph is finite and closed: an unlabelled state can be kept
  unlabelled for ever).
* ``free_order_values``: Smith's values by the one-move labelling in any
  order ("label *r when r is the mex of the labelled followers and every
  unlabelled follower has a follower labelled *r"; what is never labelled is
  infinite), by repeated passes: a different algorithm from the kernel's
  rounds m = 0, 1, 2, ...
* ``lesson_labellings`` and ``lesson_outcome``: the loopy-games lesson's
  labelling rule ("every unlabelled platform accessible from T has a *path*
  to some other platform labelled *r"), in every order it allows, and its
  recipe for several tokens (one infinite value: a *path* to the *m that
  makes the nim-sum 0).
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Sequence

INF = -1
Succ = Sequence[Sequence[int]]


def solve_game(states: Iterable[Hashable], followers: Callable[[Hashable], Iterable[Hashable]]) -> dict:
    """Outcome letters "W", "L", "D" of every state of a finite closed game (retrograde analysis)."""
    states = list(states)
    kids = {s: set(followers(s)) for s in states}
    parents: dict = {s: [] for s in states}
    for s, fs in kids.items():
        for f in fs:
            parents[f].append(s)
    waiting = {s: len(fs) for s, fs in kids.items()}
    label = {s: "L" for s in states if waiting[s] == 0}
    queue = deque(label)
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
                if waiting[x] == 0:
                    label[x] = "L"
                    queue.append(x)
    return {s: label.get(s, "D") for s in states}


def token_states(n: int, k: int) -> list[tuple[int, ...]]:
    """Every position of k tokens on vertices 0..n-1: the sorted k-tuples (multisets)."""
    return list(itertools.combinations_with_replacement(range(n), k))


def token_followers(succ: Succ, state: tuple[int, ...]) -> set[tuple[int, ...]]:
    """The positions one move from ``state``: one token slides along one arc."""
    found = set()
    for i, v in enumerate(state):
        for w in succ[v]:
            found.add(tuple(sorted(state[:i] + (w,) + state[i + 1 :])))
    return found


def product_outcomes(succ: Succ, k: int) -> dict[tuple[int, ...], str]:
    """Outcome letters of every position of k tokens on the graph ``succ`` (follower lists)."""
    return solve_game(token_states(len(succ), k), lambda s: token_followers(succ, s))


def mex(values: Iterable[int]) -> int:
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def free_order_values(succ: Succ, order: Sequence[int] | None = None) -> tuple[list[int], list[tuple[int, ...]]]:
    """Smith's values by the one-move labelling in the given vertex order: (value or INF, K)."""
    n = len(succ)
    order = list(range(n)) if order is None else list(order)
    label: dict[int, int] = {}
    changed = True
    while changed:
        changed = False
        for u in order:
            if u in label:
                continue
            r = mex(label[v] for v in succ[u] if v in label)
            unlabelled = [v for v in succ[u] if v not in label]
            if all(any(label.get(w) == r for w in succ[v]) for v in unlabelled):
                label[u] = r
                changed = True
    value = [label.get(u, INF) for u in range(n)]
    k = [tuple(sorted({label[v] for v in succ[u] if v in label})) if u not in label else () for u in range(n)]
    return value, k


def sum_rule(value: Sequence[int], k: Sequence[Sequence[int]], tokens: Sequence[int]) -> str:
    """Smith's rule for a token position: all finite, nim-sum; one ∞(K), W iff the nim-sum is in K; else D."""
    infinite = [v for v in tokens if value[v] == INF]
    s = 0
    for v in tokens:
        if value[v] != INF:
            s ^= value[v]
    if not infinite:
        return "W" if s else "L"
    if len(infinite) >= 2:
        return "D"
    return "W" if s in k[infinite[0]] else "D"


def reachable(succ: Succ, u: int) -> set[int]:
    """The vertices at the end of a path of one or more arcs from ``u``."""
    seen: set[int] = set()
    todo = list(succ[u])
    while todo:
        v = todo.pop()
        if v not in seen:
            seen.add(v)
            todo.extend(succ[v])
    return seen


def lesson_outcome(succ: Succ, label: Sequence[int], tokens: Sequence[int]) -> str:
    """The lesson's recipe from labels (INF for ∞): all finite, nim; one ∞, W iff a *path* reaches the *m
    that makes the nim-sum 0, else D; two or more ∞, D."""
    infinite = [v for v in tokens if label[v] == INF]
    s = 0
    for v in tokens:
        if label[v] != INF:
            s ^= label[v]
    if not infinite:
        return "W" if s else "L"
    if len(infinite) >= 2:
        return "D"
    return "W" if any(label[w] == s for w in reachable(succ, infinite[0])) else "D"


def lesson_labellings(succ: Succ) -> set[tuple[int, ...]]:
    """Every labelling the lesson's rule can end with, over every order of labelling (INF for ∞)."""
    n = len(succ)
    reach = [reachable(succ, v) for v in range(n)]
    finals: set[tuple[int, ...]] = set()
    seen: set[tuple[int, ...]] = set()
    todo: list[tuple[int, ...]] = [tuple([-2] * n)]
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        nxt = []
        for t in range(n):
            if state[t] != -2:
                continue
            r = mex(state[v] for v in succ[t] if state[v] != -2)
            if all(any(state[w] == r for w in reach[v]) for v in succ[t] if state[v] == -2):
                nxt.append(state[:t] + (r,) + state[t + 1 :])
        if nxt:
            todo.extend(nxt)
        else:
            finals.add(tuple(INF if x == -2 else x for x in state))
    return finals


def all_digraphs(n: int) -> Iterable[tuple[tuple[int, ...], ...]]:
    """Every directed graph on 0..n-1 with self-loops allowed, as follower lists, by number of arcs."""
    pairs = [(u, v) for u in range(n) for v in range(n)]
    for size in range(len(pairs) + 1):
        for arcs in itertools.combinations(pairs, size):
            yield tuple(tuple(v for (u, v) in arcs if u == w) for w in range(n))


def arcs_text(succ: Succ) -> str:
    """The graph as an arc list ``0>1,1>1`` (a lone last vertex when it has no arc in or out)."""
    items = [f"{u}>{v}" for u in range(len(succ)) for v in succ[u]]
    touched = {u for u in range(len(succ)) if succ[u]} | {v for row in succ for v in row}
    if len(succ) - 1 not in touched:
        items.append(str(len(succ) - 1))
    return ",".join(items)
