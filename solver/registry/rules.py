"""The rules of the put-or-take family as :class:`~.model.Game`: answers from their solution at a bound.

A :class:`RuleGame` wraps a :class:`solver.games.Rule` and a bound B.  Its
positions are integers of any size; its outcomes are those of the sound
bounded analysis (``docs/mathematics.md`` section 3): W, L and D are true of
the infinite game, U is what the bound leaves open, and a remoteness is given
only where it is exact.  The solve runs on first use (through the disk cache)
and its estimate is :meth:`RuleGame.cost`.
"""

from __future__ import annotations

from typing import ClassVar

from .. import config, costs
from ..engine.nim import has_nim_values, nim_values_seconds
from ..engine.solution import Outcome, Solution
from ..games import RULES, Rule, get_rule
from ..parsing import parse_int
from ..store.memory import SolutionCache
from ..validation import check_integer
from ..values.nimvalues import INF, UNKNOWN, nim_value_text
from ..values.position import best_rule_moves, position_value
from ..values.sums import cached_values
from .model import Game, Move

__all__ = ["RuleGame", "DEFAULT_RULE_BOUND", "NIM_VALUE_SECONDS"]

#: The bound a rule is solved to when none is given: the thesis's setup, alpha x N = 100 x 10,000.
DEFAULT_RULE_BOUND = config.DEFAULT_ALPHA * config.DEFAULT_N

#: Longest the nim values of a rule at its bound may be estimated to take for :meth:`RuleGame.value` to compute
#: them (:func:`solver.engine.nim.nim_values_seconds`); beyond, a value is None (not computed).
NIM_VALUE_SECONDS = 3.0

_GROUPS = {
    "put": "Put-or-take games (the thesis, section 6)",
    "other": "Subtraction games and Square-But-One (Winning Ways; the loopy-games lesson)",
}


