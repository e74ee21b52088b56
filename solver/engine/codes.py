"""One byte per position: outcome, remoteness and its exactness in a ``uint8`` code.

A solve keeps, for every position, its outcome (W, L, D or U), and for W and L
its remoteness and whether that remoteness is exact or only an upper bound
(:class:`solver.solution.Solution`).  Stored plainly that is an ``int8`` and an
``int16``: 3 bytes per position.  This module packs the three into one byte.

The packing uses the parity of remoteness.  Under normal play a W position has
odd remoteness and an L position even remoteness (remoteness obeys
``r(W) = 1 + min r(L children)`` and ``r(L) = 1 + max r(W children)`` from
``r = 0`` at positions with no move; Winning Ways vol. 2, chapter "Remoteness";
``docs/mathematics.md`` section 2).  Under misère play the parities swap.  The
bounded upper bounds obey the same equations, so they share the parity.  So
``h = r // 2`` and the outcome determine ``r``:

==========  ==================================================================
code        meaning
==========  ==================================================================
0           U (unresolved)
1           D (certified draw)
2 + c       W or L, with ``c = 4 h + 2 e + l``: ``l`` = 1 for L, 0 for W;
            ``e`` = 1 when the remoteness is exact; remoteness
            ``r = 2 h + q`` with ``q = 1 - l`` (normal play) or ``q = l``
            (misère play)
==========  ==================================================================

Codes run up to ``2 + 4 * 62 + 3 = 253``, so ``h <= 62`` and remoteness up
to :data:`MAX_REMOTENESS` = 125 fits.  Remoteness below 10**9 is at most 21;
a solve whose values could pass 125, or an array that breaks the parity rule,
keeps the plain 3-byte layout (:func:`fits`).

Decoding is a table look-up (:func:`outcome_table`, :func:`packed_table`):
``table[codes]``.
"""

from __future__ import annotations

import functools

import numba
import numpy as np

__all__ = [
    "MAX_REMOTENESS",
    "CODE_U",
    "CODE_D",
    "encode",
    "decode_outcome",
    "decode_packed",
    "outcome_table",
    "packed_table",
    "fits",
]

#: Code of an unresolved position.
CODE_U = 0
#: Code of a certified draw.
CODE_D = 1
#: The largest remoteness a code holds (``h <= 62``).
MAX_REMOTENESS = 125
_MAX_HALF = 62


@functools.cache
def outcome_table(misere: bool = False) -> np.ndarray:
    """Outcome of every code.

    Parameters
    ----------
    misere : bool, optional
        Misère play (the parities of W and L swap); the outcome does not
        depend on it, the argument is accepted for symmetry.

    Returns
    -------
    numpy.ndarray
        Shape ``(256,)``, dtype ``int8``: :class:`~solver.solution.Outcome`
        codes (0 U, 1 W, 2 L, 3 D); codes above 253 map to U.  Read-only.
    """
    table = np.zeros(256, np.int8)
    table[CODE_D] = 3
    for code in range(2, 2 + 4 * (_MAX_HALF + 1)):
        table[code] = 2 if (code - 2) & 1 else 1
    table.flags.writeable = False
    return table


@functools.cache
def packed_table(misere: bool = False) -> np.ndarray:
    """Packed remoteness of every code (the layout of ``Solution.packed_remoteness``).

    Parameters
    ----------
    misere : bool, optional
        Misère play: W has even remoteness and L odd.

    Returns
    -------
    numpy.ndarray
        Shape ``(256,)``, dtype ``int16``: ``r`` (exact), ``-r`` (an upper
        bound ``r >= 2``) or -1 (D, U, unused codes).  Read-only.
    """
    table = np.full(256, -1, np.int16)
    for code in range(2, 2 + 4 * (_MAX_HALF + 1)):
        c = code - 2
        losing = c & 1
        exact = (c >> 1) & 1
        r = 2 * (c >> 2) + (losing if misere else 1 - losing)
        table[code] = r if exact else -r
    table.flags.writeable = False
    return table


