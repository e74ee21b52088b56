"""What every command of ``python -m solver`` shares: the program's name, the parser's class, one-line errors, work limits.

Also the type of every graph and position argument, :func:`argument_text`:
the text typed, or ``@FILE`` (a file's text) or ``@-`` (standard input's).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from typing import IO, NoReturn

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


#: Most bytes read by ``@FILE`` or ``@-`` (4 MiB): four times the longest text
#: any command reads (a graph, 1,000,000 characters); a larger file is refused
#: before it is read whole.
MAX_ARGUMENT_FILE_BYTES = 4 * 2**20

#: How to write a text that starts with ``@`` itself, for the messages.
_AT_FORMS = "@FILE reads a file, @- standard input, and @@ starts a text with a single @"


def _decoded(data: bytes, where: str) -> str:
    """``data`` as UTF-8 text (a byte order mark dropped), without one trailing line break."""
    if len(data) > MAX_ARGUMENT_FILE_BYTES:
        raise argparse.ArgumentTypeError(
            f"{where} is larger than {MAX_ARGUMENT_FILE_BYTES:,} bytes, the most read for an argument; "
            "the longest text a command takes is a graph of 1,000,000 characters"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise argparse.ArgumentTypeError(
            f"{where} is not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start:,} cannot be read"
        ) from None
    if text.endswith("\r\n"):
        text = text[:-2]
    elif text.endswith("\n"):
        text = text[:-1]
    if not text:
        raise argparse.ArgumentTypeError(f"{where} is empty: it should hold the graph or position itself ({_AT_FORMS})")
    return text


def _read_stdin(stdin: IO[str] | None) -> bytes:
    if stdin is None or stdin.closed:
        raise argparse.ArgumentTypeError("@- reads standard input, which is closed: pipe the text in (... < FILE)")
    if stdin.isatty():
        raise argparse.ArgumentTypeError(
            "@- reads standard input, which is a terminal here: pipe the text in (... < FILE, or a command | ...)"
        )
    raw = getattr(stdin, "buffer", None)
    try:
        if raw is not None:
            data = raw.read(MAX_ARGUMENT_FILE_BYTES + 1)
        else:  # a text stream with no bytes beneath (a test's io.StringIO)
            data = stdin.read(MAX_ARGUMENT_FILE_BYTES + 1).encode("utf-8", "surrogateescape")
    except (OSError, UnicodeDecodeError) as exc:
        raise argparse.ArgumentTypeError(f"cannot read standard input (@-): {exc}") from None
    if not data:
        raise argparse.ArgumentTypeError(
            "@- read nothing from standard input: pipe the text in (... < FILE); it can be read by one argument only"
        )
    return data


def _read_file(path: str) -> bytes:
    where = f"@{path}"
    try:
        with open(os.path.expanduser(path), "rb") as handle:
            return handle.read(MAX_ARGUMENT_FILE_BYTES + 1)
    except FileNotFoundError:
        reason = "no such file"
    except IsADirectoryError:
        reason = "it is a directory, not a file"
    except PermissionError:
        reason = "permission denied"
    except OSError as exc:
        reason = (exc.strerror or type(exc).__name__).lower()
    raise argparse.ArgumentTypeError(f"cannot read {where}: {reason} ({_AT_FORMS})")


def argument_text(value: str) -> str:
    """The ``argparse`` ``type=`` of every graph and position: the text typed, or read from a file or standard input.

    A graph of 100,000 arcs is about a million characters, far beyond what
    one command-line argument may hold (128 KiB on Linux), so each option
    that takes a graph or a position also takes its text from elsewhere:

    ==========  ==================================================================
    value       the text
    ==========  ==================================================================
    ``@FILE``   the file's contents (UTF-8; a byte order mark and one trailing
                line break dropped); ``~`` is the home folder
    ``@-``      standard input, read the same way (once per command)
    ``@@TEXT``  ``@TEXT``: no graph or position starts with ``@``, so this escape
                is only for completeness
    other       itself
    ==========  ==================================================================

    The text then goes through the same parsing and checks as a typed one.

    Parameters
    ----------
    value : str
        The argument as given.

    Returns
    -------
    str
        The text of the graph or position.

    Raises
    ------
    argparse.ArgumentTypeError
        For a file that is missing, a directory or unreadable; bytes that are
        not UTF-8; more than :data:`MAX_ARGUMENT_FILE_BYTES` bytes; an empty
        file or standard input; ``@-`` on a terminal or a closed standard
        input; a bare ``@``.  argparse prints the message as one line (exit
        status 2).
    """
    if not value.startswith("@"):
        return value
    if value.startswith("@@"):
        return value[1:]
    if value == "@":
        raise argparse.ArgumentTypeError(f"a lone @ names no file: {_AT_FORMS}")
    if value == "@-":
        return _decoded(_read_stdin(sys.stdin), "standard input (@-)")
    return _decoded(_read_file(value[1:]), f"@{value[1:]}")


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
