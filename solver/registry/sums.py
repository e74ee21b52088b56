"""Sums of heaps of any game that has values, through one path: each heap's :meth:`Game.value`, and Smith's rule.

A sum of heaps (all of one game of :mod:`solver.registry`) is played by
moving in exactly one heap; the player with no move in any heap loses.  Each
heap is the game's position written as the heap's size (``game.parse("5")``);
its value is the game's: a Grundy value (an octal game, Winning Ways chapter
4) or Smith's loopy nim value (a rule of the put-or-take family at a bound,
``docs/nim-values.md``).  The sum's outcome is :func:`solver.values.sums.sum_outcome`
over those values: with finite values, L exactly when their nim sum is 0;
Smith's rule with an infinite one; U when a heap's value is not known, unless
the game knows the outcome of that heap beside the nim heap the others make
(:meth:`Game.outcomes_with_nim`).

A move changes one heap into what the game's move leaves: one heap, or, in a
game whose moves split a heap (octal games), several heaps; a heap taken
away entirely is written 0, so the heaps keep their numbers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..engine.solution import Outcome
from ..validation import check_integer
from ..values.nimvalues import INF, UNKNOWN
from ..values.sums import MAX_HEAPS, MAX_MOVES, sum_outcome
from .model import Game

__all__ = ["GameSum", "HeapMove", "game_sum", "value_code"]

_FLIP = {Outcome.W: Outcome.L, Outcome.L: Outcome.W, Outcome.D: Outcome.D, Outcome.U: Outcome.U}

Value = tuple[int, int]  # (value code, K mask), as solver.values.sums.sum_outcome reads them


@dataclasses.dataclass(frozen=True)
class HeapMove:
    """One move of a sum: heap ``heap`` becomes ``heaps``.

    Attributes
    ----------
    heap : int
        Index of the heap moved in.
    label : str
        The game's words for the move (:attr:`solver.registry.Move.label`).
    heaps : tuple of int
        What the heap becomes: one heap, several after a split, ``(0,)``
        when none is left.
    outcome : Outcome
        The result of the move for the player making it (W: it wins).
    after : Outcome
        The outcome of the new sum for the opponent, who moves there.
    nim_sum : int or None
        The nim sum of the new sum's values, when they are all finite.
    """

    heap: int
    label: str
    heaps: tuple[int, ...]
    outcome: Outcome
    after: Outcome
    nim_sum: int | None

    @property
    def to(self) -> int:
        """The heap's new size, when the move leaves one heap (the first of several otherwise)."""
        return self.heaps[0]


@dataclasses.dataclass(frozen=True)
class GameSum:
    """A sum of heaps of one game with its values, outcome, moves and best moves.

    Attributes
    ----------
    game : solver.registry.Game
        The game every heap is of.
    heaps : tuple of int
        Heap sizes.
    values : tuple of str
        Each heap's value as text (``"3"``, ``"inf{0,2}"``; ``"?"`` when not known).
    outcome : Outcome
        For the player to move.
    reason : str
        Why, in a sentence (:func:`solver.values.sums.sum_outcome`).
    nim_sum : int or None
        The XOR of the values, when they are all finite.
    moves : tuple of HeapMove
        Every move, heap by heap, in the game's move order.
    best : tuple of int
        Indices into ``moves`` of the best moves: the winning ones when the
        outcome is W, those keeping the draw when it is D; empty otherwise.
    bound : int or None
        The bound the game's values are computed at (a rule of the family), or None.
    unlisted : str
        Why the moves are not listed (empty when they are): a heap with too
        many moves, or more than :data:`solver.values.sums.MAX_MOVES` in all.
        The values and the outcome are still there.
    """

    game: Game
    heaps: tuple[int, ...]
    values: tuple[str, ...]
    outcome: Outcome
    reason: str
    nim_sum: int | None
    moves: tuple[HeapMove, ...]
    best: tuple[int, ...]
    bound: int | None
    unlisted: str = ""

    @property
    def rule(self) -> Any:
        """The rule of the family the game is (:class:`solver.games.Rule`), or None for another game."""
        return getattr(self.game, "rule", None)

    def after(self, move: HeapMove) -> tuple[int, ...]:
        """Every heap after ``move``: the heap moved in replaced by what it becomes."""
        return (*self.heaps[: move.heap], *move.heaps, *self.heaps[move.heap + 1 :])


