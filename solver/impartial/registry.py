"""The finite impartial games by name: :func:`impartial_game`, its aliases and examples.

=========================  ===================================================
name                       game
=========================  ===================================================
``octal-<code>``           the octal game of any valid code: ``octal-0.137``,
                           ``octal-0.07``, ``octal-0.77``, ``octal-4.7``
``robs-dots``              ``octal-0.137`` (Rob's Dots, Dawson's chess)
``dawsons-kayles``         ``octal-0.07``
``kayles``                 ``octal-0.77``
``couples-are-forever``    Couples are Forever (split a pile of at least 3
                           in two; the values of ``octal-0.6``, one pile down)
``wythoff``                Wythoff's game
``euclid``                 Euclid's game
``chomp-RxC``              Chomp on fragmentary bars in an R x C box
                           (``chomp-2x6``), at most 24 pieces
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

from .chomp import MAX_CELLS, ChompGame
from .couples import COUPLES_NAME, couples_game
from .game import ImpartialGame
from .octal import OctalGame, parse_octal
from .wythoff import EuclidGame, WythoffGame

__all__ = ["impartial_game", "IMPARTIAL_ALIASES", "IMPARTIAL_EXAMPLES", "IMPARTIAL_FORMS", "is_impartial_name"]

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
    "wythoff",
    "euclid",
    "chomp-2x6",
    "chomp-3x4",
)

#: The accepted forms of a name, for messages and help.
IMPARTIAL_FORMS = (
    "octal-<code> for any octal code (octal-0.137, octal-0.07, octal-0.77, octal-4.7), "
    f"{', '.join(IMPARTIAL_ALIASES)}, {COUPLES_NAME}, wythoff, euclid, "
    f"and chomp-RxC for a box of R rows and C columns with at most {MAX_CELLS} pieces (chomp-2x6)"
)

_CHOMP = re.compile(r"chomp-(\d{1,6})[x×](\d{1,6})")
_MAX_NAME = 200


def is_impartial_name(name: object) -> bool:
    """Whether ``name`` has the form of a finite impartial game's name (it may still be invalid).

    True for the aliases, ``couples-are-forever``, ``wythoff``, ``euclid`` and anything starting with
    ``octal-`` or ``chomp-``, so that a caller can tell a mistyped impartial
    game (say ``octal-0.8``) from a name of another family.
    """
    if not isinstance(name, str):
        return False
    key = name.strip().lower()
    return (
        key in IMPARTIAL_ALIASES or key in (COUPLES_NAME, "wythoff", "euclid") or key.startswith(("octal-", "chomp-"))
    )


@functools.lru_cache(maxsize=64)
def _build(canonical: str) -> ImpartialGame:
    if canonical == "wythoff":
        return WythoffGame.make()
    if canonical == "euclid":
        return EuclidGame.make()
    if canonical == COUPLES_NAME:
        return couples_game()
    if canonical.startswith("octal-"):
        return OctalGame.of(canonical.removeprefix("octal-"))
    match = _CHOMP.fullmatch(canonical)
    assert match is not None
    return ChompGame.of(int(match.group(1)), int(match.group(2)))


def impartial_game(name: str) -> ImpartialGame:
    """Return the finite impartial game of a name.

    Parameters
    ----------
    name : str
        ``"octal-<code>"`` for any valid octal code (``"octal-0.137"``,
        ``"octal-4.7"``), an alias of :data:`IMPARTIAL_ALIASES`
        (``"robs-dots"``, ``"dawsons-kayles"``, ``"kayles"``),
        ``"couples-are-forever"``, ``"wythoff"``, ``"euclid"`` or ``"chomp-RxC"`` (``"chomp-2x6"``, at
        most 24 pieces).  Case and surrounding spaces are ignored.

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
    if key in (COUPLES_NAME, "wythoff", "euclid"):
        return _build(key)
    if key.startswith("octal-"):
        try:
            code = parse_octal(key.removeprefix("octal-"))
        except ValueError as exc:
            raise ValueError(f"{name.strip()[:60]!r} is not an octal game: {exc}") from None
        return _build(f"octal-{code.text}")
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
