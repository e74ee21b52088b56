"""Values of positions of any size and the best moves from them.

A bounded :class:`~solver.engine.solution.Solution` knows positions ``0..B``; these
functions extend it soundly to every position (above the bound a square is W
in one move, everything else unknown, ``docs/mathematics.md`` section 3) and
rank the two moves from a position the same way everywhere: the game tree,
the Play tab, the inspector and the optimal strategy of
:mod:`solver.analysis.policies` all use :func:`move_rank` (or its vectorised twin
:func:`move_rank_array`).

The order of moves, best first, for the player making them (thesis section
1.3, optimal play), by the child's class (:attr:`Solution.classes`):

====  =================  ===================================================
rank  child              mover's result; ties broken by
====  =================  ===================================================
0     L                  a win; the least remoteness (bound) first
1     U, cannot be W     a win or a draw (never a loss)
2     D                  a draw
3     U                  unknown
4     U, cannot be L     a draw or a loss (never a win)
5     W                  a loss; the greatest remoteness (bound) first
====  =================  ===================================================

Where a child's remoteness is only bounded, its upper bound is used.  From a
draw, a move to a D child keeps the draw; one to a child that may be W gives
it away (docs/mathematics.md section 3.3).
"""

from __future__ import annotations

import numpy as np

from solver.engine.solution import Outcome, Solution
from solver.games import Rule, RuleMove
from solver.games.squares import Move
from solver.validation import check_integer

__all__ = [
    "position_value",
    "position_class",
    "position_remoteness_at_most",
    "mover_outcome",
    "move_rank",
    "move_rank_array",
    "best_moves",
    "wins_at_once",
    "ranked_moves",
    "best_rule_moves",
    "best_children",
]

# Rank of a child by its class (0 U, 1 W, 2 L, 3 D, 4 U not L, 5 U not W),
# smaller is better for the mover: L (a win) 0, U not W 1, D 2, U 3, U not L 4,
# W (a loss) 5.
_RANK_OF_CLASS = np.array([3, 5, 0, 2, 4, 1], dtype=np.int64)
_RANK_WIN, _RANK_LOSS = 0, 5
#: Keeps the classes of :func:`move_rank` apart: larger than twice the
#: largest remoteness an int16 can hold.
_CLASS_SPAN = 100_000

_FLIP = {Outcome.W: Outcome.L, Outcome.L: Outcome.W, Outcome.D: Outcome.D, Outcome.U: Outcome.U}


def wins_at_once(position: int, rule: Rule) -> bool:
    """Whether the player to move at ``position`` wins with one move.

    True when some move leads to a position with no move (under normal play
    the player left there has lost): a positive square in Put-or-Take-a-Square,
    subtract-a-square and Square-But-One; ``n`` with ``n - f(n)`` having no
    move for the other put-or-take rules (for primes, ``n - f(n)`` in
    ``{0, 1}``).  Always False under misère play, where reaching a position
    with no move loses.

    Parameters
    ----------
    position : int
        Any position ``>= 0``, any size (exact arithmetic).
    rule : Rule
        The game (:mod:`solver.games`).

    Returns
    -------
    bool

    Raises
    ------
    TypeError, ValueError
        If ``position`` is not an integer ``>= 0`` (or beyond the rule's
        exact range, :attr:`Rule.position_limit`).
    """
    return rule.wins_at_once(check_integer(position, "position", least=0))


def position_value(position: int, solution: Solution) -> tuple[Outcome, int | None]:
    """Return the value of any position, sound for the infinite game.

    Parameters
    ----------
    position : int
        Any integer ``>= 0``, of any size.
    solution : Solution
        The bounded solve to read values from.

    Returns
    -------
    tuple
        ``(Outcome, remoteness or None)``: the remoteness (moves) is exact or
        None (D, U, or only bounded).  Above the bound: a position that wins
        at once (:func:`wins_at_once`; a square in the squares game) is W
        with remoteness 1 (the least possible), anything else U.

    Raises
    ------
    TypeError
        If ``position`` is not an integer.
    ValueError
        If ``position < 0``.

    Notes
    -----
    ``docs/mathematics.md`` sections 2 and 3.
    """
    position = check_integer(position, "position", least=0)
    if position <= solution.bound:
        return solution.value(position)
    if wins_at_once(position, solution.rule):
        return Outcome.W, 1
    return Outcome.U, None


