"""A local check of positions drawn at random from a finished Dask store of Put-or-Take-a-Square.

:func:`check_store` draws K positions uniformly from ``1..B`` (a
:class:`numpy.random.Generator` seeded with ``seed``), sorts them, reads the
code of each and of its two children, and checks each position against its
children with the closure conditions of :mod:`solver.engine.closure` (the
moves computed there with exact integer square roots, not by the solver's
kernels).  The store is read chunk by chunk in ascending order, and each chunk
the sample needs is decoded once: for the positions that lie in it, for the
put children that lie in it (a put child ``n + isqrt(n)**2`` is near ``2n``,
in a far chunk, and the put children of the sorted sample are sorted too), and
for the take children, which all lie below ``2 isqrt(B) + 2``.  The memory is
that of the sample (:data:`BYTES_PER_SAMPLE` bytes a position) and a few
chunks.
"""

from __future__ import annotations

import math
import os
import secrets
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import costs
from ..engine import budget
from ..engine.closure import applies_to, check_positions, check_tables, put_children
from ..games import DEFAULT_RULE
from ..validation import check_integer
from .dask_store import open_store

__all__ = [
    "BYTES_PER_SAMPLE",
    "FAULTS_SHOWN",
    "check_rule",
    "check_sample",
    "check_store",
    "draw_sample",
    "sample_limit",
]

#: Memory a sampled position takes: its position and its put child (8 bytes each), their two codes.
BYTES_PER_SAMPLE = costs.SAMPLE_BYTES_PER_POSITION
#: Faulty positions :func:`check_store` returns (the first ones, in ascending order).
FAULTS_SHOWN = 10


