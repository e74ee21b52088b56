"""The search of Monochrome: the numba kernel over 64-bit masks and the frames that keep its values.

A frame is a graph searched; its values are kept between calls.

The kernels (prefixed ``_``) are unchecked; :mod:`solver.impartial.monochrome`
estimates the work first and caps the components a search may meet.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

import numba
import numpy as np

__all__ = [
    "MAX_SEARCH_VERTICES",
]


#: Most vertices of a component searched (a 64-bit mask, the sign bit left alone).
MAX_SEARCH_VERTICES = 62
#: Searched frames (components of a graph) whose values are kept, least recently used dropped.
KEPT_FRAMES = 16
#: Most components kept per frame (9 bytes each, in a table at most half full); beyond it the frame starts afresh.
KEPT_PER_FRAME = 4_000_000
# ---------------------------------------------------------------------------
# The search kernel (numba)
# ---------------------------------------------------------------------------
_DEBRUIJN = 0x03F79D71B4CB0A89
_DEBRUIJN_INDEX = np.zeros(64, np.int64)


for _i in range(64):
    _DEBRUIJN_INDEX[(((1 << _i) * _DEBRUIJN) & ((1 << 64) - 1)) >> 58] = _i


@numba.njit(cache=True)
def _low_index(low: int, index: np.ndarray) -> int:  # pragma: no cover - numba
    """The index of the single bit of ``low`` (below bit 63)."""
    return index[((low * 0x03F79D71B4CB0A89) >> 58) & 63]


@numba.njit(cache=True)
def _popcount(x: int) -> int:  # pragma: no cover - numba
    count = 0
    while x != 0:
        x &= x - 1
        count += 1
    return count


@numba.njit(cache=True)
def _component(start: int, mask: int, adjacent: np.ndarray, index: np.ndarray) -> int:  # pragma: no cover - numba
    """The vertices of ``mask`` connected to vertex ``start`` within ``mask``."""
    component = 1 << start
    frontier = component
    while frontier != 0:
        grown = 0
        while frontier != 0:
            low = frontier & -frontier
            frontier ^= low
            grown |= adjacent[_low_index(low, index)]
        frontier = grown & mask & ~component
        component |= frontier
    return component


@numba.njit(cache=True)
def _shape_value(
    component: int, adjacent: np.ndarray, path_values: np.ndarray, index: np.ndarray
) -> int:  # pragma: no cover
    """The value of a complete graph (1), a path (octal 0.137) or a cycle; -1 for any other shape."""
    size = _popcount(component)
    degrees = 0
    largest = 0
    bits = component
    while bits != 0:
        low = bits & -bits
        bits ^= low
        d = _popcount(adjacent[_low_index(low, index)] & component)
        degrees += d
        if d > largest:
            largest = d
    edges = degrees // 2
    if edges == size * (size - 1) // 2:
        return 1
    if largest <= 2 and edges == size - 1:
        return path_values[size]
    if largest == 2 and edges == size:
        return 1 if path_values[size - 3] == 0 else 0
    return -1


#: Multiplier of the hash of a mask (2**64 / golden ratio, as a signed 64-bit integer).
_HASH = -7046029254386353131


@numba.njit(cache=True)
def _slot(keys: np.ndarray, key: int) -> int:  # pragma: no cover - numba
    """The slot of ``key`` in an open-addressing table (its own, or the empty one where it would go)."""
    last = keys.shape[0] - 1
    i = ((key * _HASH) >> 29) & last
    while True:
        found = keys[i]
        if found == key or found == 0:
            return i
        i = (i + 1) & last


@numba.njit(cache=True)
def _lookup(keys: np.ndarray, values: np.ndarray, key: int) -> int:  # pragma: no cover - numba
    """The value kept for ``key``, or -1."""
    i = _slot(keys, key)
    return -1 if keys[i] == 0 else values[i]


@numba.njit(cache=True)
def _grown(keys: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:  # pragma: no cover - numba
    """The table rehashed into twice the slots."""
    new_keys = np.zeros(2 * keys.shape[0], np.int64)
    new_values = np.zeros(2 * keys.shape[0], np.int8)
    for i in range(keys.shape[0]):
        if keys[i] != 0:
            j = _slot(new_keys, keys[i])
            new_keys[j] = keys[i]
            new_values[j] = values[i]
    return new_keys, new_values


@numba.njit(cache=True)
def _search(
    roots: np.ndarray,
    adjacent: np.ndarray,
    closed: np.ndarray,
    keys: np.ndarray,
    values: np.ndarray,
    count: int,
    path_values: np.ndarray,
    index: np.ndarray,
    shapes: bool,
    cap: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, bool]:  # pragma: no cover - numba
    """Grundy values of vertex sets (masks, each any union of components), memoised (numba; unchecked).

    The memo is an open-addressing table: ``keys`` (int64, 0 = empty; a
    component is never empty) and ``values`` (int8: a component of at most 62
    vertices has at most 62 options, so its value is below 63), holding
    ``count`` components, kept at most half full.  Returns the values, the
    table (grown if need be) and its count, and whether the search stopped
    after ``cap`` moves looked at (then the values are 0 and must not be
    used; the table holds only exact values).
    """
    n = adjacent.shape[0]
    stack = np.zeros(n + 2, np.int64)
    next_vertex = np.zeros(n + 2, np.int64)
    seen = np.zeros(n + 2, np.int64)
    found = np.zeros(roots.shape[0], np.int64)
    work = 0
    for r in range(roots.shape[0]):
        total = 0
        rest = roots[r]
        while rest != 0:
            low = rest & -rest
            component = _component(_low_index(low, index), rest, adjacent, index)
            rest &= ~component
            depth = 1
            stack[0] = component
            next_vertex[0] = 0
            seen[0] = 0
            while depth > 0:
                here = stack[depth - 1]
                slot = _slot(keys, here)
                if keys[slot] != 0:
                    depth -= 1
                    continue
                v = next_vertex[depth - 1]
                options = seen[depth - 1]
                if shapes and v == 0 and options == 0:
                    value = _shape_value(here, adjacent, path_values, index)
                    if value >= 0:
                        keys[slot] = here
                        values[slot] = value
                        count += 1
                        if 2 * count > keys.shape[0]:
                            keys, values = _grown(keys, values)
                        depth -= 1
                        continue
                pushed = False
                while v < n:
                    if (here >> v) & 1:
                        work += 1
                        if work > cap:
                            return found, keys, values, count, True
                        left = here & ~closed[v]
                        x = 0
                        missing = 0
                        while left != 0:
                            low = left & -left
                            part = _component(_low_index(low, index), left, adjacent, index)
                            left &= ~part
                            known = _lookup(keys, values, part)
                            if known >= 0:
                                x ^= known
                                continue
                            if shapes:
                                value = _shape_value(part, adjacent, path_values, index)
                                if value >= 0:
                                    j = _slot(keys, part)
                                    keys[j] = part
                                    values[j] = value
                                    count += 1
                                    if 2 * count > keys.shape[0]:
                                        keys, values = _grown(keys, values)
                                    x ^= value
                                    continue
                            missing = part
                            break
                        if missing != 0:
                            next_vertex[depth - 1] = v
                            seen[depth - 1] = options
                            stack[depth] = missing
                            next_vertex[depth] = 0
                            seen[depth] = 0
                            depth += 1
                            pushed = True
                            break
                        options |= 1 << x
                    v += 1
                if pushed:
                    continue
                value = 0
                while (options >> value) & 1:
                    value += 1
                j = _slot(keys, here)
                keys[j] = here
                values[j] = value
                count += 1
                if 2 * count > keys.shape[0]:
                    keys, values = _grown(keys, values)
                depth -= 1
            total ^= _lookup(keys, values, component)
        found[r] = total
    return found, keys, values, count, False


# ---------------------------------------------------------------------------
# Frames: the graphs searched, with their kept values
# ---------------------------------------------------------------------------

#: Slots of a new frame's table (it doubles when half full).
_FIRST_SLOTS = 1 << 12


class _Frame:
    """A connected graph of at most 62 vertices searched, with the values of its components kept."""

    def __init__(self, size: int, edges: tuple[tuple[int, int], ...]) -> None:
        self.size = size
        self.adjacent = np.zeros(size, np.int64)
        for u, v in edges:
            self.adjacent[u] |= np.int64(1) << np.int64(v)
            self.adjacent[v] |= np.int64(1) << np.int64(u)
        self.closed = self.adjacent | (np.int64(1) << np.arange(size, dtype=np.int64))
        self.lock = threading.Lock()
        self._empty()

    def _empty(self) -> None:
        self.keys = np.zeros(_FIRST_SLOTS, np.int64)
        self.kept = np.zeros(_FIRST_SLOTS, np.int8)
        self.count = 0

    def known(self, mask: int) -> bool:
        """Whether the value of this component is kept."""
        return bool(_lookup(self.keys, self.kept, mask) >= 0)

    def value(self, mask: int) -> int:
        """The kept value of a component met by an earlier search (searched again if dropped since)."""
        found = int(_lookup(self.keys, self.kept, mask))
        if found >= 0:
            return found
        again = self.values([mask], 1 << 62)
        assert again is not None
        return again[0]

    def values(self, masks: Sequence[int], cap: int, *, shapes: bool = True) -> list[int] | None:
        """The values of vertex sets (masks) of this frame, or None when the search looked at more than ``cap`` moves."""
        with self.lock:
            if self.count > KEPT_PER_FRAME:
                self._empty()
            roots = np.array(masks, dtype=np.int64)
            found, self.keys, self.kept, self.count, stopped = _search(
                roots,
                self.adjacent,
                self.closed,
                self.keys,
                self.kept,
                self.count,
                _path_values(),
                _DEBRUIJN_INDEX,
                shapes,
                cap,
            )
        return None if stopped else [int(v) for v in found]


_FRAMES: OrderedDict[tuple, _Frame] = OrderedDict()
_FRAMES_LOCK = threading.Lock()


def _frame(size: int, edges: tuple[tuple[int, int], ...]) -> _Frame:
    key = (size, edges)
    with _FRAMES_LOCK:
        frame = _FRAMES.get(key)
        if frame is not None:
            _FRAMES.move_to_end(key)
            return frame
        frame = _Frame(size, edges)
        _FRAMES[key] = frame
        while len(_FRAMES) > KEPT_FRAMES:
            _FRAMES.popitem(last=False)
        return frame


_PATH_VALUES: list[np.ndarray] = []


def _path_values() -> np.ndarray:
    """Values of paths of 0..64 vertices: Rob's Dots, octal 0.137, heaps 0..64."""
    if not _PATH_VALUES:
        _PATH_VALUES.append(_rob().heap_values(list(range(MAX_SEARCH_VERTICES + 2))))
        _PATH_VALUES[0] = np.array(_PATH_VALUES[0], dtype=np.int64)
    return _PATH_VALUES[0]


def _rob():
    from .octal import OctalGame

    return OctalGame.of("0.137")  # Rob's Dots, as the registry makes it (no import of the registry)
