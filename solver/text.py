"""Text helpers shared by the solver's messages and descriptions."""

from __future__ import annotations

import math

__all__ = ["format_number", "format_count", "format_bytes", "format_seconds"]

#: Longest ``f"{n:,}"`` written out in full; longer numbers are shortened.
_FULL_WIDTH = 40


def format_number(n: int) -> str:
    """Return an integer as text with thousands separators, shortened when huge.

    Parameters
    ----------
    n : int
        Any integer, of any size.

    Returns
    -------
    str
        ``"4,708"``; a number whose grouped form is longer than 40 characters
        becomes its first 8 and last 6 digits and its length:
        ``"10000000…000000 (31 digits)"``.
    """
    text = f"{n:,}"
    if len(text) <= _FULL_WIDTH:
        return text
    digits = str(n)
    return f"{digits[:8]}…{digits[-6:]} ({len(digits.lstrip('-'))} digits)"


def _scientific(value: int | float) -> str:
    """``1.2e+400`` for any positive int or float, without converting to float."""
    exponent = math.floor(math.log10(value))
    mantissa = 10 ** (math.log10(value) - exponent)
    if mantissa >= 9.95:  # rounding up to 10.0
        mantissa, exponent = 1.0, exponent + 1
    return f"{mantissa:.1f}e{'+' if exponent >= 0 else '-'}{abs(exponent):02d}"


def format_count(value: int) -> str:
    """Format a count or position for a message, whatever its size.

    Parameters
    ----------
    value : int
        A non-negative integer of any size.

    Returns
    -------
    str
        ``"1,000,000"`` below ``2**63``; ``"1.0e+400"`` above, so a message
        never prints hundreds of digits (nor hits Python's int-to-str limit).
    """
    return f"{value:,}" if value.bit_length() < 64 else _scientific(value)


def format_bytes(size: int) -> str:
    """Format a byte count for a message: ``"about 2.8 GiB"``, ``"about 1.2e+400 bytes"``.

    Parameters
    ----------
    size : int
        Bytes, ``>= 0``, any size.

    Returns
    -------
    str
        Binary units up to TiB; beyond 1,024 TiB, scientific notation in bytes.
    """
    size = int(size)
    if size < 1024:
        return f"about {size:,} bytes"
    for unit, power in (("KiB", 1), ("MiB", 2), ("GiB", 3), ("TiB", 4)):
        if size < 1024 ** (power + 1):
            return f"about {size / 1024**power:,.1f} {unit}"
    return f"about {_scientific(size)} bytes"


def format_seconds(seconds: float) -> str:
    """Format an estimated duration: ``"about 19 s"``, ``"about 2.5 hours"``.

    Parameters
    ----------
    seconds : float
        Seconds, ``>= 0``; ``math.inf`` for a duration beyond a float.

    Returns
    -------
    str
    """
    if math.isinf(seconds):
        return "more than 1e+300 years"
    if seconds < 1:
        return "under a second"
    if seconds < 120:
        return f"about {seconds:.0f} s"
    if seconds < 2 * 3600:
        return f"about {seconds / 60:.0f} minutes"
    if seconds < 2 * 86400:
        return f"about {seconds / 3600:.1f} hours"
    days = seconds / 86400
    if days < 2 * 365:
        return f"about {days:,.0f} days"
    years = days / 365.25
    if years < 1e6:
        return f"about {years:,.0f} years"
    return f"about {_scientific(years)} years"
