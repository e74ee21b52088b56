"""Reading whole numbers typed by people (command line and dashboard)."""

from __future__ import annotations

import argparse
import decimal
import math
import numbers
import re

__all__ = ["MAX_DIGITS", "argparse_int", "describe_number", "describe_text", "parse_int"]

#: One factor of a typed number: a power ``10**30`` (or ``10^30``), or a decimal
#: number that is whole (``4708``, ``1e6``, ``1.5e3``).  Factors are joined by
#: ``*`` (``4*10**6``), and products by ``+`` and ``-`` (``10**30+1``).  ASCII
#: digits only.
_TERM = re.compile(r"([0-9]+)(?:\*\*|\^)([0-9]+)|((?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)")
#: Most digits a typed number may have (:func:`parse_int` refuses more).
MAX_DIGITS = 4000
_MAX_DIGITS = MAX_DIGITS
#: Longest number (in digits) and text (in characters) a message repeats
#: in full; longer ones are described ("a number with 401 digits").
_ECHO_DIGITS = 30
_ECHO_CHARS = 40


def _digits(value: int) -> int:
    """Number of decimal digits of ``abs(value)``, without converting it to text."""
    value = abs(value)
    if value < 10:
        return 1
    guess = int(value.bit_length() * 0.30102999566398120)  # log10(2)
    while 10**guess > value:
        guess -= 1
    while 10 ** (guess + 1) <= value:
        guess += 1
    return guess + 1


def describe_number(value: int) -> str:
    """Text for a number in a message: in full with digit groups when short.

    Parameters
    ----------
    value : int
        Any Python integer.

    Returns
    -------
    str
        ``"-4"``, ``"10,000"``; for more than 30 digits
        ``"a number with 401 digits"`` (``"a negative number with ..."``),
        so that a message never prints hundreds of digits.
    """
    digits = _digits(value)
    if digits <= _ECHO_DIGITS:
        return f"{value:,}"
    sign = "a negative number" if value < 0 else "a number"
    return f"{sign} with {digits:,} digits"


def describe_text(text: object) -> str:
    """Text for typed input in a message: quoted, cut when long.

    Parameters
    ----------
    text : object
        What was typed (``str`` of it is used).

    Returns
    -------
    str
        ``repr`` of the stripped text, or for more than 40 characters its
        first 20 and its length (``"'abcdefghijklmnopqrst…' (5,000 characters)"``).
    """
    raw = str(text).strip()
    if len(raw) <= _ECHO_CHARS:
        return repr(raw)
    return f"{raw[:20]!r}… ({len(raw):,} characters)".replace("'…", "…'")


def _term_value(match: re.Match, name: str, text: object) -> int:
    """The value of a decimal factor matched by :data:`_TERM` (not a power), refusing what is not whole or too large."""
    term = match.group(3)
    if len(term) > _MAX_DIGITS:
        raise ValueError(f"{name} is too large (over {_MAX_DIGITS} digits)")
    number = decimal.Decimal(term)
    if number != number.to_integral_value():
        raise ValueError(f"{name} must be a whole number, got {describe_text(text)}")
    if number.adjusted() >= _MAX_DIGITS:
        raise ValueError(f"{name} is too large (over {_MAX_DIGITS} digits)")
    return int(number)


#: The characters a typed number may hold once digit groups and spaces are dropped.
_NUMBER_CHARS = frozenset("0123456789.eE+-*^")


_TOWER_STEP = re.compile(r"(?:\*\*|\^)([0-9]+)")


def _tower(raw: str, match: re.Match, name: str) -> tuple[int, int]:
    """A power and any powers above it (``2**3**2`` is ``2**9``, read from the right), and where it ends."""
    numbers = [int(match.group(1)), int(match.group(2))]
    position = match.end()
    while (step := _TOWER_STEP.match(raw, position)) is not None:
        numbers.append(int(step.group(1)))
        position = step.end()
    value = numbers.pop()
    while numbers:
        base = numbers.pop()
        if base > 1 and value * math.log10(base) > _MAX_DIGITS:
            raise ValueError(f"{name} is too large (over {_MAX_DIGITS} digits)")
        value = base**value
    return value, position


