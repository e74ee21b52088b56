"""Every game of the project in one registry: :func:`find_game` and :func:`game_names` are the lookups.

A game is a :class:`Game` (:mod:`.model`); its moves are :class:`Move` data.
The registry resolves a name, an alias or a family's pattern to one game
object (kept, so the tables a game computes serve every caller), the way
python-chess's ``find_variant`` does:

=============================  ======================================================  =============================
names                          games                                                   class
=============================  ======================================================  =============================
``put-or-take-a-<sequence>``,  the rules of the family at a bound (the thesis; the     :class:`~.rules.RuleGame`
``subtract-a-square[-misere]``, loopy-games lesson)
``square-but-one[-odd]``
``octal-<code>``, aliases      octal games (Kayles, Dawson's Kayles, Rob's Dots …)     :class:`~.finite.FiniteGame`
``subtraction-<set>``          subtraction games of a finite set                       :class:`~.finite.FiniteGame`
``chomp-RxC``                  Chomp on fragmentary bars                               :class:`~.finite.FiniteGame`
``couples-are-forever``,       the other finite impartial games of the sources         :class:`~.finite.FiniteGame`
``wythoff``, ``euclid``,
``euclid3``, ``magnetism``,
``spring-cleaning``,
``eraserhead``, ``monochrome``
``tokens``,                    loopy games on a graph                                  :mod:`.graphs`
``snakes-and-adders``,
``fair-shares``
=============================  ======================================================  =============================

Names are matched without regard to case or surrounding spaces.  Eraserhead
and Monochrome are drawn on a graph: their class is a :class:`~.finite.FiniteGame`
of :mod:`.finite_graphs` (:data:`~.finite_graphs.BOARD_CLASSES`).
"""

from __future__ import annotations

import functools

from ..games import RULES
from ..impartial import IMPARTIAL_ALIASES, IMPARTIAL_EXAMPLES, impartial_game, is_impartial_name
from ..impartial.registry import IMPARTIAL_FAMILIES
from .finite import FiniteGame
from .finite_graphs import BOARD_CLASSES
from .graphs import FairSharesGame, SnakesGame, TokensGame
from .model import OUTCOMES, Game, Move, choose_move
from .rules import DEFAULT_RULE_BOUND, RuleGame

__all__ = [
    "FAMILIES",
    "Game",
    "Move",
    "OUTCOMES",
    "DEFAULT_RULE_BOUND",
    "choose_move",
    "find_game",
    "game_names",
    "games",
]

#: The families whose members are named by a pattern: (pattern, examples).
FAMILIES: tuple[tuple[str, tuple[str, ...]], ...] = IMPARTIAL_FAMILIES

_GRAPH_GAMES = {game.name: game for game in (TokensGame(), SnakesGame(), FairSharesGame())}
_MAX_NAME = 200


def _aliases_of(canonical: str) -> tuple[str, ...]:
    return tuple(alias for alias, name in IMPARTIAL_ALIASES.items() if name == canonical)


@functools.lru_cache(maxsize=64)
def _finite(canonical: str) -> FiniteGame:
    game = impartial_game(canonical)
    return BOARD_CLASSES.get(type(game), FiniteGame)(game, _aliases_of(canonical))


@functools.cache
def _rule(name: str) -> RuleGame:
    return RuleGame(RULES[name])


def _names() -> tuple[str, ...]:
    finite = dict.fromkeys(impartial_game(name).name for name in IMPARTIAL_EXAMPLES)
    return (*RULES, *finite, *_GRAPH_GAMES)


def game_names() -> tuple[str, ...]:
    """The canonical names of the games the project lists, in the menu's order.

    Returns
    -------
    tuple of str
        The rules of :data:`solver.games.RULES`, the finite impartial games
        (a family by its examples: ``octal-0.137`` …, ``chomp-2x6``), then the
        loopy games on a graph.  :func:`find_game` also finds any other
        member of a family (``octal-4.07``, ``chomp-4x5``) and every alias.
    """
    return _names()


def games() -> tuple[Game, ...]:
    """:func:`find_game` of every name of :func:`game_names`, in order."""
    return tuple(find_game(name) for name in game_names())


def find_game(name: str) -> Game:
    """Return the game of a name, an alias or a family's pattern.

    Parameters
    ----------
    name : str
        A name of :func:`game_names`, an alias (``kayles``, ``robs-dots``,
        ``dawsons-kayles``), or a member of a family of :data:`FAMILIES`
        (``octal-<code>``, ``chomp-RxC``, ``subtraction-<set>``).  Case and
        surrounding spaces are ignored.

    Returns
    -------
    Game
        One object per canonical name (``find_game("kayles") is
        find_game("octal-0.77")``).  A rule answers at
        :data:`DEFAULT_RULE_BOUND`; ``RuleGame.with_bound`` gives another.

    Raises
    ------
    TypeError
        If ``name`` is not a string.
    ValueError
        If no game has that name (the message lists the names and forms), or
        a family's parameter is invalid (the message says why).

    Examples
    --------
    >>> find_game("kayles").name
    'octal-0.77'
    >>> find_game(" Put-or-Take-a-Square ").title
    'Put-or-Take-a-Square'
    """
    if not isinstance(name, str):
        raise TypeError(f"a game's name is text such as 'kayles' or 'tokens', got {type(name).__name__}")
    key = name.strip().lower()
    if len(key) > _MAX_NAME:
        raise ValueError(f"a game's name has at most {_MAX_NAME} characters; the games are {', '.join(_names())}")
    if key in RULES:
        return _rule(key)
    if key in _GRAPH_GAMES:
        return _GRAPH_GAMES[key]
    if is_impartial_name(key):
        return _finite(impartial_game(key).name)
    forms = ", ".join(pattern for pattern, _examples in FAMILIES)
    raise ValueError(
        f"no game is named {name.strip()[:60]!r}; the games are {', '.join(_names())}, and the families {forms}"
    )
