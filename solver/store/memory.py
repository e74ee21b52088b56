"""An explicit, locked in-memory cache of solves in front of the disk store."""

from __future__ import annotations

import contextlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator

from solver.engine.solution import Solution
from solver.games import Rule, get_rule
from solver.validation import check_integer

from . import disk as store
from . import listing

__all__ = ["SolutionCache"]


class SolutionCache:
    """Keep recently used solves open, safe across threads.

    Parameters
    ----------
    capacity : int, optional
        How many solves to keep open (default 8).  Solves come memory-mapped
        from the disk store (:mod:`solver.store`), so an open solve costs
        only the pages that were read.
    memory_bytes : int, optional
        When the disk store cannot be used, solves are held in memory; of
        those, only the newest are kept, up to this many bytes in all
        (default 1 GiB; the newest one is always kept).

    Raises
    ------
    ValueError
        If ``capacity < 1`` or ``memory_bytes < 0``.

    Notes
    -----
    A short lock guards the table of open solves only.  Opening, checking
    or solving a bound happens under that bound's own lock, so two requests
    for the same bound at once solve it once while requests for other
    bounds (an open solve, say) never wait for it; across processes the
    disk store's lock does the same.
    """

    def __init__(self, capacity: int = 8, memory_bytes: int = 2**30) -> None:
        if capacity < 1:
            raise ValueError(f"capacity must be >= 1, got {capacity}")
        if memory_bytes < 0:
            raise ValueError(f"memory_bytes must be >= 0, got {memory_bytes}")
        self._capacity = capacity
        self._memory_bytes = memory_bytes
        # Keys are (rule name, bound).
        self._items: OrderedDict[tuple[str, int], Solution] = OrderedDict()
        self._lock = threading.Lock()
        # (rule, bound) -> [lock held while that bound is opened or solved, users]
        self._loading: dict[tuple[str, int], list] = {}

    def get(
        self,
        bound: int,
        *,
        allow_larger: bool = False,
        progress: Callable[[float], None] | None = None,
        rule: Rule | str | None = None,
    ) -> tuple[Solution, bool]:
        """Return the solve to ``bound`` and whether it came from a cache.

        Parameters
        ----------
        bound : int
            The bound ``B >= 1``.
        allow_larger : bool, optional
            Accept a larger solved bound, open or on disk (labels up to
            ``bound`` are at least as resolved and still sound).
        progress : callable, optional
            Receives the fraction done (float in [0, 1]) when a solve runs.
        rule : Rule or str, optional
            The game (:mod:`solver.games`); default Put-or-Take-a-Square.

        Returns
        -------
        tuple
            ``(Solution, cached)``; ``cached`` is True when no solve ran.

        Raises
        ------
        TypeError, ValueError, BoundTooLargeError
            As :func:`solver.engine.solve`.
        ValueError
            If ``$PTSQ_CACHE_DIR`` is set but empty.

        Warns
        -----
        solver.store.CacheUnavailableWarning
            When the disk store cannot be used; the solve is then held in
            memory (see ``memory_bytes``).
        """
        found_rule = get_rule(rule)
        # Only validated here: store.solve_cached serves what is stored and
        # checks memory (or disk, out of core) before it solves.
        bound = check_integer(bound, "the bound", least=1)
        key = (found_rule.name, bound)
        with self._lock:
            hit = self._lookup(key, allow_larger)
            if hit is not None:
                return hit, True
        with self._loading_lock(key):
            with self._lock:
                # Another request may have opened it while this one waited.
                hit = self._lookup(key, allow_larger)
            if hit is not None:
                return hit, True
            solution, cached = store.solve_cached(bound, allow_larger=allow_larger, progress=progress, rule=found_rule)
            with self._lock:
                self._keep(solution)
            return solution, cached

    def peek(self, bound: int, *, allow_larger: bool = False, rule: Rule | str | None = None) -> Solution | None:
        """Return an open or stored solve without solving (None if there is none).

        Parameters
        ----------
        bound : int
            The bound wanted.
        allow_larger : bool, optional
            Accept a larger solved bound.
        rule : Rule or str, optional
            The game; default Put-or-Take-a-Square.

        Returns
        -------
        Solution or None

        Raises
        ------
        ValueError
            If ``$PTSQ_CACHE_DIR`` is set but empty.
        """
        found_rule = get_rule(rule)
        key = (found_rule.name, bound)
        with self._lock:
            hit = self._lookup(key, allow_larger)
            if hit is not None:
                return hit
        with self._loading_lock(key):
            with self._lock:
                hit = self._lookup(key, allow_larger)
            if hit is not None:
                return hit
            found = listing.find(bound, allow_larger=allow_larger, rule=found_rule)
            if found is not None:
                with self._lock:
                    self._keep(found)
            return found

    @contextlib.contextmanager
    def _loading_lock(self, key: tuple[str, int]) -> Iterator[None]:
        # One lock per (rule, bound) being opened or solved, dropped when no one uses it.
        with self._lock:
            entry = self._loading.setdefault(key, [threading.Lock(), 0])
            entry[1] += 1
        try:
            with entry[0]:
                yield
        finally:
            with self._lock:
                entry[1] -= 1
                if entry[1] == 0:
                    del self._loading[key]

    def _keep(self, solution: Solution) -> None:
        # Caller holds the lock: newest last, the oldest dropped beyond capacity.
        own = (solution.rule.name, solution.bound)
        self._items[own] = solution
        self._items.move_to_end(own)
        while len(self._items) > self._capacity:
            self._items.popitem(last=False)
        # Solves held in memory (the disk store unusable) count against a budget.
        in_memory = [k for k, s in self._items.items() if k != own and not _mapped(s)]
        held = sum(_nbytes(self._items[k]) for k in in_memory) + (0 if _mapped(solution) else _nbytes(solution))
        for key in in_memory:  # oldest first
            if held <= self._memory_bytes:
                break
            held -= _nbytes(self._items.pop(key))

    def _lookup(self, key: tuple[str, int], allow_larger: bool) -> Solution | None:
        if key in self._items:
            self._items.move_to_end(key)
            return self._items[key]
        if allow_larger:
            larger = [k for k in self._items if k[0] == key[0] and k[1] > key[1]]
            if larger:
                return self._items[min(larger)]
        return None

    def clear(self) -> None:
        """Forget every open solve (the disk store is left alone)."""
        with self._lock:
            self._items.clear()


def _mapped(solution: Solution) -> bool:
    return solution.mapped


def _nbytes(solution: Solution) -> int:
    return solution.nbytes
