"""The games: each rule owns its moves and what follows from them.

=================================  ==============================================
name                               moves from ``n``
=================================  ==============================================
``put-or-take-a-X``                ``n - f(n)`` and ``n + f(n)``, ``f(n)`` the
                                   largest member of X not above ``n`` (no move
                                   when there is none); X is square, cube,
                                   triangular number, prime, power of 2, power of
                                   3, factorial or Fibonacci number
``subtract-a-square``              ``n - k**2`` for every ``1 <= k**2 <= n``
``subtract-a-square-misere``       the same moves; the player with no move wins
``square-but-one``                 ``n - k**2``, and ``n + 1`` when ``n`` is even
                                   and positive
``square-but-one-odd``             ``n - k**2``, and ``n + 1`` when ``n`` is odd
=================================  ==============================================

Sources: Winning Ways, vol. 2, p. 484 and the thesis (section 1.1, section 6
for the other sequences); subtract-a-square and its misère form (Winning Ways,
vol. 1, ch. 12; OEIS A030193, A014586); Square-But-One ("Nim's Island",
a lesson on loopy games).  ``docs/mathematics.md`` section 7 gives the
definitions and what the solvers rely on; ``docs/extending.md`` how to add a
rule.

============================================  =====================================
module                                        contents
============================================  =====================================
:mod:`solver.games.base`                      :class:`Rule`, :class:`RuleMove`
:mod:`solver.games.sequences`                 the sequences X, :func:`is_prime`
:mod:`solver.games.squares`                   Put-or-Take-a-Square's own moves
                                              (``take``, ``put``, :class:`Move`)
:mod:`solver.games.put_or_take`,              one module per kind of game
:mod:`solver.games.subtract`,
:mod:`solver.games.square_but_one`
============================================  =====================================
"""

from __future__ import annotations

from .base import (
    KIND_PUT_OR_TAKE,
    KIND_SQUARE_BUT_ONE,
    KIND_SUBTRACT,
    SQUARES,
    Rule,
    RuleMove,
)
from .put_or_take import PutOrTake, PutOrTakeASquare, put_or_take
from .sequences import PRIME_LIMIT, SEQUENCES, Sequence, is_prime
from .square_but_one import SquareButOne
from .squares import POSITION_LIMIT, Move, is_square, isqrt_array, moves, put, square_below, take
from .subtract import SubtractASquare

__all__ = [
    "Rule",
    "RuleMove",
    "PutOrTake",
    "PutOrTakeASquare",
    "SubtractASquare",
    "SquareButOne",
    "RULES",
    "RULE_NAMES",
    "DEFAULT_RULE",
    "SQUARES",
    "get_rule",
    "Sequence",
    "SEQUENCES",
    "is_prime",
    "PRIME_LIMIT",
    "KIND_PUT_OR_TAKE",
    "KIND_SUBTRACT",
    "KIND_SQUARE_BUT_ONE",
    "Move",
    "square_below",
    "is_square",
    "take",
    "put",
    "moves",
    "isqrt_array",
    "POSITION_LIMIT",
]

#: Every rule, by name, in the order the page lists them.
RULES: dict[str, Rule] = {
    rule.name: rule
    for rule in (
        put_or_take("square", "square", "Square", PutOrTakeASquare),
        put_or_take("cube", "cube", "Cube"),
        put_or_take("triangular number", "triangular-number", "Triangular-Number"),
        put_or_take("prime", "prime", "Prime"),
        put_or_take("power of 2", "power-of-2", "Power-of-2"),
        put_or_take("power of 3", "power-of-3", "Power-of-3"),
        put_or_take("factorial", "factorial", "Factorial"),
        put_or_take("Fibonacci number", "fibonacci-number", "Fibonacci-Number"),
        SubtractASquare(
            name="subtract-a-square",
            title="Subtract-a-Square",
            summary="From n, take any square k² ≤ n; a player with no move loses.",
            source="Winning Ways vol. 1 ch. 12; OEIS A030193 (cold positions), A014586 (Grundy values)",
        ),
        SubtractASquare(
            name="subtract-a-square-misere",
            title="Subtract-a-Square (misère)",
            misere=True,
            summary="From n, take any square k² ≤ n; the player who makes the last move loses.",
            source="Winning Ways vol. 1 ch. 12 (misère play)",
        ),
        SquareButOne(
            name="square-but-one",
            title="Square-But-One",
            add_parity=0,
            summary="From n, take any square k² ≤ n, or add one when n is even and positive; a player with no move loses.",
            source='"Nim\'s Island", a lesson on loopy games',
        ),
        SquareButOne(
            name="square-but-one-odd",
            title="Square-But-One (odd)",
            add_parity=1,
            summary="From n, take any square k² ≤ n, or add one when n is odd; a player with no move loses.",
            source='"Nim\'s Island", exercise (add one to odd heaps)',
        ),
    )
}

RULE_NAMES = tuple(RULES)
DEFAULT_RULE = RULES[SQUARES]


def get_rule(rule: object = None) -> Rule:
    """Return the :class:`Rule` for a name (or a Rule; None gives the default).

    Raises
    ------
    TypeError
        If ``rule`` is neither a str, a Rule nor None.
    ValueError
        If no rule has that name; the message lists the names.
    """
    if rule is None:
        return DEFAULT_RULE
    if isinstance(rule, Rule):
        return rule
    if not isinstance(rule, str):
        raise TypeError(f"a rule is a name such as {SQUARES!r}, not {type(rule).__name__}")
    found = RULES.get(rule.strip().lower())
    if found is None:
        raise ValueError(f"no rule named {rule[:60]!r}; the rules are: {', '.join(RULE_NAMES)}")
    return found
