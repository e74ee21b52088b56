"""Every exception and warning the solver raises, in one place.

Bad input is a :class:`ValueError` (or a :class:`TypeError` for a value of the
wrong type, from :func:`solver.validation.check_integer`), and its message
says what to fix: the quantity, the range allowed, the estimate that was too
large.  The classes below are the ones callers may want to tell apart.

===========================  ==============  ============================================
class                        base            raised when
===========================  ==============  ============================================
:class:`BoundTooLargeError`  ValueError      a bound needs more memory (or disk) than
                                             this machine can give, or more than the
                                             solver can index
:class:`WorkTooLargeError`   ValueError      a request's estimated time or memory is
                                             beyond the limit (:mod:`solver.costs`)
:class:`GameOverError`       ValueError      a move is asked for after the game ended
:class:`NotApplicableError`  ValueError      a command or view is asked of a game it does
                                             not apply to (the message says why)
:class:`CacheUnavailableError` OSError       the cache directory cannot be created or
                                             written
:class:`DaskEngineError`     RuntimeError    a Dask solve failed after it started (a
                                             task raised, a worker died), or a store
                                             lost a chunk
:class:`CertificateError`    RuntimeError    a draw certificate failed its closure
                                             check (a bug, never bad input)
===========================  ==============  ============================================

:class:`CacheUnavailableWarning` is warned when the disk cache cannot be used
and a solve runs in memory instead.
"""

from __future__ import annotations

__all__ = [
    "BoundTooLargeError",
    "WorkTooLargeError",
    "GameOverError",
    "NotApplicableError",
    "CacheUnavailableError",
    "CacheUnavailableWarning",
    "DaskEngineError",
    "CertificateError",
]


class BoundTooLargeError(ValueError):
    """The bound asked for needs more memory than this machine can give."""


class WorkTooLargeError(ValueError):
    """A request whose estimated time or memory is beyond what is allowed here.

    The message gives the estimate, the limit and what to reduce.
    """


class GameOverError(ValueError):
    """A move was asked for after the game ended."""


class NotApplicableError(ValueError):
    """A command or view was asked of a game it does not apply to; the message says why.

    For example ``solve`` (a loopy game solved to a bound) asked of Wythoff's
    game, which is finite and needs no bound, or the Grundy values of one
    heap asked of a game whose positions are pairs.
    """


class CacheUnavailableError(OSError):
    """The cache directory cannot be created or written."""


class CacheUnavailableWarning(RuntimeWarning):
    """The disk cache cannot be used, so a solve runs in memory and is not kept."""


class DaskEngineError(RuntimeError):
    """A Dask solve failed after it started (a task raised, a worker died), or a store lost a chunk."""


class CertificateError(RuntimeError):
    """A draw certificate failed its closure check (a bug, never bad input)."""
