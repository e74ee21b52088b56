"""The family of games: put-or-take with other sequences, subtract-a-square, Square-But-One.

A :class:`Rule` is a small named object: the moves from a position, as exact
Python for integers of any size, plus the structural facts the solvers use.
Every rule is played under the normal-play convention (a player with no move
loses) except the misère rule, where the player with no move wins.

=================================  ==============================================
name                               moves from ``n``
=================================  ==============================================
``put-or-take-a-X``                ``n - f(n)`` and ``n + f(n)``, ``f(n)`` the
                                   largest member of X not above ``n`` (no move
                                   when there is none); X is square, cube,
                                   triangular number, prime, power of 2, power of
                                   3, factorial or Fibonacci number
``subtract-a-square``              ``n - k**2`` for every ``1 <= k**2 <= n``
``subtract-a-square-misere``       the same moves; the player with no move wins
``square-but-one``                 ``n - k**2``, and ``n + 1`` when ``n`` is even
                                   and positive
``square-but-one-odd``             ``n - k**2``, and ``n + 1`` when ``n`` is odd
=================================  ==============================================

Sources: Winning Ways, vol. 2, p. 484 and the thesis (section 1.1, section 6
for the other sequences); subtract-a-square and its misère form (Winning Ways,
vol. 1, ch. 12; OEIS A030193, A014586); Square-But-One ("Nim's Island",
a lesson on loopy games).  ``docs/mathematics.md`` section 7 gives the
definitions and what the solvers rely on.

Adding a rule is a few lines: a sequence (``_Sequence``: its largest member
not above ``n``, exactly, and its members up to a limit as an array) and a
:class:`Rule` entry in :data:`RULES`.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from solver.validation import check_integer

__all__ = [
    "Rule",
    "RuleMove",
    "RULES",
    "RULE_NAMES",
    "DEFAULT_RULE",
    "SQUARES",
    "get_rule",
    "KIND_PUT_OR_TAKE",
    "KIND_SUBTRACT",
    "KIND_SQUARE_BUT_ONE",
    "is_prime",
]

#: ``Rule.kind`` codes (plain ints, so numba kernels can branch on them).
KIND_PUT_OR_TAKE = 0
KIND_SUBTRACT = 1
KIND_SQUARE_BUT_ONE = 2


# ---------------------------------------------------------------------------
# Sequences: the largest member not above n (exact, any size) and the members
# up to a limit (an int64 array for the kernels).
# ---------------------------------------------------------------------------


def _iroot(n: int, k: int) -> int:
    """Largest r with r**k <= n, exactly, for any n >= 0."""
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


@dataclasses.dataclass(frozen=True)
class _Sequence:
    name: str
    below: Callable[[int], int]
    members: Callable[[int], np.ndarray]
    first: str  # the first members, for the docs and the page
    position_limit: int | None = None  # below() is exact only below this


def _square_members(limit: int) -> np.ndarray:
    k = np.arange(1, math.isqrt(limit) + 1, dtype=np.int64)
    return k * k


def _cube_members(limit: int) -> np.ndarray:
    k = np.arange(1, _iroot(limit, 3) + 1, dtype=np.int64)
    return k * k * k


def _triangular_below(n: int) -> int:
    if n < 1:
        return 0
    k = (math.isqrt(8 * n + 1) - 1) // 2
    return k * (k + 1) // 2


def _triangular_members(limit: int) -> np.ndarray:
    k = np.arange(1, (math.isqrt(8 * limit + 1) - 1) // 2 + 1, dtype=np.int64)
    return k * (k + 1) // 2


_SEQUENCES = {
    "square": _Sequence("square", lambda n: math.isqrt(n) ** 2, _square_members, "1, 4, 9, 16, 25, …"),
    "cube": _Sequence("cube", lambda n: _iroot(n, 3) ** 3, _cube_members, "1, 8, 27, 64, 125, …"),
    "triangular number": _Sequence("triangular number", _triangular_below, _triangular_members, "1, 3, 6, 10, 15, …"),
    "prime": _Sequence("prime", _prime_below, _prime_members, "2, 3, 5, 7, 11, …", PRIME_LIMIT),
    "power of 2": _Sequence(
        "power of 2",
        lambda n: 1 << (n.bit_length() - 1) if n >= 1 else 0,
        lambda m: _members_from(_power_below(2), m),
        "1, 2, 4, 8, 16, …",
    ),
    "power of 3": _Sequence(
        "power of 3", _power_below(3), lambda m: _members_from(_power_below(3), m), "1, 3, 9, 27, 81, …"
    ),
    "factorial": _Sequence(
        "factorial", _factorial_below, lambda m: _members_from(_factorial_below, m), "1, 2, 6, 24, 120, …"
    ),
    "Fibonacci number": _Sequence(
        "Fibonacci number", _fibonacci_below, lambda m: _members_from(_fibonacci_below, m), "1, 2, 3, 5, 8, …"
    ),
}


# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------


class RuleMove(NamedTuple):
    """One move of a rule from a position.

    Attributes
    ----------
    kind : str
        ``"take"`` (subtract a member), ``"put"`` (add a member, put-or-take
        rules) or ``"add"`` (add one, Square-But-One).
    amount : int
        The member taken or put, or 1 for ``"add"``.
    child : int
        The position the move leads to.
    """

    kind: str
    amount: int
    child: int

    @property
    def label(self) -> str:
        """Short text: ``"take 9"``, ``"put 9"``, ``"add 1"``."""
        return f"{self.kind} {self.amount:,}"


@dataclasses.dataclass(frozen=True)
class Rule:
    """A game of the family (``docs/mathematics.md`` section 7).

    Attributes
    ----------
    name : str
        Command-line, URL and cache name, e.g. ``"put-or-take-a-prime"``.
    title : str
        Display name, e.g. ``"Put-or-Take-a-Prime"``.
    kind : int
        :data:`KIND_PUT_OR_TAKE`, :data:`KIND_SUBTRACT` or
        :data:`KIND_SQUARE_BUT_ONE`.
    sequence : str
        The sequence X whose members are put or taken (``"square"`` for
        subtract-a-square and Square-But-One).
    misere : bool
        True when the player with no move wins (only
        ``subtract-a-square-misere``).
    add_parity : int
        Square-But-One: add one to heaps of this parity (0 even and positive,
        1 odd); -1 for the other rules.
    summary : str
        One sentence stating the moves, for the page and the CSV header.
    source : str
        Where the rule is defined.
    """

    name: str
    title: str
    kind: int
    sequence: str
    summary: str
    source: str
    misere: bool = False
    add_parity: int = -1

    # -- structural facts ---------------------------------------------------

    @property
    def is_squares(self) -> bool:
        """True for Put-or-Take-a-Square, which has its own fast solver."""
        return self.name == SQUARES

    @property
    def loop_free(self) -> bool:
        """True when every move decreases the position (subtract-a-square)."""
        return self.kind == KIND_SUBTRACT

    @property
    def climbs(self) -> bool:
        """True when play can go arbitrarily high, so a bound is needed.

        Put-or-take rules climb; from ``n`` no move of subtract-a-square goes
        up and no play of Square-But-One passes ``n + 1``
        (``docs/mathematics.md`` section 7.3), so positions below the bound
        are solved exactly.
        """
        return self.kind == KIND_PUT_OR_TAKE

    @property
    def position_limit(self) -> int | None:
        """Largest position + 1 for which the moves are exact (None: any size)."""
        return _SEQUENCES[self.sequence].position_limit

    @property
    def members_text(self) -> str:
        """The first members of the sequence, e.g. ``"2, 3, 5, 7, 11, …"``."""
        return _SEQUENCES[self.sequence].first

    # -- moves ----------------------------------------------------------------

    def _check(self, n: object) -> int:
        n = check_integer(n, "a position", least=0)
        limit = self.position_limit
        if limit is not None and n >= limit:
            raise ValueError(f"{self.title} is computed exactly only for positions below {limit:.3e}; got {n:.3e}")
        return n

    def member_below(self, n: int) -> int:
        """``f(n)``: the largest member of the sequence not above ``n``, or 0 if none.

        Raises
        ------
        TypeError
            If ``n`` is not an integer.
        ValueError
            If ``n`` is negative, or too large for exact arithmetic
            (:attr:`position_limit`, primes only).
        """
        return _SEQUENCES[self.sequence].below(self._check(n))

    def moves(self, n: int) -> tuple[RuleMove, ...]:
        """Every move from ``n``, in a fixed order (takes by size, then put or add).

        Parameters
        ----------
        n : int
            A position, ``n >= 0``, any size (exact arithmetic).

        Returns
        -------
        tuple of RuleMove
            Empty when ``n`` has no move.  For put-or-take rules ``(take, put)``;
            for the others, takes of ``1, 4, 9, …`` then ``add 1`` if allowed.

        Raises
        ------
        TypeError
            If ``n`` is not an integer.
        ValueError
            If ``n`` is negative or beyond :attr:`position_limit`.
        """
        n = self._check(n)
        if self.kind == KIND_PUT_OR_TAKE:
            f = _SEQUENCES[self.sequence].below(n)
            if f == 0:
                return ()
            return (RuleMove("take", f, n - f), RuleMove("put", f, n + f))
        if n > 10**12:
            raise ValueError(f"{self.title} has about sqrt(n) moves; positions above 10**12 are not listed")
        out = [RuleMove("take", k * k, n - k * k) for k in range(1, math.isqrt(n) + 1)]
        if self.kind == KIND_SQUARE_BUT_ONE and n >= 1 and n % 2 == self.add_parity:
            out.append(RuleMove("add", 1, n + 1))
        return tuple(out)

    def children(self, n: int) -> tuple[int, ...]:
        """The positions reachable in one move from ``n`` (see :meth:`moves`)."""
        return tuple(m.child for m in self.moves(n))

    def members(self, limit: int) -> np.ndarray:
        """Members of the sequence up to ``limit``.

        Returns
        -------
        numpy.ndarray
            Shape ``(count,)``, dtype ``int64``, increasing.

        Raises
        ------
        TypeError, ValueError
            If ``limit`` is not an integer from 0 to 2**62.
        """
        limit = check_integer(limit, "the limit", least=0, most=1 << 62)
        return _SEQUENCES[self.sequence].members(limit)

    def __str__(self) -> str:
        return self.name


def _put_or_take(sequence: str, slug: str, title: str) -> Rule:
    return Rule(
        name=f"put-or-take-a-{slug}",
        title=f"Put-or-Take-a-{title}",
        kind=KIND_PUT_OR_TAKE,
        sequence=sequence,
        summary=(
            f"From n, take or put the largest {sequence} f(n) ≤ n: move to n − f(n) or n + f(n); "
            f"a player with no move loses ({sequence}s: {_SEQUENCES[sequence].first})."
        ),
        source=(
            "Winning Ways vol. 2 p. 484; thesis section 1.1"
            if sequence == "square"
            else "thesis section 6 (the sequences it proposes)"
        ),
    )


SQUARES = "put-or-take-a-square"

#: Every rule, by name, in the order the page lists them.
RULES: dict[str, Rule] = {
    rule.name: rule
    for rule in (
        _put_or_take("square", "square", "Square"),
        _put_or_take("cube", "cube", "Cube"),
        _put_or_take("triangular number", "triangular-number", "Triangular-Number"),
        _put_or_take("prime", "prime", "Prime"),
        _put_or_take("power of 2", "power-of-2", "Power-of-2"),
        _put_or_take("power of 3", "power-of-3", "Power-of-3"),
        _put_or_take("factorial", "factorial", "Factorial"),
        _put_or_take("Fibonacci number", "fibonacci-number", "Fibonacci-Number"),
        Rule(
            name="subtract-a-square",
            title="Subtract-a-Square",
            kind=KIND_SUBTRACT,
            sequence="square",
            summary="From n, take any square k² ≤ n; a player with no move loses.",
            source="Winning Ways vol. 1 ch. 12; OEIS A030193 (cold positions), A014586 (Grundy values)",
        ),
        Rule(
            name="subtract-a-square-misere",
            title="Subtract-a-Square (misère)",
            kind=KIND_SUBTRACT,
            sequence="square",
            misere=True,
            summary="From n, take any square k² ≤ n; the player who makes the last move loses.",
            source="Winning Ways vol. 1 ch. 12 (misère play)",
        ),
        Rule(
            name="square-but-one",
            title="Square-But-One",
            kind=KIND_SQUARE_BUT_ONE,
            sequence="square",
            add_parity=0,
            summary="From n, take any square k² ≤ n, or add one when n is even and positive; a player with no move loses.",
            source='"Nim\'s Island", a lesson on loopy games',
        ),
        Rule(
            name="square-but-one-odd",
            title="Square-But-One (odd)",
            kind=KIND_SQUARE_BUT_ONE,
            sequence="square",
            add_parity=1,
            summary="From n, take any square k² ≤ n, or add one when n is odd; a player with no move loses.",
            source='"Nim\'s Island", exercise (add one to odd heaps)',
        ),
    )
}

RULE_NAMES = tuple(RULES)
DEFAULT_RULE = RULES[SQUARES]


def get_rule(rule: object = None) -> Rule:
    """Return the :class:`Rule` for a name (or a Rule; None gives the default).

    Raises
    ------
    TypeError
        If ``rule`` is neither a str, a Rule nor None.
    ValueError
        If no rule has that name; the message lists the names.
    """
    if rule is None:
        return DEFAULT_RULE
    if isinstance(rule, Rule):
        return rule
    if not isinstance(rule, str):
        raise TypeError(f"a rule is a name such as {SQUARES!r}, not {type(rule).__name__}")
    found = RULES.get(rule.strip().lower())
    if found is None:
        raise ValueError(f"no rule named {rule[:60]!r}; the rules are: {', '.join(RULE_NAMES)}")
    return found
