"""Counting the codes of a solve: how many positions of each class, the highest remoteness.

:func:`tally_codes` counts the one-byte codes (:mod:`solver.engine.codes`) of
a range of positions into one ``int64`` array of :data:`TALLY_SIZE` figures
(:func:`code_histogram`, numba, then :func:`tally_counts`); the arrays of
several ranges merge (:func:`merge_tallies`) and read as
:meth:`solver.engine.solution.Solution.tally`'s dict (:func:`tally_dict`).
:func:`first_undecided` finds the first unresolved code of a range.
"""

from __future__ import annotations

import numba
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from . import codes as _codes

__all__ = [
    "tally_codes",
    "merge_tallies",
    "tally_dict",
    "TALLY_SIZE",
    "first_undecided",
    "first_undecided_numpy",
    "NUMPY_RANGE",
    "code_histogram",
    "tally_counts",
]


#: Ranges at most this long are counted in numpy (:func:`tally_codes`, :func:`first_undecided_numpy`): the
#: page's first view then needs no kernel compiled for its counts on a fresh install.
NUMPY_RANGE = 1 << 20
#: Length of a count array: the six classes, the highest exact remoteness, the bounded count.
TALLY_SIZE = 8


#: Byte masks of the counting by words (:func:`code_histogram`).
_ONES = np.uint64(0x0101010101010101)
_LOW7 = np.uint64(0x7F7F7F7F7F7F7F7F)
_HIGH6 = np.uint64(0xFCFCFCFCFCFCFCFC)
_HIGH1 = np.uint64(0x8080808080808080)
_PAIRS = np.uint64(0x00FF00FF00FF00FF)
_QUADS = np.uint64(0x0001000100010001)
#: Words counted into byte-wide counters before they are added up: no counter passes 255.
_WORDS = 255


@numba.njit(cache=True, inline="always")
def _lane_sum(a):
    """The sum of the eight bytes of the ``uint64`` ``a``."""
    pairs = (a & _PAIRS) + ((a >> np.uint64(8)) & _PAIRS)
    return np.int64((pairs * _QUADS) >> np.uint64(48))


@numba.njit(cache=True, inline="always")
def _big_lanes(x):
    """The high bit of each byte of the ``uint64`` ``x`` that is 4 or more (W or L, :mod:`solver.engine.codes`)."""
    high = x & _HIGH6
    return (((high & _LOW7) + _LOW7) | high) & _HIGH1