def _product(raw: str, position: int, name: str, text: object) -> tuple[int, int]:
    """The value of factors (:data:`_TERM`) joined by ``*`` from ``position``, and where it ends."""
    value = 1
    while True:
        match = _TERM.match(raw, position)
        if match is None:
            raise ValueError(f"{name} must be a whole number, got {describe_text(text)}")
        if match.group(1) is not None:
            factor, position = _tower(raw, match, name)
        else:
            factor, position = _term_value(match, name, text), match.end()
        value *= factor
        if value and _digits(value) > _MAX_DIGITS:
            raise ValueError(f"{name} is too large (over {_MAX_DIGITS} digits)")
        if raw[position : position + 1] != "*" or raw.startswith("**", position):
            return value, position
        position += 1


def _sum_of_terms(raw: str, name: str, text: object) -> int:
    """The value of typed text: products of :data:`_TERM` factors joined by ``+`` and ``-`` (a sign may lead)."""
    total, position, sign = 0, 0, 1
    if raw[:1] in ("+", "-"):
        sign, position = (-1 if raw[0] == "-" else 1), 1
    while True:
        value, position = _product(raw, position, name, text)
        total += sign * value
        if position == len(raw):
            return total
        if raw[position] not in "+-":
            raise ValueError(f"{name} must be a whole number, got {describe_text(text)}")
        sign, position = (-1 if raw[position] == "-" else 1), position + 1


def parse_int(text: str | int | float | None, name: str, *, least: int = 1, most: int | None = None) -> int:
    """Read a whole number from user input, with a message that says how to fix it.

    Parameters
    ----------
    text : str, int, float or None
        What was typed.  Accepted: digits (``4708``), digit groups with ``_``
        or ``,`` (``10_000``, ``10,000``), scientific notation that is a
        whole number (``1e6``), powers (``10**30``, ``10^30``), and sums and
        differences of these (``10**30+1``, ``2**64 - 1``); also integers and
        whole floats (Python or numpy).  Anything else (a list, a dict ...)
        is refused with a ``ValueError``.  The same forms are read on the
        command line and in every number box of the page.
    name : str
        What the number is, for the message ("the start number").
    least : int, optional
        Smallest allowed value (default 1).
    most : int, optional
        Largest allowed value, or None for no limit.

    Returns
    -------
    int
        The exact value (any size).

    Raises
    ------
    ValueError
        If the input is empty, not a whole number, has more than 4000
        digits, or lies outside ``least..most``.  The message names the
        quantity and the allowed range; it repeats a long input only in
        short (:func:`describe_number`, :func:`describe_text`).
    """
    if text is None or (isinstance(text, str) and not text.strip()):
        raise ValueError(f"{name} is empty: type a whole number")
    if isinstance(text, bool):
        raise ValueError(f"{name} must be a whole number, got {text!r}")
    if isinstance(text, numbers.Integral):
        value = int(text)
    elif isinstance(text, numbers.Real):
        if not math.isfinite(text) or not float(text).is_integer():
            raise ValueError(f"{name} must be a whole number, got {text!r}")
        value = int(text)
    elif not isinstance(text, str):
        raise ValueError(f"{name} must be a whole number, got a {type(text).__name__}")
    else:
        raw = text.strip().replace("_", "").replace(",", "").replace(" ", "")
        if not raw or not _NUMBER_CHARS.issuperset(raw):
            raise ValueError(f"{name} must be a whole number, got {describe_text(text)}")
        if len(raw) > _MAX_DIGITS + 10:
            raise ValueError(f"{name} is too large (over {_MAX_DIGITS} digits)")
        value = _sum_of_terms(raw, name, text)
    if value < least:
        raise ValueError(f"{name} must be at least {least:,}, got {describe_number(value)}")
    if most is not None and value > most:
        raise ValueError(f"{name} must be at most {most:,}, got {describe_number(value)}")
    return value


def argparse_int(name: str, least: int = 1, most: int | None = None):
    """An ``argparse`` ``type=`` for whole numbers typed in any of :func:`parse_int`'s forms.

    Parameters
    ----------
    name : str
        What the number is, for the message (``"N"``, ``"the bound"``).
    least, most : int, optional
        Inclusive range (default at least 1, no upper limit).

    Returns
    -------
    callable
        ``parse(text) -> int``; it raises :class:`argparse.ArgumentTypeError`
        with :func:`parse_int`'s message, which argparse prints as one line.
    """

    def parse(text: str) -> int:
        try:
            return parse_int(text, name, least=least, most=most)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse
