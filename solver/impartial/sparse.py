"""Sparse space: fast exact Grundy values of octal games that split heaps (rare and common values).

*Winning Ways* (Berlekamp, Conway and Guy), chapter 4, "Sparse Space Spells
Speed", and A. Flammenkamp's tables of octal games: choose a bit mask ``m``;
a value ``v`` is **rare** when ``popcount(v & m)`` is even (so 0 is rare, and
the rare values form a subgroup of index 2 under XOR) and **common**
otherwise.  A heap is rare or common as its Grundy value is.  Since
``rare XOR rare`` and ``common XOR common`` are rare while ``rare XOR
common`` is common, the value of a two-heap option ``(a, b)`` is common
exactly when one of the two heaps is rare.  For many games with splits only a
few heaps are rare, and then the mex over the options of heap ``h`` is found
without visiting all of its ``h / 2`` splits:

1. every option that leaves at most one heap, and every split ``(a, b)`` with
   a rare heap (``a`` runs over the list of rare heaps, ``O(#rare)``), is
   marked; this gives *every* common option value, so the least common value
   not among the options, ``c*``, is exact;
2. the mex is then ``c*`` unless a rare value below ``c*`` is missing; each
   rare value below ``c*`` not yet marked needs one witness, a split of two
   common heaps with that value, searched for by a scan of the splits that
   stops as soon as every such value is witnessed (usually after a few
   hundred splits);
3. only when the scan ends with a value unwitnessed is the heap's value that
   (rare) value: a new rare heap, appended to the list.

The result is exact for any mask: the mask decides only the speed.  The
driver (:func:`sparse_grundy`) chooses the mask from the values themselves:
the mask over the bits of the values seen that makes the fewest heaps rare
(:func:`best_mask`), chosen again as the values grow (0.6: 110 =
``0b1101110`` after 4,096 heaps, 238 after 8,192, 494 = ``0b111101110``
from heap 12,289 on).

Numba kernels (prefixed ``_``) are unchecked; :mod:`solver.impartial.octal_grundy`
calls the driver through :func:`solver.impartial.octal_grundy.grundy_values`, which
checks its arguments and estimates the work first.
"""

from __future__ import annotations

import dataclasses

import numba
import numpy as np

from ..uncompiled import kernel_wanted
from .octal_numpy import NUMPY_SPARSE_MAX_N, rare_counts_numpy, sparse_numpy
from .progress import report

__all__ = ["SparseStats", "best_mask", "rare_mask", "sparse_grundy", "sparse_kernel_wanted"]

#: Masks are searched exhaustively over this many low bits of the values; higher bits are added greedily.
EXHAUSTIVE_BITS = 12
#: The heaps of one chunk of the driver: at least this many, and at least a quarter of the heaps done.
MIN_CHUNK = 4096


@dataclasses.dataclass(frozen=True)
class SparseStats:
    """What a run of the sparse-space method did (:func:`sparse_grundy`).

    Attributes
    ----------
    mask : int
        The mask in use at the end (a value ``v`` is rare when
        ``popcount(v & mask)`` is even).
    rare : int
        Rare heaps ``1 <= h <= n`` under that mask (heap 0 left out: it is
        never part of a split).
    last_rare : int
        The largest rare heap (0 when there is none).
    rare_pairs : int
        Splits visited because one of their heaps is rare (step 1).
    witness_pairs : int
        Splits visited by the witness scans (step 2, and the full scans of step 3).
    full_scans : int
        Heaps whose witness scan visited every split (each found a rare value missing).
    value_steps : int
        Steps over the lists of common and rare values (finding ``c*`` and
        the rare values below it).
    masks : tuple of (int, int)
        ``(first heap, mask)`` for each mask used, in order.
    """

    mask: int
    rare: int
    last_rare: int
    rare_pairs: int
    witness_pairs: int
    full_scans: int
    value_steps: int
    masks: tuple[tuple[int, int], ...]


@numba.njit(cache=True)
def _parity(v: int, mask: int) -> int:  # pragma: no cover - numba
    x = v & mask
    x ^= x >> 32
    x ^= x >> 16
    x ^= x >> 8
    x ^= x >> 4
    x ^= x >> 2
    x ^= x >> 1
    return x & 1


