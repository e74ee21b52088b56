"""An explicit, locked in-memory cache of solves keyed by bound."""

from __future__ import annotations

import threading
from collections import OrderedDict

from .retrograde import Solution, solve

__all__ = ["SolutionCache"]


class SolutionCache:
    """Keep the most recently used solves in memory, safe across threads.

    Parameters
    ----------
    capacity : int, optional
        How many solves to keep (default 3).  A solve to bound ``B`` holds
        about ``3 B`` bytes.

    Notes
    -----
    One lock guards the cache and the solve itself, so two requests for
    the same bound at once solve it once.
    """

    def __init__(self, capacity: int = 3) -> None:
        if capacity < 1:
            raise ValueError(f"capacity must be >= 1, got {capacity}")
        self._capacity = capacity
        self._items: OrderedDict[int, Solution] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, bound: int) -> tuple[Solution, bool]:
        """Return the solve to ``bound`` and whether it came from the cache.

        Parameters
        ----------
        bound : int
            The bound ``B >= 1``.

        Returns
        -------
        tuple
            ``(Solution, cached)``; ``cached`` is True when no solve ran.

        Raises
        ------
        TypeError, ValueError, BoundTooLargeError
            As :func:`solver.retrograde.solve`.
        """
        with self._lock:
            if bound in self._items:
                self._items.move_to_end(bound)
                return self._items[bound], True
            # Drop the oldest first so its memory is free for the new solve.
            while len(self._items) >= self._capacity:
                self._items.popitem(last=False)
            solution = solve(bound)
            self._items[bound] = solution
            return solution, False

    def clear(self) -> None:
        """Forget every cached solve."""
        with self._lock:
            self._items.clear()
