"""One byte per position: outcome, what an unresolved position cannot be, remoteness and its exactness.

A solve keeps, for every position, its *class*: W, L, D, or U with what the
certificate by possibility (``docs/mathematics.md`` section 3.3) still rules
out ("U, cannot be L", "U, cannot be W"); and for W and L its remoteness and
whether that remoteness is exact or only an upper bound
(:class:`solver.engine.solution.Solution`).  Stored plainly that is an
``int8`` and an ``int16``: 3 bytes per position.  This module packs them into
one byte.

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
0           U: possibly W, possibly L
1           D: a certified draw (neither possibly W nor possibly L)
2           U, cannot be L (possibly W only: a win or a draw)
3           U, cannot be W (possibly L only: a loss or a draw)
4 + c       W or L, with ``c = 4 h + 2 e + l``: ``l`` = 1 for L, 0 for W;
            ``e`` = 1 when the remoteness is exact; remoteness
            ``r = 2 h + q`` with ``q = 1 - l`` (normal play) or ``q = l``
            (misère play)
==========  ==================================================================

Codes run up to ``4 + 4 * 61 + 3 = 251``, so ``h <= 61`` and remoteness up
to :data:`MAX_REMOTENESS` = 123 fits; 255 is free (the Dask store's fill).
Remoteness below 10**10 is at most 23; a solve whose values could pass 123,
or an array that breaks the parity rule, keeps the plain 3-byte layout
(:func:`fits`).

The *class* of a position (:data:`CLASS_U` ... :data:`CLASS_UL`, numbered as
:class:`~solver.engine.solution.Outcome` for W, L, D and U) is what the
kernels compute with; decoding is a table look-up (:func:`class_table`,
:func:`outcome_table`, :func:`packed_table`): ``table[codes]``.
"""

from __future__ import annotations

import functools

import numba
import numpy as np

__all__ = [
    "MAX_REMOTENESS",
    "CODE_U",
    "CODE_D",
    "CODE_UW",
    "CODE_UL",
    "CLASS_U",
    "CLASS_W",
    "CLASS_L",
    "CLASS_D",
    "CLASS_UW",
    "CLASS_UL",
    "encode",
    "encode_class",
    "decode_class",
    "decode_outcome",
    "decode_packed",
    "possibly_w",
    "possibly_l",
    "class_of",
    "class_table",
    "outcome_table",
    "packed_table",
    "fits",
    "pack",
    "pack_small",
]

#: Code of an unresolved position (possibly W, possibly L).
CODE_U = 0
#: Code of a certified draw.
CODE_D = 1
#: Code of an unresolved position that cannot be L.
CODE_UW = 2
#: Code of an unresolved position that cannot be W.
CODE_UL = 3
_FIRST_WL = 4
#: The largest remoteness a code holds (``h <= 61``).
MAX_REMOTENESS = 123
_MAX_HALF = 61

#: Classes: the outcome (U, W, L, D as :class:`~solver.engine.solution.Outcome`)
#: and, for U, what it cannot be.
CLASS_U, CLASS_W, CLASS_L, CLASS_D, CLASS_UW, CLASS_UL = 0, 1, 2, 3, 4, 5
#: Classes that are possibly W (W, U, U-not-L) and possibly L (L, U, U-not-W), as bit masks.
_POSSIBLY_W = (1 << CLASS_W) | (1 << CLASS_U) | (1 << CLASS_UW)
_POSSIBLY_L = (1 << CLASS_L) | (1 << CLASS_U) | (1 << CLASS_UL)


@numba.njit(cache=True)
def possibly_w(cls):
    """Whether a position of this class is in PW, the least set of possibly-W positions (numba)."""
    return (_POSSIBLY_W >> cls) & 1 == 1


@numba.njit(cache=True)
def possibly_l(cls):
    """Whether a position of this class is in PL, the least set of possibly-L positions (numba)."""
    return (_POSSIBLY_L >> cls) & 1 == 1


