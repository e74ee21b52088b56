"""Spring Cleaning: sweep away a row or a column of consecutive dirt pieces.

Rules (the blog posts "Spring Cleaning I" and "Spring Cleaning II"): dirt
pieces lie on squares of a grid.  A sweep removes a row or a column of
consecutive dirt pieces; the players take turns, and whoever sweeps last
wins (normal play).

**A sweep is a maximal run.**  Here a sweep removes a *maximal* run: pieces
consecutive in one row (or one column) with no piece just beyond either end.
A piece with no neighbour in its row (or in its column) is a run of one, so
it may be swept alone.  This reading gives the source's rectangle rule (a
full rectangle has value 1 when both sides are odd, 0 when both are even and
2 otherwise); with sweeps of *any* consecutive part of a run, a 1 x 3 bar
would have value 3 (the tests check both).

**The split.**  A position is a sum of its 4-connected groups of dirt: a
run is made of pieces side by side, so it lies in one group; whether it is
maximal depends only on the squares just beyond its ends, which are dirt
only if they belong to the same group; so the moves of a group depend on
that group alone, and a sweep changes no other group.  Its Grundy value is
the XOR of the groups' values (Sprague–Grundy).  A group is turned into a
*canonical* form: moved to the top-left corner, then the least of its images
under the 8 symmetries of the square (the rules do not change when the grid
is turned or mirrored), and its value is kept under that form.

**The kernel** (numba) finds every group reachable from the groups asked
for, breadth first (a sweep leaves groups with fewer pieces), looking each
one up first by its translated form, then by its canonical form, and then
sets the values in order of increasing pieces by the mex.  A group must
fit in 1024 squares of its bounding box (any group of at most 63 pieces
does).  The work grows about as ``2^(k/2)`` groups for a group of k pieces
(tree-shaped groups of 30 pieces with many short branches reach up to about
95,000 groups; rectangles, L-shapes and zigzags a few dozen), and is
estimated from the groups' sizes before it starts
(:meth:`SpringCleaningGame.value_cost`).

Positions are written as rows of ``#`` (dirt) and ``.`` (clean), top row
first, joined by ``/``: ``"###/#../#.."``.  Rows and columns are numbered
from 1 at the top left in move texts.

The source's shapes: the (A,B)-L (:func:`l_shape`) has a leg of A pieces
along the top row and one of B pieces down the left column, both counting
the shared corner; the zigzag Z(n) (:func:`zigzag`) is the staircase of n
pieces, alternately one step right and one step down.  Its moves are
"sweep two neighbours" (splitting the staircase into two of a + b = n − 2
pieces) and "sweep an end piece alone", which is the octal game 0.37, and
Couples are Forever (split a pile of at least 3 tokens into two piles) on a
pile of n + 2: sweeping an end piece is splitting off one token, sweeping
two neighbours is splitting into piles of a + 2 and b + 2
(:func:`solver.impartial.couples.couples_values`).
"""

from __future__ import annotations

import dataclasses
import math
import threading
from collections.abc import Sequence
from typing import ClassVar

import numba
import numpy as np

from ..costs import Cost
from ..parsing import describe_text
from ..validation import check_integer
from .game import (
    MAX_TEXT,
    SEARCH_BYTES_PER_POSITION,
    SEARCH_SECONDS_PER_MOVE,
    ImpartialGame,
    check_work,
    search_remoteness,
)

__all__ = [
    "SPRING_CLEANING",
    "SpringCleaningGame",
    "l_shape",
    "l_shape_table",
    "l_shape_value",
    "parse_grid",
    "zigzag",
    "zigzag_values",
]

#: Words of a group's key: a header (rows, columns, pieces) and 16 words of squares.
KEY_WORDS = 17
#: Most squares of a group's bounding box (the 16 words of its key).
MAX_BOX = 1024
#: Most rows and most columns of a position.
MAX_SIDE = 64
#: Most pieces the remoteness search starts from (its estimate is 2**pieces).
MAX_SEARCH_PIECES = 40
#: Largest leg of :func:`l_shape_table` and largest n of :func:`zigzag_values` (their groups fit 1024 squares).
MAX_LEG = 32
MAX_ZIGZAG = 63
#: Groups kept with the game between calls (about 700 bytes each).
KEPT_GROUPS = 200_000

# Cost model (benchmarks/spring_cleaning_reach.py and impartial_games.py, reference machine, rounded
# up): the groups reached from a group of k pieces, at most REACH_FACTOR * 2**(k/2) (the most found
# over 2,200 random groups of 10 to 30 pieces was 4.04 * 2**(k/2), at k = 26; at k = 30, 95,132
# groups, 2.9 * 2**15: tree-shaped groups with many short branches), and the seconds per reached
# group and per square of the root's pieces (about k moves, each searching about k squares).
REACH_FACTOR = 8.0
SECONDS_PER_GROUP_PIECE2 = 30e-9
BYTES_PER_GROUP = 700
#: The kernel stops (and the call is refused) past this many times the estimated groups, plus the slack.
GUARD_FACTOR = 4
GUARD_SLACK = 1000

_HOW = "write rows of '#' (dirt) and '.' (clean), top row first, joined by '/' (e.g. ###/#../#..)"
_UNKNOWN = -1
_QUEUED = -2
_FNV_OFFSET = np.uint64(1469598103934665603)
_FNV_PRIME = np.uint64(1099511628211)


# ---------------------------------------------------------------------------
# The kernel: groups as keys in an open-addressing table
# ---------------------------------------------------------------------------


