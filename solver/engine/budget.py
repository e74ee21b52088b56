"""What this machine can give a solve now, and the one check of a need against it.

Every memory check of the solver goes through :func:`available_memory` (tests
replace it to pretend a small machine) and :func:`check_memory`.
"""

from __future__ import annotations

import os

from .. import config
from ..errors import BoundTooLargeError
from ..text import format_bytes

__all__ = ["available_memory", "usable_memory", "check_memory"]


def available_memory() -> int:
    """Return the memory available to a new allocation now, in bytes.

    Returns
    -------
    int
        ``MemAvailable`` of ``/proc/meminfo`` (Linux); else the free physical
        pages from ``os.sysconf``; else 8 GiB.
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


def usable_memory() -> int:
    """The bytes a solve may use now: ``config.MEMORY_FRACTION`` of :func:`available_memory`."""
    return int(available_memory() * config.MEMORY_FRACTION)


def check_memory(need: int, what: str) -> None:
    """Refuse work whose estimated memory is more than a solve may use now.

    Parameters
    ----------
    need : int
        Estimated peak memory in bytes (any size).
    what : str
        The work, as it starts a sentence: ``"bound 1,000,000"``.

    Raises
    ------
    BoundTooLargeError
        If ``need`` exceeds :func:`usable_memory`; the message gives both
        figures and says to choose a smaller bound.
    """
    have = usable_memory()
    if need > have:
        raise BoundTooLargeError(
            f"{what} needs {format_bytes(need)} of memory but only "
            f"{format_bytes(have)[len('about ') :]} can be used here; choose a smaller bound"
        )
