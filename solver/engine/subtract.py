"""Subtract-a-square and its misère form: loop-free, solved exactly in one ascending pass.

``docs/mathematics.md`` section 7.2.  A position not yet marked when the pass
reaches it is L ("cold"); from each cold ``p`` every ``p + k**2 <= B`` is
marked W.  Remoteness: W is ``1 + min`` over its L children (pushed from the
cold positions, in order), L is ``1 + max`` over its (all W) children.  The
same recurrence holds in misère play with the base changed: 0 has no move, so
the player to move there has *won*: 0 is W with remoteness 0 (remoteness
counts the moves to the end of the game, the winner hurrying and the loser
delaying).  Then 1 is L with remoteness 1, W-positions have even and
L-positions odd remoteness.  The cold positions are OEIS A030193 (normal
play).  Cost ``O(#cold * sqrt(B))``.
"""

from __future__ import annotations

import math

import numba
import numpy as np

from ..validation import check_integer

__all__ = ["solve_subtract", "cold_positions"]


@numba.njit(cache=True)
def _subtract_solve(bound, misere, outcome, rem):
    """Ascending pass; returns False if a remoteness would overflow int16.

    ``rem`` starts at 32767 ("no L child seen"); each L-position lowers it
    to ``1 + its remoteness`` at every ``x + k**2``, so a position still at
    32767 when the pass reaches it has no L child and is L.  One array is
    touched per push (the outcome is written when the pass arrives).
    """
    unset = 32767
    rem[:] = unset
    rem[0] = 0
    outcome[0] = 1 if misere else 2
    for x in range(bound + 1):
        if x > 0:
            if rem[x] == unset:
                best = 0
                k = 1
                while k * k <= x:
                    v = np.int64(rem[x - k * k])
                    if v > best:
                        best = v
                    k += 1
                if best + 1 >= unset - 1:
                    return False
                outcome[x] = 2
                rem[x] = best + 1
            else:
                outcome[x] = 1
        if outcome[x] == 2:
            r1 = rem[x] + 1
            k = 1
            y = x + 1
            while y <= bound:
                if rem[y] > r1:
                    rem[y] = r1
                k += 1
                y = x + k * k
    return True


@numba.njit(cache=True)
def _cold_kernel(limit, misere, hot, out):
    """Cold positions of subtract-a-square up to ``limit`` into ``out``; returns their count."""
    count = 0
    start = 0
    if misere:
        hot[0] = 1
        start = 1
    for x in range(start, limit + 1):
        if hot[x]:
            continue
        if count < out.shape[0]:
            out[count] = x
        count += 1
        k = 1
        y = x + 1
        while y <= limit:
            hot[y] = 1
            k += 1
            y = x + k * k
    return count


def solve_subtract(bound: int, misere: bool, outcome: np.ndarray, rem: np.ndarray) -> None:
    """Solve subtract-a-square on ``0..bound`` exactly (module docstring; unchecked arguments).

    Parameters
    ----------
    bound : int
        The largest position.
    misere : bool
        Misère play (the player with no move wins).
    outcome, rem : numpy.ndarray
        Shape ``(bound + 1,)``, dtypes ``int8`` and ``int16``: written with
        the outcome codes (1 W, 2 L) and the exact remoteness.

    Raises
    ------
    OverflowError
        If a remoteness does not fit in ``int16`` (not seen at any bound tried).
    """
    if not _subtract_solve(bound, bool(misere), outcome, rem):
        raise OverflowError("a remoteness of subtract-a-square does not fit in int16 at this bound")


def cold_positions(limit: int, *, misere: bool = False) -> np.ndarray:
    """The L ("cold") positions of subtract-a-square up to ``limit``.

    Parameters
    ----------
    limit : int
        Largest position, ``0 <= limit <= 2**40`` (memory: one byte per
        position plus eight per cold position).
    misere : bool, optional
        Misère play (the player who cannot move wins); default normal play.

    Returns
    -------
    numpy.ndarray
        Shape ``(count,)``, dtype ``int64``, increasing: 0, 2, 5, 7, 10, ...
        (OEIS A030193) in normal play; 1, 3, 6, 8, 11, ... in misère play.

    Raises
    ------
    TypeError
        If ``limit`` is not an integer or ``misere`` not a bool.
    ValueError
        If ``limit`` is out of range.

    Notes
    -----
    One ascending pass: a position not marked hot when reached is cold, and
    every ``p + k**2`` above a cold ``p`` is marked hot; so the work is the
    number of cold positions times ``sqrt(limit)``.
    """
    limit = check_integer(limit, "the limit", least=0, most=1 << 40)
    if not isinstance(misere, (bool, np.bool_)):
        raise TypeError(f"misere must be a bool, got {misere!r}")
    hot = np.zeros(limit + 1, np.uint8)
    # Cold positions are sparse (about 180,000 below 4e7): a first guess of
    # the count, and a second pass with the exact count if it was too small.
    out = np.empty(min(limit + 1, 4096 + 8 * math.isqrt(limit + 1) * max(1, (limit + 1).bit_length())), np.int64)
    count = int(_cold_kernel(limit, bool(misere), hot, out))
    if count > out.shape[0]:
        out = np.empty(count, np.int64)
        hot[:] = 0
        count = int(_cold_kernel(limit, bool(misere), hot, out))
    return out[:count].copy()