def position_class(position: int, solution: Solution) -> int:
    """Return the class of any position: its outcome and, for U, what it cannot be.

    Parameters
    ----------
    position : int
        Any integer ``>= 0``, of any size.
    solution : Solution
        The bounded solve to read values from.

    Returns
    -------
    int
        The class code of :attr:`Solution.classes` (0 U, 1 W, 2 L, 3 D,
        4 U that cannot be L, 5 U that cannot be W).  Above the bound: W for
        a position that wins at once, else U.

    Raises
    ------
    TypeError
        If ``position`` is not an integer.
    ValueError
        If ``position < 0``.
    """
    position = check_integer(position, "position", least=0)
    if position <= solution.bound:
        classes = solution.classes
        assert classes is not None
        return int(np.asarray(classes[position]))
    return int(Outcome.W) if wins_at_once(position, solution.rule) else int(Outcome.U)


def position_remoteness_at_most(position: int, solution: Solution) -> int | None:
    """Return an upper bound on any position's remoteness, sound for the infinite game.

    Parameters
    ----------
    position : int
        Any integer ``>= 0``, of any size.
    solution : Solution
        The bounded solve to read values from.

    Returns
    -------
    int or None
        For W and L up to the bound, :meth:`Solution.remoteness_at_most`
        (moves; equal to the remoteness where that is exact); above the bound
        1 where :func:`wins_at_once` and None otherwise; None for D and U.

    Raises
    ------
    TypeError
        If ``position`` is not an integer.
    ValueError
        If ``position < 0``.

    Notes
    -----
    ``docs/mathematics.md`` section 3.
    """
    position = check_integer(position, "position", least=0)
    if position <= solution.bound:
        return solution.remoteness_at_most(position)
    return 1 if wins_at_once(position, solution.rule) else None


def mover_outcome(child_outcome: Outcome) -> Outcome:
    """Return the mover's result of moving to a child with this outcome.

    Parameters
    ----------
    child_outcome : Outcome or int
        The child's outcome (or its ``int8`` code), for the player to move
        there: the opponent.

    Returns
    -------
    Outcome
        An L child is a win (W) for the mover and a W child a loss (L); D
        and U stay.

    Raises
    ------
    ValueError
        If ``child_outcome`` is not an Outcome code.

    Notes
    -----
    ``docs/mathematics.md`` section 2.
    """
    return _FLIP[Outcome(child_outcome)]


def move_rank(child: int, solution: Solution) -> int:
    """Return how good moving to ``child`` is for the mover (smaller is better).

    Parameters
    ----------
    child : int
        The position the move goes to, ``>= 0``, any size.
    solution : Solution
        The bounded solve to read values from.

    Returns
    -------
    int
        ``rank * 100_000 + tie``, with ``rank`` from the table of this
        module (0 L, 1 U that cannot be W, 2 D, 3 U, 4 U that cannot be L,
        5 W, by the child's class from :func:`position_class`) and ``tie``
        the child's remoteness upper bound
        (:func:`position_remoteness_at_most`) for an L child, minus it for a
        W child and 0 otherwise.  Equal to :func:`move_rank_array`.

    Raises
    ------
    TypeError
        If ``child`` is not an integer.
    ValueError
        If ``child < 0``.

    Notes
    -----
    Thesis section 1.3 (win fastest, else draw, else unknown, else lose
    slowest); ``docs/mathematics.md`` section 2.
    """
    at_most = position_remoteness_at_most(child, solution) or 0
    rank = int(_RANK_OF_CLASS[position_class(child, solution)])
    tie = at_most if rank == _RANK_WIN else (-at_most if rank == _RANK_LOSS else 0)
    return rank * _CLASS_SPAN + tie