@numba.njit(cache=True)
def code_histogram(codes, lo, hi, out):
    """Add to ``out`` (256 counts) how often each one-byte code stands in ``codes[lo..hi]``.

    Parameters
    ----------
    codes : numpy.ndarray
        Shape ``(n,)``, dtype ``uint8``, contiguous.
    lo, hi : int
        The first and last index counted (nothing when ``hi < lo``).
    out : numpy.ndarray
        Shape ``(256,)``, dtype ``int64``: the counts are added to it.

    Returns
    -------
    numpy.ndarray
        ``out``.

    Notes
    -----
    Nearly every code of a sweep is 0..3 (U or D), so the codes are read
    eight at a time as ``uint64`` words: in each word the bytes 0..3 add their
    two bits to byte-wide counters (bit 0, bit 1, both), added up every
    :data:`_WORDS` words, and the counts of 0..3 follow from those; a word
    that holds a code of 4 or more (under 1 % of the codes at ``10**10``) is
    flagged, and only its large bytes are counted one by one.  At ``10**8``
    (1.6 % of the codes 4 or more) it took 0.34-0.36 s of processor time a
    ``10**9`` codes against 0.55-0.65 s counting each byte into one of eight
    tables of counters in turn (2026-11-28).
    """
    n = hi - lo + 1
    if n <= 0:
        return out
    words = n // 8
    w = codes[lo : lo + 8 * words].view(np.uint64)
    flags = np.zeros(_WORDS + 1, np.uint8)  # the words of a stretch with a code of 4 or more
    groups = flags.view(np.uint64)
    c1 = c2 = c3 = big = 0
    start = 0
    while start < words:
        stop = min(words, start + _WORDS)
        a1 = a2 = a3 = np.uint64(0)
        for k in range(start, stop):
            x = w[k]
            large = _big_lanes(x)
            small = (~large >> np.uint64(7)) & _ONES
            b0 = x & small
            b1 = (x >> np.uint64(1)) & small
            a1 += b0
            a2 += b1
            a3 += b0 & b1
            flags[k - start] = np.uint8(large != 0)
        s3 = _lane_sum(a3)
        c3 += s3
        c1 += _lane_sum(a1) - s3
        c2 += _lane_sum(a2) - s3
        for g in range((stop - start + 7) // 8):
            m = groups[g]
            while m != 0:
                k = start + 8 * g + (trailing_zeros(m) >> 3)
                m &= m - np.uint64(1)
                lanes = _big_lanes(w[k])
                while lanes != 0:
                    out[codes[lo + 8 * k + (trailing_zeros(lanes) >> 3)]] += 1
                    big += 1
                    lanes &= lanes - np.uint64(1)
        flags[:] = 0
        start = stop
    out[0] += 8 * words - big - c1 - c2 - c3
    out[1] += c1
    out[2] += c2
    out[3] += c3
    for i in range(lo + 8 * words, hi + 1):
        out[codes[i]] += 1
    return out


def tally_codes(codes: np.ndarray, lo: int, hi: int, misere: bool = False) -> np.ndarray:
    """Counts over the codes of positions ``lo..hi`` (:mod:`solver.engine.codes`).

    Every figure depends on the code alone, so the codes are counted into
    256 bins in one pass and the bins decoded once.

    Parameters
    ----------
    codes : numpy.ndarray
        Dtype ``uint8``, indexed by position (or a chunk of such codes).
    lo, hi : int
        The first and last index counted.
    misere : bool, optional
        Misère play (the parity of remoteness).

    Returns
    -------
    numpy.ndarray
        Shape ``(TALLY_SIZE,)``, dtype ``int64``: counts of the classes
        0..5 (U, W, L, D, U not L, U not W), the highest exact remoteness (0
        if none) and the number of W/L whose remoteness is only an upper
        bound.  Two such arrays add up, but for the maximum (:func:`merge_tallies`).
    """
    out = np.zeros(TALLY_SIZE, np.int64)
    if hi < lo:
        return out
    if hi - lo < NUMPY_RANGE:  # numpy: no kernel to compile for the page's first view on a fresh install
        return tally_counts(np.bincount(np.asarray(codes[lo : hi + 1]), minlength=256), misere)
    return tally_counts(code_histogram(codes, lo, hi, np.zeros(256, np.int64)), misere)


def tally_counts(histogram: np.ndarray, misere: bool = False) -> np.ndarray:
    """The :func:`tally_codes` array of positions whose codes occur ``histogram[code]`` times.

    Parameters
    ----------
    histogram : numpy.ndarray
        Shape ``(256,)``, integers: how often each code stands.
    misere : bool, optional
        Misère play (the parity of remoteness).

    Returns
    -------
    numpy.ndarray
        Shape ``(TALLY_SIZE,)``, dtype ``int64`` (:func:`tally_codes`).
    """
    out = np.zeros(TALLY_SIZE, np.int64)
    histogram = np.asarray(histogram, np.int64)
    classes = _codes.class_table().astype(np.int64)
    packed = _codes.packed_table(misere).astype(np.int64)
    out[:6] = np.bincount(classes, weights=histogram, minlength=6)[:6].astype(np.int64)
    present = histogram > 0
    out[6] = max(0, int(packed[present].max(initial=0)))
    out[7] = int(histogram[present & (packed < -1)].sum())
    return out


def merge_tallies(parts: list[np.ndarray]) -> np.ndarray:
    """The counts of several ranges from their :func:`tally_codes` arrays (sums, and the maximum of maxima)."""
    total = np.zeros(TALLY_SIZE, np.int64)
    for part in parts:
        total[:6] += part[:6]
        total[6] = max(total[6], part[6])
        total[7] += part[7]
    return total


def tally_dict(tally: np.ndarray) -> dict[str, int]:
    """A :func:`tally_codes` array as the dict :meth:`Solution.tally` returns."""
    return {
        "W": int(tally[1]),
        "L": int(tally[2]),
        "D": int(tally[3]),
        "U": int(tally[0] + tally[4] + tally[5]),
        "U_not_L": int(tally[4]),
        "U_not_W": int(tally[5]),
        "max_remoteness": int(tally[6]),
        "bounded": int(tally[7]),
    }


@numba.njit(cache=True)
def _tally_wide(classes, packed_remoteness, n):
    """:func:`tally_codes` for a wide solution (classes and packed remoteness as plain arrays)."""
    out = np.zeros(8, np.int64)
    for i in range(1, n + 1):
        out[classes[i]] += 1
        r = packed_remoteness[i]
        if r > out[6]:
            out[6] = r
        elif r < -1:
            out[7] += 1
    return out


def first_undecided_numpy(codes: np.ndarray, lo: int, hi: int) -> int:
    """:func:`first_undecided` in numpy, for a short range (no kernel to compile)."""
    c = np.asarray(codes[lo : hi + 1])
    found = np.flatnonzero((c == 0) | (c == 2) | (c == 3))
    return lo + int(found[0]) if found.size else -1


@numba.njit(cache=True)
def first_undecided(codes, lo, hi):
    """The first index in ``lo..hi`` of a ``uint8`` code array whose code is unresolved (0, 2 or 3), or -1 (numba)."""
    for i in range(lo, hi + 1):
        if codes[i] == 0 or codes[i] == 2 or codes[i] == 3:
            return i
    return -1
