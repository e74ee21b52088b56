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
memory-mapped file the sweep labels each piece in a buffer, reading its put
children from the file and writing the buffer to the file in threads beside
the sweep (:class:`_FileWriter`), so an out-of-core solve holds a few hundred
MB whatever the bound and never faults the file's pages in.

Where the small game would be large (powers of 2 and 3, factorials,
Fibonacci numbers: ``M > B / 4``) the rule is solved by rounds instead
(:mod:`solver.engine.rounds`).
"""

from __future__ import annotations

import collections
import concurrent.futures
import errno
import os
from collections.abc import Callable

import numba
import numpy as np

from . import mapped
from .kernels import IMPOSSIBLE
from .small_game import SmallGame, take_limit
from .sweep import sweep_block
from .sweep_numpy import NUMPY_SWEEP_MAX, block_start_numpy, take_limit_numpy

__all__ = ["small_game_limit", "sweep_all", "chain_nodes_estimate", "SMALL_GAME_SHARE"]

#: Positions labelled between two progress reports (one piece of a block).
_PROGRESS_STEP = 1 << 24
#: Pieces at least this long are split across threads; waking the threads
#: costs more than it saves on shorter ones.
_PARALLEL_MIN = 1 << 22
#: Pieces an out-of-core sweep has labelled and not yet written (:class:`_FileWriter`).
_WRITES_QUEUED = 4
#: Threads that write the pieces, and threads that read their put children: this machine's disk took
#: 4 GiB in 16 MiB direct writes in 3.8 s from one writer and in 2.5 s from two (2026-11-28).
_WRITERS = 2
_READERS = 2
#: Pieces whose put children an out-of-core sweep reads ahead of the one it labels.
_READS_AHEAD = 2
#: Use the small game when ``M`` is at most this share of the bound (else rounds).
SMALL_GAME_SHARE = 0.25


def small_game_limit(members: np.ndarray, bound: int) -> int:
    """``M`` for a rule at ``bound``: at least every take child of a position up to ``2 B``, at most ``B``.

    Positions below the first member have no move; they are in the small
    game too.
    """
    first = int(members[0]) if len(members) else bound + 1
    # Up to the page's default bound in numpy (no kernel to compile on a fresh install; the same M).
    found = take_limit_numpy(members, 2 * bound) if bound <= NUMPY_SWEEP_MAX else int(take_limit(members, 2 * bound))
    return min(bound, max(found, first - 1))


def _put(members: np.ndarray, x: int) -> int:
    """The put child ``x + f(x)`` of ``x`` (at least the first member)."""
    return x + int(members[np.searchsorted(members, x, side="right") - 1])


#: Runs of put children closer than this are read as one (:func:`_put_runs`).
_RUN_GAP = 1 << 16


def _put_runs(members: np.ndarray, bottom: int, top: int, bound: int) -> list[tuple[int, int]]:
    """The ranges ``(lo, hi)`` of the put children ``x + f(x) <= B`` of ``bottom <= x <= top``, ascending.

    The positions ``x`` with one member ``s = f(x)`` have the put children
    ``x + s``, one range; between two ranges lie positions that are no put
    child of the piece (as many as the ranges are long, for squares).  Ranges
    closer than :data:`_RUN_GAP` are joined.  An out-of-core sweep reads only
    these (:meth:`_FileWriter.read`): half of its reading, for squares.
    """
    runs: list[tuple[int, int]] = []
    i = max(0, int(np.searchsorted(members, bottom, side="right")) - 1)
    while i < len(members) and int(members[i]) <= top:
        s = int(members[i])
        lo = max(bottom, s)
        hi = top if i + 1 == len(members) else min(top, int(members[i + 1]) - 1)
        p_lo, p_hi = lo + s, min(bound, hi + s)
        if lo <= hi and p_lo <= p_hi:
            if runs and p_lo - runs[-1][1] <= _RUN_GAP:
                runs[-1] = (runs[-1][0], p_hi)
            else:
                runs.append((p_lo, p_hi))
        i += 1
    return runs


def _pieces(members: np.ndarray, bound: int, m: int) -> list[tuple[int, int, bool]]:
    """The pieces ``(bottom, top, first)`` of the sweep in their order; ``first``: the first piece of a block.

    The blocks ``lo..hi`` (:func:`~solver.engine.sweep.block_start`, here
    :func:`~solver.engine.sweep_numpy.block_start_numpy`: no kernel to compile) go from
    the top down; a block has every put child above ``hi``, so its pieces of
    at most :data:`_PROGRESS_STEP` positions can be labelled in any order.
    They go upwards: an out-of-core solve then writes its file upwards within
    a block, which the disk takes about twice as fast as downwards.
    """
    pieces = []
    hi = bound
    while hi > m:
        lo = max(block_start_numpy(hi, members), m + 1)
        for bottom in range(lo, hi + 1, _PROGRESS_STEP):
            pieces.append((bottom, min(hi, bottom + _PROGRESS_STEP - 1), bottom == lo))
        hi = lo - 1
    return pieces


def _io_error(exc: OSError, what: str) -> OSError:
    """An ``OSError`` that reads "``what``: the reason", with ``exc``'s ``errno``."""
    error = OSError(f"{what}: {exc.strerror or exc}")
    error.errno = exc.errno
    return error


class _FileWriter:
    """Write the sweep's pieces to the result's file, and read their put children, in threads beside the sweep.

    An out-of-core solve (``codes`` a memory-mapped file) labels each piece
    in a buffer of its own, reading its put children with ``pread``, and
    hands the buffer to this writer: the kernel copies it into the page cache
    and writes it back to the disk while the sweep labels the next piece.
    Reading and writing through the mapping instead cost a page fault a
    page: a cold 10**10 solve spent 16-19 s of system time and 62-66 s of
    user time that way, 11-13 s and 41-50 s this way (2026-11-27).  At most
    :data:`_WRITES_QUEUED` buffers wait, written by :data:`_WRITERS` threads
    (the disk takes two writes at a time faster than one), so memory stays a
    few pieces.  :data:`_READERS` more threads read the put children of the
    next :data:`_READS_AHEAD` pieces while the sweep labels this one
    (:meth:`read_later`), each read once the writes of what it reads are done
    (:meth:`wait_written`); the buffers are used again piece after piece.

    Where the file system allows it the whole pages of each piece are written,
    and the put children read, with direct I/O (:func:`mapped.write_pages`,
    :func:`mapped.read_pages`): copying 10 GB into the page cache cost a cold
    10**10 solve 14.8 s of the writer thread's system time (2026-11-28).  The
    buffers start on a page boundary less the piece's offset in its page, so
    that the piece's whole pages lie on page boundaries in memory too.
    """

    def __init__(self, codes: np.ndarray, written: Callable[[int, int, np.ndarray], None] | None) -> None:
        assert isinstance(codes, np.memmap) and codes.filename is not None
        self.path = str(codes.filename)
        self.fd = os.open(self.path, os.O_RDWR | os.O_CLOEXEC)
        self.direct = self.direct_fd = mapped.open_direct(str(codes.filename))
        self.offset = int(codes.offset)
        self.written = written
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=_WRITERS, thread_name_prefix="sweep-write")
        self.reader = concurrent.futures.ThreadPoolExecutor(max_workers=_READERS, thread_name_prefix="sweep-read")
        # The writes handed over and not yet known done: (bottom, top, future), oldest first.
        self.queued: collections.deque[tuple[int, int, concurrent.futures.Future]] = collections.deque()
        # Buffers used again piece after piece: a fresh 16 MB buffer a piece
        # cost its page faults (30 GB of them at 10**10), in system time.
        self.outs = [np.empty(0, np.uint8) for _ in range(_WRITES_QUEUED + 1)]
        self.ins = [np.empty(0, np.uint8) for _ in range(_READS_AHEAD + 1)]
        self.direct_bytes = 0
        self.n_out = 0
        self.n_in = 0

    def out_buffer(self, size: int) -> np.ndarray:
        """A buffer of ``size`` codes no write still holds (one of :data:`_WRITES_QUEUED` + 1 in turn)."""
        return self.out_buffer_at(0, size)

    def out_buffer_at(self, bottom: int, size: int) -> np.ndarray:
        """:meth:`out_buffer` for positions ``bottom..bottom + size - 1``: their whole pages on page boundaries."""
        k = self.n_out % len(self.outs)
        self.n_out += 1
        lead = (self.offset + bottom) % mapped.PAGE
        if self.outs[k].size < lead + size:
            self.outs[k] = mapped.aligned_buffer(size + 2 * mapped.PAGE)
        return self.outs[k][lead : lead + size]

    def read_later(self, first: int, last: int, runs: list[tuple[int, int]] | None = None) -> concurrent.futures.Future:
        """Start reading positions ``first..last`` in a thread; its result is the codes.

        The positions must be handed over already (:meth:`write`); the writes
        of them still under way are waited for first (:meth:`wait_written`).
        :data:`_READS_AHEAD` + 1 input buffers are used in turn, so the caller
        takes each result before it asks for the :data:`_READS_AHEAD` + 1-th
        read after it.  ``runs``: see :meth:`read`.
        """
        self.wait_written(first, last)
        k = self.n_in % len(self.ins)
        self.n_in += 1
        size = max(0, last - first + 1)
        if self.ins[k].size < size + 2 * mapped.PAGE:
            self.ins[k] = mapped.aligned_buffer(size + 2 * mapped.PAGE)
        return self.reader.submit(self._read, first, last, self.ins[k], runs)

    def _read(self, first: int, last: int, buffer: np.ndarray, runs: list[tuple[int, int]] | None) -> np.ndarray:
        try:
            return self.read(first, last, buffer, runs)
        except OSError as exc:
            raise _io_error(exc, f"cannot read positions {first:,}..{last:,} of {self.path}") from exc

    def read(
        self, first: int, last: int, buffer: np.ndarray | None = None, runs: list[tuple[int, int]] | None = None
    ) -> np.ndarray:
        """Positions ``first..last`` from the file (written before: wait for :meth:`drain` first).

        ``buffer``, when given, is one of :func:`mapped.aligned_buffer` with
        room for the positions' pages and a page more at either end; the codes
        are a view of it.  ``runs``, when given, are the ranges ``(lo, hi)``
        of positions that are wanted (:func:`_put_runs`); with direct I/O only
        their pages are read, and the other codes of the result are not
        those of the file.
        """
        size = max(0, last - first + 1)
        if self.direct is not None:
            scratch = buffer if buffer is not None else mapped.aligned_buffer(size + 2 * mapped.PAGE)
            try:
                ranges = None if runs is None else [(self.offset + lo, self.offset + hi + 1) for lo, hi in runs]
                return mapped.read_pages(self.direct, self.offset + first, size, scratch, ranges)
            except OSError as exc:
                if exc.errno != errno.EINVAL:
                    raise
                self._no_direct()
        buffer = np.empty(size, np.uint8) if buffer is None else buffer[:size]
        view, done = buffer.data, 0
        while done < buffer.size:
            got = os.preadv(self.fd, [view[done:]], self.offset + first + done)
            if got <= 0:
                raise OSError(f"the result's file ended at position {first + done}")
            done += got
        return buffer

    def read_ahead(self, first: int, last: int) -> None:
        """Ask the kernel to read positions ``first..last`` into the page cache while the sweep goes on.

        Written long before (near ``2 n``), they may have left the page cache
        on a machine short of memory.  With direct I/O the page cache is not
        used: nothing is asked.
        """
        if first <= last and self.direct is None:
            os.posix_fadvise(self.fd, self.offset + first, last - first + 1, os.POSIX_FADV_WILLNEED)

    def _no_direct(self) -> None:
        """Go on through the page cache: the file system refused direct I/O's alignment (closed in :meth:`close`)."""
        self.direct = None

    def _write(self, buffer: np.ndarray, bottom: int, top: int) -> None:
        try:
            self._write_pages(buffer, bottom)
        except OSError as exc:
            raise _io_error(exc, f"cannot write positions {bottom:,}..{top:,} to {self.path}") from exc
        if self.written is not None:
            self.written(bottom, top, buffer)

    def _write_pages(self, buffer: np.ndarray, bottom: int) -> None:
        done = 0
        if self.direct is not None:
            try:
                done = mapped.write_pages(self.direct, self.fd, buffer, self.offset + bottom)
                self.direct_bytes += done
            except OSError as exc:
                if exc.errno != errno.EINVAL:
                    raise
                self._no_direct()
        if self.direct is None:
            view, done = buffer.data, 0
            while done < buffer.size:
                done += os.pwrite(self.fd, view[done:], self.offset + bottom + done)
        if done < buffer.size:  # what went through the page cache
            mapped.start_writeback(self.fd, self.offset + bottom, buffer.size)

    def write(self, buffer: np.ndarray, bottom: int, top: int) -> None:
        """Write positions ``bottom..top`` (``buffer``) in the background (:data:`_WRITERS` threads, any order).

        Waits while :data:`_WRITES_QUEUED` pieces are still being written,
        oldest first, and raises what their writes raised.
        """
        while len(self.queued) >= _WRITES_QUEUED:
            self.queued.popleft()[2].result()
        self.queued.append((bottom, top, self.pool.submit(self._write, buffer, bottom, top)))

    def wait_written(self, first: int, last: int) -> None:
        """Wait until every piece handed over that holds a position of ``first..last`` is written (raises its error)."""
        for bottom, top, future in list(self.queued):
            if bottom <= last and first <= top:
                future.result()

    def drain(self) -> None:
        """Wait until every piece handed over is written (raises what a write raised)."""
        while self.queued:
            self.queued.popleft()[2].result()

    def close(self) -> None:
        """Stop the threads (what is still queued is dropped: after an error) and close the file."""
        self.pool.shutdown(cancel_futures=True)
        self.reader.shutdown(cancel_futures=True)
        if self.direct_fd is not None:
            os.close(self.direct_fd)
        os.close(self.fd)


def sweep_all(
    members: np.ndarray,
    bound: int,
    small: SmallGame,
    codes: np.ndarray,
    lam: np.ndarray,
    report: Callable[[int], None],
    parallel_min: int | None = None,
    written: Callable[[int, int, np.ndarray], None] | None = None,
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
        Shape ``(B + 1,)``, dtype ``uint8``: in memory, or a memory-mapped
        file (then written piece by piece through the file, :class:`_FileWriter`).
    lam : numpy.ndarray
        Shape ``(B + 1,)``, dtype ``uint8``, to keep the lower bounds, or
        shape ``(0,)`` to rebuild them from codes.
    report : callable
        Called after each piece with the number of positions labelled so far
        (counting ``0..M``).
    parallel_min : int, optional
        Shortest piece split across threads.
    written : callable, optional
        Called with ``(bottom, top, piece)`` once positions ``bottom..top``
        are final in ``codes``, ``piece`` their codes (to be read before it
        returns): the pieces tile ``M + 1..B`` (the disk cache takes each
        piece's checksum).  Out of core it is called from the writing
        threads, two pieces at a time and not in order.

    Returns
    -------
    numpy.ndarray
        Shape ``(256,)``, ``int64``: how often each code stands at the
        positions ``M + 1..B``, counted piece by piece as the sweep goes.

    Raises
    ------
    OSError
        If the result's file cannot be read or written: the message names
        the positions and the file (the writes and reads still under way are
        waited for, the rest dropped).
    """
    parallel_min = _PARALLEL_MIN if parallel_min is None else parallel_min
    n_chunks = max(1, 4 * numba.get_num_threads())
    counts = np.zeros((n_chunks, 256), np.int64)
    kept = lam.shape[0] > 0
    arrays = (*small.arrays, small.cap, IMPOSSIBLE)
    writer = _FileWriter(codes, written) if mapped.is_mapped(codes) else None
    pieces = _pieces(members, bound, small.m)
    done = small.m + 1

    def inputs(piece: tuple[int, int, bool]) -> tuple[int, int, list[tuple[int, int]]]:
        return _put(members, piece[0]), min(bound, _put(members, piece[1])), _put_runs(members, *piece[:2], bound)

    try:
        reads: collections.deque[concurrent.futures.Future] = collections.deque()  # pieces asked..k + ahead
        asked = 0  # the pieces whose put children are being read, or were: 0..asked - 1
        block_lo = block_hi = 0  # this piece's block
        for k, (bottom, top, first) in enumerate(pieces):
            chunks = n_chunks if top - bottom >= parallel_min else 1
            if writer is None:
                sweep_block(bottom, top, bound, members, codes, 0, codes, 0, lam, lam, *arrays, chunks, counts)
                if written is not None:
                    written(bottom, top, codes[bottom : top + 1])
            else:
                if first:
                    block_lo, block_hi = bottom, _block_top(pieces, k)
                p_first, p_last, _ = inputs((bottom, top, first))
                if asked == k:  # every piece above it is handed over now
                    reads.append(writer.read_later(*inputs((bottom, top, first))))
                    asked += 1
                inp = reads.popleft().result()
                # Read ahead, while this piece is swept, the put children of the
                # next pieces whose put children are all handed over to the
                # writer: those of this block (above it), and those of the
                # next block that lie in this block's pieces below this one.
                while asked < min(len(pieces), k + 1 + _READS_AHEAD):
                    first_in, last_in, runs_in = inputs(pieces[asked])
                    if not (first_in > block_hi or (block_lo <= first_in and last_in < bottom)):
                        break
                    reads.append(writer.read_later(first_in, last_in, runs_in))
                    asked += 1
                if asked == k + 1 and k + 1 < len(pieces):  # the next piece, asked of the kernel ahead
                    writer.read_ahead(*inputs(pieces[k + 1])[:2])
                out = writer.out_buffer_at(bottom, top - bottom + 1)
                lam_out = lam[bottom : top + 1] if kept else lam
                lam_in = lam[p_first : p_last + 1] if kept else lam
                sweep_block(
                    bottom, top, bound, members, out, bottom, inp, p_first, lam_out, lam_in, *arrays, chunks, counts
                )
                writer.write(out, bottom, top)
            done += top - bottom + 1
            report(done)
        if writer is not None:
            writer.drain()
    finally:
        if writer is not None:
            writer.close()
    return counts.sum(axis=0)


def _block_top(pieces: list[tuple[int, int, bool]], k: int) -> int:
    """The top of the block whose first piece is ``pieces[k]`` (:func:`_pieces`)."""
    while k + 1 < len(pieces) and not pieces[k + 1][2]:
        k += 1
    return pieces[k][1]


def chain_nodes_estimate(m: int, bound: int) -> int:
    """An upper estimate of the small game's nodes: ``M + (M / 2 + 1) (log2(B / M) + 1)``."""
    m = max(1, m)
    return m + 1 + (m // 2 + 1) * (max(1, bound // m).bit_length() + 1)
