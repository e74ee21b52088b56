"""An explicit, locked in-memory cache of solves in front of the disk store."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from . import store
from .retrograde import Solution, check_bound

__all__ = ["SolutionCache"]


class SolutionCache:
    """Keep recently used solves open, safe across threads.

    Parameters
    ----------
    capacity : int, optional
        How many solves to keep open (default 8).  Solves come memory-mapped
        from the disk store (:mod:`solver.store`), so an open solve costs
        only the pages that were read.

    Notes
    -----
    One lock guards the cache and the solve itself, so two requests for
    the same bound at once solve it once; across processes the disk store's
    lock does the same.
    """

    def __init__(self, capacity: int = 8) -> None:
        if capacity < 1:
            raise ValueError(f"capacity must be >= 1, got {capacity}")
        self._capacity = capacity
        self._items: OrderedDict[int, Solution] = OrderedDict()
        self._lock = threading.Lock()

    def get(
        self,
        bound: int,
        *,
        allow_larger: bool = False,
        progress: Callable[[float], None] | None = None,
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

        Returns
        -------
        tuple
            ``(Solution, cached)``; ``cached`` is True when no solve ran.

        Raises
        ------
        TypeError, ValueError, BoundTooLargeError
            As :func:`solver.retrograde.solve`.
        OSError
            If the disk store cannot be written.
        """
        bound = check_bound(bound)
        with self._lock:
            hit = self._lookup(bound, allow_larger)
            if hit is not None:
                return hit, True
            solution, cached = store.solve_cached(bound, allow_larger=allow_larger, progress=progress)
            self._keep(solution)
            return solution, cached

    def peek(self, bound: int, *, allow_larger: bool = False) -> Solution | None:
        """Return an open or stored solve without solving (None if there is none).

        Parameters
        ----------
        bound : int
            The bound wanted.
        allow_larger : bool, optional
            Accept a larger solved bound.

        Returns
        -------
        Solution or None
        """
        with self._lock:
            hit = self._lookup(bound, allow_larger)
            if hit is not None:
                return hit
            found = store.find(bound, allow_larger=allow_larger)
            if found is not None:
                self._keep(found)
            return found

    def _keep(self, solution: Solution) -> None:
        # Caller holds the lock: newest last, the oldest dropped beyond capacity.
        self._items[solution.bound] = solution
        self._items.move_to_end(solution.bound)
        while len(self._items) > self._capacity:
            self._items.popitem(last=False)

    def _lookup(self, bound: int, allow_larger: bool) -> Solution | None:
        if bound in self._items:
            self._items.move_to_end(bound)
            return self._items[bound]
        if allow_larger:
            larger = [b for b in self._items if b > bound]
            if larger:
                return self._items[min(larger)]
        return None

    def clear(self) -> None:
        """Forget every open solve (the disk store is left alone)."""
        with self._lock:
            self._items.clear()
