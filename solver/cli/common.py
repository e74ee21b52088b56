"""What every command of ``python -m solver`` shares: the program's name, the parser's class, one-line errors, work limits."""

from __future__ import annotations

import argparse
import re
import sys
from typing import NoReturn

from solver import costs
from solver.engine import budget

PROG = "python -m solver"

#: Largest ``--depth`` of ``tree`` and ``layers`` and ``--layer`` of
#: ``primitives``.  Remoteness stays far below it at every bound this machine
#: can solve (at most about 20 up to 10**6 at bound 10**8), so deeper layers are
#: empty, and a game tree reaches its node cap long before.
MAX_DEPTH = 1000

#: Default and largest ``--max-nodes`` of ``tree``.  A million nodes take about
#: a minute and 1.5 GB of memory (see :mod:`solver.costs`).
DEFAULT_TREE_NODES = 100_000
MAX_TREE_NODES = 1_000_000

#: Time limit of a command unless ``--max-seconds`` gives another, in seconds.
DEFAULT_MAX_SECONDS = costs.DEFAULT_MAX_SECONDS

#: A command estimated to take longer than this says so first (on stderr).
_NOTE_SECONDS = 10.0


def _one_line(text: str) -> str:
    """``text`` with line breaks and other unprintable characters escaped (``\\n``, ``\\x85``)."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # A word that starts with a minus and a digit is a value, not an option: argparse
        # alone takes "-1,4" (a pair), "-2+3" (heaps) or "-1e5" for unknown options, and
        # the command could not say what is wrong with them.  So is a Magnetism strip that
        # starts with a minus token ("-..+."): signs and dots, at least one dot or plus.
        # No option here starts with a digit, a dot or a plus.
        self._negative_number_matcher = re.compile(r"^-\d[\w,+.*]*$|^-[-+.\u2212]*[.+][-+.\u2212]*$")

    def error(self, message: str) -> NoReturn:  # one line, no usage block
        self.exit(2, f"{self.prog}: error: {_one_line(message)}\n")


class _UsageError(Exception):
    pass


def _limits(args: argparse.Namespace) -> tuple[float, int]:
    """Return ``(max_seconds, max_bytes)`` for this command."""
    seconds = getattr(args, "max_seconds", None)
    max_seconds = float(DEFAULT_MAX_SECONDS if seconds is None else seconds)
    return max_seconds, budget.usable_memory()


def _check_work(args: argparse.Namespace, *parts: tuple[costs.Cost, str]) -> None:
    """Refuse a command whose estimated work is too large for this machine.

    ``parts`` are ``(cost, advice)`` pairs: the estimate of each piece of the
    command's work and what to reduce for it, in the command's own options.
    The message gives the whole estimate and the advice of the piece that
    weighs most on the limit exceeded.

    Raises
    ------
    solver.costs.WorkTooLargeError
        A ValueError: ``main`` prints it as one line and exits with status 2.
    """
    total = parts[0][0]
    for cost, _ in parts[1:]:
        total = total + cost
    max_seconds, max_bytes = _limits(args)
    if total.bytes > max_bytes:
        advice = max(parts, key=lambda part: part[0].bytes)[1]
    else:
        advice = max(parts, key=lambda part: part[0].seconds)[1]
        advice += f", or allow more time with --max-seconds (now {max_seconds:,.0f})"
    costs.check_cost(total, max_seconds=max_seconds, max_bytes=max_bytes, advice=advice)
    if total.seconds > _NOTE_SECONDS:  # on stderr whatever it is: a long answer says so before it starts
        print(f"{PROG}: note: {total.what}: {total.describe()} (estimated)", file=sys.stderr)


class _Budget:
    """What one command may spend, for the handlers of :mod:`solver.cli.games` (:class:`~solver.cli.games.Budget`)."""

    def __init__(self, args: argparse.Namespace) -> None:
        self._args = args

    @property
    def max_seconds(self) -> float:
        return _limits(self._args)[0]

    def check(self, *parts: tuple[costs.Cost, str]) -> None:
        _check_work(self._args, *parts)
