"""Positions of an octal game read from the values of its heaps.

P-positions, two-heap P-positions, equivalence classes, sums of heaps.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

import numpy as np

from ..validation import check_integer
from .octal_codes import OctalCode, parse_octal
from .octal_grundy import grundy_values

__all__ = [
    "p_positions",
    "two_heap_p_positions",
    "equivalence_classes",
    "pairs_of_equal_values",
    "classes_of_values",
    "sum_value",
    "SumMove",
    "sum_moves",
]


#: Most heap pairs :func:`two_heap_p_positions` returns.
MAX_PAIRS = 10**7


# ---------------------------------------------------------------------------
# P-positions, equivalence classes and sums
# ---------------------------------------------------------------------------


def p_positions(code: str | OctalCode, n: int) -> np.ndarray:
    """The one-heap P-positions ``1 <= h <= n``: heaps of Grundy value 0.

    Parameters
    ----------
    code : str or OctalCode
        The octal code.
    n : int
        Largest heap, ``>= 0``.

    Returns
    -------
    numpy.ndarray
        int64, shape ``(m,)``, increasing.  The empty position (heap 0) is
        left out, as in "The Independence Game" (C. Wright, 2017), whose
        list of ``0.137`` starts 4, 8, 14 and names ``()`` separately.

    Raises
    ------
    TypeError, ValueError
        As :func:`grundy_values`.
    """
    values = grundy_values(code, n)
    return np.flatnonzero(values[1:] == 0).astype(np.int64) + 1


def two_heap_p_positions(code: str | OctalCode, n: int, *, irreducible: bool = False) -> np.ndarray:
    """The two-heap P-positions ``(a, b)``, ``1 <= a <= b <= n``: ``G(a) = G(b)``.

    Parameters
    ----------
    code : str or OctalCode
        The octal code.
    n : int
        Largest heap, ``>= 0``.
    irreducible : bool, optional
        Keep only the pairs that "The Independence Game" (C. Wright, 2017)
        lists as its irreducible two-heap P-positions: ``G(a) = G(b) != 0``
        (else ``(a)`` and ``(b)`` are P-positions and ``(a, b)`` is their
        sum, reducible) and ``a < b`` (the source names the pairs ``(a, a)``,
        P-positions by the mirror strategy, separately).

    Returns
    -------
    numpy.ndarray
        int64, shape ``(m, 2)``, rows ``(a, b)`` ordered by the number of
        tokens ``a + b``, then by ``a`` (the order of the source).

    Raises
    ------
    TypeError
        If ``n`` is not an integer or ``code`` not a string.
    ValueError
        As :func:`grundy_values`, or when there would be more than 10**7 pairs.

    Notes
    -----
    A position is a P-position exactly when the XOR of the Grundy values of
    its heaps is 0 (Sprague–Grundy); for two heaps, when the values are equal.
    """
    return pairs_of_equal_values(grundy_values(code, n), irreducible=irreducible)


def pairs_of_equal_values(values: np.ndarray, *, irreducible: bool = False) -> np.ndarray:
    """The two-heap P-positions ``(a, b)``, ``1 <= a <= b <= n``, of any heap game, from its heaps' values.

    Parameters
    ----------
    values : numpy.ndarray
        int64, shape ``(n + 1,)``: the Grundy values of the heaps ``0..n``
        (:meth:`HeapGame.grundy_sequence`).
    irreducible : bool, optional
        As :func:`two_heap_p_positions`.

    Returns
    -------
    numpy.ndarray
        int64, shape ``(m, 2)``: the pairs with ``G(a) = G(b)`` (two heaps
        are a P-position exactly then, Sprague–Grundy), ordered by ``a + b``,
        then by ``a``.

    Raises
    ------
    ValueError
        When there would be more than :data:`MAX_PAIRS` pairs.
    """
    values = np.asarray(values, dtype=np.int64)
    n = values.shape[0] - 1
    values = values[1:]
    counts = np.bincount(values) if values.shape[0] else np.zeros(0, np.int64)
    total = int((counts * (counts + 1) // 2).sum())
    if total > MAX_PAIRS:
        raise ValueError(
            f"there are {total:,} two-heap P-positions with heaps up to {n:,}, more than {MAX_PAIRS:,}; reduce n"
        )
    heaps = np.arange(1, n + 1, dtype=np.int64)
    chunks = []
    for value in np.flatnonzero(counts):
        if irreducible and value == 0:
            continue
        members = heaps[values == value]
        a, b = np.triu_indices(members.shape[0], k=1 if irreducible else 0)
        chunks.append(np.stack([members[a], members[b]], axis=1))
    if not chunks:
        return np.zeros((0, 2), dtype=np.int64)
    pairs = np.concatenate(chunks)
    order = np.lexsort((pairs[:, 0], pairs[:, 0] + pairs[:, 1]))
    return pairs[order]


def equivalence_classes(code: str | OctalCode, n: int) -> dict[int, np.ndarray]:
    """Group the heap sizes ``0..n`` by Grundy value.

    Parameters
    ----------
    code : str or OctalCode
        The octal code.
    n : int
        Largest heap, ``>= 0``.

    Returns
    -------
    dict of int to numpy.ndarray
        Grundy value -> the heaps with that value (int64, increasing), for
        each value that occurs, by increasing value.  Heaps of one class are
        interchangeable in any position: ``(a, b)`` is a P-position exactly
        when ``a`` and ``b`` are in one class (the classes of "The
        Independence Game", C. Wright, 2017; the class of value 0 holds the
        empty heap 0 and the one-heap P-positions).

    Raises
    ------
    TypeError, ValueError
        As :func:`grundy_values`.
    """
    return classes_of_values(grundy_values(code, n))


def classes_of_values(values: np.ndarray) -> dict[int, np.ndarray]:
    """Group the heaps ``0..n`` of any heap game by Grundy value (:func:`equivalence_classes` from the values).

    Parameters
    ----------
    values : numpy.ndarray
        int64, shape ``(n + 1,)``: the Grundy values of the heaps ``0..n``.

    Returns
    -------
    dict of int to numpy.ndarray
        Grundy value -> the heaps with that value (int64, increasing), by
        increasing value.
    """
    values = np.asarray(values, dtype=np.int64)
    order = np.argsort(values, kind="stable")
    distinct, starts = np.unique(values[order], return_index=True)
    groups = np.split(order.astype(np.int64), starts[1:])
    return {int(v): group for v, group in zip(distinct, groups, strict=True)}


def _check_heaps(heaps: Iterable[int]) -> tuple[int, ...]:
    if isinstance(heaps, (str, bytes)) or not isinstance(heaps, Iterable):
        raise TypeError(f"the heaps must be a sequence of integers, got {heaps!r}")
    return tuple(check_integer(h, "a heap size", least=0) for h in heaps)


def sum_value(code: str | OctalCode, heaps: Iterable[int]) -> int:
    """The Grundy value of a position of several heaps: the XOR of their values.

    Parameters
    ----------
    code : str or OctalCode
        The octal code.
    heaps : iterable of int
        Heap sizes, each ``>= 0`` (any order; 0 is no heap; empty: the empty
        position, value 0).

    Returns
    -------
    int
        The value; the position is a P-position exactly when it is 0.

    Raises
    ------
    TypeError
        If ``heaps`` is not an iterable of integers or ``code`` not a string.
    ValueError
        If a heap is negative, or as :func:`grundy_values` for the largest heap.

    Notes
    -----
    Sprague–Grundy theorem (*Winning Ways*, chapter 4).
    """
    parsed = parse_octal(code)
    sizes = _check_heaps(heaps)
    if not sizes:
        return 0
    values = grundy_values(parsed, max(sizes))
    return int(np.bitwise_xor.reduce(values[list(sizes)]))


@dataclasses.dataclass(frozen=True)
class SumMove:
    """One move of :func:`sum_moves`.

    Attributes
    ----------
    heap : int
        The size of the heap moved in.
    result : tuple of int
        What the move leaves in its place: ``()``, ``(h,)`` or ``(a, b)``
        (as :meth:`OctalCode.moves`).
    position : tuple of int
        The whole position after the move: the nonempty heaps, increasing.
    value : int
        Its Grundy value; 0 means the move is winning (to a P-position).
    """

    heap: int
    result: tuple[int, ...]
    position: tuple[int, ...]
    value: int


def sum_moves(code: str | OctalCode, heaps: Iterable[int]) -> list[SumMove]:
    """Every move from a position of several heaps, with the resulting position and its value.

    Parameters
    ----------
    code : str or OctalCode
        The octal code.
    heaps : iterable of int
        Heap sizes, each ``>= 0``; a multiset: equal heaps give the same
        moves, listed once; heaps of size 0 are no heaps.

    Returns
    -------
    list of SumMove
        By increasing heap moved in, then in the order of
        :meth:`OctalCode.moves`.  Empty when no move is possible (the player
        to move loses).

    Raises
    ------
    TypeError
        If ``heaps`` is not an iterable of integers or ``code`` not a string.
    ValueError
        If a heap is negative or above 10**6 for a code that splits heaps,
        or as :func:`grundy_values` for the largest heap.
    """
    parsed = parse_octal(code)
    sizes = sorted(h for h in _check_heaps(heaps) if h > 0)
    if not sizes:
        return []
    values = grundy_values(parsed, sizes[-1])
    total = 0
    for h in sizes:
        total ^= int(values[h])
    moves = []
    for heap in sorted(set(sizes)):
        rest = list(sizes)
        rest.remove(heap)
        for result in parsed.moves(heap):
            value = total ^ int(values[heap])
            for h in result:
                value ^= int(values[h])
            moves.append(SumMove(heap, result, tuple(sorted(rest + list(result))), value))
    return moves
