"""Reading whole numbers typed by people (command line and dashboard)."""

from __future__ import annotations

import decimal
import re

__all__ = ["parse_int"]

_POWER = re.compile(r"^(\d+)\s*(?:\*\*|\^)\s*(\d+)$")
_MAX_DIGITS = 4000


def parse_int(text: str | int | float | None, name: str, *, least: int = 1, most: int | None = None) -> int:
    """Read a whole number from user input, with a message that says how to fix it.

    Parameters
    ----------
    text : str, int, float or None
        What was typed.  Accepted: digits (``4708``), digit groups with ``_``
        or ``,`` (``10_000``, ``10,000``), scientific notation that is a
        whole number (``1e6``), and powers (``10**30``, ``10^30``).
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
        quantity and the allowed range.
    """
    if text is None or (isinstance(text, str) and not text.strip()):
        raise ValueError(f"{name} is empty: type a whole number")
    if isinstance(text, bool):
        raise ValueError(f"{name} must be a whole number, got {text!r}")
    if isinstance(text, int):
        value = text
    elif isinstance(text, float):
        if not text.is_integer():
            raise ValueError(f"{name} must be a whole number, got {text!r}")
        value = int(text)
    else:
        raw = str(text).strip().replace("_", "").replace(",", "").replace(" ", "")
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
                raise ValueError(f"{name} must be a whole number, got {str(text).strip()!r}") from None
            if not number.is_finite() or number != number.to_integral_value():
                raise ValueError(f"{name} must be a whole number, got {str(text).strip()!r}")
            if number.adjusted() >= _MAX_DIGITS:
                raise ValueError(f"{name} is too large (over {_MAX_DIGITS} digits)")
            value = int(number)
    if value < least:
        raise ValueError(f"{name} must be at least {least:,}, got {value:,}")
    if most is not None and value > most:
        raise ValueError(f"{name} must be at most {most:,}, got {value:,}")
    return value