@numba.njit(cache=True)
def _value_lists(mask: int, size: int) -> tuple[np.ndarray, np.ndarray]:  # pragma: no cover - numba
    """The rare and the common values below ``size``, increasing (numba; unchecked)."""
    rare = np.empty(size, np.int64)
    common = np.empty(size, np.int64)
    nr = 0
    nc = 0
    for v in range(size):
        if _parity(v, mask) == 0:
            rare[nr] = v
            nr += 1
        else:
            common[nc] = v
            nc += 1
    return rare[:nr], common[:nc]


@numba.njit(cache=True)
def _sparse_kernel(
    digits: np.ndarray,
    g: np.ndarray,
    start: int,
    stop: int,
    mask: int,
    rare_heaps: np.ndarray,
    rare_values: np.ndarray,
    nrare: int,
    counters: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, int]:  # pragma: no cover - numba
    """Fill ``g[start:stop]`` from ``g[:start]`` by the sparse-space method (numba; unchecked).

    ``rare_heaps[:nrare]`` must list, increasing, every heap ``1 <= a <
    start`` whose value is rare under ``mask``; heaps found rare are
    appended (the array grows when full and is returned with the new count).
    ``counters`` (int64, 4) accumulates the rare pairs, the witness pairs,
    the full scans and the steps over the lists of values (finding ``c*``
    and the rare values below it).  ``mask`` must be nonzero.
    """
    top = digits.shape[0] - 1
    nsplit = 0
    for k in range(top + 1):
        if digits[k] & 4:
            nsplit += 1
    split_k = np.empty(nsplit, np.int64)
    j = 0
    for k in range(top + 1):
        if digits[k] & 4:
            split_k[j] = k
            j += 1
    maxv = 0
    for h in range(start):
        if g[h] > maxv:
            maxv = g[h]
    # every option value is below `bound` (an XOR of two values <= maxv); the mex and c* are at most bound + 1
    bound = 1
    while bound <= maxv:
        bound *= 2
    size = 2 * bound + 2
    seen = np.zeros(size, np.int64)
    need = np.zeros(size, np.int64)  # need[v] == h + 1: rare v < c* still without an option at heap h
    rare_vals, common_vals = _value_lists(mask, size)
    rare_pairs = 0
    witness_pairs = 0
    full_scans = 0
    value_steps = 0
    for h in range(start, stop):
        stamp = h + 1
        kmax = min(top, h)
        # step 1: the options that leave at most one heap, and the splits with a rare heap
        for k in range(1, kmax + 1):
            d = digits[k]
            rest = h - k
            if d & 1 and rest == 0:
                seen[0] = stamp
            if d & 2 and rest >= 1:
                seen[g[rest]] = stamp
        for s in range(nsplit):
            rest = h - split_k[s]
            if rest < 2:
                continue
            i = 0
            while i < nrare:
                a = rare_heaps[i]
                if a >= rest:
                    break
                seen[rare_values[i] ^ g[rest - a]] = stamp
                i += 1
            rare_pairs += i
        # c*: the least common value not marked (exact: every common option value is marked)
        i = 0
        ncommon = common_vals.shape[0]
        while i < ncommon and seen[common_vals[i]] == stamp:
            i += 1
        # no common value below `size` unmarked (a mask above the values' bits): c* is past every option value
        cstar = common_vals[i] if i < ncommon else size
        value_steps += i
        # step 2: the rare values below c* still missing
        needed = 0
        i = 0
        nrv = rare_vals.shape[0]
        while i < nrv and rare_vals[i] < cstar:
            if seen[rare_vals[i]] != stamp:
                need[rare_vals[i]] = stamp
                needed += 1
            i += 1
        value_steps += i
        if needed:
            for s in range(nsplit):
                rest = h - split_k[s]
                if rest < 2:
                    continue
                half = rest // 2
                a = 1
                while a <= half:
                    x = g[a] ^ g[rest - a]
                    if need[x] == stamp:  # seldom true: a predictable branch
                        need[x] = 0
                        seen[x] = stamp
                        needed -= 1
                        if needed == 0:
                            break
                    a += 1
                witness_pairs += min(a, half)
                if needed == 0:
                    break
        if needed == 0:
            v = cstar
        else:
            # step 3: a rare value below c* has no option: the least such is the mex (a new rare heap)
            full_scans += 1
            i = 0
            while seen[rare_vals[i]] == stamp:
                i += 1
            v = rare_vals[i]
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
                size = 2 * bound + 2
                rare_vals, common_vals = _value_lists(mask, size)
        if h >= 1 and _parity(v, mask) == 0:
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


