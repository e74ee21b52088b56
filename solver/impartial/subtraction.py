"""Subtraction games S(s1, s2, …): take any member of a finite set from one heap.

A subtraction game with a finite subtraction set S is the octal game whose
digit is 3 at every member of S and 0 elsewhere (take s tokens, leaving the
rest as one heap or none): S(1, 3, 4) is octal 0.3033 (*Winning Ways*,
chapter 4, "Subtraction games"; the octal notation of the same chapter).  So
its Grundy values, their proved period (the periodicity theorem with
k = max S), P-positions, sums and remoteness are those of that octal game,
and every view of an octal game draws it.

=========================  ============================================
name                       game
=========================  ============================================
``subtraction-1,3,4``      S(1, 3, 4): take 1, 3 or 4 from one heap
``subtraction-2,5``        S(2, 5)
=========================  ============================================
"""

from __future__ import annotations

from typing import ClassVar

from .octal import OctalGame
from .octal_codes import MAX_DIGITS, parse_octal

__all__ = ["SubtractionGame", "parse_subtraction_set", "SUBTRACTION_PREFIX", "MAX_SUBTRACTION"]

#: The names of the family: ``subtraction-`` and the set, members joined by commas.
SUBTRACTION_PREFIX = "subtraction-"
#: The largest member of a subtraction set (the octal code's digits).
MAX_SUBTRACTION = MAX_DIGITS
_SET_HELP = f"write the set as whole numbers 1 to {MAX_SUBTRACTION} joined by commas, e.g. subtraction-1,3,4"


def parse_subtraction_set(text: object) -> tuple[int, ...]:
    """Read a subtraction set: ``"1,3,4"`` → ``(1, 3, 4)``, increasing, each member once.

    Raises
    ------
    TypeError
        If ``text`` is not a string.
    ValueError
        If a member is not a whole number from 1 to :data:`MAX_SUBTRACTION`,
        or the set is empty; the message says how to write one.
    """
    if not isinstance(text, str):
        raise TypeError(f"a subtraction set is text such as '1,3,4', got {type(text).__name__}")
    members = set()
    for item in text.split(","):
        item = item.strip()
        if not (item.isascii() and item.isdigit()) or not 1 <= int(item) <= MAX_SUBTRACTION:
            raise ValueError(f"{item[:20]!r} is not a member of a subtraction set; {_SET_HELP}")
        members.add(int(item))
    return tuple(sorted(members))


class SubtractionGame(OctalGame):
    """The subtraction game of a finite set, an octal game of 3s and 0s (*Winning Ways*, chapter 4).

    Make one with :meth:`SubtractionGame.of` or
    :func:`solver.impartial.impartial_game` (``"subtraction-1,3,4"``).
    """

    position_help: ClassVar[str] = "heaps of tokens written 5 or 3+5, 0 for no heap"

    @classmethod
    def of_set(cls, members: str | tuple[int, ...]) -> SubtractionGame:
        """The subtraction game of a set (``"1,3,4"`` or ``(1, 3, 4)``).

        Raises
        ------
        TypeError, ValueError
            If the set is not written as :func:`parse_subtraction_set` reads it.
        """
        found = parse_subtraction_set(members if isinstance(members, str) else ",".join(map(str, members)))
        digits = "".join("3" if k in found else "0" for k in range(1, found[-1] + 1))
        code = parse_octal(f"0.{digits}")
        written = ",".join(map(str, found))
        return cls(
            name=f"{SUBTRACTION_PREFIX}{written}",
            title=f"Subtraction game S({', '.join(map(str, found))})",
            summary=(
                f"Heaps of tokens; a move takes {', '.join(map(str, found[:-1]))}{' or ' if len(found) > 1 else ''}"
                f"{found[-1]} tokens from one heap (octal {code.text}); a player with no move loses."
            ),
            source="Berlekamp, Conway and Guy, Winning Ways, chapter 4 (subtraction games, and their octal codes)",
            code=code,
        )
