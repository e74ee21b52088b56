"""The numba kernel of Spring Cleaning: groups of dirt as keys in an open-addressing table.

Here are the groups' canonical forms under the 8 symmetries of the square,
the breadth-first solve that sets every reached group's value by the mex, and
:class:`_Table`, the table kept with the game.

The kernels (prefixed ``_``) are unchecked; :class:`~solver.impartial.spring_cleaning.SpringCleaningGame`
estimates the work first.  The method is described in
:mod:`solver.impartial.spring_cleaning`.
"""

from __future__ import annotations

import threading

import numba
import numpy as np

from ..uncompiled import choose

#: Words of a group's key: a header (rows, columns, pieces) and 16 words of squares.
KEY_WORDS = 17
#: Most squares of a group's bounding box (the 16 words of its key).
MAX_BOX = 1024
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


#: Most groups the estimate of a call may reach for it to run uncompiled while its kernel is not compiled
#: (:func:`solver.uncompiled.choose`): about 2 ms a group in Python, against 13 s or more to compile the kernel.
PYTHON_MAX_GROUPS = 1_000


def canonical_key(rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """The canonical key of a group (:func:`_canonical_key`), uncompiled while that kernel is not compiled.

    Parameters
    ----------
    rows, cols : numpy.ndarray
        The group's squares (``int64``, one entry per piece).

    Returns
    -------
    numpy.ndarray
        ``uint64`` of shape ``(1, KEY_WORDS)``.
    """
    canon = np.zeros((1, KEY_WORDS), np.uint64)
    args = (rows, cols, rows.shape[0], canon, np.zeros((1, KEY_WORDS), np.uint64))
    choose(_canonical_key, args)(*args)
    return canon


class _Table:
    """The groups met so far, their canonical keys and values, and the translated keys that lead to them.

    Each call runs the kernel, or its Python twin while the kernel is not
    compiled (:func:`solver.uncompiled.choose`): a lookup or an addition
    always (a few words), a solve when it is small (``small``).  Both read
    and write the same arrays, so a table filled by one serves the other.
    """

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
        canon = canonical_key(rows, cols)
        if not add:
            args = (canon, self.store, self.slots)
            return int(choose(_find_group, args)(*args))
        # A growing table rehashes all its keys: uncompiled only while it is small.
        small = int(self.count[0]) <= PYTHON_MAX_GROUPS
        added = (canon, self.store, self.vals, self.slots, self.count)
        gid, self.store, self.vals, self.slots = choose(_add_group, added, small=small)(*added)
        return int(gid)

    def solve(self, ids: list[int], most_new: int, *, small: bool = False) -> bool:
        """Value every group of ``ids``; False when the kernel stopped past ``most_new`` new groups.

        ``small`` says that the groups are estimated to reach at most
        :data:`PYTHON_MAX_GROUPS` others (and the table holds no more), so
        that the search may run uncompiled while its kernel is not compiled.
        """
        args = (
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
        small = small and int(self.count[0]) + int(self.raw_count[0]) <= 2 * PYTHON_MAX_GROUPS
        found = choose(_solve, args, small=small)(*args)
        self.store, self.vals, self.slots, self.raw, self.raw_id, self.raw_slots, status, _ = found
        return status == 0


_TABLE_LOCK = threading.Lock()
