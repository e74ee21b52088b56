"""Sums of heaps of a loopy game, by their nim values (Smith's rule).

A sum of heaps (all of one rule) is played by moving in exactly one heap; the
player with no move in any heap loses.  With each heap's value (see
:mod:`solver.values.nimvalues`) the outcome for the player to move is (C. A. B. Smith,
"Graphs and composite games", J. Combin. Theory 1, 1966; the "Nim's Island"
lesson's recipe):

* all values finite: L exactly when their nim sum (XOR) is 0, else W;
* exactly one value ∞(K): W when the nim sum s of the others is in K (that heap
  has a move to a follower of value s), else D;
* two or more infinite values: D.

A heap whose value is ``?`` (it depends on positions beyond the bound, or the
heap is above it) makes the sum U unless two other heaps are already infinite,
when the sum is D whatever the unknown value is.  So every W, L or D printed
is true of the infinite game (``docs/nim-values.md``).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

from solver.engine.nim import default_sum_bound
from solver.engine.solution import Outcome
from solver.games import Rule, get_rule
from solver.validation import check_integer

from .nimvalues import INF, UNKNOWN, NimValues, k_set, nim_value_text, nim_values

__all__ = [
    "SumMove",
    "SumPosition",
    "sum_position",
    "sum_outcome",
    "cached_values",
    "default_sum_bound",
    "MAX_HEAPS",
    "MAX_MOVES",
]

#: Most heaps in a sum.
MAX_HEAPS = 100
#: Most moves listed for one sum.
MAX_MOVES = 20_000

_FLIP = {Outcome.W: Outcome.L, Outcome.L: Outcome.W, Outcome.D: Outcome.D, Outcome.U: Outcome.U}

Value = tuple[int, int]  # (value code, K mask)


@functools.lru_cache(maxsize=8)
def cached_values(rule_name: str, bound: int) -> NimValues:
    """Nim values of every position ``0..top`` of a rule, kept in memory (8 most recent).

    ``top`` is ``bound`` (put-or-take rules are solved at that bound; the
    others are exact and solved up to it).
    """
    return nim_values(rule_name, bound, bound)


def sum_outcome(values: Sequence[Value], rows: Sequence[Sequence[int]] | None = None) -> tuple[Outcome, str]:
    r"""Outcome of a sum for the player to move, from its heaps' values, and the reason.

    Parameters
    ----------
    values : sequence of (int, int)
        Each heap's ``(value, k_mask)``: a finite value ``>= 0``, ``INF`` with
        the bitmask of K, or ``UNKNOWN``.
    rows : sequence of sequences of int, optional
        Each heap's known outcomes of ``heap + *j`` (Outcome codes, U where
        unknown) for ``j = 0, 1, …``: ``NimValues.heap_outcomes``.  When one
        heap's value is ``?`` and the others are finite with nim sum s, the
        sum has the outcome of that heap + \*s (the others act as the nim
        heap \*s), used when it is known.

    Returns
    -------
    (Outcome, str)
        W, L, D or U, and a one-sentence reason.
    """
    infinite = [i for i, (v, _) in enumerate(values) if v == INF]
    unknown = [i for i, (v, _) in enumerate(values) if v == UNKNOWN]
    if len(infinite) >= 2:
        heaps = ", ".join(f"heap {i + 1}" for i in infinite)
        return Outcome.D, f"two or more infinite values ({heaps}): a draw"
    if len(unknown) == 1 and not infinite and rows is not None:
        u = unknown[0]
        s = 0
        for i, (v, _) in enumerate(values):
            if i != u:
                s ^= v
        row = rows[u]
        if s < len(row) and row[s] != Outcome.U:
            o = Outcome(int(row[s]))
            why = "the others' nim sum is 0" if s == 0 else f"the others act as a nim heap *{s}"
            return o, f"heap {u + 1}'s value is not known at this bound, but {why} and heap {u + 1} + *{s} is {o.name}"
    if unknown:
        heaps = ", ".join(f"heap {i + 1}" for i in unknown)
        return Outcome.U, f"the value of {heaps} depends on positions beyond the bound (?)"
    nim_sum = 0
    for i, (v, _) in enumerate(values):
        if i not in infinite:
            nim_sum ^= v
    if not infinite:
        if nim_sum == 0:
            return Outcome.L, "all values are finite and their nim sum is 0: a loss for the player to move"
        return Outcome.W, f"all values are finite and their nim sum is {nim_sum} ≠ 0: a win for the player to move"
    i = infinite[0]
    mask = values[i][1]
    text = nim_value_text(INF, mask)
    if mask >> nim_sum & 1:
        return Outcome.W, (
            f"heap {i + 1} is {text} and the others' nim sum is {nim_sum}, which is in K: "
            f"moving heap {i + 1} to a follower of value {nim_sum} wins"
        )
    return Outcome.D, (
        f"heap {i + 1} is {text} and the others' nim sum is {nim_sum}, which is not in K "
        f"{{{','.join(map(str, k_set(mask)))}}}: a draw"
    )


@dataclasses.dataclass(frozen=True)
class SumMove:
    """One move of a sum: heap ``heap`` (0-based index) goes to ``to``.

    Attributes
    ----------
    heap : int
        Index of the heap moved in.
    to : int
        Its new size.
    outcome : Outcome
        The result of the move for the player making it (W: the move wins;
        L: it loses; D: it draws; U: unknown).
    after : Outcome
        The outcome of the new sum for the player to move there (the
        opponent): the flip of ``outcome``.
    """

    heap: int
    to: int
    outcome: Outcome
    after: Outcome

    def to_dict(self) -> dict:
        """JSON-ready: ``{"heap", "to", "outcome", "after"}`` (outcomes as letters)."""
        return {"heap": self.heap, "to": self.to, "outcome": self.outcome.name, "after": self.after.name}


@dataclasses.dataclass(frozen=True)
class SumPosition:
    """A sum of heaps with its values, outcome, moves and best moves.

    Attributes
    ----------
    rule : Rule
    bound : int
        The bound the values were computed at.
    heaps : tuple of int
        Heap sizes.
    values : tuple of str
        Each heap's value as text (``"0"``, ``"inf{0,2}"``, ``"?"``).
    outcome : Outcome
        For the player to move.
    reason : str
        Why: the nim sum, or which heap is infinite and its K.
    moves : tuple of SumMove
        Every move, heap by heap, in the rule's move order.
    best : tuple of int
        Indices into ``moves`` of the best moves: the winning moves when the
        outcome is W, the drawing moves when it is D; empty for L (every move
        loses) and U.
    """

    rule: Rule
    bound: int
    heaps: tuple[int, ...]
    values: tuple[str, ...]
    outcome: Outcome
    reason: str
    moves: tuple[SumMove, ...]
    best: tuple[int, ...]

    def to_dict(self) -> dict:
        """JSON-ready dict: rule, bound, heaps, values, outcome, reason, moves, best."""
        return {
            "rule": self.rule.name,
            "bound": self.bound,
            "heaps": list(self.heaps),
            "values": list(self.values),
            "outcome": self.outcome.name,
            "reason": self.reason,
            "moves": [m.to_dict() for m in self.moves],
            "best": list(self.best),
        }


def _value(table: NimValues, heap: int) -> Value:
    if heap > table.n:
        return (UNKNOWN, 0)
    return (int(table.value[heap]), int(table.k_mask[heap]))


def _row(table: NimValues, heap: int) -> tuple[int, ...]:
    if heap > table.n:
        return ()
    return tuple(int(c) for c in table.heap_outcomes[heap])


def sum_position(heaps: Sequence[int], rule: Rule | str | None = None, bound: int | None = None) -> SumPosition:
    """Analyse a sum of heaps of one rule.

    Parameters
    ----------
    heaps : sequence of int
        1 to :data:`MAX_HEAPS` heap sizes, each ``>= 0``, any size.
    rule : Rule or str, optional
        Default Put-or-Take-a-Square; not the misère rule.
    bound : int, optional
        Values are computed for positions ``0..bound`` (put-or-take rules: at
        the bound ``bound``).  Default :func:`default_sum_bound`.  A heap (or
        a move's result) above it has the value ``?``.

    Returns
    -------
    SumPosition

    Raises
    ------
    TypeError
        If a heap or the bound is not an integer.
    ValueError
        If there are no heaps or too many, a heap is negative, the rule is
        unknown or misère, or the sum has more than :data:`MAX_MOVES` moves.
    """
    rule = get_rule(rule)
    heaps = tuple(check_integer(h, "a heap", least=0) for h in heaps)
    if not 1 <= len(heaps) <= MAX_HEAPS:
        raise ValueError(f"a sum has 1 to {MAX_HEAPS} heaps; got {len(heaps)}")
    bound = default_sum_bound(rule) if bound is None else check_integer(bound, "the bound", least=1)
    table = cached_values(rule.name, bound)
    values = [_value(table, h) for h in heaps]
    rows = [_row(table, h) for h in heaps]
    outcome, reason = sum_outcome(values, rows)
    moves: list[SumMove] = []
    for i, h in enumerate(heaps):
        if not rule.moves_are_few(h):
            raise ValueError(f"heap {i + 1} of {rule.title} has about {h:.1e}**0.5 moves; too many to list")
        for move in rule.moves(h):
            if len(moves) >= MAX_MOVES:
                raise ValueError(f"this sum has more than {MAX_MOVES:,} moves; too many to list")
            after_values = list(values)
            after_values[i] = _value(table, move.child)
            after_rows = list(rows)
            after_rows[i] = _row(table, move.child)
            after, _ = sum_outcome(after_values, after_rows)
            moves.append(SumMove(i, move.child, _FLIP[after], after))
    if outcome in (Outcome.W, Outcome.D):
        best = tuple(k for k, m in enumerate(moves) if m.outcome == outcome)
    else:
        best = ()
    return SumPosition(
        rule, bound, heaps, tuple(nim_value_text(v, k) for v, k in values), outcome, reason, tuple(moves), best
    )
