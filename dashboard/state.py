"""State the whole page shares on the server: the solve cache and the solve jobs.

One of each per server process, shared by every tab, every callback and every
browser connected to it.  Callbacks read them as ``state.SOLUTIONS`` and
``state.JOBS`` at call time (so a test can swap either with ``monkeypatch``).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time

from solver import RULE_NAMES
from solver.store import SolutionCache, cache_entries

from .jobs import SolveJobs

#: Solves shared by every callback and every browser tab of this server.
SOLUTIONS = SolutionCache(capacity=8)
#: The one queue of background solves (fresh processes started from worker
#: threads, at most ``jobs.MAX_RUNNING`` at once), by bound.
JOBS = SolveJobs()


def open_stored_in_background(delay: float = 3.0, most: int = 4, largest_bytes: int = 2**31) -> threading.Thread:
    """Open the largest stored solves in a low-priority thread after start-up.

    Opening a stored solve checks every byte's checksum first (about 0.4 s
    for a bound of 10**9); done in the background, a later change of N to a
    stored bound finds it open.  Nothing is served before its check passes:
    the thread opens entries through :data:`SOLUTIONS` as a request would,
    and a request for an entry being opened waits for it.

    Parameters
    ----------
    delay : float, optional
        Seconds to wait first, so the first page load goes first.
    most : int, optional
        Entries to open at most (half :data:`SOLUTIONS`'s capacity): the
        rules in the menu's order (the game the page opens with first), each
        rule's largest first.
    largest_bytes : int, optional
        Entries larger than this are left for when they are asked for.

    Returns
    -------
    threading.Thread
        The daemon thread, started.
    """

    def work() -> None:
        with contextlib.suppress(OSError, AttributeError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)  # this thread only (Linux)
        time.sleep(delay)
        try:
            found = [e for e in cache_entries() if e["bytes"] <= largest_bytes]
        except (OSError, ValueError):
            return
        order = {name: k for k, name in enumerate(RULE_NAMES)}
        found.sort(key=lambda e: (order.get(e["rule"], len(order)), -e["bound"]))
        for entry in found[:most]:
            try:
                SOLUTIONS.peek(entry["bound"], rule=entry["rule"])
            except (OSError, ValueError):
                continue

    thread = threading.Thread(target=work, name="open-stored-solves", daemon=True)
    thread.start()
    return thread