def sample_limit(bound: int) -> int:
    """The largest sample :func:`check_store` takes from a store of ``bound``: at most B, and what memory allows.

    Parameters
    ----------
    bound : int
        The store's bound B.

    Returns
    -------
    int
        ``min(B, usable memory // BYTES_PER_SAMPLE)`` (:func:`solver.engine.budget.usable_memory`).
    """
    return max(1, min(bound, budget.usable_memory() // BYTES_PER_SAMPLE))


def check_rule(solution: Any, path: str | os.PathLike[str]) -> None:
    """Refuse the solve of a store whose rule the check does not read (:func:`solver.engine.closure.applies_to`).

    Parameters
    ----------
    solution : Solution
        The store's solve (:func:`~solver.store.dask_store.open_store`).
    path : str or os.PathLike
        The store, for the message.

    Raises
    ------
    ValueError
        If the check does not apply to ``solution.rule`` (its moves or its
        codes are not those the check computes and reads).
    """
    if not applies_to(solution.rule):
        raise ValueError(
            f"the store {os.fspath(path)} holds {solution.rule.title}; the check reads stores of "
            f"{DEFAULT_RULE.title} only"
        )


def check_sample(bound: int, sample: object) -> int:
    """Check the size of a sample of a store of ``bound``; return it.

    Parameters
    ----------
    bound : int
        The store's bound B.
    sample : object
        The number K of positions to draw.

    Returns
    -------
    int
        ``sample`` as an int, ``1 <= K <= sample_limit(B)``.

    Raises
    ------
    TypeError
        If ``sample`` is not an integer.
    ValueError
        If it is below 1 or above :func:`sample_limit`; the message says
        which limit (the bound, or memory) and its value.
    """
    sample = check_integer(sample, "the sample (--sample)", least=1)
    limit = sample_limit(bound)
    if sample > limit:
        reason = (
            f"{bound:,} (the store's bound)"
            if limit == bound
            else f"{limit:,} (what the memory this machine can give holds, "
            f"{costs.format_bytes(limit * BYTES_PER_SAMPLE)[len('about ') :]})"
        )
        raise ValueError(f"the sample (--sample) is {sample:,} positions; at most {reason} can be drawn")
    return sample


def draw_sample(bound: int, count: int, seed: int) -> np.ndarray:
    """``count`` positions drawn uniformly from ``1..bound`` (with replacement), sorted.

    Parameters
    ----------
    bound : int
        The largest position, at least 1.
    count : int
        How many, at least 1.
    seed : int
        The seed of :func:`numpy.random.default_rng`.

    Returns
    -------
    numpy.ndarray
        ``int64``, shape ``(count,)``, ascending.
    """
    positions = np.random.default_rng(seed).integers(1, bound, size=count, endpoint=True, dtype=np.int64)
    positions.sort()
    return positions


def check_store(
    path: str | os.PathLike[str],
    sample: int,
    seed: int | None = None,
    *,
    progress: Callable[[float], None] | None = None,
) -> dict[str, Any]:
    """Check ``sample`` positions drawn at random from a finished store against their two children.

    Parameters
    ----------
    path : str or os.PathLike
        A finished Dask store of Put-or-Take-a-Square
        (:func:`solver.store.dask_store.open_store`).
    sample : int
        The number K of positions drawn, ``1 <= K <= sample_limit(B)``.
    seed : int, optional
        The generator's seed, ``0 <= seed < 2**63`` (default: a fresh one,
        returned so that the draw can be repeated).
    progress : callable, optional
        Called with the fraction of the needed chunks read, from 0 to 1.

    Returns
    -------
    dict
        ``store`` (absolute path), ``rule``, ``bound``, ``chunk``,
        ``sample`` (K), ``seed``, ``checked`` (positions checked: K),
        ``faults`` (positions whose code breaks a closure condition),
        ``faulty`` (the first :data:`FAULTS_SHOWN` of them, ascending; a
        position drawn twice counts twice), ``chunks_decoded`` (each
        once), ``bytes_decoded`` (their codes, one byte a position) and
        ``seconds``.

    Raises
    ------
    TypeError
        If ``path`` is not a path, or ``sample`` or ``seed`` is not an integer.
    ValueError
        If ``path`` is not a finished, undamaged store (as
        :func:`~solver.store.dask_store.open_store`), it holds another rule
        than Put-or-Take-a-Square, or ``sample`` or ``seed`` is out of range.
    solver.errors.DaskEngineError
        If a chunk is lost after the store was opened.
    """
    start = time.perf_counter()
    solution: Any = open_store(path)
    bound = solution.bound
    check_rule(solution, path)
    sample = check_sample(bound, sample)
    if seed is None:
        seed = secrets.randbits(63)
    seed = check_integer(seed, "the seed (--seed)", least=0, most=2**63 - 1)
    codes = solution.store_codes
    width = codes.chunk
    positions = draw_sample(bound, sample, seed)
    puts = put_children(positions, bound)
    own = np.empty(sample, np.uint8)
    put = np.zeros(sample, np.uint8)
    small = np.empty(min(bound, 2 * math.isqrt(bound) + 2) + 1, np.uint8)
    starts = np.arange(0, bound + 1, width, dtype=np.int64)
    ends = np.append(starts[1:], bound + 1)
    own_at = np.searchsorted(positions, starts), np.searchsorted(positions, ends)
    put_at = np.searchsorted(puts, starts), np.searchsorted(puts, ends)
    needed = np.flatnonzero((own_at[1] > own_at[0]) | (put_at[1] > put_at[0]) | (starts < small.size))
    for done, c in enumerate(needed.tolist()):
        lo, hi = int(starts[c]), int(ends[c])
        data = codes[lo:hi]  # one chunk, decoded once
        if lo < small.size:
            small[lo : min(hi, small.size)] = data[: min(hi, small.size) - lo]
        a, b = own_at[0][c], own_at[1][c]
        own[a:b] = data[positions[a:b] - lo]
        a, b = put_at[0][c], put_at[1][c]
        put[a:b] = data[puts[a:b] - lo]
        if progress is not None:
            progress((done + 1) / needed.size)
    del puts
    classes, remoteness = check_tables()
    faulty = np.full(FAULTS_SHOWN, -1, np.int64)
    faults = int(check_positions(positions, bound, own, put, small, classes, remoteness, faulty))
    decoded = int(sum(int(ends[c] - starts[c]) for c in needed.tolist()))
    return {
        "store": codes.path,
        "rule": solution.rule.name,
        "bound": bound,
        "chunk": width,
        "sample": sample,
        "seed": seed,
        "checked": sample,
        "faults": faults,
        "faulty": [int(n) for n in faulty[: min(faults, FAULTS_SHOWN)]],
        "chunks_decoded": int(needed.size),
        "bytes_decoded": decoded,
        "seconds": round(time.perf_counter() - start, 3),
    }