@numba.njit(cache=True, inline="always")
def _words(header: np.uint64) -> int:  # pragma: no cover - numba
    """Words of a key in use: the header and the words of its rows x columns squares (the rest is ignored)."""
    h = np.int64(header & np.uint64(0xFFFF))
    w = np.int64((header >> np.uint64(16)) & np.uint64(0xFFFF))
    return int(1 + (h * w + 63) // 64)


@numba.njit(cache=True)
def _slot(slots: np.ndarray, table: np.ndarray, keys: np.ndarray, row: int) -> int:  # pragma: no cover - numba
    """The slot of ``keys[row]`` in a table: where it is, or the empty slot where it goes (numba; unchecked).

    Only the words in use are read (:func:`_words`): two keys with one
    header use the same words.
    """
    mask = slots.shape[0] - 1
    used = _words(keys[row, 0])
    h = _FNV_OFFSET
    for j in range(used):
        h ^= keys[row, j]
        h *= _FNV_PRIME
    h ^= h >> np.uint64(31)
    s = np.int64(h & np.uint64(mask))
    while True:
        i = slots[s]
        if i < 0:
            return int(s)
        same = True
        for j in range(used):
            if table[i, j] != keys[row, j]:
                same = False
                break
        if same:
            return int(s)
        s = (s + 1) & mask


@numba.njit(cache=True)
def _rehash(size: int, table: np.ndarray, count: int) -> np.ndarray:  # pragma: no cover - numba
    """New slots of ``size`` (a power of 2) for the first ``count`` keys of a table (numba; unchecked)."""
    slots = np.full(size, -1, np.int32)
    for q in range(count):
        slots[_slot(slots, table, table, q)] = q
    return slots


@numba.njit(cache=True)
def _box(qr: np.ndarray, qc: np.ndarray, k: int) -> tuple[int, int, int, int]:  # pragma: no cover - numba
    rmin = qr[0]
    rmax = qr[0]
    cmin = qc[0]
    cmax = qc[0]
    for i in range(1, k):
        r = qr[i]
        c = qc[i]
        if r < rmin:
            rmin = r
        elif r > rmax:
            rmax = r
        if c < cmin:
            cmin = c
        elif c > cmax:
            cmax = c
    return rmin, cmin, rmax - rmin + 1, cmax - cmin + 1


@numba.njit(cache=True)
def _translated_key(qr: np.ndarray, qc: np.ndarray, k: int, out: np.ndarray) -> None:  # pragma: no cover - numba
    """The key of a group moved to the top-left corner, unturned (numba; unchecked: its box fits)."""
    rmin, cmin, h, w = _box(qr, qc, k)
    _boxed_key(qr, qc, k, rmin, cmin, h, w, out)


@numba.njit(cache=True)
def _boxed_key(qr, qc, k: int, rmin: int, cmin: int, h: int, w: int, out: np.ndarray) -> None:  # pragma: no cover
    """:func:`_translated_key` of a group whose box (top row, left column, rows, columns) is known."""
    for j in range(1, 1 + (h * w + 63) // 64):
        out[0, j] = 0
    out[0, 0] = np.uint64(h) | (np.uint64(w) << np.uint64(16)) | (np.uint64(k) << np.uint64(32))
    for i in range(k):
        idx = (qr[i] - rmin) * w + (qc[i] - cmin)
        out[0, 1 + (idx >> 6)] |= np.uint64(1) << np.uint64(idx & 63)


@numba.njit(cache=True)
def _canonical_key(
    qr: np.ndarray, qc: np.ndarray, k: int, out: np.ndarray, tmp: np.ndarray
) -> None:  # pragma: no cover
    """The least key of the group's 8 images under the symmetries of the square, moved to the corner (numba; unchecked).

    A key is a header word (rows, columns, pieces) and the squares row by
    row; only the images with no more rows than columns are compared (the
    header then decides between the others).
    """
    rmin, cmin, h, w = _box(qr, qc, k)
    first = True
    for t in range(8):
        swap = t & 1
        hh = w if swap else h
        ww = h if swap else w
        if hh > ww:
            continue
        used = 1 + (hh * ww + 63) // 64
        for j in range(1, used):
            tmp[0, j] = 0
        tmp[0, 0] = np.uint64(hh) | (np.uint64(ww) << np.uint64(16)) | (np.uint64(k) << np.uint64(32))
        for i in range(k):
            r = qr[i] - rmin
            c = qc[i] - cmin
            if swap:
                r, c = c, r
            if t & 2:
                r = hh - 1 - r
            if t & 4:
                c = ww - 1 - c
            idx = r * ww + c
            tmp[0, 1 + (idx >> 6)] |= np.uint64(1) << np.uint64(idx & 63)
        less = first
        if not first:
            for j in range(used):  # a different header decides at word 0
                if tmp[0, j] != out[0, j]:
                    less = tmp[0, j] < out[0, j]
                    break
        if less:
            for j in range(used):
                out[0, j] = tmp[0, j]
            first = False


@numba.njit(cache=True)
def _grow(a: np.ndarray, n: int) -> np.ndarray:  # pragma: no cover - numba
    b = np.empty(2 * a.shape[0], a.dtype)
    b[:n] = a[:n]
    return b


@numba.njit(cache=True)
def _add_group(key, store, vals, slots, count):  # pragma: no cover - numba
    """Id of a canonical key (1 x KEY_WORDS), added to the table when new; returns (id, store, vals, slots)."""
    s = _slot(slots, store, key, 0)
    found = slots[s]
    if found >= 0:
        return found, store, vals, slots
    n = count[0]
    if n >= store.shape[0]:
        bigger = np.zeros((2 * store.shape[0], KEY_WORDS), np.uint64)
        bigger[:n] = store[:n]
        store = bigger
        more = np.full(2 * vals.shape[0], _UNKNOWN, np.int16)
        more[:n] = vals[:n]
        vals = more
    used = _words(key[0, 0])
    for j in range(KEY_WORDS):
        store[n, j] = key[0, j] if j < used else np.uint64(0)
    count[0] = n + 1
    if 2 * (n + 1) > slots.shape[0]:
        slots = _rehash(2 * slots.shape[0], store, n + 1)
    else:
        slots[s] = n
    return n, store, vals, slots


@numba.njit(cache=True)
def _find_group(key, store, slots) -> int:  # pragma: no cover - numba
    """Id of a canonical key, or -1."""
    return slots[_slot(slots, store, key, 0)]


@numba.njit(cache=True)
def _solve(roots, store, vals, slots, count, raw, raw_id, raw_slots, raw_count, most_new):  # pragma: no cover
    """Grundy values of the groups ``roots`` (ids) and of every group reachable from them (numba; unchecked).

    Phase 1, breadth first: each group not valued yet is decoded onto a
    bordered grid; each maximal run (rows, then columns of two or more, a
    single piece once) is taken away, the groups left are found by a
    breadth-first search, and each is looked up by its translated key
    (``raw``), else by its canonical key (added when new).  Its options
    (the groups each sweep leaves) are written to scratch arrays.  Phase 2
    sets the values in order of increasing pieces: a group's options have
    fewer pieces.  Stops with status 1 when more than ``most_new`` groups
    were added (the values of that call stay unknown).

    Returns ``(store, vals, slots, raw, raw_id, raw_slots, status, expanded)``.
    """
    side = MAX_BOX + 2 * 64 + 8
    grid = np.zeros(side * 4, np.uint8)
    stamp = np.zeros(side * 4, np.int32)
    rs = np.empty(MAX_BOX, np.int64)
    cs = np.empty(MAX_BOX, np.int64)
    ps = np.empty(MAX_BOX, np.int64)
    queue = np.empty(MAX_BOX, np.int64)
    qr = np.empty(MAX_BOX, np.int64)
    qc = np.empty(MAX_BOX, np.int64)
    run = np.empty(MAX_BOX, np.int64)
    key = np.zeros((1, KEY_WORDS), np.uint64)
    canon = np.zeros((1, KEY_WORDS), np.uint64)
    scratch = np.zeros((1, KEY_WORDS), np.uint64)
    work = np.empty(1024, np.int64)
    opt_end = np.empty(1 << 14, np.int64)
    child = np.empty(1 << 15, np.int64)
    group_end = np.empty(1024, np.int64)
    nwork = 0
    nopt = 0
    nchild = 0
    for r in roots:
        if vals[r] == _UNKNOWN:
            if nwork >= work.shape[0]:
                work = _grow(work, nwork)
            work[nwork] = r
            nwork += 1
            vals[r] = _QUEUED
    start = count[0]
    status = 0
    head = 0
    while head < nwork:
        cur = work[head]
        header = store[cur, 0]
        h = np.int64(header & np.uint64(0xFFFF))
        w = np.int64((header >> np.uint64(16)) & np.uint64(0xFFFF))
        s = w + 2
        for i in range((h + 2) * s):
            grid[i] = 0
            stamp[i] = 0
        k = 0
        for idx in range(h * w):
            if (store[cur, 1 + (idx >> 6)] >> np.uint64(idx & 63)) & np.uint64(1):
                r = idx // w
                c = idx - r * w
                grid[(r + 1) * s + c + 1] = 1
                rs[k] = r + 1
                cs[k] = c + 1
                ps[k] = (r + 1) * s + c + 1
                k += 1
        tag = 0
        for across in range(2):
            for i in range(k):
                p = ps[i]
                length = 0
                if across == 0:
                    if grid[p - 1]:
                        continue
                    q = p
                    while grid[q]:
                        run[length] = q
                        length += 1
                        q += 1
                else:
                    if grid[p - s]:
                        continue
                    q = p
                    while grid[q]:
                        run[length] = q
                        length += 1
                        q += s
                    if length == 1 and grid[p - 1] == 0 and grid[p + 1] == 0:
                        continue  # a lone piece: already swept as a run of its row
                for j in range(length):
                    grid[run[j]] = 0
                tag += 1
                for i2 in range(k):
                    p2 = ps[i2]
                    if grid[p2] == 0 or stamp[p2] == tag:
                        continue
                    # The group of p2 left by the sweep: breadth first, with its rows, columns and box.
                    stamp[p2] = tag
                    qh = 0
                    qt = 1
                    queue[0] = p2
                    qr[0] = rs[i2]
                    qc[0] = cs[i2]
                    rmin = rs[i2]
                    rmax = rmin
                    cmin = cs[i2]
                    cmax = cmin
                    while qh < qt:
                        x = queue[qh]
                        xr = qr[qh]
                        xc = qc[qh]
                        qh += 1
                        y = x + 1
                        if grid[y] and stamp[y] != tag:
                            stamp[y] = tag
                            queue[qt] = y
                            qr[qt] = xr
                            qc[qt] = xc + 1
                            qt += 1
                            if xc + 1 > cmax:
                                cmax = xc + 1
                        y = x - 1
                        if grid[y] and stamp[y] != tag:
                            stamp[y] = tag
                            queue[qt] = y
                            qr[qt] = xr
                            qc[qt] = xc - 1
                            qt += 1
                            if xc - 1 < cmin:
                                cmin = xc - 1
                        y = x + s
                        if grid[y] and stamp[y] != tag:
                            stamp[y] = tag
                            queue[qt] = y
                            qr[qt] = xr + 1
                            qc[qt] = xc
                            qt += 1
                            if xr + 1 > rmax:
                                rmax = xr + 1
                        y = x - s
                        if grid[y] and stamp[y] != tag:
                            stamp[y] = tag
                            queue[qt] = y
                            qr[qt] = xr - 1
                            qc[qt] = xc
                            qt += 1
                            if xr - 1 < rmin:
                                rmin = xr - 1
                    _boxed_key(qr, qc, qt, rmin, cmin, rmax - rmin + 1, cmax - cmin + 1, key)
                    rslot = _slot(raw_slots, raw, key, 0)
                    known = raw_slots[rslot]
                    if known >= 0:
                        gid = np.int64(raw_id[known])
                    else:
                        _canonical_key(qr, qc, qt, canon, scratch)
                        gid, store, vals, slots = _add_group(canon, store, vals, slots, count)
                        m = raw_count[0]
                        if m >= raw.shape[0]:
                            bigger = np.zeros((2 * raw.shape[0], KEY_WORDS), np.uint64)
                            bigger[:m] = raw[:m]
                            raw = bigger
                            ids = np.empty(2 * raw_id.shape[0], np.int32)
                            ids[:m] = raw_id[:m]
                            raw_id = ids
                        used = _words(key[0, 0])
                        for j in range(KEY_WORDS):
                            raw[m, j] = key[0, j] if j < used else np.uint64(0)
                        raw_id[m] = gid
                        raw_count[0] = m + 1
                        if 2 * (m + 1) > raw_slots.shape[0]:
                            raw_slots = _rehash(2 * raw_slots.shape[0], raw, m + 1)
                        else:
                            raw_slots[rslot] = m
                    if vals[gid] == _UNKNOWN:
                        if nwork >= work.shape[0]:
                            work = _grow(work, nwork)
                        work[nwork] = gid
                        nwork += 1
                        vals[gid] = _QUEUED
                    if nchild >= child.shape[0]:
                        child = _grow(child, nchild)
                    child[nchild] = gid
                    nchild += 1
                if nopt >= opt_end.shape[0]:
                    opt_end = _grow(opt_end, nopt)
                opt_end[nopt] = nchild
                nopt += 1
                for j in range(length):
                    grid[run[j]] = 1
        if head >= group_end.shape[0]:
            group_end = _grow(group_end, head)
        group_end[head] = nopt
        head += 1
        if count[0] - start > most_new:
            status = 1
            break
    if status:
        for i in range(nwork):
            if vals[work[i]] == _QUEUED:
                vals[work[i]] = _UNKNOWN
        return store, vals, slots, raw, raw_id, raw_slots, status, head
    pieces = np.empty(nwork, np.int64)
    for i in range(nwork):
        pieces[i] = np.int64(store[work[i], 0] >> np.uint64(32))
    order = np.argsort(pieces, kind="mergesort")
    seen = np.zeros(4 * MAX_BOX + 4, np.int64)  # a value is at most the number of options, below 2 * MAX_BOX
    for e in order:
        o0 = group_end[e - 1] if e > 0 else 0
        mark = e + 1
        for o in range(o0, group_end[e]):
            c0 = opt_end[o - 1] if o > 0 else 0
            x = 0
            for j in range(c0, opt_end[o]):
                x ^= vals[child[j]]
            seen[x] = mark
        v = 0
        while seen[v] == mark:
            v += 1
        vals[work[e]] = v
    return store, vals, slots, raw, raw_id, raw_slots, status, head


class _Table:
    """The groups met so far, their canonical keys and values, and the translated keys that lead to them."""

    def __init__(self) -> None:
        self.store = np.zeros((1024, KEY_WORDS), np.uint64)
        self.vals = np.full(1024, _UNKNOWN, np.int16)
        self.slots = np.full(2048, -1, np.int32)
        self.count = np.zeros(1, np.int64)
        self.raw = np.zeros((1024, KEY_WORDS), np.uint64)
        self.raw_id = np.zeros(1024, np.int32)
        self.raw_slots = np.full(2048, -1, np.int32)
        self.raw_count = np.zeros(1, np.int64)

    def group_id(self, cells: tuple[np.ndarray, np.ndarray], add: bool) -> int:
        """Id of a group given as (rows, columns) arrays; -1 when unknown and ``add`` is False."""
        rows, cols = cells
        canon = np.zeros((1, KEY_WORDS), np.uint64)
        _canonical_key(rows, cols, rows.shape[0], canon, np.zeros((1, KEY_WORDS), np.uint64))
        if not add:
            return int(_find_group(canon, self.store, self.slots))
        gid, self.store, self.vals, self.slots = _add_group(canon, self.store, self.vals, self.slots, self.count)
        return int(gid)

    def solve(self, ids: list[int], most_new: int) -> bool:
        """Value every group of ``ids``; False when the kernel stopped past ``most_new`` new groups."""
        found = _solve(
            np.array(ids, np.int64),
            self.store,
            self.vals,
            self.slots,
            self.count,
            self.raw,
            self.raw_id,
            self.raw_slots,
            self.raw_count,
            most_new,
        )
        self.store, self.vals, self.slots, self.raw, self.raw_id, self.raw_slots, status, _ = found
        return status == 0


_TABLE_LOCK = threading.Lock()


# ---------------------------------------------------------------------------
# Positions: grids, masks, groups, sweeps
# ---------------------------------------------------------------------------


def parse_grid(text: str) -> tuple[str, ...]:
    """Read a Spring Cleaning position: rows of ``#`` (dirt) and ``.`` (clean), top row first, joined by ``/``.

    Parameters
    ----------
    text : str
        ``"###/#../#.."``; spaces around the text are ignored.

    Returns
    -------
    tuple of str
        The rows.

    Raises
    ------
    TypeError
        If ``text`` is not a string.
    ValueError
        If the text is empty, has characters other than ``#``, ``.`` and
        ``/``, rows of different lengths or empty rows, or more than 64
        rows or columns.
    """
    if not isinstance(text, str):
        raise TypeError(f"a Spring Cleaning position must be text like '###/#../#..', got {text!r:.60}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"the position has {len(text):,} characters, more than {MAX_TEXT:,}; {_HOW}")
    stripped = text.strip()
    if not stripped:
        raise ValueError(f"the position is empty; {_HOW}")
    bad = sorted(set(stripped) - set("#./"))
    if bad:
        raise ValueError(f"the position {describe_text(stripped)} has the characters {''.join(bad)[:10]!r}; {_HOW}")
    return _check_rows(tuple(stripped.split("/")))


def _check_rows(rows: tuple[str, ...]) -> tuple[str, ...]:
    if not rows or any(not row for row in rows):
        raise ValueError(f"a position has rows of at least one square; {_HOW}")
    width = len(rows[0])
    if any(len(row) != width for row in rows):
        raise ValueError(
            f"the rows of the position must have one length (got {sorted({len(r) for r in rows})}); {_HOW}"
        )
    if len(rows) > MAX_SIDE or width > MAX_SIDE:
        raise ValueError(
            f"the position has {len(rows)} rows of {width} squares; at most {MAX_SIDE} rows and {MAX_SIDE} columns"
        )
    for row in rows:
        if set(row) - set("#."):
            raise ValueError(f"a row {describe_text(row)} has characters other than '#' and '.'; {_HOW}")
    return rows


def _mask(rows: tuple[str, ...]) -> tuple[int, int]:
    """The dirt as bits ``r * stride + c``, stride = columns + 1 (a clean column between rows)."""
    stride = len(rows[0]) + 1
    mask = 0
    for r, row in enumerate(rows):
        bits = row[::-1].replace("#", "1").replace(".", "0")
        mask |= int(bits, 2) << (r * stride)
    return mask, stride


def _rows(mask: int, stride: int, height: int) -> tuple[str, ...]:
    width = stride - 1
    full = (1 << width) - 1
    return tuple(
        format((mask >> (r * stride)) & full, f"0{width}b")[::-1].replace("1", "#").replace("0", ".")
        for r in range(height)
    )


def _groups(mask: int, stride: int) -> list[int]:
    """The 4-connected groups of the dirt, as masks (flood fill by shifts; the clean column stops wrapping)."""
    found = []
    while mask:
        group = mask & -mask
        while True:
            grown = (group | (group << 1) | (group >> 1) | (group << stride) | (group >> stride)) & mask
            if grown == group:
                break
            group = grown
        found.append(group)
        mask &= ~group
    return found


def _cells(group: int, stride: int) -> tuple[np.ndarray, np.ndarray]:
    bits = [i for i in range(group.bit_length()) if (group >> i) & 1]
    index = np.array(bits, np.int64)
    return index // stride, index % stride


def _sweeps(mask: int, stride: int) -> list[tuple[str, int]]:
    """Every sweep: ``(text, the pieces it removes)``; rows' runs, columns' runs, then lone pieces, each once."""
    found: list[tuple[str, int]] = []
    x = mask
    while x:  # the maximal runs of the rows: the blocks of ones (the clean column ends each row)
        low = x & -x
        block = x & ~(x + low)
        x ^= block
        if block & (block >> 1):
            first = low.bit_length() - 1
            r, c = divmod(first, stride)
            found.append((f"sweep row {r + 1}, columns {c + 1}-{c + block.bit_count()}", block))
    columns = []
    starts = mask & ~(mask << stride) & (mask >> stride)  # tops of the columns' runs of two or more
    while starts:
        low = starts & -starts
        starts ^= low
        run = low
        below = low << stride
        while below & mask:
            run |= below
            below <<= stride
        r, c = divmod(low.bit_length() - 1, stride)
        columns.append((c, r, run))
    for c, r, run in sorted(columns):
        found.append((f"sweep column {c + 1}, rows {r + 1}-{r + run.bit_count()}", run))
    across = ((mask << 1) | (mask >> 1)) & mask
    down = ((mask << stride) | (mask >> stride)) & mask
    lone = mask & ~(across & down)  # no neighbour in its row, or none in its column: a run of one
    while lone:
        low = lone & -lone
        lone ^= low
        r, c = divmod(low.bit_length() - 1, stride)
        found.append((f"sweep the piece at row {r + 1}, column {c + 1}", low))
    return found


def _reach(pieces: int) -> float:
    """The estimated most groups reached from a group of this many pieces."""
    return REACH_FACTOR * 2.0 ** (pieces / 2) + 1


def _groups_cost(sizes: Sequence[int], what: str) -> Cost:
    seconds = 0.0
    memory = 0
    for k in sizes:
        reach = _reach(k)
        seconds += reach * k * k * SECONDS_PER_GROUP_PIECE2
        memory += int(min(reach, 1e30)) * BYTES_PER_GROUP
    return Cost(seconds, memory + 50_000, what)


def _check_box(cells: tuple[np.ndarray, np.ndarray]) -> None:
    rows, cols = cells
    h = int(rows.max() - rows.min()) + 1
    w = int(cols.max() - cols.min()) + 1
    if h * w > MAX_BOX:
        raise ValueError(
            f"a connected group of {rows.shape[0]:,} dirt pieces spans {h} rows and {w} columns ({h * w:,} squares); "
            f"groups are solved when they fit in {MAX_BOX:,} squares of their rows and columns"
        )


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class SpringCleaningGame(ImpartialGame[tuple[str, ...]]):
    """Spring Cleaning ("Spring Cleaning I" and "II"): sweep a maximal run of dirt pieces in a row or a column.

    A position is a grid of at most 64 x 64 squares, held as its rows (a
    tuple of strings of ``#`` and ``.``) and written ``"###/#../#.."``.  Its
    Grundy value is the XOR of its 4-connected groups' values, computed by
    the kernel of the module docstring and kept with the game (up to
    200,000 groups).  Each group must fit in 1024 squares of its rows and
    columns; the work is estimated from the groups' sizes before it starts.
    Remoteness comes from a search over the positions reachable (at most
    2**pieces of them), for positions of a dozen pieces or so.
    """

    kind: ClassVar[str] = "spring-cleaning"
    commands: ClassVar[tuple[str, ...]] = ("classify", "tree", "sum", "spring-cleaning")
    position_help: ClassVar[str] = "grids written as rows of '#' (dirt) and '.' (clean) joined by '/' (###/#../#..)"
    views: ClassVar[tuple[str, ...]] = ("dirt-grid", "l-shapes", "zigzags")
    play_surface: ClassVar[str] = "groups"

    @classmethod
    def make(cls) -> SpringCleaningGame:
        """The game, with its name, title, summary and source."""
        return cls(
            name="spring-cleaning",
            title="Spring Cleaning",
            summary=(
                "Dirt pieces on a grid; a sweep removes a maximal run of consecutive pieces in one row or one column "
                "(a piece alone in its row or column is such a run); a player with no sweep loses."
            ),
            source=(
                "the blog posts 'Spring Cleaning I' (rules, the rectangle rule) and 'Spring Cleaning II' "
                "(L-shapes, zigzags, Couples are Forever)"
            ),
        )

    def check(self, position: object) -> tuple[str, ...]:
        """A grid as a tuple of rows (strings of ``#`` and ``.``, one length, at most 64 x 64).

        Raises
        ------
        TypeError
            If ``position`` is not a tuple or list of strings.
        ValueError
            If the rows are empty, of different lengths, too many or too
            long, or have other characters.
        """
        if isinstance(position, (str, bytes)) or not isinstance(position, (tuple, list)):
            raise TypeError(f"a Spring Cleaning position is a tuple of rows like ('###', '#..'), got {position!r:.60}")
        if len(position) > MAX_SIDE:
            raise ValueError(f"the position has {len(position):,} rows; at most {MAX_SIDE}")
        if not all(isinstance(row, str) for row in position):
            raise TypeError("the rows of a Spring Cleaning position are strings of '#' and '.'")
        return _check_rows(tuple(position))

    def parse(self, text: str) -> tuple[str, ...]:
        """Read a grid (:func:`parse_grid`)."""
        return parse_grid(text)

    def format(self, position: tuple[str, ...]) -> str:
        """The rows joined by ``/``: ``"###/#../#.."``."""
        return "/".join(self.check(position))

    def start(self) -> tuple[str, ...]:
        """The (5,3)-L of "Spring Cleaning II" (:func:`l_shape`)."""
        return parse_grid(l_shape(5, 3))

    def pieces(self, position: tuple[str, ...]) -> int:
        """The number of dirt pieces."""
        return sum(row.count("#") for row in self.check(position))

    def moves(self, position: tuple[str, ...]) -> list[tuple[str, tuple[str, ...]]]:
        """Every sweep: rows' runs (``"sweep row 1, columns 1-5"``), columns' runs, then lone pieces.

        A run of two or more pieces is listed once, in its row or its
        column; a single piece with no neighbour in its row or in its column
        (``"sweep the piece at row 2, column 3"``) once.  Rows and columns
        count from 1 at the top left.

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not a position.
        """
        rows = self.check(position)
        mask, stride = _mask(rows)
        return [(text, _rows(mask & ~run, stride, len(rows))) for text, run in _sweeps(mask, stride)]

    # -- values ------------------------------------------------------------------------

    def _group_cells(self, rows: tuple[str, ...]) -> list[tuple[np.ndarray, np.ndarray]]:
        mask, stride = _mask(rows)
        found = [_cells(group, stride) for group in _groups(mask, stride)]
        for cells in found:
            _check_box(cells)
        return found

    def _known(self, groups: list[tuple[np.ndarray, np.ndarray]], found: dict[bytes, int]) -> list[tuple[bytes, tuple]]:
        """The groups whose values are neither in ``found`` nor kept (each once); fills ``found`` with the kept ones."""
        table = self.memo.get("table")
        unknown: dict[bytes, tuple] = {}
        for cells in groups:
            key = _key_bytes(cells)
            if key in found or key in unknown:
                continue
            if table is not None:
                with _TABLE_LOCK:
                    gid = table.group_id(cells, add=False)
                    value = int(table.vals[gid]) if gid >= 0 else _UNKNOWN
                if value >= 0:
                    found[key] = value
                    continue
            unknown[key] = cells
        return list(unknown.items())

    def value_cost(self, position: tuple[str, ...]) -> Cost:
        """Estimate :meth:`value` from the sizes of its groups not valued yet (see the module constants).

        Each group of k pieces: at most ``8 * 2**(k/2) + 1`` groups reached,
        ``30 k²`` ns and 700 bytes each (a group of 30 pieces: about 7 s,
        whatever its shape; the costliest found, tree-shaped, reaches 95,132
        groups in about 1 to 2 s).  Nothing for groups already valued and
        kept.

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not a position, or a group does not fit in
            1024 squares of its rows and columns.
        """
        unknown = self._known(self._group_cells(self.check(position)), {})
        sizes = [int(cells[0].shape[0]) for _, cells in unknown]
        what = (
            f"the Grundy values of {len(sizes):,} group{'s' if len(sizes) != 1 else ''} of dirt in Spring Cleaning "
            f"(the largest of {max(sizes, default=0):,} pieces)"
        )
        return _groups_cost(sizes, what)

    def _solve(self, groups: list[tuple[np.ndarray, np.ndarray]], most_new: int) -> list[int]:
        with _TABLE_LOCK:
            table = self.memo.get("table") or _Table()
            ids = [table.group_id(cells, add=True) for cells in groups]
            finished = table.solve(ids, most_new)
            values = [int(table.vals[i]) for i in ids]
            self.memo.replace("table", table if int(table.count[0]) <= KEPT_GROUPS else None)
        if not finished:
            raise ValueError(
                f"the groups of this position reach more than {most_new:,} other groups, beyond the estimate of "
                "their work (a shape costlier than any measured); choose a position with fewer pieces per group"
            )
        return values

    def value(self, position: tuple[str, ...], *, max_seconds: float | None = None) -> int:
        """The Grundy value: the XOR of the groups' values (see the module docstring)."""
        return self.values([position], max_seconds=max_seconds)[0]

    def values(self, positions: Sequence[tuple[str, ...]], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`value` of several positions, the one with the most pieces first.

        The groups of each position not valued yet are solved together, after
        a check of their estimate (:meth:`value_cost`) against the limits; the
        positions of a tree or of the moves of a position are mostly reached
        from the first one, so their groups are valued by then.
        """
        grids = [self.check(p) for p in positions]
        groups_of = [self._group_cells(rows) for rows in grids]
        found: dict[bytes, int] = {}
        for i in sorted(range(len(grids)), key=lambda i: -sum(int(c[0].shape[0]) for c in groups_of[i])):
            unknown = self._known(groups_of[i], found)
            if not unknown:
                continue
            sizes = [int(cells[0].shape[0]) for _, cells in unknown]
            cost = _groups_cost(
                sizes, f"the Grundy values of a Spring Cleaning position ({max(sizes):,} pieces in its largest group)"
            )
            check_work(cost, "choose a position with fewer dirt pieces per group", max_seconds)
            most_new = GUARD_FACTOR * int(sum(min(_reach(k), 1e15) for k in sizes)) + GUARD_SLACK
            for (key, _), value in zip(unknown, self._solve([cells for _, cells in unknown], most_new), strict=True):
                found[key] = value
        totals = []
        for groups in groups_of:
            total = 0
            for cells in groups:
                total ^= found[_key_bytes(cells)]
            totals.append(total)
        return totals

    def parts(self, position: tuple[str, ...], *, max_seconds: float | None = None) -> list[dict]:
        """The position's groups: ``{"position": its rows cut to its box, "pieces", "value"}``, top to bottom.

        Raises
        ------
        TypeError, ValueError
            As :meth:`value`.
        """
        rows = self.check(position)
        mask, stride = _mask(rows)
        texts = []
        for group in _groups(mask, stride):
            grid = _rows(group, stride, len(rows))
            used = [r for r, row in enumerate(grid) if "#" in row]
            cols = [c for c in range(stride - 1) if any(row[c] == "#" for row in grid)]
            texts.append(tuple(grid[r][cols[0] : cols[-1] + 1] for r in range(used[0], used[-1] + 1)))
        values = self.values(texts, max_seconds=max_seconds)
        return [
            {"position": "/".join(t), "pieces": sum(r.count("#") for r in t), "value": v}
            for t, v in zip(texts, values, strict=True)
        ]

    # -- remoteness ----------------------------------------------------------------------

    def remoteness_cost(self, position: tuple[str, ...]) -> Cost:
        """A search over the positions reachable: at most ``2**pieces``, each with at most 2 sweeps per piece, 5 us each.

        Plus :meth:`value_cost` (every reachable group is valued first).
        """
        rows = self.check(position)
        pieces = self.pieces(rows)
        what = f"the remoteness of a Spring Cleaning position of {pieces:,} pieces"
        if pieces > MAX_SEARCH_PIECES:
            return Cost(math.inf, 10**40, what)
        states = 1 << pieces
        search = Cost(states * max(1, 2 * pieces) * SEARCH_SECONDS_PER_MOVE, states * SEARCH_BYTES_PER_POSITION, what)
        return search + self.value_cost(rows)

    def remoteness(self, position: tuple[str, ...], *, max_seconds: float | None = None) -> int:
        """Exact remoteness by a memoised search (:meth:`ImpartialGame.remoteness`)."""
        return self.remotenesses([position], max_seconds=max_seconds)[0]

    def remotenesses(self, positions: Sequence[tuple[str, ...]], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`remoteness` of several positions, in one search over the dirt left (bit masks).

        Raises
        ------
        ValueError
            If the search (:meth:`remoteness_cost`, for the position with
            the most pieces) is beyond the limits.
        """
        grids = [self.check(p) for p in positions]
        if not grids:
            return []
        largest = max(grids, key=self.pieces)
        check_work(self.remoteness_cost(largest), "choose a position with fewer dirt pieces", max_seconds)
        self.values(grids, max_seconds=max_seconds)  # every group reachable is valued and kept now
        found = []
        for rows in grids:
            mask, stride = _mask(rows)
            height = len(rows)
            verdict: dict[int, bool] = {}

            def is_p(m: int, stride: int = stride, height: int = height, verdict: dict[int, bool] = verdict) -> bool:
                if m not in verdict:
                    verdict[m] = self.value(_rows(m, stride, height)) == 0
                return verdict[m]

            def children(m: int, stride: int = stride) -> list[int]:
                return [m & ~run for _, run in _sweeps(m, stride)]

            found.append(search_remoteness([mask], children, is_p)[0])
        return found


def _key_bytes(cells: tuple[np.ndarray, np.ndarray]) -> bytes:
    rows, cols = cells
    canon = np.zeros((1, KEY_WORDS), np.uint64)
    _canonical_key(rows, cols, rows.shape[0], canon, np.zeros((1, KEY_WORDS), np.uint64))
    return canon.tobytes()


# ---------------------------------------------------------------------------
# The source's shapes: L-shapes, zigzags, and Couples are Forever
# ---------------------------------------------------------------------------


def l_shape(a: int, b: int) -> str:
    """The (a,b)-L of "Spring Cleaning II" as grid text: a pieces along the top row, b down the left column.

    Both legs count the shared corner, so the L has ``a + b - 1`` pieces;
    the (5,3)-L is ``"#####/#..../#...."``.

    Parameters
    ----------
    a, b : int
        The legs, ``1 <= a, b <= 32`` (a = b = 1 is a single piece).

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If an argument is out of range.
    """
    a = check_integer(a, "the leg a (pieces along the top row)", least=1, most=MAX_LEG)
    b = check_integer(b, "the leg b (pieces down the left column)", least=1, most=MAX_LEG)
    return "/".join(["#" * a] + ["#" + "." * (a - 1)] * (b - 1))


def _shape_value(text: str, reach: int, max_seconds: float | None) -> int:
    """Value of one of the source's shapes, whose reachable groups are known to be at most ``reach``."""
    game = SPRING_CLEANING
    rows = parse_grid(text)
    groups = game._group_cells(rows)
    pieces = sum(int(c[0].shape[0]) for c in groups)
    cost = Cost(
        reach * pieces * pieces * SECONDS_PER_GROUP_PIECE2 + 1e-4,
        reach * BYTES_PER_GROUP + 50_000,
        f"the Grundy value of a shape of {pieces} pieces ({reach:,} groups at most)",
    )
    check_work(cost, "choose a smaller shape", max_seconds)
    values = game._solve(groups, GUARD_FACTOR * reach + GUARD_SLACK)
    total = 0
    for v in values:
        total ^= v
    return total


def l_shape_value(a: int, b: int, *, max_seconds: float | None = None) -> int:
    """The Grundy value of the (a,b)-L (:func:`l_shape`), by the game's kernel.

    Every sweep of an L leaves L's and straight bars (a whole leg, or a
    piece of a leg, which is a run of one across the leg), so at most
    ``a b + a + b`` groups are reached.

    Raises
    ------
    TypeError, ValueError
        If a leg is out of range (1 to 32) or the work is beyond ``max_seconds``.
    """
    text = l_shape(a, b)
    return _shape_value(text, a * b + a + b + 2, max_seconds)


def l_shape_table(largest: int = 6, smallest: int = 2, *, max_seconds: float | None = None) -> list[list[int]]:
    """The values of the L-shapes with legs ``smallest..largest``: entry ``[a - smallest][b - smallest]`` is the (a,b)-L.

    The source's table ("Spring Cleaning II") has legs 2..6, rows a and
    columns b; it prints 4 at (2,4) where the computation gives 3 (and the
    (4,2)-L, the same shape turned over, has 3 in the source too).

    Raises
    ------
    TypeError, ValueError
        If a bound is out of range (``1 <= smallest <= largest <= 32``) or
        the work is beyond ``max_seconds``.
    """
    smallest = check_integer(smallest, "the smallest leg", least=1, most=MAX_LEG)
    largest = check_integer(largest, "the largest leg", least=smallest, most=MAX_LEG)
    legs = range(smallest, largest + 1)
    return [[l_shape_value(a, b, max_seconds=max_seconds) for b in legs] for a in legs]


def zigzag(n: int) -> str:
    """The zigzag Z(n) as grid text: the staircase of n pieces, a step right, a step down, a step right, ...

    Piece ``i`` (from 0) is at row ``i // 2``, column ``(i + 1) // 2``:
    Z(5) is ``"##./.##/..#"``.  Its maximal runs are the pairs of
    neighbours and the two end pieces alone (an end piece has no neighbour
    across), so Spring Cleaning on Z(n) is the octal game 0.37 on a heap of
    n, and Couples are Forever on a pile of n + 2.

    Parameters
    ----------
    n : int
        Pieces, ``1 <= n <= 63`` (the staircase fits in 1024 squares).

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n`` is out of range.
    """
    n = check_integer(n, "the number of pieces of the zigzag", least=1, most=MAX_ZIGZAG)
    height = (n + 1) // 2
    width = n // 2 + 1
    grid = [["."] * width for _ in range(height)]
    for i in range(n):
        grid[i // 2][(i + 1) // 2] = "#"
    return "/".join("".join(row) for row in grid)


def zigzag_values(n: int, *, max_seconds: float | None = None) -> list[int]:
    """The Grundy values of the zigzags Z(1..n) (:func:`zigzag`), by the game's kernel from the rules.

    Returns
    -------
    list of int
        Entry ``i`` is Z(i + 1): 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, ...,
        which is Couples are Forever on piles of 3, 4, 5, ...
        (:func:`solver.impartial.couples.couples_values`).  The source's table, 0 0 1 2 0 1 2 3 1
        2 3 4 0 3 4 for "Z(1)" to "Z(15)", is Couples are Forever on piles of
        1 to 15: its entry n is the zigzag of n − 2 pieces.

    Raises
    ------
    TypeError, ValueError
        If ``n`` is out of range (1 to 63) or the work is beyond ``max_seconds``.

    Notes
    -----
    Every group reached from a zigzag is a shorter zigzag (a sweep takes
    two neighbours or an end piece), so the work is about n groups of
    n moves each.
    """
    n = check_integer(n, "the number of zigzags", least=1, most=MAX_ZIGZAG)
    return [_shape_value(zigzag(m), m + 2, max_seconds) for m in range(1, n + 1)]


#: The game (the registry's ``spring-cleaning``): its kept table of groups serves every caller.
SPRING_CLEANING = SpringCleaningGame.make()
