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


@numba.njit(cache=True)
def code_histogram(codes, lo, hi, out):
    """Add to ``out`` (256 counts) how often each one-byte code stands in ``codes[lo..hi]``.

    Eight ``uint32`` counters in turn, so that a run of equal codes does not
    wait on one counter's last increment (half the time of four ``int64``
    ones at 10**9 positions); they are added to ``out`` every
    ``2**30`` positions, before any can overflow.
    """
    counts = np.zeros((8, 256), np.uint32)
    i = lo
    while i <= hi:
        end = min(hi + 1, i + (1 << 30))
        while i + 8 <= end:
            counts[0, codes[i]] += 1
            counts[1, codes[i + 1]] += 1
            counts[2, codes[i + 2]] += 1
            counts[3, codes[i + 3]] += 1
            counts[4, codes[i + 4]] += 1
            counts[5, codes[i + 5]] += 1
            counts[6, codes[i + 6]] += 1
            counts[7, codes[i + 7]] += 1
            i += 8
        while i < end:
            counts[0, codes[i]] += 1
            i += 1
        for k in range(8):
            for c in range(256):
                out[c] += counts[k, c]
                counts[k, c] = 0
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
