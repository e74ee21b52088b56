"""Grundy values of octal games in numpy, for a fresh install's first views while the kernels compile.

On a fresh install numba's cache is empty, and the plain Grundy kernel
(:func:`solver.impartial.octal_grundy._grundy_kernel`) and the sparse-space
kernel (:func:`solver.impartial.sparse._sparse_kernel`) compile at their first
call: several seconds together (``docs/performance-page.md``).  The page's
periodicity check of Couples are Forever asks for the values of 0.6 up to
32,768 heaps, more than their Python twins do in time.  The same methods
written heap by heap with every heap's options taken at once in numpy give
the same values (and, for the sparse-space method, the same counts of work)
in a fraction of that:

- :func:`plain_numpy`: each heap's mex over all its options, the two-heap
  options of a digit with the bit 4 as one XOR of two slices;
- :func:`sparse_numpy`: the steps of the sparse-space method (*Winning
  Ways*, chapter 4, "Sparse Space Spells Speed"; :mod:`solver.impartial.sparse`),
  the splits with a rare heap at once, the witness scan in growing chunks;
- :func:`rare_counts_numpy`: the heaps rare under each mask of the low bits;
- :func:`find_period_numpy`, :func:`candidate_period_numpy`: the periodicity
  theorem's search (:mod:`solver.impartial.octal_period`), each period's
  last exception found from the end in growing chunks.

They are used only while the kernels are neither compiled nor in numba's
cache (:func:`solver.uncompiled.kernel_wanted`), and up to
:data:`NUMPY_MAX_SPLITS` options (:data:`NUMPY_SPARSE_MAX_N` heaps for the
sparse-space method).  Definitions: Sprague–Grundy theory,
Berlekamp, Conway and Guy, *Winning Ways*, chapter 4.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "NUMPY_MAX_SPLITS",
    "NUMPY_SPARSE_MAX_N",
    "candidate_period_numpy",
    "find_period_numpy",
    "plain_numpy",
    "rare_counts_numpy",
    "sparse_numpy",
]

#: Most two-heap options visited in numpy by :func:`plain_numpy` while the plain kernel compiles: 0.6 up to
#: 32,768 heaps, about 0.5 s.
NUMPY_MAX_SPLITS = 300_000_000
#: Largest heap computed by :func:`sparse_numpy` while the sparse-space kernel compiles: 0.6's profile up to
#: 2**14 heaps, about 0.7 s from 4,096.
NUMPY_SPARSE_MAX_N = 1 << 14
#: Splits the witness scan of :func:`sparse_numpy` looks at first; each further chunk is four times longer.
WITNESS_CHUNK = 256


def _parity(values: np.ndarray, mask: int) -> np.ndarray:
    """``popcount(v & mask) & 1`` of each value (int64 array of 0 and 1)."""
    x = np.asarray(values, dtype=np.int64) & np.int64(mask)
    for shift in (32, 16, 8, 4, 2, 1):
        x ^= x >> shift
    return x & 1


def plain_numpy(digits: np.ndarray, n: int, prefix: np.ndarray | None = None) -> np.ndarray:
    """Grundy values of the heaps ``0..n`` by visiting every option, each heap's options at once.

    Parameters
    ----------
    digits : numpy.ndarray
        int64, the code's digits ``(d0, d1, ..., dk)``
        (:attr:`solver.impartial.octal_codes.OctalCode.digits`).  Not checked.
    n : int
        Largest heap, ``>= 0``.
    prefix : numpy.ndarray, optional
        Exact values of the heaps ``0..len(prefix) - 1``, kept; the pass
        starts after them (default: from heap 0).

    Returns
    -------
    numpy.ndarray
        int64, shape ``(n + 1,)``: the values of the plain kernel
        (:func:`solver.impartial.octal_grundy._grundy_kernel`), the mex of the
        values of each heap's options (a two-heap option has the XOR of its
        heaps' values).
    """
    code = [int(d) for d in digits]
    top = len(code) - 1
    g = np.zeros(n + 1, np.int64)
    start = 0
    if prefix is not None:
        start = min(len(prefix), n + 1)
        g[:start] = prefix[:start]
    most = 2 + sum((d & 1 != 0) + (d & 2 != 0) + (max(n - k, 0) // 2 if d & 4 else 0) for k, d in enumerate(code))
    seen = np.zeros(2 * most + 2, np.int64)  # seen[v] == h + 1: value v is an option of heap h
    for h in range(start, n + 1):
        stamp = h + 1
        options = 0
        for k in range(min(top, h) + 1):
            d = code[k]
            rest = h - k
            if d & 1 and k >= 1 and rest == 0:
                seen[0] = stamp
                options += 1
            if d & 2 and k >= 1 and rest >= 1:
                seen[g[rest]] = stamp
                options += 1
            if d & 4 and rest >= 2:
                half = rest // 2
                seen[g[1 : half + 1] ^ g[rest - 1 : rest - half - 1 : -1]] = stamp
                options += half
        # the mex is at most the number of options
        g[h] = int(np.argmax(seen[: options + 1] != stamp))
    return g


def rare_counts_numpy(counts: np.ndarray, bits: int) -> np.ndarray:
    """``out[m]``: the heaps whose value is rare under mask ``m``, for every ``m < 2**bits``.

    Parameters
    ----------
    counts : numpy.ndarray
        int64, shape ``(V,)``: ``counts[v]`` heaps have value ``v``.
    bits : int
        The masks' bits, ``>= 1``.

    Returns
    -------
    numpy.ndarray
        int64, shape ``(2**bits,)``, as
        :func:`solver.impartial.sparse._rare_counts` (``out[0]`` is 0): a
        value ``v`` is rare under ``m`` when ``popcount(v & m)`` is even.
    """
    masks = np.arange(1 << bits, dtype=np.int64)
    out = np.zeros(1 << bits, np.int64)
    for v in np.flatnonzero(counts):
        out += (_parity(masks & v, -1) == 0) * counts[v]
    out[0] = 0
    return out


def _value_lists(mask: int, size: int) -> tuple[np.ndarray, np.ndarray]:
    """The rare and the common values below ``size``, increasing (int64)."""
    values = np.arange(size, dtype=np.int64)
    odd = _parity(values, mask) == 1
    return values[~odd], values[odd]


def sparse_numpy(
    digits: np.ndarray,
    g: np.ndarray,
    start: int,
    stop: int,
    mask: int,
    rare_heaps: np.ndarray,
    rare_values: np.ndarray,
    nrare: int,
    counters: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, int]:
    """Fill ``g[start:stop]`` from ``g[:start]`` by the sparse-space method, as its kernel does.

    Parameters and result as :func:`solver.impartial.sparse._sparse_kernel`:
    ``digits`` (int64), ``g`` (the values, filled in place), ``mask``
    (nonzero), ``rare_heaps[:nrare]`` the heaps ``1 <= a < start`` rare under
    ``mask``, increasing, and ``rare_values`` their values (both grown when
    full and returned with the new count), ``counters`` (int64, shape
    ``(4,)``: rare pairs, witness pairs, full scans, steps over the lists of
    values) increased by the same counts as the kernel's.  Not checked.

    Returns
    -------
    (rare_heaps, rare_values, nrare) : tuple of (numpy.ndarray, numpy.ndarray, int)
    """
    code = [int(d) for d in digits]
    top = len(code) - 1
    split_k = [k for k, d in enumerate(code) if d & 4]
    maxv = int(g[:start].max()) if start else 0
    bound = 1
    while bound <= maxv:
        bound *= 2
    size = 2 * bound + 2
    seen = np.zeros(size, np.int64)
    need = np.zeros(size, np.int64)
    first_at = np.zeros(size, np.int64)  # first_at[v]: where a chunk of a witness scan first has value v
    rare_vals, common_vals = _value_lists(mask, size)
    rare_pairs = witness_pairs = full_scans = value_steps = 0
    for h in range(start, stop):
        stamp = h + 1
        # step 1: the options that leave at most one heap, and the splits with a rare heap
        for k in range(1, min(top, h) + 1):
            d = code[k]
            rest = h - k
            if d & 1 and rest == 0:
                seen[0] = stamp
            if d & 2 and rest >= 1:
                seen[g[rest]] = stamp
        for k in split_k:
            rest = h - k
            if rest < 2:
                continue
            i = int(np.searchsorted(rare_heaps[:nrare], rest))
            if i:
                seen[rare_values[:i] ^ g[rest - rare_heaps[:i]]] = stamp
            rare_pairs += i
        # c*: the least common value not marked
        marked = seen[common_vals] == stamp
        i = int(np.argmin(marked)) if not marked.all() else len(common_vals)
        cstar = int(common_vals[i]) if i < len(common_vals) else size
        value_steps += i
        # step 2: the rare values below c* still missing, each needs a witness
        below = int(np.searchsorted(rare_vals, cstar))
        value_steps += below
        missing = rare_vals[:below][seen[rare_vals[:below]] != stamp]
        needed = len(missing)
        if needed:
            need[missing] = stamp
            for k in split_k:
                rest = h - k
                if rest < 2:
                    continue
                half = rest // 2
                first = 1
                chunk = WITNESS_CHUNK
                done_at = 0
                while first <= half:
                    last = min(half, first + chunk - 1)
                    x = g[first : last + 1] ^ g[rest - first : rest - last - 1 : -1]
                    hits = np.flatnonzero(need[x] == stamp)
                    if hits.size:
                        found = x[hits]
                        need[found] = 0
                        seen[found] = stamp
                        still = missing[need[missing] == stamp]
                        if still.size == 0:
                            # the scan stops at the first option of the last value witnessed
                            first_at[found[::-1]] = hits[::-1]
                            done_at = first + int(first_at[missing].max())
                        missing = still
                        needed = int(still.size)
                        if needed == 0:
                            break
                    first = last + 1
                    chunk *= 4
                witness_pairs += done_at if needed == 0 else half
                if needed == 0:
                    break
        if needed == 0:
            v = cstar
        else:
            # step 3: a rare value below c* has no option: the least such is the mex (a new rare heap)
            full_scans += 1
            v = int(rare_vals[int(np.argmin(seen[rare_vals] == stamp))])
        g[h] = v
        if v > maxv:
            maxv = v
            if maxv >= bound:
                while bound <= maxv:
                    bound *= 2
                grown = np.zeros(2 * bound + 2, np.int64)
                grown[:size] = seen
                seen = grown
                grown = np.zeros(2 * bound + 2, np.int64)
                grown[:size] = need
                need = grown
                first_at = np.zeros(2 * bound + 2, np.int64)
                size = 2 * bound + 2
                rare_vals, common_vals = _value_lists(mask, size)
        if h >= 1 and bin(v & mask).count("1") % 2 == 0:
            if nrare == rare_heaps.shape[0]:
                more = np.empty(2 * nrare + 16, rare_heaps.dtype)
                more[:nrare] = rare_heaps[:nrare]
                rare_heaps = more
                more_values = np.empty(2 * nrare + 16, rare_values.dtype)
                more_values[:nrare] = rare_values[:nrare]
                rare_values = more_values
            rare_heaps[nrare] = h
            rare_values[nrare] = v
            nrare += 1
    counters[0] += rare_pairs
    counters[1] += witness_pairs
    counters[2] += full_scans
    counters[3] += value_steps
    return rare_heaps, rare_values, nrare


def _preperiod(g: np.ndarray, p: int) -> int:
    """One more than the last ``i`` with ``g[i] != g[i + p]`` (0 when none), looked for from the end."""
    last = g.shape[0] - 1
    stop = last - p + 1  # i runs over 0..last - p
    width = 64
    while stop > 0:
        begin = max(0, stop - width)
        differ = np.flatnonzero(g[begin:stop] != g[begin + p : stop + p])
        if differ.size:
            return begin + int(differ[-1]) + 1
        stop = begin
        width *= 4
    return 0


def find_period_numpy(g: np.ndarray, top: int) -> tuple[int, int]:
    """The smallest proved ``(period, preperiod)`` of the values ``g[0..N]``, or ``(0, 0)``.

    Parameters
    ----------
    g : numpy.ndarray
        int64, shape ``(N + 1,)``: Grundy values of the heaps ``0..N``.
    top : int
        The code's largest removal ``k`` (its last nonzero digit).

    Returns
    -------
    (int, int)
        As :func:`solver.impartial.octal_period._find_period`: the first ``p``
        whose data cover ``2 max(e, 1) + 2p + k - 1`` (the Octal Games
        Periodicity Theorem, Guy and Smith 1956; *Winning Ways*, chapter 4).
    """
    last = g.shape[0] - 1
    for p in range(1, last + 1):
        if 2 + 2 * p + top - 1 > last:
            break
        e = _preperiod(g, p)
        if 2 * max(e, 1) + 2 * p + top - 1 <= last:
            return p, e
    return 0, 0


def candidate_period_numpy(g: np.ndarray, repeats: int) -> tuple[int, int]:
    """The smallest ``p`` whose data tail after its preperiod holds ``repeats`` periods, or ``(0, 0)``.

    Parameters
    ----------
    g : numpy.ndarray
        int64, shape ``(N + 1,)``: Grundy values of the heaps ``0..N``.
    repeats : int
        Whole periods the tail must hold, ``>= 1``.

    Returns
    -------
    (int, int)
        ``(p, e)`` as :func:`solver.impartial.octal_period._candidate_period`.
    """
    last = g.shape[0] - 1
    for p in range(1, last + 1):
        if repeats * p > last + 1:
            break
        e = _preperiod(g, p)
        if last + 1 - e >= repeats * p:
            return p, e
    return 0, 0
