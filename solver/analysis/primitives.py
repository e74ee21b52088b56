"""Primitive elements of a layer, their square multiples, and the Pell family.

Thesis section 4.1, "Primitive elements in layer 2" (Tables 2 and 3) and
section 4.1.1, "Generation of numbers from primitive elements" (equations
(4)-(20)).

A member ``M`` of a layer is *primitive* when it is not ``i**2 * P`` for an
earlier member ``P`` of the same layer and an integer ``i >= 2``.  For layer 2
up to 50,000 the thesis finds the primitives 5, 145, 949, 1649, 4901 and 31025
(Table 2), each a little above a square (Table 3).

Why square multiples stay in layer 2
------------------------------------
Layer 2 (the L positions of remoteness 2) is exactly the set of non-squares
``X`` whose two children are both squares: ``take(X) = X - k**2`` and
``put(X) = X + k**2`` with ``k = isqrt(X)`` (equations (5)-(6) and (21)-(22)).
Write ``X = s**2 + R`` with ``s = k`` and remainder ``R = X - s**2``, so
``0 < R <= 2 s`` (equation (11) with ``R = r**2``).  For ``i >= 1``,
``isqrt(i**2 X) = i s`` exactly when ``i * R <= 2 s`` (equations (15)-(20),
made exact below).  For such ``i`` the children of ``i**2 X`` are ``i**2 R``
and ``i**2 (X + s**2)``, which are squares exactly when ``R`` and
``X + s**2`` are; so if ``X`` is in layer 2, so is every ``i**2 X`` with
``i <= floor(2 s / R)`` (equations (12)-(13)).  This is the column
``run_bound`` of :func:`primitive_elements`.

Everything here is exact integer arithmetic (``math.isqrt``); no float square
root decides any result.  No dash or plotly imports: this is pure computation.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
import pandas as pd

from solver.games.squares import is_square
from solver.validation import check_integer

__all__ = [
    "PRIMITIVE_COLUMNS",
    "UNBOUNDED_RUN",
    "primitive_elements",
    "run_bound",
    "generated_run",
    "pell_solutions",
    "pell_family",
]

#: Columns of the frame returned by :func:`primitive_elements`, in order.
PRIMITIVE_COLUMNS = (
    "primitive",
    "square_below",
    "k",
    "remainder",
    "remainder_is_square",
    "generated",
    "generated_count",
    "run_bound",
    "pell",
)

_INT64_MAX = int(np.iinfo(np.int64).max)

#: ``run_bound`` value stored in the frame for a primitive that is a perfect
#: square (remainder 0): the run is then unbounded.  Only layer 1 (the
#: squares) has such members.
UNBOUNDED_RUN = -1


def _check_members(members: Iterable[int]) -> list[int]:
    """Validate layer members: positive integers in strictly increasing order."""
    if isinstance(members, (str, bytes)):
        raise TypeError("members must be a sequence of integers, not a string")
    if isinstance(members, np.ndarray) and members.ndim != 1:
        raise ValueError(f"members must be one-dimensional, got shape {members.shape}")
    values = [check_integer(v, "a member") for v in members]
    for index, value in enumerate(values):
        if value <= 0:
            raise ValueError(f"members must be positive integers; member #{index} is {value}")
        if index and value <= values[index - 1]:
            raise ValueError(
                "members must be sorted in strictly increasing order without repeats; "
                f"member #{index} ({value}) follows {values[index - 1]}"
            )
    return values


def run_bound(x: int) -> int | None:
    """Return how many ``i >= 1`` keep ``isqrt(i**2 x) == i * isqrt(x)``.

    With ``s = isqrt(x)`` and remainder ``R = x - s**2`` (``R = r**2`` in the
    thesis), the square below ``i**2 x`` is ``(i s)**2``, and so its take
    child is ``i**2 R`` and its put child ``i**2 (x + s**2)``, exactly for
    ``i = 1, 2, ..., run_bound(x)`` and for no larger ``i``.

    Parameters
    ----------
    x : int
        A positive integer, any size.

    Returns
    -------
    int or None
        ``2 s // R`` (``>= 1``) when ``x`` is not a square; ``None`` when
        ``x`` is a square (``R = 0``): then the equality holds for every ``i``.

    Raises
    ------
    TypeError
        If ``x`` is not an integer.
    ValueError
        If ``x < 1``.

    Notes
    -----
    Thesis section 4.1.1, equations (15)-(20).  Equation (16) asks for
    ``isqrt(i**2 (s**2 + R)) = i s``.  Since ``(i s)**2 <= i**2 x`` always,
    this holds iff ``i**2 x < (i s + 1)**2``, i.e. iff ``i**2 R - 2 i s - 1 < 0``
    (equation (19)).  In integers that is ``i**2 R <= 2 i s``, i.e.
    ``i R <= 2 s``, so the set of such ``i >= 1`` is ``1..floor(2 s / R)``.
    This is the same integer set as the thesis's real bound
    ``i < (s + sqrt(s**2 + R)) / R`` (equation (20)): an integer ``i`` with
    ``2 s / R < i`` has ``i R >= 2 s + 1`` and so
    ``i**2 R - 2 i s - 1 >= i - 1 >= 0``.  The thesis's estimate "roughly
    ``2 s / r**2``" is therefore exact after taking the floor.  Because
    ``R <= 2 s``, the run always contains ``i = 1``.
    """
    x = check_integer(x, "x", least=1)
    s = math.isqrt(x)
    remainder = x - s * s
    if remainder == 0:
        return None
    return (2 * s) // remainder


def primitive_elements(members: Iterable[int]) -> pd.DataFrame:
    """Return the primitive elements of a layer with the numbers they generate.

    A member is *primitive* when it is not ``i**2 * P`` for an earlier member
    ``P`` and an integer ``i >= 2``.  (An earlier member that is itself
    ``j**2 * Q`` is covered by ``Q``, so every non-primitive member is a
    square multiple of a primitive one.)

    Parameters
    ----------
    members : sequence of int
        The members of one layer, e.g. ``solver.analysis.layer(solution, n, 2)``
        (shape ``(count,)``, dtype ``int64``) or a list of Python ints of any
        size; positive and in strictly increasing order.

    Returns
    -------
    pandas.DataFrame
        One row per primitive element ``P``, in increasing order of ``P``,
        with a ``RangeIndex`` and the columns of :data:`PRIMITIVE_COLUMNS`:

        ====================  =======  =============================================
        column                dtype    meaning
        ====================  =======  =============================================
        ``primitive``         int64    ``P``
        ``square_below``      int64    ``k**2`` with ``k = isqrt(P)`` (Table 3, S)
        ``k``                 int64    ``isqrt(P)`` (``s`` of equation (11))
        ``remainder``         int64    ``P - k**2`` (Table 3, P - S; ``r**2``)
        ``remainder_is_square`` bool   the remainder is a perfect square
        ``generated``         object   list of the members equal to ``i**2 * P``,
                                       ``i >= 2``, increasing (Table 2)
        ``generated_count``   int64    ``len(generated)``
        ``run_bound``         int64    ``floor(2 k / remainder)``, see below;
                                       ``-1`` (:data:`UNBOUNDED_RUN`) when
                                       ``P`` is a square
        ``pell``              bool     ``P = k**2 + 1`` and ``P + k**2 = m**2``,
                                       i.e. ``(m, k)`` solves ``m**2 - 2 k**2 = 1``
        ====================  =======  =============================================

        The integer columns other than ``generated_count`` are ``object``
        (Python ints) instead of ``int64`` when the largest member does not
        fit in ``int64``.  With no members the frame has these columns and
        no rows.

        ``run_bound`` is the number of ``i >= 1`` for which
        ``isqrt(i**2 P) == i k`` (equation (16)), computed exactly as
        ``2 k // remainder`` (see :func:`run_bound`).  It predicts: for every
        ``1 <= i <= run_bound`` the square below ``i**2 P`` is ``(i k)**2``
        and the remainder is ``i**2 * remainder``, so the take child is
        ``i**2 * remainder`` and the put child ``i**2 (P + k**2)``; for
        ``i > run_bound`` the square below is larger.  Consequently, for a
        member ``P`` of layer 2 (both children squares), every ``i**2 P`` with
        ``2 <= i <= run_bound`` is in layer 2 as well (its children are
        ``i**2`` times squares).  Beyond the run the prediction says nothing:
        such a multiple may or may not be in the layer.  For other layers the
        square-below statement still holds but says nothing about membership.

    Raises
    ------
    TypeError
        If a member is not an integer (bools and floats are refused).
    ValueError
        If a member is ``<= 0``, if the members are not in strictly increasing
        order (unsorted or repeated), or if a numpy array is not 1-D.

    Notes
    -----
    Thesis section 4.1: Table 2 (primitive elements of layer 2 and the numbers
    they generate up to 50,000), Table 3 (square below and remainder) and
    section 4.1.1, equations (5)-(7) (Pell) and (11)-(20) (the run).  The
    thesis's Table 2 row for 145 omits ``145 * 9**2 = 11745``, which is in
    layer 2 (take child ``81 = 9**2``, put child ``23409 = 153**2``) and lies
    inside the run of 145 (``run_bound = 24``).

    For each primitive ``P`` the search costs
    ``min(isqrt(max / P), number of later members)`` steps, so both dense
    layers and a few huge members (Python ints of any size) are cheap.
    """
    values = _check_members(members)
    if not values:
        return _frame([], big=False)
    largest = values[-1]
    present = set(values)
    covered: set[int] = set()
    rows = []
    for index, p in enumerate(values):
        if p in covered:
            continue
        generated = _square_multiples(p, index, values, present)
        covered.update(generated)
        k = math.isqrt(p)
        remainder = p - k * k
        bound = run_bound(p)
        rows.append(
            {
                "primitive": p,
                "square_below": k * k,
                "k": k,
                "remainder": remainder,
                "remainder_is_square": is_square(remainder),
                "generated": generated,
                "generated_count": len(generated),
                "run_bound": UNBOUNDED_RUN if bound is None else bound,
                "pell": remainder == 1 and is_square(p + k * k),
            }
        )
    return _frame(rows, big=largest > _INT64_MAX)


def _square_multiples(p: int, index: int, values: list[int], present: set[int]) -> list[int]:
    """Members ``i**2 * p`` (``i >= 2``) of ``values``, increasing.

    ``values[index] == p``; ``present`` is ``set(values)``.  Either tries every
    ``i`` up to ``isqrt(max / p)`` or scans the later members, whichever is
    shorter.
    """
    largest = values[-1]
    top = math.isqrt(largest // p)  # largest i with i**2 * p <= largest
    later = len(values) - index - 1
    if top - 1 <= later:
        return [i * i * p for i in range(2, top + 1) if i * i * p in present]
    return [m for m in values[index + 1 :] if m % p == 0 and m // p >= 4 and is_square(m // p)]


def _frame(rows: list[dict], big: bool) -> pd.DataFrame:
    """Build the result frame with fixed column order and dtypes."""
    int_dtype = object if big else np.int64
    columns = {}
    for name in PRIMITIVE_COLUMNS:
        data = [row[name] for row in rows]
        if name in ("remainder_is_square", "pell"):
            columns[name] = pd.Series(data, dtype=bool)
        elif name == "generated":
            series = pd.Series([None] * len(data), dtype=object)
            for index, item in enumerate(data):
                series.iat[index] = item  # keep each list as one cell
            columns[name] = series
        elif name == "generated_count":
            columns[name] = pd.Series(data, dtype=np.int64)
        else:
            columns[name] = pd.Series(data, dtype=int_dtype)
    return pd.DataFrame(columns, columns=list(PRIMITIVE_COLUMNS))


def generated_run(primitive: int, count: int) -> list[int]:
    """Return ``[i**2 * primitive for i = 2, ..., count + 1]``.

    A display helper: the first ``count`` square multiples of a primitive
    element, whether or not they are in any layer.

    Parameters
    ----------
    primitive : int
        A positive integer, any size.
    count : int
        How many multiples, ``>= 0``.

    Returns
    -------
    list of int
        Length ``count``, increasing.

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If ``primitive < 1`` or ``count < 0``.

    Notes
    -----
    Thesis section 4.1, Table 2, and equations (12)-(14) (``i**2 X``).
    """
    primitive = check_integer(primitive, "primitive", least=1)
    count = check_integer(count, "count", least=0)
    return [i * i * primitive for i in range(2, count + 2)]


def pell_solutions(n: int) -> list[tuple[int, int]]:
    """Return the solutions ``(m, k)`` of ``m**2 - 2 k**2 = 1`` with ``k**2 + 1 <= n``.

    Parameters
    ----------
    n : int
        Largest ``X = k**2 + 1`` wanted, ``>= 0``; any size (Python ints).

    Returns
    -------
    list of tuple of (int, int)
        All solutions with ``k >= 1`` and ``k**2 + 1 <= n``, by increasing
        ``k``: ``(3, 2), (17, 12), (99, 70), (577, 408), ...``.  Empty when
        ``n < 5``.

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n < 0``.

    Notes
    -----
    Thesis section 4.1.1, equations (4)-(10).  The positive solutions are
    ``m + k sqrt(2) = (3 + 2 sqrt(2))**j``, ``j >= 1`` (equations (8)-(9),
    whose printed form has a typo: ``3 + sqrt(2)`` for ``3 + 2 sqrt(2)``).
    Multiplying by the fundamental solution gives the exact integer
    recurrence used here, ``(m, k) -> (3 m + 4 k, 2 m + 3 k)``, from
    ``(3, 2)``; it preserves ``m**2 - 2 k**2``.
    """
    n = check_integer(n, "n", least=0)
    solutions = []
    m, k = 3, 2
    while k * k + 1 <= n:
        solutions.append((m, k))
        m, k = 3 * m + 4 * k, 2 * m + 3 * k
    return solutions


def pell_family(n: int) -> list[int]:
    """Return the numbers ``X = k**2 + 1 <= n`` with ``2 k**2 + 1`` a square.

    These are 5, 145, 4901, 166465, 5654885, ...; each is in layer 2 of the
    infinite game (an L position with remoteness exactly 2).

    Parameters
    ----------
    n : int
        Largest ``X`` wanted, ``>= 0``; any size.

    Returns
    -------
    list of int
        Increasing.

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n < 0``.

    Notes
    -----
    Thesis section 4.1.1, equations (5)-(7).  Let ``(m, k)`` solve
    ``m**2 - 2 k**2 = 1`` with ``k >= 1`` and put ``X = k**2 + 1``.  Then
    ``k**2 < X < (k + 1)**2``, so ``X`` is not a square and ``isqrt(X) = k``.
    Taking goes to ``X - k**2 = 1``, a square (equation (5)); putting goes to
    ``X + k**2 = 2 k**2 + 1 = m**2``, a square (equation (6)).  Both moves
    hand the opponent a square, from which the opponent wins in one move
    (layer 1).  So ``X`` is L with remoteness ``1 + 1 = 2``, whatever happens
    above any bound; a sound solve whose bound is at least ``m**2`` finds it.
    """
    return [k * k + 1 for _, k in pell_solutions(n)]
