"""Text helpers shared by the solver's messages and descriptions."""

from __future__ import annotations

__all__ = ["format_number"]

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
