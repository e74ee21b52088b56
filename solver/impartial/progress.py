"""How far a long computation has come, for whoever asks (the command line's progress lines).

A caller wraps the work in :func:`reporting` with a callback; a kernel's
Python loop calls :func:`report` with the fraction done (0 to 1) between its
chunks.  Without a callback, :func:`report` does nothing.  The callback is
kept in a context variable, so threads and requests do not see each other's.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterator

_CALLBACK: contextvars.ContextVar[Callable[[float], None] | None] = contextvars.ContextVar(
    "impartial_progress", default=None
)


@contextlib.contextmanager
def reporting(callback: Callable[[float], None]) -> Iterator[None]:
    """Send the :func:`report` calls of the work inside the block to ``callback``."""
    token = _CALLBACK.set(callback)
    try:
        yield
    finally:
        _CALLBACK.reset(token)


def report(fraction: float) -> None:
    """The work of the current :func:`reporting` block is ``fraction`` done (0 to 1)."""
    callback = _CALLBACK.get()
    if callback is not None:
        callback(min(max(float(fraction), 0.0), 1.0))
