"""The one check of the setup the page's views share: ``{"n", "alpha", "bound"}``.

The setup travels through the browser (a ``dcc.Store``), so whatever comes
back may have been edited by the client.  Every callback that reads a setup
store passes it through :func:`validated_setup`, which checks ``n`` and
``alpha`` and derives the bound itself: a client's ``bound`` is never
believed.  :func:`setup_solution` then opens the solve, and solves inside the
request only bounds up to :data:`INLINE_BOUND`; larger ones must have been
solved already (by a background job, :mod:`dashboard.jobs`).
"""

from __future__ import annotations

from solver.retrograde import check_bound
from solver.solution import Solution
from solver.validation import check_integer

from . import state
from .defaults import ALPHA_MAX, N_MAX

__all__ = ["INLINE_BOUND", "SETUP_KEYS", "NotSolvedError", "setup_solution", "validated_setup"]

#: Bounds solved inside a request (under about a second on a 2-core machine);
#: larger ones are solved by a background job in a fresh process.
INLINE_BOUND = 20_000_000

#: The keys of a setup, and the only ones it may have.
SETUP_KEYS = ("n", "alpha", "bound")


class NotSolvedError(ValueError):
    """A bound above :data:`INLINE_BOUND` that is not solved yet (a ``ValueError``)."""


def validated_setup(data: object) -> dict[str, int]:
    """Check a setup that came from the page and derive its bound.

    Parameters
    ----------
    data : object
        What the setup store held: a dict with integer ``n``
        (``1..N_MAX``) and ``alpha`` (``1..ALPHA_MAX``), and optionally
        ``bound``, which must then equal ``alpha * n``.  Any other key, a
        float, a bool, a string or None is refused.

    Returns
    -------
    dict
        ``{"n": int, "alpha": int, "bound": int}`` with ``bound = alpha * n``
        computed here and checked against this machine's memory
        (:func:`solver.retrograde.check_bound`).

    Raises
    ------
    ValueError
        With a message saying what to fix, for every kind of bad input
        (type errors included, so callers catch one exception).
        :class:`solver.solution.BoundTooLargeError` (a ``ValueError``) when
        the bound does not fit in memory.
    """
    if not isinstance(data, dict):
        raise ValueError("no valid setup: fix the highlighted N or alpha above")
    extra = sorted(str(key)[:40] for key in data if key not in SETUP_KEYS)
    if extra:
        raise ValueError(f"the setup has unknown keys ({', '.join(extra)}): reload the page")
    missing = [key for key in ("n", "alpha") if key not in data]
    if missing:
        raise ValueError(f"the setup has no {' and no '.join(missing)}: set N and alpha with the controls above")
    try:
        n = check_integer(data.get("n"), "N", least=1, most=N_MAX)
        alpha = check_integer(data.get("alpha"), "alpha", least=1, most=ALPHA_MAX)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{_short(str(exc))}: set N and alpha with the controls above") from None
    bound = alpha * n
    if "bound" in data:
        claimed = data["bound"]
        if isinstance(claimed, bool) or not isinstance(claimed, int) or claimed != bound:
            raise ValueError(
                f"the setup's bound does not equal alpha x N = {bound:,}: set N and alpha with the controls above"
            )
    bound = check_bound(bound)
    return {"n": n, "alpha": alpha, "bound": bound}


def setup_solution(setup: object) -> tuple[Solution, bool]:
    """Open the solve of a setup, solving inside the request only small bounds.

    Parameters
    ----------
    setup : object
        A setup; it is checked with :func:`validated_setup` first.

    Returns
    -------
    tuple
        ``(Solution, cached)`` from :data:`dashboard.state.SOLUTIONS`, at
        exactly ``bound = alpha * n``; ``cached`` is True when no solve ran.

    Raises
    ------
    NotSolvedError
        If the bound is above :data:`INLINE_BOUND` and not solved yet (the
        page solves it with a background job first).
    ValueError
        If the setup is invalid (see :func:`validated_setup`).
    """
    bound = validated_setup(setup)["bound"]
    if bound > INLINE_BOUND:
        found = state.SOLUTIONS.peek(bound)
        if found is None:
            raise NotSolvedError(
                f"bound {bound:,} is not solved yet; it is solved in the background when you choose this N and alpha"
            )
        return found, True
    return state.SOLUTIONS.get(bound)


def _short(text: str, most: int = 120) -> str:
    """Cut a message that echoes a huge value."""
    return text if len(text) <= most else text[: most - 1] + "…"
