"""The one check of the setup the page's views share: ``{"n", "alpha", "bound", "rule"}``.

The setup travels through the browser (a ``dcc.Store``), so whatever comes
back may have been edited by the client.  Every callback that reads a setup
store passes it through :func:`validated_setup`, which checks ``n`` and
``alpha`` and derives the bound itself: a client's ``bound`` is never
believed.  :func:`setup_solution` then opens the solve, and solves inside the
request only bounds up to :data:`INLINE_BOUND`; larger ones must have been
solved already (by a background job, :mod:`dashboard.jobs`).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import TypedDict, TypeVar

from solver import DEFAULT_RULE, Rule, Solution, get_rule, nim_values
from solver.engine import check_bound
from solver.engine.nim import check_nim_rule, needs_bound, nim_values_seconds
from solver.validation import check_integer

from . import state
from .defaults import ALPHA_MAX, N_MAX

__all__ = [
    "INLINE_BOUND",
    "SETUP_KEYS",
    "NotSolvedError",
    "Setup",
    "memo",
    "open_bound",
    "rule_bound",
    "setup_fresh",
    "solves_inline",
    "setup_solution",
    "validated_setup",
]

#: Bounds solved inside a request (under about a second on a 2-core machine);
#: larger ones are solved by a background job in a fresh process.  The other
#: rules' solver is slower per position: see :func:`solves_inline`.
INLINE_BOUND = 20_000_000


def solves_inline(bound: int, rule: str | None = None) -> bool:
    """Whether a request may solve this bound itself (else a background job does).

    Parameters
    ----------
    bound : int
        A checked bound.
    rule : str, optional
        The rule's name; default Put-or-Take-a-Square.

    Returns
    -------
    bool
        ``bound * weight <= INLINE_BOUND``, ``weight`` the cost of the rule's
        solve per position relative to Put-or-Take-a-Square's
        (:attr:`solver.Rule.solve_weight`: 1 for it, 16 for the others).
    """
    return bound * get_rule(rule).solve_weight <= INLINE_BOUND


#: The keys a setup may have.  ``n`` and ``alpha`` are required; ``bound``
#: is checked against :func:`rule_bound`; ``rule`` names the game (default
#: Put-or-Take-a-Square); ``fresh`` (a bool) is only a display hint for the
#: summary ("solved just now" rather than "cached").
SETUP_KEYS = ("n", "alpha", "bound", "rule", "fresh")


def rule_bound(n: int, alpha: int, rule: Rule = DEFAULT_RULE) -> int:
    """The bound of a setup: ``alpha * n``, or ``n + 1`` for a rule that never climbs.

    Parameters
    ----------
    n, alpha : int
        The setup's N and alpha (already checked).
    rule : Rule, optional
        The game; default Put-or-Take-a-Square.

    Returns
    -------
    int
        ``alpha * n`` for the put-or-take rules (play can climb without end,
        so the thesis's margin applies, section 3.2); ``n + 1`` for
        subtract-a-square and Square-But-One, whose play from ``n`` never
        passes ``n + 1``, so every position up to ``n`` is exact there.
    """
    return rule.bound_for(n, alpha)


class Setup(TypedDict):
    """A checked setup, as :func:`validated_setup` returns it.

    Attributes
    ----------
    n : int
        Positions examined, ``1..N_MAX``.
    alpha : int
        The bound's multiplier, ``1..ALPHA_MAX``.
    bound : int
        The bound, :func:`rule_bound` of ``n`` and ``alpha`` (never the client's).
    rule : str
        The game's name (a key of :data:`solver.RULES`).
    """

    n: int
    alpha: int
    bound: int
    rule: str


class NotSolvedError(ValueError):
    """A bound above :data:`INLINE_BOUND` that is not solved yet (a ``ValueError``)."""


def validated_setup(data: object) -> Setup:
    """Check a setup that came from the page and derive its bound.

    Parameters
    ----------
    data : object
        What the setup store held: a dict with integer ``n``
        (``1..N_MAX``) and ``alpha`` (``1..ALPHA_MAX``), and optionally
        ``bound``, which must then equal :func:`rule_bound`, ``rule``, the
        name of a rule of :data:`solver.games.RULES`, and ``fresh``, a
        bool (see :func:`setup_fresh`).  Any other key, a float, a bool, a
        string or None is refused.

    Returns
    -------
    Setup
        ``{"n": int, "alpha": int, "bound": int, "rule": str}`` with the
        bound computed here (:func:`rule_bound`) and checked against this
        machine's memory (:func:`solver.engine.solving.check_bound`).

    Raises
    ------
    ValueError
        With a message saying what to fix, for every kind of bad input
        (type errors included, so callers catch one exception).
        :class:`solver.engine.solution.BoundTooLargeError` (a ``ValueError``) when
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
    raw_rule = data.get("rule")
    if raw_rule is not None and not isinstance(raw_rule, str):
        raise ValueError("the setup's game is not a name: choose the game with the control above")
    try:
        rule = get_rule(raw_rule)
    except ValueError:
        raise ValueError(
            f"no game named {_short(str(raw_rule), 60)!r}: choose the game with the control above"
        ) from None
    bound = rule_bound(n, alpha, rule)
    if "bound" in data:
        claimed = data["bound"]
        if isinstance(claimed, bool) or not isinstance(claimed, int) or claimed != bound:
            how = rule.bound_formula
            raise ValueError(
                f"the setup's bound does not equal {how} = {bound:,}: set N and alpha with the controls above"
            )
    if "fresh" in data and not isinstance(data["fresh"], bool):
        raise ValueError("the setup's 'fresh' flag must be true or false: reload the page")
    bound = check_bound(bound, rule)
    return {"n": n, "alpha": alpha, "bound": bound, "rule": rule.name}


def setup_fresh(data: object) -> bool:
    """Whether a setup says its bound was solved just now for it.

    Parameters
    ----------
    data : object
        A setup (checked or not).

    Returns
    -------
    bool
        True only for a dict whose ``fresh`` is exactly True.  It decides
        only the wording of the summary ("cached" or not), so a client
        cannot gain anything by setting it.
    """
    return isinstance(data, dict) and data.get("fresh") is True


def setup_solution(setup: object) -> tuple[Solution, bool]:
    """Open the solve of a setup, solving inside the request only small bounds.

    Parameters
    ----------
    setup : object
        A setup; it is checked with :func:`validated_setup` first.

    Returns
    -------
    tuple
        ``(Solution, cached)`` from :data:`dashboard.state.SOLUTIONS`, of
        the setup's rule at exactly its bound; ``cached`` is True when no
        solve ran.

    Raises
    ------
    NotSolvedError
        If the bound is above :data:`INLINE_BOUND` and not solved yet (the
        page solves it with a background job first).
    ValueError
        If the setup is invalid (see :func:`validated_setup`).
    """
    checked = validated_setup(setup)
    return open_bound(checked["bound"], checked["rule"])


def open_bound(bound: int, rule: str | None = None) -> tuple[Solution, bool]:
    """Open the solve to a bound taken from :func:`validated_setup`.

    Parameters
    ----------
    bound : int
        A bound already checked by :func:`validated_setup` (never one read
        from the page directly).
    rule : str, optional
        The rule's name from the same setup; default Put-or-Take-a-Square.

    Returns
    -------
    tuple
        ``(Solution, cached)``, as :func:`setup_solution`.

    Raises
    ------
    NotSolvedError
        If the bound is too large to solve in a request (:func:`solves_inline`)
        and it is not solved yet.
    ValueError
        As :meth:`solver.store.memory.SolutionCache.get`.
    """
    if not solves_inline(bound, rule):
        found = state.SOLUTIONS.peek(bound, rule=rule)
        if found is None:
            raise NotSolvedError(
                f"bound {bound:,} is not solved yet; it is solved in the background when you choose this N and alpha"
            )
        return found, True
    return state.SOLUTIONS.get(bound, rule=rule)


def _short(text: str, most: int = 120) -> str:
    """Cut a message that echoes a huge value."""
    return text if len(text) <= most else text[: most - 1] + "…"


_F = TypeVar("_F", bound=Callable)
#: Locks shared by every memo: a key computes under the lock of its stripe.
_STRIPES = [threading.RLock() for _ in range(16)]


def memo(maxsize: int) -> Callable[[_F], _F]:
    """Memoize a pure function of plain values, computing each key once at a time.

    A bounded LRU (:func:`functools.lru_cache`) in front of the function;
    calls that miss take one of 16 locks chosen by the key, so twenty
    clients asking for the same new figure at once compute it once and the
    others wait for it, instead of all computing it side by side.

    Parameters
    ----------
    maxsize : int
        Results kept (least recently used dropped first).

    Returns
    -------
    callable
        A decorator; the decorated function has ``cache_clear`` and
        ``cache_info`` as :func:`functools.lru_cache` gives them.  Its
        arguments must be hashable and should be validated plain values
        (``bound``, ``n``, a parameter), never client data.  A memoized
        function should not call another one (two threads doing so in
        opposite orders could wait for each other's stripe).
    """

    def decorate(func: _F) -> _F:
        cached = functools.lru_cache(maxsize=maxsize)(func)

        @functools.wraps(func)
        def wrapper(*args):
            with _STRIPES[hash(args) % len(_STRIPES)]:
                return cached(*args)

        wrapper.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        wrapper.cache_info = cached.cache_info  # type: ignore[attr-defined]
        return wrapper  # type: ignore[return-value]

    return decorate


#: Longest nim-value computation the page runs inside a request (estimated
#: seconds, :func:`solver.values.nimvalues.nim_values_seconds`).
NIM_SECONDS = 3.0


@memo(8)
def nim_table(n: int, bound: int, rule: str):
    """Loopy nim values of positions ``0..n`` of a rule at a bound, for the page.

    Parameters
    ----------
    n, bound : int
        Checked values (from :func:`validated_setup`): the values of
        ``0..n`` at the bound ``bound`` (put-or-take rules; the others are
        exact and ignore it).
    rule : str
        The rule's name.

    Returns
    -------
    solver.values.nimvalues.NimValues

    Raises
    ------
    ValueError
        For the misère rule (it has no nim values), or when the estimated
        time is above :data:`NIM_SECONDS`; the message gives the command
        that computes them instead.
    """
    found = check_nim_rule(rule)
    used = bound if needs_bound(found) else None
    seconds = nim_values_seconds(found, n, used)
    if seconds > NIM_SECONDS:
        command = f"python -m solver nim-values --rule {found.name} --n {n}" + (
            f" --bound {bound}" if used is not None else ""
        )
        raise ValueError(
            f"the nim values of 0..{n:,} would take about {seconds:,.0f} s, too long for the page; "
            f"choose a smaller N, or run {command}"
        )
    return nim_values(found, n, used)