@numba.njit(cache=True)
def _rare_counts(counts: np.ndarray, bits: int) -> np.ndarray:  # pragma: no cover - numba
    """``out[m]``: the heaps whose value is rare under mask ``m``, for every ``m < 2**bits`` (numba; unchecked)."""
    out = np.zeros(1 << bits, np.int64)
    nv = counts.shape[0]
    for m in range(1, 1 << bits):
        total = 0
        for v in range(nv):
            if counts[v] and _parity(v, m) == 0:
                total += counts[v]
        out[m] = total
    return out


def rare_mask(values: np.ndarray, mask: int) -> np.ndarray:
    """Which values are rare under ``mask``: ``popcount(v & mask)`` even.

    Parameters
    ----------
    values : numpy.ndarray
        Non-negative integer Grundy values, any shape.
    mask : int
        The mask, ``>= 0``.

    Returns
    -------
    numpy.ndarray
        bool, the shape of ``values``.
    """
    x = np.asarray(values, dtype=np.int64) & np.int64(mask)
    for shift in (32, 16, 8, 4, 2, 1):
        x ^= x >> shift
    return (x & 1) == 0


def _rare_count(counts: np.ndarray, mask: int) -> int:
    """The heaps rare under ``mask``, from ``counts[v]`` (the heaps of value ``v``)."""
    return int(counts[rare_mask(np.arange(counts.shape[0]), mask)].sum())


def _best_mask_of_counts(counts: np.ndarray) -> int:
    """:func:`best_mask` from ``counts[v]``, the number of heaps of value ``v``."""
    bits = max(1, (counts.shape[0] - 1).bit_length())
    low = min(bits, EXHAUSTIVE_BITS)
    low_counts = np.zeros(1 << low, np.int64)
    np.add.at(low_counts, np.arange(counts.shape[0]) & ((1 << low) - 1), counts)
    if not kernel_wanted(_rare_counts, (low_counts, low)):
        table = rare_counts_numpy(low_counts, low)  # a fresh install: the same counts while the kernel compiles
    else:
        table = _rare_counts(low_counts, low)
    table[0] = np.iinfo(np.int64).max
    mask = int(np.argmin(table))
    if bits > low:
        rare = _rare_count(counts, mask)
        for bit in range(low, bits):
            trial = mask | (1 << bit)
            count = _rare_count(counts, trial)
            if count < rare:
                mask, rare = trial, count
    return mask


def best_mask(values: np.ndarray) -> int:
    """The nonzero mask that makes the fewest of ``values`` rare (the smallest such mask on a tie).

    Parameters
    ----------
    values : numpy.ndarray
        Non-negative integer Grundy values (of the heaps ``1..n``: heap 0,
        never part of a split, is best left out).

    Returns
    -------
    int
        A mask over the bits of the largest value (1 when every value is 0
        or there is none).  Exhaustive over the masks of the low 12 bits;
        each higher bit is then added when it makes fewer values rare.

    Notes
    -----
    The work of the sparse-space method is about the number of rare heaps
    times the heaps computed, so the mask that keeps the rare heaps fewest
    is the one to use (*Winning Ways*, chapter 4, "Sparse Space Spells
    Speed").
    """
    values = np.asarray(values, dtype=np.int64).ravel()
    if values.size == 0 or int(values.max()) == 0:
        return 1
    return _best_mask_of_counts(np.bincount(values))


