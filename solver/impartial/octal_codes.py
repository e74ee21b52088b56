"""Octal codes: what a move of an octal game may leave of a heap; :class:`OctalCode`, :func:`parse_octal`.

An octal game (Guy and Smith 1956; Berlekamp, Conway and Guy, *Winning Ways*,
chapter 4) is played with heaps of tokens.  Its code ``d0.d1 d2 d3 ...`` says,
for each ``k``, what a move that removes ``k`` tokens from one heap may leave
behind in place of that heap: digit ``d_k`` is the sum of

* 1 if it may leave no heap (the heap had exactly ``k`` tokens),
* 2 if it may leave one nonempty heap,
* 4 if it may leave two nonempty heaps (the rest is split in two).

``d0`` may only be 0 or 4: removing nothing and leaving one heap would be a
pass, but ``d0 = 4`` allows splitting a heap into two nonempty heaps without
removing a token (as in ``4.7``).  Examples: Kayles ``0.77``, Dawson's Kayles
``0.07``, Dawson's chess and Rob's Dots ("The Independence Game", C. Wright,
2017: mark a dot of a row, its neighbours are eliminated) ``0.137``.
"""

from __future__ import annotations

import dataclasses
import re

from ..validation import check_integer

__all__ = [
    "OctalCode",
    "parse_octal",
]


#: Most digits accepted after the point of a code.
MAX_DIGITS = 64
#: Largest heap whose options :meth:`OctalCode.moves` lists when the code splits heaps (the list has about heap/2 entries per splitting digit).
MAX_SPLIT_HEAP = 10**6
_CODE_RE = re.compile(r"([0-7]?)\.([0-7]+)")
_CODE_HELP = (
    "an octal code is written like '0.137' or '4.7': an optional digit 0 or 4 before the point "
    f"(4: a heap may be split in two without removing a token), a point, then 1 to {MAX_DIGITS} "
    "octal digits (0-7), at least one of them nonzero; digit k says what removing k tokens may leave "
    "(1: no heap, 2: one heap, 4: two heaps)"
)


# ---------------------------------------------------------------------------
# Codes and moves
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class OctalCode:
    """A parsed octal code (made by :func:`parse_octal`).

    Attributes
    ----------
    digits : tuple of int
        ``(d0, d1, ..., dk)``: ``d0`` is 0 or 4, each ``d_i`` is 0..7 and the
        last one is nonzero (trailing zeros of the text are dropped).
    text : str
        The canonical text, ``"0.137"`` or ``"4.7"``.
    """

    digits: tuple[int, ...]
    text: str

    @property
    def max_removal(self) -> int:
        """The largest number of tokens a move removes (the position of the last nonzero digit, ``k``)."""
        return len(self.digits) - 1

    @property
    def splits(self) -> bool:
        """True when some move leaves two heaps (a digit has the bit 4)."""
        return any(d & 4 for d in self.digits)

    def moves(self, heap: int) -> tuple[tuple[int, ...], ...]:
        """List the options of one heap: what a move leaves in its place.

        Parameters
        ----------
        heap : int
            Heap size, ``>= 0``; any size when the code never splits a heap,
            at most ``MAX_SPLIT_HEAP`` (10**6) otherwise.

        Returns
        -------
        tuple of tuple of int
            One tuple per move: ``()`` (no heap left), ``(h,)`` (one heap) or
            ``(a, b)`` with ``1 <= a <= b`` (two heaps).  Ordered by the
            number of tokens removed (``heap - sum(result)``), then no heap,
            one heap, two heaps by increasing ``a``.  Distinct moves give
            distinct results.

        Raises
        ------
        TypeError
            If ``heap`` is not an integer.
        ValueError
            If ``heap < 0``, or it is above 10**6 and the code splits heaps.
        """
        heap = check_integer(heap, "the heap size", least=0, most=MAX_SPLIT_HEAP if self.splits else None)
        result: list[tuple[int, ...]] = []
        for k, d in enumerate(self.digits):
            if k > heap:
                break
            rest = heap - k
            if d & 1 and k >= 1 and rest == 0:
                result.append(())
            if d & 2 and k >= 1 and rest >= 1:
                result.append((rest,))
            if d & 4 and rest >= 2:
                result.extend((a, rest - a) for a in range(1, rest // 2 + 1))
        return tuple(result)


def parse_octal(code: str | OctalCode) -> OctalCode:
    """Parse an octal code such as ``"0.137"``, ``"0.77"``, ``".07"`` or ``"4.7"``.

    Parameters
    ----------
    code : str or OctalCode
        The code: an optional digit 0 or 4, a point, then 1 to 64 octal
        digits with at least one nonzero; spaces around it are ignored.
        Trailing zeros are dropped (``"0.770"`` is ``"0.77"``).  An
        :class:`OctalCode` is returned unchanged.

    Returns
    -------
    OctalCode

    Raises
    ------
    TypeError
        If ``code`` is not a string (nor an OctalCode).
    ValueError
        If the text is not a valid code; the message says what one looks like.

    Notes
    -----
    Conventions of Berlekamp, Conway and Guy, *Winning Ways*, chapter 4.
    """
    if isinstance(code, OctalCode):
        return code
    if not isinstance(code, str):
        raise TypeError(f"the octal code must be a string like '0.137', got {code!r}")
    text = code.strip()
    match = _CODE_RE.fullmatch(text)
    if match is None:
        raise ValueError(f"{text[:80]!r} is not an octal code: {_CODE_HELP}")
    head, tail = match.groups()
    if head not in ("", "0", "4"):
        raise ValueError(f"{text!r} is not an octal code: the digit before the point must be 0 or 4; {_CODE_HELP}")
    if len(tail) > MAX_DIGITS:
        raise ValueError(f"the octal code has {len(tail)} digits after the point, more than {MAX_DIGITS}; {_CODE_HELP}")
    tail = tail.rstrip("0")
    if not tail:
        raise ValueError(f"{text!r} is not an octal code: no digit after the point is nonzero; {_CODE_HELP}")
    d0 = int(head or "0")
    return OctalCode(digits=(d0, *(int(c) for c in tail)), text=f"{d0}.{tail}")
