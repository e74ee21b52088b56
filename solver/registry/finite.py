"""The finite impartial games as :class:`~.model.Game`: exact outcomes, Grundy values and remoteness.

A :class:`FiniteGame` gives the one game model's questions to an
:class:`solver.impartial.ImpartialGame` (octal games, Couples are Forever,
Wythoff's and Euclid's games, Chomp, Magnetism, Spring Cleaning, Euclid's game
on triples, Eraserhead, Monochrome).  These games are loop-free and finite:
every answer is exact, the value is the Grundy value (Winning Ways, chapter
4), and a sum's value is the XOR of its parts'.

A game whose moves have a shape a picture draws gives it through
:data:`GEOMETRY`, keyed by the game's class (the way :data:`solver.engine.ENGINES`
finds an engine), never by its name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import config, costs
from ..impartial import (
    ChompGame,
    EraserheadGame,
    ImpartialGame,
    MonochromeGame,
    SpringCleaningGame,
    chomp_moves,
    eraserhead_moves,
    monochrome_moves,
)
from ..impartial.spring_cleaning_grids import sweeps
from .model import Game, Move

__all__ = ["FiniteGame", "GEOMETRY"]

#: The menu's group of the finite games, by the class of the game (the source they come from).
_GROUP = "Finite impartial games (Winning Ways; the blog posts on impartial games)"


def _eraserhead_moves(game: ImpartialGame, position: Any) -> list[Move]:
    listed = eraserhead_moves(game.check(position))
    return [Move(m.text, m.result, kind="erase", arc=(m.eraser, m.to)) for m in listed]


def _monochrome_moves(game: ImpartialGame, position: Any) -> list[Move]:
    listed = monochrome_moves(game.check(position))
    return [Move(m.text, m.result, kind="mark", vertex=m.vertex) for m in listed]


def _spring_cleaning_moves(game: ImpartialGame, position: Any) -> list[Move]:
    return [Move(text, child, kind="sweep", cells=cells) for text, child, cells in sweeps(game.check(position))]


def _chomp_moves(game: ImpartialGame, position: Any) -> list[Move]:
    assert isinstance(game, ChompGame)
    mask = game.check(position)
    found = []
    for r, c, result in chomp_moves(game.rows, game.cols, mask):
        eaten = mask & ~result
        cells = tuple(divmod(i, game.cols) for i in range(eaten.bit_length()) if (eaten >> i) & 1)
        found.append(Move(f"eat row {r + 1}, column {c + 1}", result, kind="chomp", cells=cells))
    return found


#: Moves with their geometry, for the games whose moves a picture draws: class of the game -> (game, position) -> moves.
GEOMETRY: dict[type, Callable[[ImpartialGame, Any], list[Move]]] = {
    EraserheadGame: _eraserhead_moves,
    MonochromeGame: _monochrome_moves,
    SpringCleaningGame: _spring_cleaning_moves,
    ChompGame: _chomp_moves,
}


class FiniteGame(Game[Any]):
    """A finite impartial game (:class:`solver.impartial.ImpartialGame`) in the one game model.

    Parameters
    ----------
    game : ImpartialGame
        The game; its name, title, summary, source and views are this one's.
    aliases : tuple of str, optional
        Other names the registry finds it by.

    Notes
    -----
    Work beyond ``config.IMPARTIAL_MAX_SECONDS`` (or the machine's memory) is
    refused with the estimate, as the game's own methods do.
    """

    value_kind = "grundy"

    def __init__(self, game: ImpartialGame, aliases: tuple[str, ...] = ()) -> None:
        self.game = game
        self.name = game.name
        self.title = game.title
        self.summary = game.summary
        self.source = game.source
        self.group = _GROUP
        self.example = game.format(game.start())
        self.position_help = game.position_help
        self.views = tuple(game.views)
        self.aliases = aliases  # type: ignore[misc]

    def parse(self, text: str) -> Any:
        """The game's own reader (:meth:`ImpartialGame.parse`)."""
        return self.game.parse(text)

    def format(self, position: Any) -> str:
        """The game's own writer (:meth:`ImpartialGame.format`)."""
        return self.game.format(position)

    def moves(self, position: Any) -> list[Move]:
        """Every move, with its geometry where the game draws one (:data:`GEOMETRY`)."""
        geometry = GEOMETRY.get(type(self.game))
        if geometry is not None:
            return geometry(self.game, position)
        return [Move(text, child) for text, child in self.game.moves(position)]

    def outcome(self, position: Any) -> str:
        """W or L, exact (normal play)."""
        return self.game.outcome(position, max_seconds=config.IMPARTIAL_MAX_SECONDS)

    def value(self, position: Any) -> int:
        """The Grundy value (0 exactly for an L position)."""
        return self.game.value(position, max_seconds=config.IMPARTIAL_MAX_SECONDS)

    def remoteness(self, position: Any) -> int:
        """The exact remoteness (odd for W, even for L)."""
        return self.game.remoteness(position, max_seconds=config.IMPARTIAL_MAX_SECONDS)

    def remotenesses(self, positions: Sequence[Any]) -> list[int | None]:
        """:meth:`remoteness` of several positions in one search (:meth:`ImpartialGame.remotenesses`).

        Raises
        ------
        ValueError
            If the search, estimated for the largest position, is beyond
            :data:`solver.config.IMPARTIAL_MAX_SECONDS`.
        """
        return list(self.game.remotenesses(positions, max_seconds=config.IMPARTIAL_MAX_SECONDS))

    def value_cost(self, position: Any) -> costs.Cost:
        """The value's estimate (:meth:`ImpartialGame.value_cost`); the outcome is read from the value."""
        return self.game.value_cost(position)

    def cost(self, position: Any) -> costs.Cost:
        """The value's estimate and the remoteness's, the larger of each."""
        value = self.game.value_cost(position)
        remoteness = self.game.remoteness_cost(position)
        return costs.Cost(
            max(value.seconds, remoteness.seconds),
            max(value.bytes, remoteness.bytes),
            value.what if value.seconds >= remoteness.seconds else remoteness.what,
        )
