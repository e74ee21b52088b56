"""The rules of Epstein's Put-or-Take-a-Square game.

A position is an integer ``n >= 0``.  With ``s(n) = isqrt(n)**2`` the largest
square not above ``n``, the player to move at ``n >= 1`` either *takes*
(goes to ``n - s(n)``) or *puts* (goes to ``n + s(n)``).  The player who
reaches 0 wins, so the player to move at 0 has lost.  Source: Winning Ways,
vol. 2, p. 484; thesis section 1.1, equation (1).

Everything here uses exact integer arithmetic (:func:`math.isqrt`), so it is
correct for Python integers of any size: a float square root returns wrong
squares above 2**52.  :func:`isqrt_array` is the vectorised twin for ``int64``
arrays, exact below :data:`POSITION_LIMIT` ``= 2**62``.
"""

from __future__ import annotations

import enum
import math

import numpy as np

from solver.validation import check_integer

__all__ = ["Move", "square_below", "is_square", "take", "put", "moves", "isqrt_array", "POSITION_LIMIT"]

#: Positions held in ``int64`` arrays must stay strictly below this (``2**62``):
#: the integer-corrected float square root of :func:`isqrt_array` is exact there
#: and ``n + s(n)`` still fits in ``int64``.
POSITION_LIMIT = 1 << 62


class Move(enum.Enum):
    """The two moves of the game.

    ======  ==========================  ===================
    member  destination from ``n``      thesis
    ======  ==========================  ===================
    TAKE    ``n - isqrt(n)**2``         "subtract"
    PUT     ``n + isqrt(n)**2``         "add"
    ======  ==========================  ===================
    """

    TAKE = "take"
    PUT = "put"


def _check_position(n: int, least: int) -> int:
    return check_integer(n, "a position", least=least)


def square_below(n: int) -> int:
    """Return ``s(n) = isqrt(n)**2``, the largest square not above ``n``.

    Parameters
    ----------
    n : int
        A position, ``n >= 0``; any size (exact integer arithmetic).

    Returns
    -------
    int
        The largest perfect square ``<= n``.

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n < 0``.

    Notes
    -----
    Thesis section 1.1, equation (1) ("the largest perfect square smaller than
    the number"; the square itself is allowed, so squares move to 0).
    """
    n = _check_position(n, 0)
    r = math.isqrt(n)
    return r * r


def is_square(n: int) -> bool:
    """Return True when ``n`` is a perfect square (layer 1 when ``n >= 1``).

    Parameters
    ----------
    n : int
        A position, ``n >= 0``.

    Returns
    -------
    bool

    Raises
    ------
    TypeError, ValueError
        As :func:`square_below`.
    """
    return square_below(n) == _check_position(n, 0)


def take(n: int) -> int:
    """Return the position reached by taking: ``n - s(n)``.

    Parameters
    ----------
    n : int
        A position, ``n >= 1`` (at 0 the game is over).

    Returns
    -------
    int
        ``n - isqrt(n)**2``; always ``<= 2 * isqrt(n)``.

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n < 1``.
    """
    n = _check_position(n, 1)
    return n - square_below(n)


def put(n: int) -> int:
    """Return the position reached by putting: ``n + s(n)``.

    Parameters
    ----------
    n : int
        A position, ``n >= 1``.

    Returns
    -------
    int
        ``n + isqrt(n)**2``; roughly ``2 n``.

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n < 1``.
    """
    n = _check_position(n, 1)
    return n + square_below(n)


def moves(n: int) -> tuple[int, int]:
    """Return both children of ``n`` as ``(take(n), put(n))``.

    Parameters
    ----------
    n : int
        A position, ``n >= 1``.

    Returns
    -------
    tuple of int
        ``(n - s(n), n + s(n))``; the two are always distinct.

    Raises
    ------
    TypeError, ValueError
        As :func:`take`.
    """
    n = _check_position(n, 1)
    s = square_below(n)
    return n - s, n + s


def isqrt_array(n: np.ndarray) -> np.ndarray:
    """Exact integer square roots of an array (the vectorised :func:`math.isqrt`).

    Parameters
    ----------
    n : array_like
        Any shape, integer dtype, values ``0 <= n < 2**62``
        (:data:`POSITION_LIMIT`).

    Returns
    -------
    numpy.ndarray
        Same shape, dtype ``int64``: ``isqrt(n)`` elementwise, equal to
        :func:`math.isqrt`.

    Raises
    ------
    TypeError
        If ``n`` does not have an integer dtype.
    ValueError
        If a value is negative or ``>= 2**62``.

    Notes
    -----
    A float root can be off by one above ``2**52`` (``docs/mathematics.md``
    section 1), so the float estimate is corrected with integer arithmetic
    until ``r*r <= n < (r+1)**2``.  Below ``2**62`` the root is below
    ``2**31``, so ``(r + 1)**2`` cannot overflow ``int64``.
    """
    n = np.asarray(n)
    if n.dtype.kind not in "iu":
        raise TypeError(f"isqrt_array needs an integer array, got dtype {n.dtype}")
    n = n.astype(np.int64)
    if n.size and (n.min() < 0 or n.max() >= POSITION_LIMIT):
        raise ValueError("isqrt_array needs values from 0 to 2**62 - 1")
    return _isqrt_array(n)


def _isqrt_array(n: np.ndarray) -> np.ndarray:
    # Unchecked: int64 values in [0, 2**62).
    r = np.sqrt(n.astype(np.float64)).astype(np.int64)
    while True:
        high = r * r > n
        if not high.any():
            break
        r -= high
    while True:
        low = (r + 1) * (r + 1) <= n
        if not low.any():
            break
        r += low
    return r
