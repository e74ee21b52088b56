"""The octal games the Sums tab's menu offers, beside the page's game.

An octal game (Rob's Dots 0.137, Kayles, Dawson's Kayles, ...) is finite and
loop-free, so each heap has a Grundy value and a sum of heaps is a loss for
the player to move exactly when the XOR of the values (the nim sum) is 0
(Sprague–Grundy; *Winning Ways*, chapter 4).  A move changes one heap: it
takes tokens and may leave no heap, one heap or two heaps in its place.  Its
sums go through the tab's one path (:func:`solver.registry.sums.game_sum`),
as the page's game does.
"""

from __future__ import annotations

from solver import impartial_game
from solver.impartial import IMPARTIAL_EXAMPLES
from solver.registry import Game, find_game

__all__ = ["OCTAL_OPTIONS", "octal_game"]

#: The octal games the tab's menu offers (the examples of :data:`solver.IMPARTIAL_EXAMPLES`).
OCTAL_OPTIONS = [
    {"label": game.title, "value": game.name}
    for game in (impartial_game(name) for name in IMPARTIAL_EXAMPLES)
    if game.heap_positions
]

_NAMES = {option["value"] for option in OCTAL_OPTIONS}


def octal_game(rule: object) -> Game | None:
    """The octal game chosen in the menu (:func:`solver.registry.find_game`), or None for the page's game."""
    return find_game(rule) if isinstance(rule, str) and rule in _NAMES else None