def move_rank_array(children: np.ndarray, solution: Solution) -> np.ndarray:
    """Return :func:`move_rank` of many children at once.

    Parameters
    ----------
    children : numpy.ndarray
        Any shape, dtype ``int64``, positions ``0 <= child < 2**62``
        (not checked: the caller guarantees it).
    solution : Solution
        The bounded solve to read values from.

    Returns
    -------
    numpy.ndarray
        Same shape, dtype ``int64``: ``move_rank(child, solution)``
        elementwise.

    Notes
    -----
    The vectorised twin of :func:`move_rank`, used by the optimal strategy
    (:func:`solver.analysis.policies.optimal_put`); the tests check the two
    agree.  Children above the bound are W in one move when
    :meth:`solver.games.Rule.wins_at_once_array` says so (vectorised for
    Put-or-Take-a-Square), else U.
    """
    bound = solution.bound
    inside = children <= bound
    index = np.where(inside, children, 0)
    classes = solution.classes
    assert classes is not None
    code = np.asarray(classes[index]).astype(np.int64)
    at_most = np.abs(np.asarray(solution.packed_remoteness[index]).astype(np.int64))
    outside_code = np.where(
        solution.rule.wins_at_once_array(np.where(inside, 0, children)), int(Outcome.W), int(Outcome.U)
    )
    code = np.where(inside, code, outside_code)
    at_most = np.where(inside, at_most, 1)
    rank = _RANK_OF_CLASS[code]
    tie = np.where(rank == _RANK_WIN, at_most, np.where(rank == _RANK_LOSS, -at_most, 0))
    return rank * _CLASS_SPAN + tie


def ranked_moves(position: int, solution: Solution) -> list[tuple[RuleMove, int]]:
    """Return every move from a position with its :func:`move_rank`.

    Parameters
    ----------
    position : int
        A position ``>= 0``, any size.
    solution : Solution
        The bounded solve to read values from; its rule gives the moves.

    Returns
    -------
    list of (RuleMove, int)
        In the rule's order (:meth:`solver.games.Rule.moves`); empty when
        the position has no move.

    Raises
    ------
    TypeError, ValueError
        If ``position`` is not an integer ``>= 0``.
    """
    return [(m, move_rank(m.child, solution)) for m in solution.rule.moves(position)]


def best_rule_moves(position: int, solution: Solution) -> list[RuleMove]:
    """Return the best moves from a position, for any rule (thesis section 1.3).

    Parameters
    ----------
    position : int
        A position ``>= 0``, any size.
    solution : Solution
        The bounded solve to read values from.

    Returns
    -------
    list of RuleMove
        The moves of least :func:`move_rank`, in the rule's order; empty when
        the position has no move.

    Raises
    ------
    TypeError, ValueError
        If ``position`` is not an integer ``>= 0``.
    """
    ranked = ranked_moves(position, solution)
    if not ranked:
        return []
    top = min(rank for _, rank in ranked)
    return [m for m, rank in ranked if rank == top]


def best_children(position: int, solution: Solution) -> list[int]:
    """Return the positions the best moves lead to.

    Parameters
    ----------
    position : int
        A position ``>= 0``, any size.
    solution : Solution
        The bounded solve to read values from.

    Returns
    -------
    list of int
        The children of :func:`best_rule_moves`, in the rule's order.

    Raises
    ------
    TypeError, ValueError
        If ``position`` is not an integer ``>= 0``.
    """
    return [m.child for m in best_rule_moves(position, solution)]


def best_moves(position: int, solution: Solution) -> list[Move]:
    """Return the best moves from a position (thesis section 1.3).

    Parameters
    ----------
    position : int
        A position ``>= 1``, any size.
    solution : Solution
        The bounded solve to read values from (a put-or-take rule; for the
        other rules use :func:`best_rule_moves`).

    Returns
    -------
    list of Move
        The moves of least :func:`move_rank`: those that win fastest (to an
        L child of least remoteness; an upper bound where the remoteness is
        not proven exact); else draw (to a D child); else lead to an
        unresolved child; else lose slowest (to the W child of greatest
        remoteness).  Both moves, take first, when they tie.

    Raises
    ------
    TypeError
        If ``position`` is not an integer.
    ValueError
        If ``position < 1``, if the position has no move, or if the rule is
        not a put-or-take rule.
    """
    position = check_integer(position, "position", least=1)
    rule = solution.rule
    named = [rule.named_move(m) for m in rule.moves(position)]
    if named and not all(isinstance(m, Move) for m in named):
        raise ValueError(f"{rule.title} has no take/put moves; use best_rule_moves")
    best = best_rule_moves(position, solution)
    if not best:
        raise ValueError(f"{position:,} has no move in {rule.title}")
    return [Move(m.kind) for m in best]  # take and put, as checked above