def _rare_heaps(g: np.ndarray, done: int, mask: int) -> np.ndarray:
    """The heaps ``1 <= a < done`` whose value is rare under ``mask``, increasing (int64)."""
    top = int(g[:done].max()) if done else 0
    table = rare_mask(np.arange(top + 1), mask)
    return np.flatnonzero(table[g[1:done]]).astype(np.int64) + 1


def sparse_kernel_wanted() -> bool:
    """Whether the sparse-space kernel runs without compiling, or must (:func:`solver.uncompiled.kernel_wanted`).

    Returns
    -------
    bool
        False on a fresh install while the kernel is neither compiled nor in
        numba's cache (outside the compile plan's steps): its callers may
        then take numpy.
    """
    ints = np.zeros(1, np.int64)
    args = (ints, np.zeros(1, np.int32), 0, 1, 1, ints, np.zeros(1, np.int32), 0, np.zeros(4, np.int64))
    return kernel_wanted(_sparse_kernel, args)


def sparse_grundy(
    digits: np.ndarray, prefix: np.ndarray, n: int, *, mask: int | None = None
) -> tuple[np.ndarray, SparseStats]:
    """Grundy values of the heaps ``0..n`` of an octal game with splits, by the sparse-space method.

    Parameters
    ----------
    digits : numpy.ndarray
        int64, the code's digits ``(d0, d1, ..., dk)`` (as
        :attr:`solver.impartial.octal_codes.OctalCode.digits`); some digit must
        have the bit 4.  Not checked.
    prefix : numpy.ndarray
        The exact values of heaps ``0..len(prefix) - 1`` (at least heap 0),
        computed by another method; the run continues from there.
    n : int
        Largest heap, ``>= len(prefix) - 1``.
    mask : int, optional
        Use this nonzero mask throughout (tests).  Default: :func:`best_mask`
        of the values so far, chosen again after each chunk of heaps (a
        quarter of the heaps done, at least 4,096).

    Returns
    -------
    values : numpy.ndarray
        int64, shape ``(n + 1,)``, the Grundy values (the prefix included).
    stats : SparseStats
        The masks used, the rare heaps and the work done.

    Notes
    -----
    Exact for any mask (module docstring); the work is about ``s (R + w)``
    per heap, ``s`` the digits with the bit 4, ``R`` the rare heaps so far,
    ``w`` the splits the witness scan visits, plus ``h / 2`` per split digit
    for each new rare heap ``h``.
    """
    g = np.zeros(n + 1, np.int32)
    done = min(len(prefix), n + 1)
    g[:done] = prefix[:done]
    fixed = mask is not None
    current = best_mask(g[1:done]) if mask is None else int(mask)
    masks = [(done, current)]
    rare = _rare_heaps(g, done, current)
    rare_values = g[rare]
    nrare = rare.shape[0]
    counters = np.zeros(4, np.int64)
    while done <= n:
        stop = n + 1 if fixed else min(n + 1, done + max(MIN_CHUNK, done // 4))
        args = (digits, g, done, stop, current, rare, rare_values, nrare, counters)
        # a fresh install's first views: the same values and counts in numpy while the kernel compiles
        small = n <= NUMPY_SPARSE_MAX_N and not kernel_wanted(_sparse_kernel, args)
        rare, rare_values, nrare = (sparse_numpy if small else _sparse_kernel)(*args)
        done = stop
        report(done / (n + 1))
        if not fixed and done <= n:
            counts = np.bincount(g[1:done])
            chosen = _best_mask_of_counts(counts)
            if chosen != current and _rare_count(counts, chosen) < nrare:
                current = chosen
                masks.append((done, current))
                rare = _rare_heaps(g, done, current)
                rare_values = g[rare]
                nrare = rare.shape[0]
    stats = SparseStats(
        mask=current,
        rare=int(nrare),
        last_rare=int(rare[nrare - 1]) if nrare else 0,
        rare_pairs=int(counters[0]),
        witness_pairs=int(counters[1]),
        full_scans=int(counters[2]),
        value_steps=int(counters[3]),
        masks=tuple(masks),
    )
    return g.astype(np.int64), stats