class RuleGame(Game[int]):
    """A rule of the put-or-take family at a bound (:mod:`solver.games`).

    Parameters
    ----------
    rule : Rule or str
        The rule, or its name.
    bound : int, optional
        The bound B of the solution answers come from (default
        :data:`DEFAULT_RULE_BOUND`, the thesis's setup).  Positions above B
        are U unless they win at once.

    Raises
    ------
    TypeError, ValueError
        For an unknown rule or a bound below 1.
    """

    bounded = True
    loopy = True
    position_help = "a whole number >= 0, of any size (4708, 10**30)"
    aliases: ClassVar[tuple[str, ...]] = ()

    def __init__(self, rule: Rule | str, bound: int | None = None) -> None:
        self.rule = get_rule(rule) if isinstance(rule, str) else rule
        self.bound = check_integer(DEFAULT_RULE_BOUND if bound is None else bound, "the bound", least=1)
        self.name = self.rule.name
        self.title = self.rule.title
        self.summary = self.rule.summary
        self.source = self.rule.source
        self.group = _GROUPS["put" if self.rule.climbs else "other"]
        self.example = str(config.DEFAULT_START)
        self.loopy = not self.rule.loop_free
        self.last_mover_wins = self.rule.last_mover_wins
        self.views = ("summary", "densities", "layers", "tree", "play", "inspect")
        # Smith's loopy nim values (docs/nim-values.md), for every rule of normal play.
        self.value_kind = "loopy" if has_nim_values(self.rule) else "none"
        # Locked inside: two threads asking at once solve the bound once.
        self._cache = SolutionCache(capacity=1)

    def with_bound(self, bound: int) -> RuleGame:
        """The same rule at another bound."""
        return RuleGame(self.rule, bound)

    @property
    def solution(self) -> Solution:
        """The solution at :attr:`bound` (solved, or read from the disk cache, on first use)."""
        found, _cached = self._cache.get(self.bound, rule=self.rule)
        return found

    # -- positions -------------------------------------------------------------------

    def parse(self, text: str) -> int:
        """A whole number ``>= 0`` (``4708``, ``10_000``, ``1e4``, ``10**30``); ValueError says what is wrong."""
        if not isinstance(text, str):
            raise TypeError(f"a position of {self.title} is written as text, got {type(text).__name__}")
        return parse_int(text, "a position", least=0)

    def format(self, position: int) -> str:
        """The number in decimal digits, without separators (so that :meth:`parse` reads it back)."""
        return str(check_integer(position, "a position", least=0))

    # -- moves and answers -------------------------------------------------------------

    def moves(self, position: int) -> list[Move[int]]:
        """The rule's moves (takes by size, then put or add), each with its kind and amount.

        Raises
        ------
        ValueError
            When the position has too many moves to list (about its square
            root, for a position such as ``10**30``).
        """
        position = check_integer(position, "a position", least=0)
        if not self.rule.moves_are_few(position):
            raise ValueError(f"{position:.1e} has about {position:.1e}**0.5 moves; too many to list")
        return [Move(self.rule.move_text(m), m.child, kind=m.kind, amount=m.amount) for m in self.rule.moves(position)]

    def _value(self, position: int) -> tuple[Outcome, int | None]:
        return position_value(position, self.solution)

    def outcome(self, position: int) -> str:
        """W, L, D or U from the solution at the bound (sound for the infinite game)."""
        return self._value(position)[0].name

    def remoteness(self, position: int) -> int | None:
        """The remoteness where it is exact; None for D, U, or a remoteness only bounded."""
        return self._value(position)[1]

    def _nim_entry(self, position: int) -> tuple[int, int, tuple[int, ...]] | None:
        """The nim-values table's value code, K mask and outcomes with a nim heap; None when not computed."""
        position = check_integer(position, "a position", least=0)
        if self.value_kind != "loopy" or nim_values_seconds(self.rule, self.bound, self.bound) > NIM_VALUE_SECONDS:
            return None
        table = cached_values(self.rule.name, self.bound)
        if position > table.n:
            return None
        row = tuple(int(c) for c in table.heap_outcomes[position])
        return int(table.value[position]), int(table.k_mask[position]), row

    def value(self, position: int) -> str | None:
        """Smith's loopy nim value at the bound (``"2"``, ``"inf{0,1}"``; docs/nim-values.md), or None.

        None for a value that depends on positions beyond the bound, a
        position above it, the misère rule (no nim values), or nim values
        estimated to take longer than :data:`NIM_VALUE_SECONDS`.
        """
        entry = self._nim_entry(position)
        if entry is None or entry[0] == UNKNOWN:
            return None
        return nim_value_text(entry[0], entry[1] if entry[0] == INF else 0)

    def outcomes_with_nim(self, position: int) -> tuple[str, ...]:
        """The outcomes of ``position + *j`` at the bound, sound (U where open); empty when not computed."""
        entry = self._nim_entry(position)
        return () if entry is None else tuple(Outcome(code).name for code in entry[2])

    def cost(self, position: int) -> costs.Cost:
        """The solve of the bound (nothing once it is open); a position's answer is then immediate."""
        if self._cache.peek(self.bound, rule=self.rule) is not None:
            return costs.Cost(0.0, 0, "the solution is open")
        return costs.solve_cost(self.bound, self.rule)

    def computer_move(self, position: int) -> Move[int] | None:
        """The first of the best moves (thesis section 1.3, :func:`solver.values.best_rule_moves`)."""
        position = check_integer(position, "a position", least=0)
        if not self.rule.moves(position):
            return None
        best = best_rule_moves(position, self.solution)[0]
        return next(m for m in self.moves(position) if m.child == best.child and m.kind == best.kind)

    def describe(self) -> dict:
        """:meth:`Game.describe`, with the bound."""
        return {**super().describe(), "bound": self.bound}


def rule_games() -> tuple[RuleGame, ...]:
    """Every rule of :data:`solver.games.RULES` as a game at the default bound."""
    return tuple(RuleGame(rule) for rule in RULES.values())
