"""The periodicity theorem of octal games: a period of the Grundy values proved from a prefix.

The numba helpers that look for a period (prefixed ``_``) are unchecked;
:func:`periodicity` checks its arguments and grows the computation itself
within :data:`PERIODICITY_MAX_N` heaps and steps of at most
:data:`PERIODICITY_STEP_SECONDS`.
"""

from __future__ import annotations

import dataclasses

import numba
import numpy as np

from ..uncompiled import kernel_wanted
from ..validation import check_integer
from .octal_codes import OctalCode, parse_octal
from .octal_grundy import grundy_cost, grundy_values
from .octal_numpy import candidate_period_numpy, find_period_numpy

__all__ = [
    "Periodicity",
    "periodicity",
]


#: Largest heap reached by :func:`periodicity` when it grows the computation itself.
PERIODICITY_MAX_N = 1 << 16
#: :func:`periodicity` stops growing the computation before a step estimated above this many seconds.
PERIODICITY_STEP_SECONDS = 10.0


# ---------------------------------------------------------------------------
# Periodicity
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Periodicity:
    """Result of :func:`periodicity`.

    Attributes
    ----------
    period : int or None
        The smallest ``p >= 1`` with ``G(h + p) = G(h)`` for every heap
        ``h >= preperiod`` (proved), or the best candidate seen in the
        values computed (not proved), or None when no candidate fits.
    preperiod : int or None
        The smallest ``e >= 0`` with ``G(h + period) = G(h)`` for every
        ``h >= e``: the last heap that breaks the period is ``e - 1``
        (Kayles ``0.77``: period 12, preperiod 71, last exception at 70).
    proved : bool
        True when the Octal Games Periodicity Theorem proves the period and
        preperiod for every heap size, not only the computed ones.
    checked_to : int
        The largest heap whose Grundy value was computed and compared.
    """

    period: int | None
    preperiod: int | None
    proved: bool
    checked_to: int


@numba.njit(cache=True)
def _find_period(g: np.ndarray, top: int) -> tuple[int, int]:  # pragma: no cover - numba
    """Smallest proved (period, preperiod) of values g[0..N], or (0, 0) (numba; unchecked).

    For each p ascending, the preperiod seen in the data is one more than the
    last i with g[i] != g[i + p]; p is proved when the data cover
    2 * max(e, 1) + 2p + top - 1 (the theorem's range plus one period).
    """
    last = g.shape[0] - 1
    for p in range(1, last + 1):
        # the proof needs last >= 2 * max(e, 1) + 2 * p + top - 1 with e >= 0
        if 2 + 2 * p + top - 1 > last:
            break
        e = 0
        for i in range(last - p, -1, -1):
            if g[i] != g[i + p]:
                e = i + 1
                break
        if 2 * max(e, 1) + 2 * p + top - 1 <= last:
            return p, e
    return 0, 0


@numba.njit(cache=True)
def _candidate_period(g: np.ndarray, repeats: int) -> tuple[int, int]:  # pragma: no cover - numba
    """Smallest p whose data tail after its preperiod holds ``repeats`` periods, or (0, 0) (numba; unchecked)."""
    last = g.shape[0] - 1
    for p in range(1, last + 1):
        if repeats * p > last + 1:
            break
        e = 0
        for i in range(last - p, -1, -1):
            if g[i] != g[i + p]:
                e = i + 1
                break
        if last + 1 - e >= repeats * p:
            return p, e
    return 0, 0


def _periodicity_of(values: np.ndarray, parsed: OctalCode) -> Periodicity:
    last = values.shape[0] - 1
    # a fresh install: the same search in numpy while its kernels compile
    find = _find_period if kernel_wanted(_find_period, (values, parsed.max_removal)) else find_period_numpy
    candidate = _candidate_period if kernel_wanted(_candidate_period, (values, 3)) else candidate_period_numpy
    p, e = find(values, parsed.max_removal)
    if p:
        return Periodicity(period=p, preperiod=e, proved=True, checked_to=last)
    p, e = candidate(values, 3)
    if p:
        return Periodicity(period=p, preperiod=e, proved=False, checked_to=last)
    return Periodicity(period=None, preperiod=None, proved=False, checked_to=last)


def periodicity(code: str | OctalCode, n: int | None = None, *, max_n: int = PERIODICITY_MAX_N) -> Periodicity:
    """Find the period and preperiod of the Grundy values of an octal game, proved when possible.

    Parameters
    ----------
    code : str or OctalCode
        The octal code (see :func:`parse_octal`).
    n : int, optional
        Compute the values of heaps ``0..n`` only.  Default: start at 256
        and double until the period is proved, ``max_n`` is reached, or the
        next doubling is estimated above 10 s (:func:`grundy_cost`).
    max_n : int, optional
        Largest heap computed when ``n`` is None (default ``2**16``).

    Returns
    -------
    Periodicity
        ``proved`` is True when the period is certain for all heaps.
        Otherwise ``period`` and ``preperiod`` are the smallest ``p`` (and
        its preperiod) whose repetition covers at least 3 whole periods at
        the end of the computed values (a guess), or None.

    Raises
    ------
    TypeError
        If ``n`` or ``max_n`` is not an integer or ``code`` not a string.
    ValueError
        If ``n`` or ``max_n`` is below 1, the code is invalid, or the work
        for ``n`` (or ``max_n``) is beyond the limits of :func:`grundy_values`.

    Notes
    -----
    Octal Games Periodicity Theorem (Guy and Smith 1956; *Winning Ways*,
    chapter 4): if the last nonzero digit of the code is ``d_k`` and
    ``G(h + p) = G(h)`` for every ``h`` with ``e <= h < 2e + p + k``, then
    ``G(h + p) = G(h)`` for every ``h >= e``.  The check uses
    ``max(e, 1)`` for ``e``: with ``e = 0`` the induction of the proof would
    pair a split ``(p, p)`` with a "heap" of size 0.  So the period is
    proved once the values reach heap ``2 max(e, 1) + 2p + k - 1``.  The
    smallest period proved is the true smallest period, and its preperiod
    is exact (every period of an ultimately periodic sequence has the same
    least preperiod).
    """
    parsed = parse_octal(code)
    if n is not None:
        n = check_integer(n, "n, the largest heap", least=1)
        return _periodicity_of(grundy_values(parsed, n), parsed)
    max_n = check_integer(max_n, "max_n, the largest heap", least=1)
    size = min(256, max_n)
    while True:
        result = _periodicity_of(grundy_values(parsed, size), parsed)
        if result.proved or size >= max_n:
            return result
        following = min(2 * size, max_n)
        if grundy_cost(parsed, following).seconds > PERIODICITY_STEP_SECONDS:
            return result
        size = following
