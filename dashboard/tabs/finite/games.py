"""The chosen game: finding it by name, the menu of examples, and the address's checks of its keys.

No Dash here: the layout, the callbacks and the tab's registry entry all use
these functions.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from solver import ImpartialGame, impartial_game, parse_int
from solver.parsing import describe_text

from .play import PAGE_SECONDS

__all__ = [
    "DEFAULT_GAME",
    "MAX_NAME",
    "MAX_POSITION_PARAM",
    "address_game",
    "check_position_param",
    "judge_position_param",
    "find_game",
    "losing_bars",
    "parse_number",
    "parse_position",
]

#: The game the tab shows first: Rob's Dots, the octal game 0.137 ("The Independence Game").
DEFAULT_GAME = "octal-0.137"
#: Longest game name read.
MAX_NAME = 80
#: Longest position text read from the address (the game reads longer typed text itself).
MAX_POSITION_PARAM = 2000


def find_game(name: object) -> ImpartialGame:
    """The game of this name (:func:`solver.impartial_game` keeps one object per game, with its tables).

    Parameters
    ----------
    name : object
        A name from the page (``"octal-0.137"``, ``"kayles"``, ``"wythoff"``,
        ``"chomp-2x6"``); anything else is refused.

    Returns
    -------
    solver.ImpartialGame

    Raises
    ------
    ValueError
        Not a text, too long, or not a game; the message says what names there are.
    """
    if not isinstance(name, str) or not name.strip():
        raise ValueError("choose a game from the menu, or type one such as octal-0.6 or chomp-3x5")
    if len(name) > MAX_NAME:
        raise ValueError(f"a game's name has at most {MAX_NAME} characters; you typed {describe_text(name)}")
    try:
        return impartial_game(name)
    except TypeError as exc:
        raise ValueError(str(exc)) from None


def check_position_param(raw: str) -> str:
    """The address's check of ``fpos=``: text of at most :data:`MAX_POSITION_PARAM` printable characters.

    Whether it is a position of the chosen game is checked by the play view,
    which says so next to the box.
    """
    if len(raw) > MAX_POSITION_PARAM or not raw.isprintable():
        raise ValueError(f"a position is at most {MAX_POSITION_PARAM:,} printable characters")
    return raw


def address_game(values: Mapping[str, object]) -> ImpartialGame:
    """The game an address names, for the judgements of the tab's other keys (:data:`dashboard.urlkeys.Judge`).

    Parameters
    ----------
    values : mapping
        Every key's value read from the address (the page's game, ``game``, among them).

    Returns
    -------
    solver.ImpartialGame
        The game the address names when it is a finite impartial game, else
        the tab's own first game (:data:`DEFAULT_GAME`), which its hidden
        game input keeps while the page shows another kind of game.
    """
    try:
        return find_game(values.get("game"))
    except ValueError:
        return find_game(DEFAULT_GAME)


def judge_position_param(text: object, values: Mapping[str, object]) -> None:
    """The address's judgement of ``fpos=``: as the play view, a position of the game the address names, valued within the page's limits.

    Parameters
    ----------
    text : object
        The value read (it passed :func:`check_position_param`).
    values : mapping
        Every key's value read from the address (:data:`dashboard.urlkeys.Judge`).

    Raises
    ------
    ValueError
        The message the play view shows for it.
    """
    game = address_game(values)
    game.outcome(parse_position(game, text), max_seconds=PAGE_SECONDS)


def parse_number(text: object, name: str, most: int, least: int = 1) -> int:
    """A whole number typed in a box of the tab (:func:`solver.parse_int`); ValueError says how to fix it."""
    return parse_int(text, name, least=least, most=most)  # type: ignore[arg-type]  # page input: parse_int refuses other types with ValueError


def parse_position(game: ImpartialGame, text: object):
    """A position of ``game`` typed as text (:meth:`solver.ImpartialGame.parse`); ValueError says how to write one."""
    if not isinstance(text, str):
        raise ValueError(f"type a position: {game.position_help}")
    try:
        return game.parse(text)
    except TypeError as exc:
        raise ValueError(str(exc)) from None


def losing_bars(outcomes: np.ndarray) -> list[int]:
    """The losing bars (masks) of a Chomp box's outcomes, by number of pieces, then by mask.

    Parameters
    ----------
    outcomes : numpy.ndarray
        :meth:`solver.ChompGame.outcomes`: entry ``mask`` is 0 for a losing bar.
    """
    return sorted((int(m) for m in np.flatnonzero(outcomes == 0)), key=lambda mask: (mask.bit_count(), mask))
