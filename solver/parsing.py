"""Reading whole numbers typed by people (command line and dashboard)."""

from __future__ import annotations

import argparse
import decimal
import math
import numbers
import re

__all__ = ["argparse_int", "describe_number", "describe_text", "parse_int"]

_POWER = re.compile(r"^(\d+)\s*(?:\*\*|\^)\s*(\d+)$")
_MAX_DIGITS = 4000
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


def parse_int(text: str | int | float | None, name: str, *, least: int = 1, most: int | None = None) -> int:
    """Read a whole number from user input, with a message that says how to fix it.

    Parameters
    ----------
    text : str, int, float or None
        What was typed.  Accepted: digits (``4708``), digit groups with ``_``
        or ``,`` (``10_000``, ``10,000``), scientific notation that is a
        whole number (``1e6``), and powers (``10**30``, ``10^30``); also
        integers and whole floats (Python or numpy).  Anything else (a
        list, a dict ...) is refused with a ``ValueError``.
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
        if len(raw) > _MAX_DIGITS + 10:
            raise ValueError(f"{name} is too large (over {_MAX_DIGITS} digits)")
        power = _POWER.match(raw)
        if power:
            base, exponent = int(power.group(1)), int(power.group(2))
            if exponent * max(1, len(str(base))) > _MAX_DIGITS:
                raise ValueError(f"{name} is too large (over {_MAX_DIGITS} digits)")
            value = base**exponent
        else:
            if len(raw) > _MAX_DIGITS:
                raise ValueError(f"{name} is too large (over {_MAX_DIGITS} digits)")
            try:
                number = decimal.Decimal(raw)
            except decimal.InvalidOperation:
                raise ValueError(f"{name} must be a whole number, got {describe_text(text)}") from None
            if not number.is_finite() or number != number.to_integral_value():
                raise ValueError(f"{name} must be a whole number, got {describe_text(text)}")
            if number.adjusted() >= _MAX_DIGITS:
                raise ValueError(f"{name} is too large (over {_MAX_DIGITS} digits)")
            value = int(number)
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
