"""Sound classification of every position up to a bound.

The game graph is infinite, so the solver works on ``0..B`` (the thesis takes
``B = alpha * N``, section 3.2).  Following ``docs/mathematics.md`` section 3 the result
is *sound*: every label it gives is true of the infinite game.

1. Retrograde analysis on ``0..B``: a position is L when every child is a
   known W and W when some child is a known L.  A child above ``B`` is
   unknown, never W or L.  These labels are exact; their bounded remoteness
   is an upper bound on the true one (a child above the bound may turn out
   to give a shorter game: 8637 wins in 11 at bound 34,000 but in 5 at
   34,001).  It is certified exact where a sound lower bound meets it.
2. Certified draws: the unlabelled positions from which no path through
   unlabelled positions leaves the bound (the largest set S whose members'
   children are all in S or known W).
3. Everything else up to ``B`` is U (unresolved).

How it is computed
------------------
The take child of ``n`` is at most ``2 isqrt(n)`` and the put child is about
``2 n``.  With ``M = 2 isqrt(B)``, every take child is ``<= M``.  So:

* the *small game* -- positions ``0..M`` together with their put chains
  ``x, p(x), p(p(x)), ...`` up to ``B`` -- is closed under moves; it has about
  ``M log2(B / M)`` positions and is solved by a queue-based retrograde pass
  over explicit parent lists, followed by a backward search from the
  positions that leave the bound;
* every ``n > M`` then depends only on ``t(n) <= M`` (solved) and
  ``p(n) > n``, so one pass from ``B`` down to ``M + 1`` gives the exact
  label and remoteness of all other positions, without edge lists.  The pass
  runs in blocks ``[lo, hi]`` with ``p(lo) > hi``, and each block is split
  across threads.

Lower bounds on remoteness come from the same equations with every child
that might be L (for a W position) counted: a monotone iteration on the
small game, then the same descending pass.  For an unresolved child the
bound also uses that every proof from it must leave the bound, which takes
at least ``log2(B / n)`` moves because a move at most doubles.

Put chains above ``M`` never merge (the put-parent of a position is unique),
so the small game needs no deduplication.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numba
import numpy as np

from solver import config, costs
from solver.games.family import Rule, get_rule
from solver.validation import check_integer

from . import mapped
from .codes import CODE_D, CODE_U, MAX_REMOTENESS, decode_outcome, decode_packed, encode, pack
from .solution import BoundTooLargeError, Solution

__all__ = [
    "solve",
    "estimate_solve_bytes",
    "check_bound",
    "warm_up",
]


# ---------------------------------------------------------------------------
# Kernels.  They take arrays and scalars only, check nothing and trust their
# callers; the public function :func:`solve` validates and allocates.
# ---------------------------------------------------------------------------


@numba.njit(cache=True, inline="always")
def _isqrt(n):
    # Float root then exact integer correction: exact for 0 <= n < 2**62
    # (solve() refuses larger bounds; (r + 1)**2 would overflow near 2**63).
    r = np.int64(np.sqrt(np.float64(n)))
    while r * r > n:
        r -= 1
    while (r + 1) * (r + 1) <= n:
        r += 1
    return r


@numba.njit(cache=True)
def _count_chain_nodes(bound, m):
    total = 0
    for x in range(1, m + 1):
        r = _isqrt(x)
        c = x + r * r
        if c <= m:
            continue
        while c <= bound:
            total += 1
            r = _isqrt(c)
            c = c + r * r
    return total


@numba.njit(cache=True)
def _build_small_game(bound, m, size, position, take_idx, put_idx):
    """Fill node arrays of the small game (unchecked kernel).

    Nodes ``0..m`` are positions ``0..m``; chain nodes follow.  ``put_idx`` is
    -1 where the put child lies above the bound; node 0 has no children
    (``take_idx[0] = put_idx[0] = -1``).
    """
    for x in range(m + 1):
        position[x] = x
    take_idx[0] = -1
    put_idx[0] = -1
    nxt = m + 1
    for x in range(1, m + 1):
        r = _isqrt(x)
        take_idx[x] = x - r * r
        c = x + r * r
        if c <= m:
            put_idx[x] = c
            continue
        if c > bound:
            put_idx[x] = -1
            continue
        put_idx[x] = nxt
        while c <= bound:
            position[nxt] = c
            r = _isqrt(c)
            take_idx[nxt] = c - r * r
            c = c + r * r
            put_idx[nxt] = nxt + 1 if c <= bound else -1
            nxt += 1
    return nxt


@numba.njit(cache=True)
def _parent_lists(take_idx, put_idx):
    """Parent lists of a small game in CSR form (unchecked kernel).

    ``take_idx`` and ``put_idx`` give each node's two children, a negative
    entry meaning none.  Returns ``(n_parents, parents)``: the parents of
    node ``y`` are ``parents[n_parents[y]:n_parents[y + 1]]``, in node order.
    """
    size = take_idx.shape[0]
    n_parents = np.zeros(size + 1, np.int64)
    for x in range(size):
        if take_idx[x] >= 0:
            n_parents[take_idx[x] + 1] += 1
        if put_idx[x] >= 0:
            n_parents[put_idx[x] + 1] += 1
    for i in range(size):
        n_parents[i + 1] += n_parents[i]
    parents = np.empty(n_parents[size], np.int64)
    fill = n_parents[:size].copy()
    for x in range(size):
        if take_idx[x] >= 0:
            parents[fill[take_idx[x]]] = x
            fill[take_idx[x]] += 1
        if put_idx[x] >= 0:
            parents[fill[put_idx[x]]] = x
            fill[put_idx[x]] += 1
    return n_parents, parents


@numba.njit(cache=True)
def _certify_draws(outcome, escapes, n_parents, parents, queue):
    """Split the unlabelled nodes of a small game into U and certified draws (unchecked kernel).

    ``outcome`` holds the retrograde labels (0 unlabelled).  An unlabelled
    node with a path through unlabelled nodes to one with a move above the
    bound (``escapes[x]``) stays U (0); every other unlabelled node becomes
    D (3): the largest set whose members' children are all in it or known
    W (``docs/mathematics.md`` section 3).  ``queue`` is scratch space of
    the nodes' count.
    """
    size = outcome.shape[0]
    head = 0
    tail = 0
    for x in range(size):
        if outcome[x] == 0 and escapes[x]:
            outcome[x] = 4  # provisional mark: reaches beyond the bound
            queue[tail] = x
            tail += 1
    while head < tail:
        y = queue[head]
        head += 1
        for j in range(n_parents[y], n_parents[y + 1]):
            x = parents[j]
            if outcome[x] == 0:
                outcome[x] = 4
                queue[tail] = x
                tail += 1
    for x in range(size):
        if outcome[x] == 0:
            outcome[x] = 3  # D: certified draw
        elif outcome[x] == 4:
            outcome[x] = 0  # U


@numba.njit(cache=True)
def _solve_small_game(take_idx, put_idx, outcome, remoteness):
    """Retrograde analysis and draw certification on the small game.

    Queue-based: positions leave the queue in order of non-decreasing
    remoteness, so the first L child seen gives a W parent its least
    remoteness and the last W child seen gives an L parent its greatest.
    """
    size = take_idx.shape[0]
    # Every node but 0 has a take child; a put child above the bound is -1.
    n_parents, parents = _parent_lists(take_idx, put_idx)

    # Children still not known to be W; a child above the bound never is.
    pending = np.empty(size, np.int8)
    for x in range(size):
        pending[x] = 2 if put_idx[x] >= 0 else 3
    queue = np.empty(size, np.int64)
    outcome[:] = 0
    remoteness[:] = -1
    outcome[0] = 2  # L: the player to move at 0 has lost
    remoteness[0] = 0
    queue[0] = 0
    head = 0
    tail = 1
    while head < tail:
        y = queue[head]
        head += 1
        for j in range(n_parents[y], n_parents[y + 1]):
            x = parents[j]
            if outcome[x] != 0:
                continue
            if outcome[y] == 2:
                outcome[x] = 1
                remoteness[x] = remoteness[y] + 1
                queue[tail] = x
                tail += 1
            else:
                pending[x] -= 1
                if pending[x] == 0:
                    outcome[x] = 2
                    remoteness[x] = remoteness[y] + 1
                    queue[tail] = x
                    tail += 1

    # U: unlabelled nodes with a path through unlabelled nodes out of the
    # bound (those whose put child is above it); the rest are draws.
    _certify_draws(outcome, put_idx < 0, n_parents, parents, queue)


#: "Impossible" for a lower bound: the position cannot have that outcome.
_IMPOSSIBLE = 32000


@numba.njit(cache=True)
def _small_lower_bounds(position, take_idx, put_idx, outcome, remoteness, lam_w, lam_l, bound, m, cap):
    """Sound lower bounds on true remoteness over the small game (unchecked).

    ``lam_w[x]`` bounds the remoteness ``x`` would have if it is W,
    ``lam_l[x]`` if it is L (``_IMPOSSIBLE`` when it cannot be).  The map

        lam_w(x) = 1 + min(lam_l(children)),  lam_l(x) = 1 + max(lam_w(children))

    turns valid lower bounds into valid lower bounds (the true remoteness
    obeys the same equations with min over the L children only), and it is
    monotone, so iterating it upwards from trivial bounds stays sound at
    every step.  Values are capped at ``cap`` (beyond every upper bound,
    where nothing more is learnt) so the iteration ends.  ``remoteness``
    holds the upper bounds from the retrograde pass.
    """
    size = take_idx.shape[0]
    # For a put child above the bound: its take child, when that is small.
    above_take = np.full(size, -1, np.int64)
    for x in range(1, size):
        if put_idx[x] < 0:
            r = _isqrt(position[x])
            c = position[x] + r * r
            rc = _isqrt(c)
            if c - rc * rc <= m:
                above_take[x] = c - rc * rc
    for x in range(size):
        o = outcome[x]
        if x == 0:
            lam_w[x] = _IMPOSSIBLE
            lam_l[x] = 0
        elif o == 1:
            lam_w[x] = 1
            lam_l[x] = _IMPOSSIBLE
        elif o == 2:
            lam_w[x] = _IMPOSSIBLE
            lam_l[x] = 2
        elif o == 3:
            lam_w[x] = _IMPOSSIBLE
            lam_l[x] = _IMPOSSIBLE
        else:
            lam_w[x] = 1
            lam_l[x] = 2
    changed = True
    while changed:
        changed = False
        for x in range(size - 1, 0, -1):
            o = outcome[x]
            if o == 3:
                continue
            t = take_idx[x]
            p = put_idx[x]
            if p >= 0:
                pw = np.int64(lam_w[p])
                pl = np.int64(lam_l[p])
            else:
                pw = 1
                pl = 2
                if above_take[x] >= 0:
                    pl = max(pl, min(cap, 1 + np.int64(lam_w[above_take[x]])))
            if o == 1 or o == 0:
                v = min(cap, 1 + min(np.int64(lam_l[t]), pl))
                if o == 1:
                    v = min(v, np.int64(remoteness[x]))
                if v > lam_w[x]:
                    lam_w[x] = v
                    changed = True
            if o == 2 or o == 0:
                v = min(cap, 1 + max(np.int64(lam_w[t]), pw))
                if o == 2:
                    v = min(v, np.int64(remoteness[x]))
                if v > lam_l[x]:
                    lam_l[x] = v
                    changed = True
    # Exact where the lower bound meets the upper bound; else store -upper.
    for x in range(1, size):
        o = outcome[x]
        if (o == 1 and lam_w[x] < remoteness[x]) or (o == 2 and lam_l[x] < remoteness[x]):
            remoteness[x] = -remoteness[x]


@numba.njit(cache=True, inline="always")
def _escape_moves(q, bound):
    """Fewest moves from ``q <= bound`` to above the bound (a move at most doubles)."""
    d = 0
    x = q
    while x <= bound:
        x *= 2
        d += 1
    return d


@numba.njit(cache=True, inline="always")
def _lam_l_large(q, bound, codes, lam_w_small, m, cap):
    """Lower bound on the remoteness of ``q > m`` if ``q`` is L."""
    unresolved = True
    if q <= bound:
        c = codes[q]
        oq = decode_outcome(c)
        if oq == 1 or oq == 3:
            return _IMPOSSIBLE
        if oq == 2:
            unresolved = False
            rq = decode_packed(c, False)
            if rq >= 0:
                return np.int64(rq)
    v = np.int64(2)
    r = _isqrt(q)
    tq = q - r * r
    if tq <= m:
        v = max(v, min(cap, 1 + np.int64(lam_w_small[tq])))
    if unresolved and q <= bound:
        # Every proof of a U position leaves the bound (else the bounded
        # analysis would have found it), at depth >= the escape distance.
        v = max(v, 1 + _escape_moves(q, bound))
    return v


@numba.njit(cache=True, inline="always")
def _classify(n, bound, m, codes, small_outcome, small_remoteness, lam_w_small, lam_l_small, cap):
    """Code of position ``n > m`` from its two (already final) children.

    The take child is ``<= m``: its outcome and packed remoteness (``r >= 0``
    exact, ``-r <= -2`` an upper bound ``r``, -1 none) come from the small
    game's arrays.  The put child is above ``n``: its code
    (:mod:`solver.codes`) is in ``codes``.  Lower bounds come from
    ``lam_*_small`` for the take child and from :func:`_lam_l_large` for the
    put child.  Returns the code; the caller stores it.
    """
    r = _isqrt(n)
    t = n - r * r
    p = n + r * r
    ot = small_outcome[t]
    rt = abs(np.int64(small_remoteness[t]))
    if p <= bound:
        cp = codes[p]
        op = decode_outcome(cp)
        packed_p = np.int64(decode_packed(cp, False))
        rp = abs(packed_p)
    else:
        op = -1  # above the bound: unknown and leaves it
        packed_p = np.int64(-1)
        rp = -1
    if ot == 2 or op == 2:
        if ot == 2 and op == 2:
            best = min(rt, rp)
        elif ot == 2:
            best = rt
        else:
            best = rp
        high = best + 1
        low = 1 + min(np.int64(lam_l_small[t]), _lam_l_large(p, bound, codes, lam_w_small, m, cap))
        return encode(1, high, low >= high)
    if ot == 1 and op == 1:
        high = max(rt, rp) + 1
        pw = rp if packed_p >= 0 else 1
        low = 1 + max(np.int64(lam_w_small[t]), pw)
        return encode(2, high, low >= high)
    if op == -1 or ot == 0 or op == 0:
        return CODE_U
    return CODE_D


@numba.njit(cache=True)
def _sweep_block_serial(lo, hi, bound, m, codes, so, sr, lam_w_small, lam_l_small, cap):
    """Label positions ``lo..hi`` on one thread (small pieces)."""
    for n in range(hi, lo - 1, -1):
        codes[n] = _classify(n, bound, m, codes, so, sr, lam_w_small, lam_l_small, cap)


@numba.njit(cache=True, parallel=True)
def _sweep_block(lo, hi, bound, m, codes, so, sr, lam_w_small, lam_l_small, cap, n_chunks):
    """Label positions ``lo..hi``; every put child there is above ``hi``."""
    width = hi - lo + 1
    for c in numba.prange(n_chunks):
        a = lo + (width * c) // n_chunks
        b = lo + (width * (c + 1)) // n_chunks
        for n in range(b - 1, a - 1, -1):
            codes[n] = _classify(n, bound, m, codes, so, sr, lam_w_small, lam_l_small, cap)


@numba.njit(cache=True)
def _block_start(hi):
    """Smallest ``a`` with ``a + isqrt(a)**2 > hi`` (put is increasing)."""
    lo = 1
    top = hi
    while lo < top:
        mid = (lo + top) // 2
        r = _isqrt(mid)
        if mid + r * r > hi:
            top = mid
        else:
            lo = mid + 1
    return lo


#: Positions labelled between two progress reports.
_PROGRESS_STEP = 1 << 24
#: Pieces at least this long are split across threads; waking the threads
#: costs more than it saves on shorter ones.
_PARALLEL_MIN = 1 << 22


class _PageReleaser:
    """Give back the pages of a memory-mapped result behind the sweep.

    A piece ``bottom..top`` writes its own positions and reads their put
    children ``p(bottom)..p(top)``, each read only by this piece (``p`` is
    increasing).  After the piece both ranges go back (:mod:`solver.mapped`):
    what was written stays in the file and the page cache, and comes back
    from there when a later piece reads it as a put child.  So an
    out-of-core solve holds only the piece it works on, and the operating
    system decides what of the file stays in memory.  For an array in
    memory it does nothing.
    """

    def __init__(self, codes: np.ndarray) -> None:
        self.codes = codes
        self.active = mapped.is_mapped(codes)
        self.released = 0  # bytes given back, for the tests

    def after(self, bottom: int, top: int) -> None:
        """Positions ``bottom..top`` are labelled."""
        if not self.active:
            return
        r, s = math.isqrt(bottom), math.isqrt(top)
        self.released += mapped.release(self.codes, bottom, top + 1)
        self.released += mapped.release(self.codes, bottom + r * r, top + s * s + 1)


def _sweep(bound, m, codes, so, sr, lam_w_small, lam_l_small, cap, report, parallel_min=_PARALLEL_MIN) -> None:
    n_chunks = max(1, 4 * numba.get_num_threads())
    pages = _PageReleaser(codes)
    hi = bound
    while hi > m:
        lo = max(int(_block_start(hi)), m + 1)
        # Within a block every put child lies above it, so the block can be
        # cut into pieces in any order; top-down pieces keep memory local.
        top = hi
        while top >= lo:
            bottom = max(lo, top - _PROGRESS_STEP + 1)
            if top - bottom >= parallel_min:
                _sweep_block(bottom, top, bound, m, codes, so, sr, lam_w_small, lam_l_small, cap, n_chunks)
            else:
                _sweep_block_serial(bottom, top, bound, m, codes, so, sr, lam_w_small, lam_l_small, cap)
            report(bound - bottom + 1)
            pages.after(bottom, top)
            top = bottom - 1
        hi = lo - 1


# ---------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------


def _available_memory() -> int:
    # One place measures it (solver.costs); tests replace this name to pretend a small machine.
    return costs.available_memory()


def estimate_solve_bytes(bound: int, rule: Rule | str | None = None, *, on_disk: bool = False) -> int:
    """Estimate the peak memory a solve to ``bound`` needs.

    Parameters
    ----------
    bound : int
        The bound ``B >= 1``.
    rule : Rule or str, optional
        The game (:mod:`solver.family`); default Put-or-Take-a-Square.  The
        other rules' estimate is :func:`solver.generic.estimate_rule_bytes`.
    on_disk : bool, optional
        The result is written to memory-mapped files (an out-of-core solve
        into the cache, Put-or-Take-a-Square only): count only the small game.

    Returns
    -------
    int
        Bytes: the result codes (``config.BYTES_PER_POSITION``, 1 byte per
        position; not with ``on_disk``) plus the small game's node arrays
        (about ``2 isqrt(B) log2 B`` nodes, about 60 bytes each).

    Raises
    ------
    TypeError
        If ``bound`` is not an integer.
    ValueError
        If ``bound < 1``.
    """
    bound = check_integer(bound, "the bound", least=1)
    found = get_rule(rule)
    if not found.is_squares:
        from .family import estimate_rule_bytes

        return estimate_rule_bytes(found, bound)
    # Exact integer arithmetic: the bound may be far beyond int64.
    m = 2 * math.isqrt(bound) + 2
    small = m * max(1, bound.bit_length()) * 60
    return (0 if on_disk else config.BYTES_PER_POSITION * (bound + 1)) + small


def check_bound(bound: int, rule: Rule | str | None = None, *, on_disk: bool = False) -> int:
    """Validate a bound and make sure this machine can solve to it.

    Parameters
    ----------
    bound : int
        The bound ``B``; positions ``0..B`` are classified.
    rule : Rule or str, optional
        The game (:mod:`solver.family`); default Put-or-Take-a-Square.
    on_disk : bool, optional
        The result goes to memory-mapped files, so only the small game must
        fit in memory (Put-or-Take-a-Square; the caller checks the disk, as
        :func:`solver.store.solve_cached` does).

    Returns
    -------
    int
        ``bound`` as a Python int.

    Raises
    ------
    TypeError
        If ``bound`` is not an integer.
    ValueError
        If ``bound < 1``.
    BoundTooLargeError
        If the estimated memory (:func:`estimate_solve_bytes`) exceeds
        ``config.MEMORY_FRACTION`` of the memory available now; the message
        gives both figures.
    """
    bound = check_integer(bound, "the bound", least=1)
    if bound > 2**62:
        need = estimate_solve_bytes(bound)
    else:
        need = estimate_solve_bytes(bound, rule, on_disk=on_disk)
    # Messages go through solver.costs' formatting: a bound of 10**400 must not
    # overflow a float or print 400 digits.
    if bound > 2**62:
        raise BoundTooLargeError(
            f"bound {costs.format_count(bound)} is beyond what this solver can index (2**62) and would need "
            f"{costs.format_bytes(need)} of memory; choose a smaller bound"
        )
    have = int(_available_memory() * config.MEMORY_FRACTION)
    if need > have:
        raise BoundTooLargeError(
            f"bound {costs.format_count(bound)} needs {costs.format_bytes(need)} of memory but only "
            f"{costs.format_bytes(have)[len('about ') :]} can be used here; choose a smaller bound"
        )
    return bound


def _allocate_in_memory(name: str, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    return np.empty(shape, dtype)


def solve(
    bound: int,
    *,
    progress: Callable[[float], None] | None = None,
    allocate: Callable[[str, tuple[int, ...], np.dtype], np.ndarray] | None = None,
    rule: Rule | str | None = None,
    on_disk: bool = False,
    _parallel_min: int = _PARALLEL_MIN,
) -> Solution:
    """Classify every position ``0..bound`` soundly.

    Parameters
    ----------
    bound : int
        The bound ``B >= 1``.  The thesis uses ``B = alpha * N`` with
        ``alpha = 100`` (section 3.2).
    progress : callable, optional
        Called now and then with the fraction done, a float in [0, 1]
        (about every 16 million positions), and with 1.0 at the end.
    allocate : callable, optional
        ``allocate(name, shape, dtype)`` returns the array to write the
        result into (for example a memory-mapped file); default
        ``numpy.empty``.  Put-or-Take-a-Square asks for ``"codes"``
        (``uint8``, one byte per position, :mod:`solver.codes`); other
        rules see :func:`solver.generic.solve_rule`.
    rule : Rule or str, optional
        The game (:mod:`solver.family`); default Put-or-Take-a-Square, solved
        by this module's sweep.  The other rules are solved by
        :func:`solver.generic.solve_rule`.
    on_disk : bool, optional
        ``allocate`` gives memory-mapped files, so the result need not fit
        in memory: the solve runs out of core, the sweep's two fronts (``n``
        and its put child near ``2 n``) moving down the files in order.
        Only the small game is checked against memory.

    Returns
    -------
    Solution
        Outcome (``int8``, shape ``(B + 1,)``) and remoteness (``int16``,
        shape ``(B + 1,)``) of every position; see :class:`Solution`.  For
        Put-or-Take-a-Square it is compact: both decode one ``uint8`` code
        per position (:mod:`solver.codes`), 1 byte per position in memory
        and in the cache.

    Raises
    ------
    TypeError
        If ``bound`` is not an integer.
    ValueError
        If ``bound < 1``.
    BoundTooLargeError
        If the solve would not fit in memory (see :func:`check_bound`).

    Notes
    -----
    W and L labels are those of retrograde analysis on ``0..B`` with
    children above ``B`` unknown; D marks certified draws; all else is U
    (``docs/mathematics.md`` section 3).  Raising the bound never changes a W, L or D
    label or an exact remoteness; it can lower a remoteness that was only an
    upper bound.  Time and memory are linear in ``B``.
    """
    found = get_rule(rule)
    if not found.is_squares:
        from .family import solve_rule

        check_bound(bound, found)
        return solve_rule(found, bound, progress=progress, allocate=allocate)
    bound = check_bound(bound, on_disk=on_disk and allocate is not None)
    report = (lambda done: progress(min(1.0, done / (bound + 1)))) if progress else (lambda done: None)
    allocate = allocate or _allocate_in_memory
    start = time.perf_counter()
    m = min(bound, 2 * int(_isqrt(bound)))
    size = m + 1 + int(_count_chain_nodes(bound, m))
    position = np.empty(size, np.int64)
    take_idx = np.empty(size, np.int64)
    put_idx = np.empty(size, np.int64)
    filled = _build_small_game(bound, m, size, position, take_idx, put_idx)
    assert filled == size
    small_outcome = np.empty(size, np.int8)
    small_remoteness = np.empty(size, np.int16)
    _solve_small_game(take_idx, put_idx, small_outcome, small_remoteness)
    # Lower bounds only matter up to the largest upper bound.  Following the
    # child that sets an upper bound either takes (into the small game) or
    # puts (up one chain, at most bit_length(B) times), so this cap is above
    # every upper bound.  Any cap is sound; a low one only costs precision.
    cap = int(small_remoteness.max()) + bound.bit_length() + 4
    lam_w = np.empty(size, np.int16)
    lam_l = np.empty(size, np.int16)
    _small_lower_bounds(position, take_idx, put_idx, small_outcome, small_remoteness, lam_w, lam_l, bound, m, cap)

    if cap > MAX_REMOTENESS:  # pragma: no cover - far beyond any bound this solver indexes
        raise BoundTooLargeError(
            f"at bound {costs.format_count(bound)} remoteness could exceed {MAX_REMOTENESS}, "
            "more than the one-byte result layout holds; choose a smaller bound"
        )
    codes = allocate("codes", (bound + 1,), np.dtype(np.uint8))
    so = small_outcome[: m + 1].copy()
    sr = small_remoteness[: m + 1].copy()
    pack(so, sr, codes[: m + 1])
    lam_w_small = lam_w[: m + 1].copy()
    lam_l_small = lam_l[: m + 1].copy()
    del position, take_idx, put_idx, small_outcome, small_remoteness, lam_w, lam_l
    report(m + 1)
    _sweep(bound, m, codes, so, sr, lam_w_small, lam_l_small, cap, report, _parallel_min)
    report(bound + 1)
    return Solution.from_codes(bound, codes, time.perf_counter() - start)


def warm_up() -> None:
    """Compile (or load from numba's cache) every kernel with a tiny solve.

    Call it once at start-up so that the first real solve, and the time it
    reports, is not charged for compilation.  Both the one-thread and the
    multi-thread sweep run.
    """
    solve(1_000).tally()
    solve(1_000, _parallel_min=0)
