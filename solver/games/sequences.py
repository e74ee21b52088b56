"""The sequences X of put-or-take-a-X: the largest member not above n, exactly, and the members up to a limit.

Each :class:`Sequence` gives ``below(n)`` (exact for Python integers of any
size, or below :attr:`Sequence.position_limit`), its members up to a limit as
an ``int64`` array for the kernels, and two estimates the cost of a solve
rests on: how many members lie below a limit and how large a gap between two
of them can be.  Sources: the thesis, section 6 (the sequences it proposes);
Winning Ways, vol. 2, p. 484 (squares).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

import numpy as np

from ..validation import check_integer

__all__ = ["Sequence", "SEQUENCES", "is_prime", "PRIME_LIMIT", "iroot"]


def iroot(n: int, k: int) -> int:
    """Largest ``r`` with ``r**k <= n``, exactly, for any ``n >= 0`` and ``k >= 1``."""
    if n < 2:
        return n
    r = 1 << ((n.bit_length() + k - 1) // k)  # r**k > n
    while True:  # Newton from above: decreasing until it settles
        s = ((k - 1) * r + n // r ** (k - 1)) // k
        if s >= r:
            break
        r = s
    while r**k > n:
        r -= 1
    while (r + 1) ** k <= n:
        r += 1
    return r


_MR_BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
#: :func:`is_prime` is proven correct below this (Miller-Rabin with the first 13
#: prime bases is deterministic below 3,317,044,064,679,887,385,961,981).
PRIME_LIMIT = 3_317_044_064_679_887_385_961_981


def is_prime(n: int) -> bool:
    """Whether ``n`` is prime, exactly, for ``0 <= n < PRIME_LIMIT``.

    Deterministic Miller-Rabin with the first 13 primes as bases, which has no
    pseudoprime below ``PRIME_LIMIT`` (about 3.3e24).

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n`` is negative or not below ``PRIME_LIMIT``.
    """
    n = check_integer(n, "n", least=0, most=PRIME_LIMIT - 1)
    if n < 2:
        return False
    for p in _MR_BASES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in _MR_BASES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def _prime_below(n: int) -> int:
    while n >= 2:
        if is_prime(n):
            return n
        n -= 1
    return 0


def _prime_members(limit: int) -> np.ndarray:
    if limit < 2:
        return np.zeros(0, dtype=np.int64)
    sieve = np.ones(limit + 1, dtype=np.bool_)
    sieve[:2] = False
    sieve[4::2] = False
    for p in range(3, math.isqrt(limit) + 1, 2):
        if sieve[p]:
            sieve[p * p :: 2 * p] = False
    return np.flatnonzero(sieve).astype(np.int64)


def _power_below(base: int) -> Callable[[int], int]:
    def below(n: int) -> int:
        if n < 1:
            return 0
        p = 1
        while p * base <= n:
            p *= base
        return p

    return below


def _factorial_below(n: int) -> int:
    if n < 1:
        return 0
    f, k = 1, 2  # f = 1!, next = 2!
    while f * k <= n:
        f *= k
        k += 1
    return f


def _fibonacci_below(n: int) -> int:
    if n < 1:
        return 0
    a, b = 1, 2  # 1, 2, 3, 5, 8, ...
    while b <= n:
        a, b = b, a + b
    return a


def _members_from(below: Callable[[int], int], limit: int) -> np.ndarray:
    """Members up to ``limit`` by stepping ``below`` (for sparse sequences)."""
    out = []
    m = below(limit)
    while m >= 1:
        out.append(m)
        m = below(m - 1)
    return np.array(out[::-1], dtype=np.int64)


def _square_members(limit: int) -> np.ndarray:
    k = np.arange(1, math.isqrt(limit) + 1, dtype=np.int64)
    return k * k


def _cube_members(limit: int) -> np.ndarray:
    k = np.arange(1, iroot(limit, 3) + 1, dtype=np.int64)
    return k * k * k


def _triangular_below(n: int) -> int:
    if n < 1:
        return 0
    k = (math.isqrt(8 * n + 1) - 1) // 2
    return k * (k + 1) // 2


def _triangular_members(limit: int) -> np.ndarray:
    k = np.arange(1, (math.isqrt(8 * limit + 1) - 1) // 2 + 1, dtype=np.int64)
    return k * (k + 1) // 2


def _sparse_count(limit: int) -> int:
    return 2 * max(1, limit.bit_length()) + 2


def _cube_count(limit: int) -> int:
    return round(limit ** (1 / 3)) + 2 if limit < 2**200 else limit.bit_length()


def _prime_count(limit: int) -> int:
    if limit < 100:
        return 30
    return int(1.26 * limit / math.log(limit)) + 1 if limit < 2**1000 else limit


def _prime_gap(limit: int) -> int:
    return int(2 * math.log(limit + 2) ** 2) + 100 if limit < 2**1000 else limit


@dataclasses.dataclass(frozen=True)
class Sequence:
    """An increasing sequence X of positive integers, as a put-or-take rule uses it.

    Attributes
    ----------
    name : str
        ``"square"``, ``"prime"``, ...
    below : callable
        ``below(n)``: the largest member ``<= n``, or 0 when there is none;
        exact for integers of any size (below :attr:`position_limit`).
    members : callable
        ``members(limit)``: every member ``<= limit``, shape ``(k,)``, dtype
        ``int64``, increasing.
    first : str
        The first members, for the docs and the page.
    count : callable
        ``count(limit)``: an upper estimate of the number of members
        ``<= limit`` (exact integer arithmetic for any limit).
    largest_gap : callable or None
        ``largest_gap(limit)``: an upper estimate of the largest gap between
        consecutive members below ``limit``; None when gaps grow with the
        members (powers, factorials, Fibonacci numbers), so take children
        are not small.
    position_limit : int or None
        ``below`` is exact only below this (primes); None for any size.
    scratch_bytes : int
        Bytes per position up to ``limit`` that ``members(limit)`` holds while
        it runs (2 for the primes' sieve and its index; 0 for the others),
        for the memory estimates.
    """

    name: str
    below: Callable[[int], int]
    members: Callable[[int], np.ndarray]
    first: str
    count: Callable[[int], int]
    largest_gap: Callable[[int], int] | None = None
    position_limit: int | None = None
    scratch_bytes: int = 0


#: Every sequence, by name.
SEQUENCES = {
    "square": Sequence(
        "square",
        lambda n: math.isqrt(n) ** 2,
        _square_members,
        "1, 4, 9, 16, 25, …",
        lambda limit: math.isqrt(limit) + 1,
        lambda limit: 2 * math.isqrt(limit) + 2,
    ),
    "cube": Sequence(
        "cube",
        lambda n: iroot(n, 3) ** 3,
        _cube_members,
        "1, 8, 27, 64, 125, …",
        _cube_count,
        lambda limit: 3 * _cube_count(limit) ** 2 + 3,
    ),
    "triangular number": Sequence(
        "triangular number",
        _triangular_below,
        _triangular_members,
        "1, 3, 6, 10, 15, …",
        lambda limit: math.isqrt(2 * limit) + 1,
        lambda limit: math.isqrt(2 * limit) + 2,
    ),
    "prime": Sequence(
        "prime", _prime_below, _prime_members, "2, 3, 5, 7, 11, …", _prime_count, _prime_gap, PRIME_LIMIT, 2
    ),
    "power of 2": Sequence(
        "power of 2",
        lambda n: 1 << (n.bit_length() - 1) if n >= 1 else 0,
        lambda m: _members_from(_power_below(2), m),
        "1, 2, 4, 8, 16, …",
        _sparse_count,
    ),
    "power of 3": Sequence(
        "power of 3", _power_below(3), lambda m: _members_from(_power_below(3), m), "1, 3, 9, 27, 81, …", _sparse_count
    ),
    "factorial": Sequence(
        "factorial",
        _factorial_below,
        lambda m: _members_from(_factorial_below, m),
        "1, 2, 6, 24, 120, …",
        _sparse_count,
    ),
    "Fibonacci number": Sequence(
        "Fibonacci number",
        _fibonacci_below,
        lambda m: _members_from(_fibonacci_below, m),
        "1, 2, 3, 5, 8, …",
        _sparse_count,
    ),
}