def value_code(value: int | str | None) -> Value:
    """A game's value as ``(code, K mask)``: an int or ``"3"`` finite, ``"inf{0,2}"`` infinite, else unknown.

    Parameters
    ----------
    value : int, str or None
        :meth:`solver.registry.Game.value`.

    Returns
    -------
    (int, int)
        ``(v, 0)`` for a finite value, ``(INF, mask)`` with bit j set for j in K,
        ``(UNKNOWN, 0)`` for None, ``"?"`` or anything else.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value, 0
    if isinstance(value, str):
        if value.isdigit():
            return int(value), 0
        if value.startswith("inf{") and value.endswith("}"):
            inside = value[4:-1]
            members = [int(part) for part in inside.split(",")] if inside else []
            return INF, sum(1 << j for j in set(members))
    return UNKNOWN, 0


def _text(code: Value, value: int | str | None) -> str:
    return "?" if code[0] == UNKNOWN else str(value)


def _heaps_of(child: Any) -> tuple[int, ...]:
    """The heaps a position of a heap game is: one heap (an int), or several (a tuple); ``(0,)`` when none."""
    if isinstance(child, tuple):
        return tuple(int(h) for h in child) or (0,)
    return (int(child),)


def _nim_sum(values: Sequence[Value]) -> int | None:
    total = 0
    for v, _mask in values:
        if v < 0:
            return None
        total ^= v
    return total


def _outcome(values: Sequence[Value], rows: Sequence[tuple[str, ...]]) -> tuple[Outcome, str]:
    return sum_outcome(values, [tuple(int(Outcome[o]) for o in row) for row in rows])


def game_sum(game: Game, heaps: Sequence[int]) -> GameSum:
    """Analyse a sum of heaps of one game that has values.

    Parameters
    ----------
    game : solver.registry.Game
        A game whose positions include single heaps (``game.parse("5")``) and
        whose moves leave one heap or several (:attr:`Game.value_kind`
        ``"grundy"`` or ``"loopy"``).
    heaps : sequence of int
        1 to :data:`solver.values.sums.MAX_HEAPS` sizes, each ``>= 0``.

    Returns
    -------
    GameSum

    Raises
    ------
    TypeError
        If a heap is not an integer.
    ValueError
        No heaps or too many, a heap the game cannot read, a game without
        values, or work beyond the game's limits (the message says which).
        Too many moves to list is not an error: :attr:`GameSum.unlisted` says so.
    """
    if game.value_kind not in ("grundy", "loopy"):
        raise ValueError(
            f"{game.title} has no nim values: Sprague–Grundy theory (and Smith's loopy form) is for normal play"
        )
    heaps = tuple(check_integer(h, "a heap", least=0) for h in heaps)
    if not 1 <= len(heaps) <= MAX_HEAPS:
        raise ValueError(f"a sum has 1 to {MAX_HEAPS} heaps; got {len(heaps)}")
    positions = [game.parse(str(h)) for h in heaps]
    found = [game.value(p) for p in positions]
    values = [value_code(v) for v in found]
    rows = [game.outcomes_with_nim(p) for p in positions]
    outcome, reason = _outcome(values, rows)
    listed: list[list] = []
    unlisted = ""
    for i, position in enumerate(positions):
        try:
            listed.append(game.moves(position))
        except ValueError as exc:
            unlisted = f"heap {i + 1}: {exc}"
            break
        if sum(len(found) for found in listed) > MAX_MOVES:
            unlisted = f"this sum has more than {MAX_MOVES:,} moves; too many to list"
            break
    moves: list[HeapMove] = []
    for i, found_moves in enumerate([] if unlisted else listed):
        for move in found_moves:
            after_values = list(values)
            after_values[i] = value_code(game.value(move.child))
            after_rows = list(rows)
            after_rows[i] = game.outcomes_with_nim(move.child)
            after, _ = _outcome(after_values, after_rows)
            moves.append(HeapMove(i, move.label, _heaps_of(move.child), _FLIP[after], after, _nim_sum(after_values)))
    best = tuple(k for k, m in enumerate(moves) if m.outcome == outcome) if outcome in (Outcome.W, Outcome.D) else ()
    return GameSum(
        game,
        heaps,
        tuple(_text(code, v) for code, v in zip(values, found, strict=True)),
        outcome,
        reason,
        _nim_sum(values),
        tuple(moves),
        best,
        game.describe().get("bound"),
        unlisted,
    )
