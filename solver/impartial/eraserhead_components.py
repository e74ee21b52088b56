"""The components of an Eraserhead position: the table of short paths, canonical forms, options.

The numba table of every occupancy of short paths; canonical forms (paths and
cycles up to reflection and rotation, other components renumbered); the
options of each kind.

The kernel (prefixed ``_``) is unchecked; :mod:`solver.impartial.eraserhead`
calls it after its estimate (:func:`_table_cost`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numba
import numpy as np

from ..costs import Cost
from ..text import format_count

# Cost model (benchmarks/graph_games_finite.py, the project's machine under the load of several
# engineers, warm numba cache): the table kernel, seconds per (occupancy, vertex); rounded up.
_TABLE_SECONDS_PER_ENTRY = 25e-9


# ---------------------------------------------------------------------------
# The table of paths (numba)
# ---------------------------------------------------------------------------


@numba.njit(cache=True)
def _path_table_kernel(top: int) -> np.ndarray:  # pragma: no cover - numba
    """Grundy value of every occupancy of every path of 1..top vertices (numba; unchecked, top <= 31).

    Entry ``2**L - 1 + mask`` is the path of L vertices with erasers on the
    bits of ``mask``.  A path of L vertices has at most 2L options, so values
    are below 64 and one 64-bit word holds the options seen.
    """
    table = np.zeros((1 << (top + 1)) - 1, np.uint8)
    for length in range(1, top + 1):
        base = (1 << length) - 1
        for mask in range(1 << length):
            seen = np.uint64(0)
            for i in range(length):
                if not (mask >> i) & 1:
                    continue
                low = mask & ((1 << i) - 1)
                if i + 1 < length and not (mask >> (i + 1)) & 1:
                    # to i + 1: vertices 0..i without the eraser, i+1.. with it at the start
                    left = table[(1 << (i + 1)) - 1 + low]
                    right = table[(1 << (length - i - 1)) - 1 + ((mask >> (i + 1)) | 1)]
                    seen |= np.uint64(1) << np.uint64(left ^ right)
                if i >= 1 and not (mask >> (i - 1)) & 1:
                    # to i - 1: vertices 0..i-1 with the eraser at the end, i.. without it
                    left = table[(1 << i) - 1 + (low | (1 << (i - 1)))]
                    right = table[(1 << (length - i)) - 1 + ((mask >> (i + 1)) << 1)]
                    seen |= np.uint64(1) << np.uint64(left ^ right)
            value = 0
            while (seen >> np.uint64(value)) & np.uint64(1):
                value += 1
            table[base + mask] = value
    return table


def _table_cost(top: int) -> Cost:
    entries = (1 << (top + 1)) - 1
    return Cost(
        entries * top * _TABLE_SECONDS_PER_ENTRY,
        entries,
        f"the table of Eraserhead on paths of up to {top} vertices ({format_count(entries)} occupancies)",
    )


# ---------------------------------------------------------------------------
# Canonical forms of components
# ---------------------------------------------------------------------------


def _reverse(mask: int, length: int) -> int:
    return int(format(mask, f"0{length}b")[::-1], 2) if length else 0


def _path_key(length: int, mask: int) -> tuple:
    return ("P", length, min(mask, _reverse(mask, length)))


def _cycle_key(length: int, mask: int) -> tuple:
    full = (1 << length) - 1
    best = mask
    for turned in (mask, _reverse(mask, length)):
        for r in range(length):
            rotated = ((turned >> r) | (turned << (length - r))) & full
            if rotated < best:
                best = rotated
    return ("C", length, best)


def _local_key(size: int, adjacent: Sequence[int], edges: Sequence[tuple[int, int]], erasers: int) -> tuple | None:
    """The canonical key of a connected component on vertices ``0..size-1`` (bit masks), or None without a move.

    ``adjacent[v]`` is the mask of v's neighbours, ``edges`` the edges
    ``(u, v)``, ``u < v``, and ``erasers`` the mask of eraser vertices.
    """
    full = (1 << size) - 1
    if not edges or not erasers or erasers == full:
        return None
    degrees = [a.bit_count() for a in adjacent]
    if max(degrees) <= 2 and len(edges) in (size - 1, size):
        cycle = len(edges) == size
        here = 0 if cycle else degrees.index(1)
        mask = (erasers >> here) & 1
        seen = 1 << here
        for i in range(1, size):
            nxt = adjacent[here] & ~seen
            here = (nxt & -nxt).bit_length() - 1
            seen |= 1 << here
            mask |= ((erasers >> here) & 1) << i
        return _cycle_key(size, mask) if cycle else _path_key(size, mask)
    return ("G", size, tuple(edges), erasers)


def _components(size: int, edges: Sequence[tuple[int, int]], erasers: int) -> list[tuple]:
    """Canonical keys of the components with a move of a graph on ``0..size-1`` (edges ``u < v``, sorted)."""
    adjacent = [0] * size
    for u, v in edges:
        adjacent[u] |= 1 << v
        adjacent[v] |= 1 << u
    remaining = 0
    for v in range(size):
        if adjacent[v]:
            remaining |= 1 << v
    keys = []
    while remaining:
        component = remaining & -remaining
        frontier = component
        while frontier:
            grown = 0
            while frontier:
                bit = frontier & -frontier
                frontier ^= bit
                grown |= adjacent[bit.bit_length() - 1]
            frontier = grown & ~component
            component |= frontier
        remaining &= ~component
        own = erasers & component
        if not own or own == component:
            continue
        if component == (1 << size) - 1:
            key = _local_key(size, adjacent, edges, erasers)
        else:
            index = [-1] * size
            vertices: list[int] = []
            bits = component
            while bits:
                bit = bits & -bits
                bits ^= bit
                index[bit.bit_length() - 1] = len(vertices)
                vertices.append(bit.bit_length() - 1)
            local_edges = [(index[u], index[v]) for u, v in edges if (component >> u) & 1]
            local_adjacent = [0] * len(vertices)
            for u, v in local_edges:
                local_adjacent[u] |= 1 << v
                local_adjacent[v] |= 1 << u
            local_erasers = 0
            for v in vertices:
                if (erasers >> v) & 1:
                    local_erasers |= 1 << index[v]
            key = _local_key(len(vertices), local_adjacent, local_edges, local_erasers)
        if key is not None:
            keys.append(key)
    return keys


def _split(graph_edges: Iterable[tuple[int, int]], erasers: Iterable[int]) -> list[tuple]:
    """Canonical keys of the components with a move of a graph on any vertex numbers (its edges, ``u < v``)."""
    edges = sorted(graph_edges)
    vertices = sorted({w for e in edges for w in e})
    index = {v: i for i, v in enumerate(vertices)}
    mask = 0
    for v in erasers:
        if v in index:
            mask |= 1 << index[v]
    return _components(len(vertices), [(index[u], index[v]) for u, v in edges], mask)


def _path_options(length: int, mask: int) -> list[tuple[tuple, ...]]:
    options = []
    bits = mask
    while bits:
        bit = bits & -bits
        bits ^= bit
        i = bit.bit_length() - 1
        low = mask & (bit - 1)
        if i + 1 < length and not (mask >> (i + 1)) & 1:
            options.append(_parts(((i + 1, low), (length - i - 1, (mask >> (i + 1)) | 1))))
        if i >= 1 and not (mask >> (i - 1)) & 1:
            options.append(_parts(((i, low | (1 << (i - 1))), (length - i, (mask >> (i + 1)) << 1))))
    return options


def _parts(paths: Iterable[tuple[int, int]]) -> tuple[tuple, ...]:
    found = []
    for length, mask in paths:
        if length >= 2 and mask and mask != (1 << length) - 1:
            found.append(_path_key(length, mask))
    return tuple(found)


def _cycle_options(length: int, mask: int) -> list[tuple[tuple, ...]]:
    full = (1 << length) - 1
    options = []
    bits = mask
    while bits:
        bit = bits & -bits
        bits ^= bit
        i = bit.bit_length() - 1
        # read the cycle from vertex i: bit j is vertex (i + j) mod L
        turned = ((mask >> i) | (mask << (length - i))) & full
        if not (turned >> 1) & 1:  # to i + 1: the path i+1, i+2, ..., i with the eraser at its start
            path = (turned >> 1) | 1
            options.append(_parts(((length, path),)))
        if not (turned >> (length - 1)) & 1:  # to i - 1: the path i, i+1, ..., i-1 with the eraser at its end
            path = (turned & ~1) | (1 << (length - 1))
            options.append(_parts(((length, path),)))
    return options


def _graph_options(key: tuple) -> list[tuple[tuple, ...]]:
    _, size, edges, mask = key
    options = []
    for v in range(size):
        if not (mask >> v) & 1:
            continue
        for i, (a, b) in enumerate(edges):
            if v not in (a, b):
                continue
            w = b if a == v else a
            if (mask >> w) & 1:
                continue
            left = edges[:i] + edges[i + 1 :]
            options.append(tuple(_components(size, left, (mask & ~(1 << v)) | (1 << w))))
    return options
