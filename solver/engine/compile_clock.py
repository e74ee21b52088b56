"""How long numba has spent compiling in this process: the part of a solve's time that is not solving.

A kernel compiles at its first call on a machine (numba keeps it on disk
after, ``cache=True``), and a solve that calls it waits for it: on a fresh
install the first solve of the page's default view took a minute, nearly
all of it compiling (``docs/performance-page.md``, "First launch").  The time a
solve reports leaves that out: :func:`solve_clock` starts a clock that
counts the seconds since it started less the seconds numba spent compiling
meanwhile, in any thread (numba compiles one function at a time, under one
lock, so a solve whose kernel another thread is compiling waits for it).

Numba's ``numba:compile`` events come only for a real compilation, never
for a kernel loaded from its cache.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from numba.core import event

__all__ = ["compile_seconds", "solve_clock"]


class _Clock(event.Listener):
    """The wall seconds during which some thread had a numba compilation open."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.depth: dict[int, int] = {}  # thread id -> compilations open in it (nested ones count)
        self.total = 0.0
        self.since: float | None = None  # when the threads with one open went from none to some

    def on_start(self, ev) -> None:
        with self.lock:
            thread = threading.get_ident()
            if not self.depth:
                self.since = time.perf_counter()
            self.depth[thread] = self.depth.get(thread, 0) + 1

    def on_end(self, ev) -> None:
        with self.lock:
            thread = threading.get_ident()
            left = self.depth.get(thread, 0) - 1
            if left > 0:
                self.depth[thread] = left
                return
            self.depth.pop(thread, None)
            if not self.depth and self.since is not None:
                self.total += time.perf_counter() - self.since
                self.since = None

    def seconds(self) -> float:
        with self.lock:
            open_now = 0.0 if self.since is None else time.perf_counter() - self.since
            return self.total + open_now


_CLOCK = _Clock()
event.register("numba:compile", _CLOCK)


def compile_seconds() -> float:
    """Wall seconds so far during which numba was compiling, in any thread of this process.

    Returns
    -------
    float
        Non-decreasing; 0.0 in a process that has loaded every kernel from
        numba's cache.
    """
    return _CLOCK.seconds()


def solve_clock() -> Callable[[], float]:
    """Start a clock of solving time: wall seconds since now, less numba's compiling meanwhile.

    Returns
    -------
    callable
        Returns the seconds so far, at least 0.0.
    """
    start, compiled = time.perf_counter(), compile_seconds()

    def elapsed() -> float:
        return max(0.0, time.perf_counter() - start - (compile_seconds() - compiled))

    return elapsed
