"""Tiny, obviously correct brute-force references for the games on graphs (plain Python, memoised recursion).

Written straight from the rules on the whole position (no split into
components, no canonical forms), used only to check the fast code of
:mod:`solver.impartial.eraserhead` and :mod:`solver.impartial.monochrome`.

- Eraserhead ("Eraserhead (Games on Circles I)"): a position is the set of
  edges left and the set of eraser vertices; a move takes one eraser along
  an edge to an unoccupied neighbour and erases that edge.
- Monochrome (node Kayles; "The Independence Game"): a position is the set
  of vertices still in play; a move marks one of them, which leaves the game
  with its neighbours.

The player with no move loses (normal play) in both.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from naive_impartial import make_reference


def eraserhead_children(state):
    """Every position one move away: ``state = (frozenset of edges (u, v) with u < v, frozenset of erasers)``."""
    edges, erasers = state
    found = set()
    for v in erasers:
        for u, w in edges:
            if v not in (u, w):
                continue
            other = w if v == u else u
            if other in erasers:
                continue
            found.add((edges - {(u, w)}, (erasers - {v}) | {other}))
    return found


eraserhead_grundy, eraserhead_wins, eraserhead_remoteness = make_reference(eraserhead_children)


def eraserhead_state(edges, erasers):
    """The brute force's state of a graph's edges and eraser vertices."""
    return (frozenset((min(u, v), max(u, v)) for u, v in edges), frozenset(erasers))


def path_edges(n):
    """Edges of a path of n vertices."""
    return [(i, i + 1) for i in range(n - 1)]


def cycle_edges(n):
    """Edges of a cycle of n vertices."""
    return [*path_edges(n), (0, n - 1)]


def monochrome_children_of(edges):
    """``children(in_play)`` of Monochrome on a graph given by its edges: mark v, drop v and its neighbours."""
    neighbours: dict[int, set[int]] = {}
    for u, v in edges:
        neighbours.setdefault(u, set()).add(v)
        neighbours.setdefault(v, set()).add(u)

    def children(in_play):
        return {in_play - {v} - neighbours.get(v, set()) for v in in_play}

    return children


def monochrome_reference(edges):
    """``(grundy, wins, remoteness)`` of Monochrome on one graph, over sets of vertices in play."""
    return make_reference(monochrome_children_of(edges))


def monochrome_in_play(n, edges, marked):
    """The vertices still in play after marking ``marked``."""
    gone = set(marked)
    for u, v in edges:
        if u in marked:
            gone.add(v)
        if v in marked:
            gone.add(u)
    return frozenset(range(n)) - gone


@cache
def path_monochrome(length: int) -> int:
    """Grundy value of Monochrome on a path of ``length`` vertices, from the graph rule.

    Marking vertex v of the path 0..L-1 removes v-1, v, v+1 and leaves the
    paths 0..v-2 and v+2..L-1 (memoised by length, since a path's value
    depends only on its length).
    """
    seen = set()
    for v in range(length):
        seen.add(path_monochrome(max(v - 1, 0)) ^ path_monochrome(max(length - v - 2, 0)))
    m = 0
    while m in seen:
        m += 1
    return m


def independent_sets(n, edges):
    """Every independent set of the graph (for checking the marked sets of positions)."""
    adjacent = {(min(u, v), max(u, v)) for u, v in edges}
    for size in range(n + 1):
        for subset in combinations(range(n), size):
            if all((a, b) not in adjacent for a, b in combinations(subset, 2)):
                yield subset