@numba.njit(cache=True, inline="always")
def encode(outcome, remoteness, exact):
    """Code of one position (numba; unchecked).

    Parameters
    ----------
    outcome : int
        1 (W) or 2 (L); 0 (U) and 3 (D) ignore the other arguments.
    remoteness : int
        ``0 <= r <= MAX_REMOTENESS`` with the parity of the outcome.
    exact : bool
        Whether the remoteness is exact.

    Returns
    -------
    int
        The code, ``0..253``.
    """
    if outcome == 0:
        return 0
    if outcome == 3:
        return 1
    return 2 + 4 * (remoteness >> 1) + (2 if exact else 0) + (1 if outcome == 2 else 0)


@numba.njit(cache=True, inline="always")
def decode_outcome(code):
    """Outcome of one code (numba; unchecked).

    Parameters
    ----------
    code : int
        A code, ``0..253`` (module docstring).

    Returns
    -------
    int
        The :class:`~solver.solution.Outcome` code: 0 U, 1 W, 2 L, 3 D.
    """
    if code == 0:
        return 0
    if code == 1:
        return 3
    return 2 if (code - 2) & 1 else 1


@numba.njit(cache=True, inline="always")
def decode_packed(code, misere):
    """Packed remoteness of one code (numba; unchecked).

    Parameters
    ----------
    code : int
        A code, ``0..253``.
    misere : bool
        Misère play (W has even remoteness, L odd).

    Returns
    -------
    int
        ``r`` (exact remoteness, in moves), ``-r`` (at most ``r``, ``r >= 2``)
        or -1 (D or U), as :attr:`solver.solution.Solution.packed_remoteness`.
    """
    if code < 2:
        return -1
    c = code - 2
    losing = c & 1
    r = 2 * (c >> 2) + (losing if misere else 1 - losing)
    return r if (c >> 1) & 1 else -r


@numba.njit(cache=True)
def _fits(outcome, packed, misere):
    for i in range(outcome.shape[0]):
        o = outcome[i]
        p = packed[i]
        if o == 0 or o == 3:
            if p != -1:
                return False
            continue
        if o != 1 and o != 2:
            return False
        r = p if p >= 0 else -p
        if p == -1 or r > 125:
            return False
        odd = 1 if (o == 1) != misere else 0
        if r % 2 != odd:
            return False
    return True


@numba.njit(cache=True, parallel=True)
def _encode_all(outcome, packed, codes):
    for i in numba.prange(outcome.shape[0]):
        p = packed[i]
        codes[i] = encode(outcome[i], p if p >= 0 else -p, p >= 0)


def fits(outcome: np.ndarray, packed: np.ndarray, misere: bool = False) -> bool:
    """Whether a solve's arrays can be packed into codes without loss.

    Parameters
    ----------
    outcome : numpy.ndarray
        Shape ``(B + 1,)``, dtype ``int8``: outcome codes.
    packed : numpy.ndarray
        Shape ``(B + 1,)``, dtype ``int16``: packed remoteness.
    misere : bool, optional
        Misère play.

    Returns
    -------
    bool
        True when every W/L remoteness is at most :data:`MAX_REMOTENESS`
        with the parity of its outcome and every D/U position has
        remoteness -1.
    """
    return bool(_fits(np.asarray(outcome), np.asarray(packed), bool(misere)))


def pack(outcome: np.ndarray, packed: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Codes of a solve's arrays (check :func:`fits` first).

    Parameters
    ----------
    outcome, packed : numpy.ndarray
        As in :func:`fits`.
    out : numpy.ndarray, optional
        Shape ``(B + 1,)``, dtype ``uint8``, written in place.

    Returns
    -------
    numpy.ndarray
        Shape ``(B + 1,)``, dtype ``uint8``.
    """
    outcome = np.asarray(outcome)
    if out is None:
        out = np.empty(outcome.shape[0], np.uint8)
    _encode_all(outcome, np.asarray(packed), out)
    return out
