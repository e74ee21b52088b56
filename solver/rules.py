"""The rules of Epstein's Put-or-Take-a-Square game.

A position is an integer ``n >= 0``.  With ``s(n) = isqrt(n)**2`` the largest
square not above ``n``, the player to move at ``n >= 1`` either *takes*
(goes to ``n - s(n)``) or *puts* (goes to ``n + s(n)``).  The player who
reaches 0 wins, so the player to move at 0 has lost.  Source: Winning Ways,
vol. 2, p. 484; thesis section 1.1, equation (1).

Everything here uses exact integer arithmetic (:func:`math.isqrt`), so it is
correct for Python integers of any size: a float square root returns wrong
squares above 2**52.
"""

from __future__ import annotations

import enum
import math
import operator

__all__ = ["Move", "square_below", "is_square", "take", "put", "moves"]


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
    # operator.index takes Python and numpy integers and refuses floats,
    # strings and the like; bool is an int subclass, so refuse it by name.
    if isinstance(n, bool):
        raise TypeError(f"a position must be an integer, got {n!r}")
    try:
        n = operator.index(n)
    except TypeError:
        raise TypeError(f"a position must be an integer, got {n!r}") from None
    if n < least:
        raise ValueError(f"a position here must be >= {least}, got {n}")
    return n


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