@numba.njit(cache=True)
def class_of(proven_w, proven_l, pw, pl):
    """The class of a position from its retrograde label and its possibilities (numba; unchecked).

    A proven W (L) is W (L); otherwise in both PW and PL U, in PW only
    U-not-L, in PL only U-not-W, in neither D (``docs/mathematics.md``
    section 3.3).  Every kernel that certifies draws ends with this rule.
    """
    if proven_w:
        return CLASS_W
    if proven_l:
        return CLASS_L
    if pw and pl:
        return CLASS_U
    if pw:
        return CLASS_UW
    if pl:
        return CLASS_UL
    return CLASS_D


def _class_of_code(code: int) -> int:
    if code == CODE_U:
        return CLASS_U
    if code == CODE_D:
        return CLASS_D
    if code == CODE_UW:
        return CLASS_UW
    if code == CODE_UL:
        return CLASS_UL
    if code < _FIRST_WL + 4 * (_MAX_HALF + 1):
        return CLASS_L if (code - _FIRST_WL) & 1 else CLASS_W
    return CLASS_U


@functools.cache
def class_table() -> np.ndarray:
    """Class of every code.

    Returns
    -------
    numpy.ndarray
        Shape ``(256,)``, dtype ``int8``: :data:`CLASS_U` ... :data:`CLASS_UL`;
        unused codes map to U.  Read-only.
    """
    table = np.array([_class_of_code(code) for code in range(256)], np.int8)
    table.flags.writeable = False
    return table


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
        Shape ``(256,)``, dtype ``int8``: :class:`~solver.engine.solution.Outcome`
        codes (0 U, 1 W, 2 L, 3 D); the three unresolved codes and unused
        codes map to U.  Read-only.
    """
    table = class_table().copy()
    table[(table == CLASS_UW) | (table == CLASS_UL)] = CLASS_U
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
    for code in range(_FIRST_WL, _FIRST_WL + 4 * (_MAX_HALF + 1)):
        c = code - _FIRST_WL
        losing = c & 1
        exact = (c >> 1) & 1
        r = 2 * (c >> 2) + (losing if misere else 1 - losing)
        table[code] = r if exact else -r
    table.flags.writeable = False
    return table


@numba.njit(cache=True)
def encode(outcome, remoteness, exact):
    """Code of one W or L position (numba; unchecked).

    Parameters
    ----------
    outcome : int
        1 (W) or 2 (L); the classes 0 (U), 3 (D), 4 (U-not-L) and 5
        (U-not-W) ignore the other arguments.
    remoteness : int
        ``0 <= r <= MAX_REMOTENESS`` with the parity of the outcome.
    exact : bool
        Whether the remoteness is exact.

    Returns
    -------
    int
        The code, ``0..251``.
    """
    if outcome == 1 or outcome == 2:
        return _FIRST_WL + 4 * (remoteness >> 1) + (2 if exact else 0) + (1 if outcome == 2 else 0)
    return encode_class(outcome)


@numba.njit(cache=True)
def encode_class(cls):
    """Code of a position of class U, D, U-not-L or U-not-W (numba; unchecked)."""
    if cls == CLASS_D:
        return CODE_D
    if cls == CLASS_UW:
        return CODE_UW
    if cls == CLASS_UL:
        return CODE_UL
    return CODE_U


@numba.njit(cache=True)
def decode_class(code):
    """Class of one code (numba; unchecked): 0 U, 1 W, 2 L, 3 D, 4 U-not-L, 5 U-not-W."""
    if code < _FIRST_WL:
        if code == CODE_U:
            return CLASS_U
        if code == CODE_D:
            return CLASS_D
        return CLASS_UW if code == CODE_UW else CLASS_UL
    return CLASS_L if (code - _FIRST_WL) & 1 else CLASS_W


@numba.njit(cache=True)
def decode_outcome(code):
    """Outcome of one code (numba; unchecked).

    Parameters
    ----------
    code : int
        A code, ``0..251`` (module docstring).

    Returns
    -------
    int
        The :class:`~solver.engine.solution.Outcome` code: 0 U (any of the
        three unresolved codes), 1 W, 2 L, 3 D.
    """
    if code < _FIRST_WL:
        return 3 if code == CODE_D else 0
    return 2 if (code - _FIRST_WL) & 1 else 1


@numba.njit(cache=True)
def decode_packed(code, misere):
    """Packed remoteness of one code (numba; unchecked).

    Parameters
    ----------
    code : int
        A code, ``0..251``.
    misere : bool
        Misère play (W has even remoteness, L odd).

    Returns
    -------
    int
        ``r`` (exact remoteness, in moves), ``-r`` (at most ``r``, ``r >= 2``)
        or -1 (D or U), as :attr:`solver.engine.solution.Solution.packed_remoteness`.
    """
    if code < _FIRST_WL:
        return -1
    c = code - _FIRST_WL
    losing = c & 1
    r = 2 * (c >> 2) + (losing if misere else 1 - losing)
    return r if (c >> 1) & 1 else -r


@numba.njit(cache=True)
def _fits(classes, packed, misere):
    for i in range(classes.shape[0]):
        o = classes[i]
        p = packed[i]
        if o == 0 or o >= 3:
            if p != -1 or o > 5:
                return False
            continue
        if o != 1 and o != 2:
            return False
        r = p if p >= 0 else -p
        if p == -1 or r > MAX_REMOTENESS:
            return False
        odd = 1 if (o == 1) != misere else 0
        if r % 2 != odd:
            return False
    return True


@numba.njit(cache=True, parallel=True)
def _encode_all(classes, packed, codes):
    for i in numba.prange(classes.shape[0]):
        p = packed[i]
        codes[i] = encode(classes[i], p if p >= 0 else -p, p >= 0)


def fits(classes: np.ndarray, packed: np.ndarray, misere: bool = False) -> bool:
    """Whether a solve's arrays can be packed into codes without loss.

    Parameters
    ----------
    classes : numpy.ndarray
        Shape ``(B + 1,)``, dtype ``int8``: classes (:data:`CLASS_U` ...
        :data:`CLASS_UL`; outcome codes are classes too).
    packed : numpy.ndarray
        Shape ``(B + 1,)``, dtype ``int16``: packed remoteness.
    misere : bool, optional
        Misère play.

    Returns
    -------
    bool
        True when every W/L remoteness is at most :data:`MAX_REMOTENESS`
        with the parity of its outcome and every other position has
        remoteness -1.
    """
    return bool(_fits(np.asarray(classes), np.asarray(packed), bool(misere)))


def pack_small(classes: np.ndarray, packed: np.ndarray) -> np.ndarray:
    """:func:`pack` in numpy, without a numba kernel: the same codes, for a few thousand positions.

    The small game's codes (:func:`solver.engine.small_game.solve_small_game`)
    are packed this way, so a fresh install's first solve does not wait for
    :func:`pack`'s parallel kernel to compile.

    Parameters
    ----------
    classes, packed : numpy.ndarray
        As in :func:`fits` (check it first).

    Returns
    -------
    numpy.ndarray
        Shape ``(B + 1,)``, dtype ``uint8``.
    """
    classes = np.asarray(classes).astype(np.int64)
    packed = np.asarray(packed).astype(np.int64)
    wl = (classes == CLASS_W) | (classes == CLASS_L)
    others = np.select(
        [classes == CLASS_D, classes == CLASS_UW, classes == CLASS_UL], [CODE_D, CODE_UW, CODE_UL], CODE_U
    )
    decided = _FIRST_WL + 4 * (np.abs(packed) >> 1) + np.where(packed >= 0, 2, 0) + (classes == CLASS_L)
    return np.where(wl, decided, others).astype(np.uint8)


def pack(classes: np.ndarray, packed: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Codes of a solve's arrays (check :func:`fits` first).

    Parameters
    ----------
    classes, packed : numpy.ndarray
        As in :func:`fits`.
    out : numpy.ndarray, optional
        Shape ``(B + 1,)``, dtype ``uint8``, written in place.

    Returns
    -------
    numpy.ndarray
        Shape ``(B + 1,)``, dtype ``uint8``.
    """
    classes = np.asarray(classes)
    if out is None:
        out = np.empty(classes.shape[0], np.uint8)
    _encode_all(classes, np.asarray(packed), out)
    return out
