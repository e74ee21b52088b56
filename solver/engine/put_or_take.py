"""The single-process solve of a put-or-take rule: the small game, then one descending sweep.

``docs/mathematics.md`` sections 3.5 and 7.1.  From ``n`` the moves go to
``t(n) = n - f(n)`` and ``p(n) = n + f(n)``, ``f(n)`` the largest member of the
rule's sequence not above ``n``.  With ``M`` the largest take child of a
position up to ``2 B`` (``2 sqrt(2 B)`` for squares, about 300 for primes at
``B = 10**8``):

1. the small game (positions ``0..M`` and their put chains up to ``B``) is
   solved with its edges (:mod:`solver.engine.small_game`);
2. every ``n > M`` depends only on ``t(n) <= M`` and ``p(n) > n``, so one pass
   from ``B`` down to ``M + 1`` labels it (:mod:`solver.engine.sweep`).  The
   pass runs in blocks ``[lo, hi]`` with ``p(lo) > hi``; a block is cut into
   pieces of :data:`_PROGRESS_STEP` positions, and a piece of at least
   :data:`_PARALLEL_MIN` positions is split across every thread.

The result goes straight into one ``uint8`` code per position
(:mod:`solver.engine.codes`).  A rule that is solved at one byte per position
(Put-or-Take-a-Square) rebuilds the lower bounds of put children from their
codes; the others keep a ``uint8`` lower bound per position while they are
solved, which certifies more remoteness values exact.  When the codes are a
memory-mapped file the sweep gives back each piece's pages after it
(:class:`_PageReleaser`), so an out-of-core solve holds a few hundred MB
whatever the bound.

Where the small game would be large (powers of 2 and 3, factorials,
Fibonacci numbers: ``M > B / 4``) the rule is solved by rounds instead
(:mod:`solver.engine.rounds`).
"""

from __future__ import annotations

from collections.abc import Callable

import numba
import numpy as np

from . import mapped
from .kernels import IMPOSSIBLE
from .small_game import SmallGame, take_limit
from .sweep import block_start, sweep_block

__all__ = ["small_game_limit", "sweep_all", "chain_nodes_estimate", "SMALL_GAME_SHARE"]

#: Positions labelled between two progress reports (one piece of a block).
_PROGRESS_STEP = 1 << 24
#: Pieces at least this long are split across threads; waking the threads
#: costs more than it saves on shorter ones.
_PARALLEL_MIN = 1 << 22
#: Use the small game when ``M`` is at most this share of the bound (else rounds).
SMALL_GAME_SHARE = 0.25


def small_game_limit(members: np.ndarray, bound: int) -> int:
    """``M`` for a rule at ``bound``: at least every take child of a position up to ``2 B``, at most ``B``.

    Positions below the first member have no move; they are in the small
    game too.
    """
    first = int(members[0]) if len(members) else bound + 1
    return min(bound, max(int(take_limit(members, 2 * bound)), first - 1))


class _PageReleaser:
    """Give back the pages of a memory-mapped result behind the sweep.

    A piece ``bottom..top`` writes its own positions and reads their put
    children ``p(bottom)..p(top)``, each read only by this piece (``p`` is
    increasing).  After the piece both ranges go back (:mod:`solver.engine.mapped`):
    what was written stays in the file and the page cache, and comes back
    from there when a later piece reads it as a put child.  So an
    out-of-core solve holds only the piece it works on, and the operating
    system decides what of the file stays in memory.  For an array in
    memory it does nothing.
    """

    def __init__(self, codes: np.ndarray, members: np.ndarray) -> None:
        self.codes = codes
        self.members = members
        self.active = mapped.is_mapped(codes)
        self.released = 0  # bytes given back, for the tests

    def _put(self, x: int) -> int:
        return x + int(self.members[np.searchsorted(self.members, x, side="right") - 1])

    def before(self, bottom: int, top: int) -> None:
        """Positions ``bottom..top`` are labelled next: have the file's pages of their put children read ahead.

        Written long before (near ``2 n``), those pages may have left the page
        cache on a machine short of memory; read downwards, they would come
        back a page at a time as the sweep touches them.
        """
        if self.active:
            mapped.prefetch(self.codes, self._put(bottom), self._put(top) + 1)

    def after(self, bottom: int, top: int) -> None:
        """Positions ``bottom..top`` are labelled."""
        if not self.active:
            return
        self.released += mapped.release(self.codes, bottom, top + 1)
        self.released += mapped.release(self.codes, self._put(bottom), self._put(top) + 1)


def sweep_all(
    members: np.ndarray,
    bound: int,
    small: SmallGame,
    codes: np.ndarray,
    lam: np.ndarray,
    report: Callable[[int], None],
    parallel_min: int | None = None,
    written: Callable[[int, int], None] | None = None,
) -> np.ndarray:
    """Label every position ``M + 1..B`` of ``codes`` with the sweep kernel, from ``B`` down.

    Parameters
    ----------
    members : numpy.ndarray
        Shape ``(k,)``, dtype ``int64``: the sequence up to ``2 B``.
    bound : int
        The bound ``B``.
    small : SmallGame
        The solved small game (``codes[:M + 1]`` already holds its codes).
    codes : numpy.ndarray
        Shape ``(B + 1,)``, dtype ``uint8`` (may be memory-mapped).
    lam : numpy.ndarray
        Shape ``(B + 1,)``, dtype ``uint8``, to keep the lower bounds, or
        shape ``(0,)`` to rebuild them from codes.
    report : callable
        Called after each piece with the number of positions labelled so far
        (counting ``0..M``).
    parallel_min : int, optional
        Shortest piece split across threads.
    written : callable, optional
        Called with ``(bottom, top)`` after positions ``bottom..top`` are
        final, before their pages are given back: the pieces tile
        ``M + 1..B`` from the top down (the disk cache takes each piece's
        checksum while it is still in memory).

    Returns
    -------
    numpy.ndarray
        Shape ``(256,)``, ``int64``: how often each code stands at the
        positions ``M + 1..B``, counted piece by piece as the sweep goes.
    """
    m = small.m
    parallel_min = _PARALLEL_MIN if parallel_min is None else parallel_min
    n_chunks = max(1, 4 * numba.get_num_threads())
    counts = np.zeros((n_chunks, 256), np.int64)
    pages = _PageReleaser(codes, members)
    hi = bound
    while hi > m:
        lo = max(int(block_start(hi, members)), m + 1)
        # Within a block every put child lies above it, so the block can be
        # cut into pieces in any order; top-down pieces keep memory local.
        top = hi
        while top >= lo:
            bottom = max(lo, top - _PROGRESS_STEP + 1)
            chunks = n_chunks if top - bottom >= parallel_min else 1
            if bottom > lo:  # the next piece's inputs, read while this one is labelled
                pages.before(max(lo, bottom - _PROGRESS_STEP), bottom - 1)
            elif lo - 1 > m:
                pages.before(max(m + 1, lo - _PROGRESS_STEP), lo - 1)
            sweep_block(bottom, top, bound, members, codes, lam, *small.arrays, small.cap, IMPOSSIBLE, chunks, counts)
            report(bound - bottom + 1)
            if written is not None:
                written(bottom, top)
            pages.after(bottom, top)
            top = bottom - 1
        hi = lo - 1
    return counts.sum(axis=0)


def chain_nodes_estimate(m: int, bound: int) -> int:
    """An upper estimate of the small game's nodes: ``M + (M / 2 + 1) (log2(B / M) + 1)``."""
    m = max(1, m)
    return m + 1 + (m // 2 + 1) * (max(1, bound // m).bit_length() + 1)
