"""Cost estimates of the impartial-game computations, and the refusal of the costly ones.

Private to :mod:`solver.impartial`: every public function that allocates or
loops in proportion to its arguments estimates the work first
(:class:`Cost`) and calls :func:`check_cost`, which raises ``ValueError``
with the estimate and what to reduce when the work is beyond
:data:`MAX_SECONDS` or the memory beyond :data:`MAX_BYTES` or half the memory
available now.
"""

from __future__ import annotations

import dataclasses
import math
import os

__all__ = [
    "MAX_BYTES",
    "MAX_SECONDS",
    "Cost",
    "available_memory",
    "check_cost",
    "format_bytes",
    "format_seconds",
    "within_limits",
]

#: Longest estimated computation accepted, in seconds.
MAX_SECONDS = 60.0
#: Largest estimated memory accepted, in bytes (and never more than half of what is available).
MAX_BYTES = 2 << 30


@dataclasses.dataclass(frozen=True)
class Cost:
    """Estimated cost of one computation.

    Attributes
    ----------
    seconds : float
        Estimated wall-clock seconds on one core of the reference machine
        (the figures of ``benchmarks/impartial_games.py``), numba
        compilation excluded.
    bytes : int
        Estimated peak memory of the arrays, in bytes.
    what : str
        The computation, for messages (``"the Grundy values of 0.77 for heaps 0..100,000"``).
    """

    seconds: float
    bytes: int
    what: str

    def describe(self) -> str:
        """Return ``"about 19 s and about 1.2 MiB of memory"``."""
        return f"{format_seconds(self.seconds)} and {format_bytes(self.bytes)} of memory"


def format_seconds(seconds: float) -> str:
    """Format an estimated duration: ``"under a second"``, ``"about 19 s"``, ``"about 2.5 hours"``."""
    if math.isinf(seconds) or seconds > 1e12:
        return "more than 30,000 years"
    if seconds < 1:
        return "under a second"
    if seconds < 120:
        return f"about {seconds:.0f} s"
    if seconds < 2 * 3600:
        return f"about {seconds / 60:.0f} minutes"
    if seconds < 2 * 86400:
        return f"about {seconds / 3600:.1f} hours"
    return f"about {seconds / 86400:,.0f} days"


def format_bytes(size: int) -> str:
    """Format a byte count: ``"about 1.2 MiB"``; huge counts in scientific notation."""
    if size < 1024:
        return f"about {size:,} bytes"
    for unit, power in (("KiB", 1), ("MiB", 2), ("GiB", 3), ("TiB", 4)):
        if size < 1024 ** (power + 1):
            return f"about {size / 1024**power:,.1f} {unit}"
    return f"about {float(size):.1e} bytes"


def available_memory() -> int:
    """Return the memory available to a new allocation now, in bytes.

    ``MemAvailable`` of ``/proc/meminfo`` (Linux); else the free physical pages
    from ``os.sysconf``; else 8 GiB.
    """
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return 8 << 30


def _memory_limit() -> int:
    return min(MAX_BYTES, available_memory() // 2)


def within_limits(cost: Cost) -> bool:
    """True when ``cost`` is within :data:`MAX_SECONDS` and the memory limit (see :func:`check_cost`)."""
    return cost.seconds <= MAX_SECONDS and cost.bytes <= _memory_limit()


def check_cost(cost: Cost, advice: str) -> None:
    """Raise ``ValueError`` when ``cost`` is beyond the limits.

    Parameters
    ----------
    cost : Cost
        The estimate.
    advice : str
        What to reduce, for the message (``"use n <= 338,000"``).

    Raises
    ------
    ValueError
        If ``cost.seconds > MAX_SECONDS``, ``cost.bytes > MAX_BYTES`` or
        ``cost.bytes`` is more than half the memory available now.  The
        message gives the estimate, the limit and ``advice``.
    """
    memory_limit = _memory_limit()
    if cost.seconds > MAX_SECONDS or cost.bytes > memory_limit:
        raise ValueError(
            f"{cost.what} would take {cost.describe()}, beyond the limit of "
            f"{MAX_SECONDS:.0f} s and {format_bytes(memory_limit)}; {advice}"
        )
