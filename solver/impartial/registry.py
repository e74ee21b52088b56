"""The finite impartial games by name: :func:`impartial_game`, its aliases and examples.

=========================  ===================================================
name                       game
=========================  ===================================================
``octal-<code>``           the octal game of any valid code: ``octal-0.137``,
                           ``octal-0.07``, ``octal-0.77``, ``octal-4.7``
``subtraction-<set>``      the subtraction game of any finite set:
                           ``subtraction-1,3,4`` (octal 0.3033)
``robs-dots``              ``octal-0.137`` (Rob's Dots, Dawson's chess)
``dawsons-kayles``         ``octal-0.07``
``kayles``                 ``octal-0.77``
``couples-are-forever``    Couples are Forever (split a pile of at least 3
                           in two; the values of ``octal-0.6``, one pile down)
``wythoff``                Wythoff's game
``euclid``                 Euclid's game
``chomp-RxC``              Chomp on fragmentary bars in an R x C box
                           (``chomp-2x6``), at most 24 pieces
``eraserhead``             Eraserhead on any graph (positions
                           ``GRAPH:ERASERS``)
``monochrome``             Monochrome, node Kayles, on any graph (positions
                           ``GRAPH`` or ``GRAPH:MARKED``)
``magnetism``              Magnetism (+ and − tokens on a strip)
``spring-cleaning``        Spring Cleaning (sweeps of dirt on a grid)
``euclid3``                Euclid's game on triples
=========================  ===================================================

Names are matched without regard to case or surrounding spaces; the name a
game carries (``game.name``) is the canonical one (``"octal-0.137"`` for
``"robs-dots"`` and for ``"octal-.1370"``).  One game object is kept per
canonical name, so the tables it computes (:class:`~.game.Memo`) serve every
caller.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from .chomp import MAX_CELLS, ChompGame
from .couples import COUPLES_NAME, couples_game
from .eraserhead import EraserheadGame
from .euclid3 import Euclid3Game
from .game import ImpartialGame
from .magnetism import MagnetismGame
from .monochrome import MonochromeGame
from .octal import OctalGame
from .octal_codes import parse_octal
from .spring_cleaning import SPRING_CLEANING
from .subtraction import SUBTRACTION_PREFIX, SubtractionGame
from .wythoff import EuclidGame, WythoffGame

__all__ = [
    "impartial_game",
    "IMPARTIAL_ALIASES",
    "IMPARTIAL_EXAMPLES",
    "IMPARTIAL_FAMILIES",
    "IMPARTIAL_FORMS",
    "is_impartial_name",
]

#: Other names of octal games -> their canonical names.
IMPARTIAL_ALIASES: dict[str, str] = {
    "robs-dots": "octal-0.137",
    "dawsons-kayles": "octal-0.07",
    "kayles": "octal-0.77",
}

#: A few names to offer in a selector, in order.
IMPARTIAL_EXAMPLES: tuple[str, ...] = (
    "robs-dots",
    "dawsons-kayles",
    "kayles",
    "octal-4.7",
    "subtraction-1,3,4",
    "couples-are-forever",
    "wythoff",
    "euclid",
    "euclid3",
    "chomp-2x6",
    "chomp-3x4",
    "magnetism",
    "spring-cleaning",
    "eraserhead",
    "monochrome",
)

#: The families named by a pattern, each with the members offered as examples.
IMPARTIAL_FAMILIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("octal-<code>", ("octal-0.137", "octal-0.07", "octal-0.77", "octal-4.7")),
    ("chomp-RxC", ("chomp-2x6", "chomp-3x4")),
    ("subtraction-<set>", ("subtraction-1,3,4", "subtraction-2,5")),
)

#: The accepted forms of a name, for messages and help.
IMPARTIAL_FORMS = (
    "octal-<code> for any octal code (octal-0.137, octal-0.07, octal-0.77, octal-4.7), "
    "subtraction-<set> for any finite subtraction set (subtraction-1,3,4), "
    f"{', '.join(IMPARTIAL_ALIASES)}, {COUPLES_NAME}, wythoff, euclid, "
    f"chomp-RxC for a box of R rows and C columns with at most {MAX_CELLS} pieces (chomp-2x6), "
    "magnetism, spring-cleaning, euclid3, and the games on graphs eraserhead and monochrome"
)

#: The games with one name each (no parameter), by name.
_SINGLE: dict[str, Callable[[], ImpartialGame]] = {
    "wythoff": WythoffGame.make,
    "euclid": EuclidGame.make,
    "magnetism": MagnetismGame.make,
    "spring-cleaning": lambda: SPRING_CLEANING,
    "euclid3": Euclid3Game.make,
    "eraserhead": EraserheadGame.make,
    "monochrome": MonochromeGame.make,
    COUPLES_NAME: couples_game,
}

_CHOMP = re.compile(r"chomp-(\d{1,6})[x×](\d{1,6})", re.ASCII)
_MAX_NAME = 200


def is_impartial_name(name: object) -> bool:
    """Whether ``name`` has the form of a finite impartial game's name (it may still be invalid).

    True for the aliases, the names of one game (``couples-are-forever``, ``wythoff``, ``euclid``,
    ``magnetism``, ``spring-cleaning``, ``euclid3``,
    ``eraserhead``, ``monochrome``) and anything starting
    with ``octal-`` or ``chomp-``, so that a caller can tell a mistyped
    impartial game (say ``octal-0.8``) from a name of another family.
    """
    if not isinstance(name, str):
        return False
    key = name.strip().lower()
    return key in IMPARTIAL_ALIASES or key in _SINGLE or key.startswith(("octal-", "chomp-", SUBTRACTION_PREFIX))


@functools.lru_cache(maxsize=64)
def _build(canonical: str) -> ImpartialGame:
    if canonical in _SINGLE:
        return _SINGLE[canonical]()
    if canonical.startswith("octal-"):
        return OctalGame.of(canonical.removeprefix("octal-"))
    if canonical.startswith(SUBTRACTION_PREFIX):
        return SubtractionGame.of_set(canonical.removeprefix(SUBTRACTION_PREFIX))
    match = _CHOMP.fullmatch(canonical)
    assert match is not None
    return ChompGame.of(int(match.group(1)), int(match.group(2)))


def impartial_game(name: str) -> ImpartialGame:
    """Return the finite impartial game of a name.

    Parameters
    ----------
    name : str
        ``"octal-<code>"`` for any valid octal code (``"octal-0.137"``,
        ``"octal-4.7"``), ``"subtraction-<set>"`` for any finite subtraction
        set (``"subtraction-1,3,4"``), an alias of :data:`IMPARTIAL_ALIASES`
        (``"robs-dots"``, ``"dawsons-kayles"``, ``"kayles"``),
        ``"couples-are-forever"``, ``"wythoff"``, ``"euclid"``, ``"chomp-RxC"`` (``"chomp-2x6"``, at
        most 24 pieces), ``"magnetism"``, ``"spring-cleaning"``, ``"euclid3"``,
        ``"eraserhead"`` or ``"monochrome"``.  Case and surrounding spaces are
        ignored.

    Returns
    -------
    ImpartialGame
        One object per canonical name (the same object for ``"kayles"`` and
        ``"octal-0.77"``).

    Raises
    ------
    TypeError
        If ``name`` is not a string.
    ValueError
        If no game has that name, the octal code is invalid (the message
        says what a code looks like) or the box is too large; the message
        lists the accepted forms.

    Examples
    --------
    >>> game = impartial_game("robs-dots")
    >>> game.name, game.title
    ('octal-0.137', "Rob's Dots (0.137)")
    >>> game.value(game.parse("3+5"))
    1
    """
    if not isinstance(name, str):
        raise TypeError(f"a game's name is text such as 'octal-0.137' or 'wythoff', got {type(name).__name__}")
    key = name.strip().lower()
    if len(key) > _MAX_NAME:
        raise ValueError(f"a game's name has at most {_MAX_NAME} characters; the names are {IMPARTIAL_FORMS}")
    key = IMPARTIAL_ALIASES.get(key, key)
    if key in _SINGLE:
        return _build(key)
    if key.startswith("octal-"):
        try:
            code = parse_octal(key.removeprefix("octal-"))
        except ValueError as exc:
            raise ValueError(f"{name.strip()[:60]!r} is not an octal game: {exc}") from None
        return _build(f"octal-{code.text}")
    if key.startswith(SUBTRACTION_PREFIX):
        try:
            return _build(SubtractionGame.of_set(key.removeprefix(SUBTRACTION_PREFIX)).name)
        except ValueError as exc:
            raise ValueError(f"{name.strip()[:60]!r} is not a subtraction game: {exc}") from None
    match = _CHOMP.fullmatch(key)
    if match is not None:
        rows, cols = int(match.group(1)), int(match.group(2))
        if rows < 1 or cols < 1 or rows * cols > MAX_CELLS:
            raise ValueError(
                f"{name.strip()[:60]!r}: a Chomp box has at least 1 row and 1 column and at most {MAX_CELLS} pieces "
                f"(2**{MAX_CELLS} bars, each solved), got {rows} x {cols}; use a smaller box such as chomp-2x6"
            )
        return _build(f"chomp-{rows}x{cols}")
    if key.startswith("chomp"):
        raise ValueError(f"{name.strip()[:60]!r} is not a Chomp box: write chomp-RxC, e.g. chomp-2x6 or chomp-3x4")
    raise ValueError(f"no finite impartial game is named {name.strip()[:60]!r}; the names are {IMPARTIAL_FORMS}")
