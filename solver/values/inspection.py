"""Inspect one number: its moves, value, put-chain and draw certificate.

Everything here is exact for positions of any size; values come from a
bounded :class:`~solver.engine.solution.Solution`, whose rule (:mod:`solver.games`)
gives the moves.  Above its bound a position is U, except one that wins at
once (a square, in the squares game), which is W with remoteness 1
(``docs/mathematics.md`` section 3; :func:`solver.values.position_value`).

Three views of one number ``n``:

* :func:`inspect_position` -- outcome, remoteness, both moves with the value of each
  child, and the best moves;
* :func:`put_chain` -- ``n, p(n), p(p(n)), ...`` up to the bound, each with
  the value of its take child, which is what decides most values;
* :func:`draw_certificate` -- for a certified draw, the smallest set of
  positions that keeps the game inside itself (every child of a member is a
  member or a known W).
"""

from __future__ import annotations

import dataclasses
from collections import deque

from solver.engine.solution import Outcome, Solution
from solver.games import RuleMove
from solver.games.squares import Move
from solver.text import format_number
from solver.validation import check_integer

from ..errors import CertificateError
from .position import best_rule_moves, position_class, position_remoteness_at_most, position_value, wins_at_once

__all__ = [
    "MoveInfo",
    "Inspection",
    "ChainRow",
    "CertificateEdge",
    "Certificate",
    "CertificateError",
    "DEFAULT_CERTIFICATE_MAX",
    "CLASS_TEXT",
    "value_text",
    "inspect_position",
    "put_chain",
    "draw_certificate",
]

#: Text of each class (:attr:`solver.engine.solution.Solution.classes`) without remoteness.
CLASS_TEXT = ("U", "W", "L", "D", "U (not L)", "U (not W)")

#: Largest certificate :func:`draw_certificate` builds by default.  Every
#: certified draw below 10**6 (bound 10**6) needs at most 10 positions.
DEFAULT_CERTIFICATE_MAX = 500


def _options(n: int, solution: Solution) -> list[tuple[Move | RuleMove, int]]:
    """(move, child) pairs: a Move in put-or-take games, a RuleMove otherwise."""
    return [(solution.rule.named_move(m), m.child) for m in solution.rule.moves(n)]


def value_text(position: int, solution: Solution) -> str:
    """Short text of a position's value: ``"W11"``, ``"L≤14"``, ``"D"``, ``"U"``, ``"U (not L)"``.

    Parameters
    ----------
    position : int
        Any integer ``>= 0``, of any size.
    solution : Solution
        The bounded solve to read values from.

    Returns
    -------
    str
        Outcome letter, then the remoteness: exact (``"W11"``), only an
        upper bound (``"L≤14"``) or none (``"D"``, ``"U"``); an unresolved
        position that cannot be L is ``"U (not L)"``, one that cannot be W
        ``"U (not W)"`` (``docs/mathematics.md`` section 3.3).  Above the
        bound a square is ``"W1"`` and anything else ``"U"``.

    Raises
    ------
    ValueError
        If ``position < 0``.
    """
    position = check_integer(position, "position", least=0)
    outcome, rem = position_value(position, solution)
    if rem is not None:
        return f"{outcome.name}{rem}"
    at_most = position_remoteness_at_most(position, solution)
    if at_most is not None and outcome in (Outcome.W, Outcome.L):
        return f"{outcome.name}≤{at_most}"
    return CLASS_TEXT[position_class(position, solution)]


@dataclasses.dataclass(frozen=True)
class MoveInfo:
    """One move from the inspected position.

    Attributes
    ----------
    move : Move or RuleMove
        A :class:`~solver.games.squares.Move` (take or put) in put-or-take games, a
        :class:`~solver.games.RuleMove` in the others.
        TAKE or PUT.
    child : int
        The position it leads to (exact).
    outcome : Outcome
        The child's value for the player to move there.
    remoteness : int or None
        The child's exact remoteness, else None.
    at_most : int or None
        Upper bound on the child's remoteness (W/L), else None.
    text : str
        The child's value as :func:`value_text`.
    above_bound : bool
        The child lies above the solve's bound.
    best : bool
        The move is a best move (:func:`solver.values.best_moves`).
    """

    move: Move | RuleMove
    child: int
    outcome: Outcome
    remoteness: int | None
    at_most: int | None
    text: str
    above_bound: bool
    best: bool


@dataclasses.dataclass(frozen=True)
class Inspection:
    """Everything about one position.

    Attributes
    ----------
    position : int
        The position (exact, any size).
    bound : int
        Bound of the solve the values come from.
    outcome : Outcome
        Value for the player to move.
    remoteness : int or None
        Exact remoteness (W, L), else None.
    at_most : int or None
        Upper bound on the remoteness (W, L; equal to ``remoteness`` when
        that is exact), else None.
    text : str
        The value as :func:`value_text` (``"W11"``, ``"L≤14"``, ``"D"``).
    moves : list of MoveInfo
        Take then put; empty at 0 (the game is over).
    best_moves : list of Move or RuleMove
        The best moves (empty at 0).
    is_square : bool
        The mover wins at once (:func:`solver.values.wins_at_once`; in the
        squares game, the position is a square: take it to 0).
    above_bound : bool
        The position lies above the bound (so it is U unless a square).
    """

    position: int
    bound: int
    outcome: Outcome
    remoteness: int | None
    at_most: int | None
    text: str
    moves: list[MoveInfo]
    best_moves: list[Move | RuleMove]
    is_square: bool
    above_bound: bool


def inspect_position(n: int, solution: Solution) -> Inspection:
    """Inspect one position: value, moves, best moves.

    Parameters
    ----------
    n : int
        Any position ``>= 0``, of any size (``10**30`` is fine: moves are
        exact, values above the bound are U, or W1 for a square).
    solution : Solution
        The bounded solve to read values from.

    Returns
    -------
    Inspection

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n < 0``.
    """
    n = check_integer(n, "position", least=0)
    outcome, rem = position_value(n, solution)
    moves: list[MoveInfo] = []
    options = _options(n, solution)
    best_kids = {m.child for m in best_rule_moves(n, solution)}
    best: list[Move | RuleMove] = [move for move, child in options if child in best_kids]
    if options:
        for move, child in options:
            c_out, c_rem = position_value(child, solution)
            moves.append(
                MoveInfo(
                    move=move,
                    child=child,
                    outcome=c_out,
                    remoteness=c_rem,
                    at_most=position_remoteness_at_most(child, solution),
                    text=value_text(child, solution),
                    above_bound=child > solution.bound,
                    best=child in best_kids,
                )
            )
    return Inspection(
        position=n,
        bound=solution.bound,
        outcome=outcome,
        remoteness=rem,
        at_most=position_remoteness_at_most(n, solution),
        text=value_text(n, solution),
        moves=moves,
        best_moves=best,
        is_square=wins_at_once(n, solution.rule),
        above_bound=n > solution.bound,
    )


@dataclasses.dataclass(frozen=True)
class ChainRow:
    """One link ``c_j`` of a put-chain.

    Attributes
    ----------
    step : int
        ``j``: number of puts from the start.
    position : int
        ``c_j``.
    value : str
        Its value (:func:`value_text`).
    take : int or None
        Its take child ``c_j - isqrt(c_j)**2`` (None at 0).
    take_value : str
        The take child's value ("" at 0).
    above_bound : bool
        ``c_j`` lies above the bound: the first link beyond it (or the
        start itself, when that is above the bound).
    reason : str
        How the take child and the next link decide ``c_j``'s value.
    """

    step: int
    position: int
    value: str
    take: int | None
    take_value: str
    above_bound: bool
    reason: str

    def to_dict(self) -> dict:
        """Return the row as a JSON-ready dict.

        Returns
        -------
        dict
            The fields by name; ``position`` and ``take`` as exact decimal
            strings (``take`` is ``""`` when there is none), since JSON
            numbers lose digits above 2**53 in a browser.
        """
        return {
            "step": self.step,
            "position": str(self.position),
            "value": self.value,
            "take": "" if self.take is None else str(self.take),
            "take_value": self.take_value,
            "above_bound": self.above_bound,
            "reason": self.reason,
        }


def _reason(position: int, take_letter: str, put_letter: str | None, above: bool, solution: Solution) -> str:
    if not solution.rule.moves(position):
        return f"{position}: no move, the mover has lost"
    if wins_at_once(position, solution.rule):
        return solution.rule.wins_at_once_text
    if above:
        return "above the bound: unknown"
    if take_letter == "L":
        return "take child L, so W"
    if put_letter == "L":
        return "next link L, so W (put)"
    if take_letter == "W":
        return f"take child W: opposite of the next link ({put_letter or 'U'})"
    if take_letter == "D":
        return "take child D, next link not L"
    return "take child U, next link not L"


def put_chain(n: int, solution: Solution) -> list[ChainRow]:
    """Return the put-chain of ``n`` up to the bound, with each take child.

    The chain is ``c_0 = n`` and ``c_{j+1} = c_j + isqrt(c_j)**2`` while
    ``c_j <= bound``, then the first link beyond the bound (marked
    ``above_bound``).  When ``n`` itself is above the bound the chain is
    just ``[n]``; at 0 (no moves) it is ``[0]``.

    Parameters
    ----------
    n : int
        Any position ``>= 0``, of any size.
    solution : Solution
        The bounded solve to read values from.

    Returns
    -------
    list of ChainRow
        One row per link, from ``n`` up; about ``log2(bound / n)`` rows.

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n < 0``, or the rule is not a put-or-take rule (the others
        have no put move).

    Notes
    -----
    For other put-or-take rules read ``f(c)`` for ``isqrt(c)**2``; the take
    child is then not always small.  Why the chain decides most values: a position ``c`` has two children,
    its take child ``t(c) = c - isqrt(c)**2 <= 2 isqrt(c)``, a *small*
    number whose value is known early, and its put child ``p(c)``, about
    ``2 c``, the next link of the chain.  So the value of ``c_j`` is a
    function of the take child's value and of ``c_{j+1}``'s:

    * take child L: ``c_j`` is W whatever comes next;
    * take child W: ``c_j`` is the opposite of ``c_{j+1}`` (W if it is L,
      L if it is W, D if D, U if U);
    * take child D: W if ``c_{j+1}`` is L, else D or U;
    * take child U: W if ``c_{j+1}`` is L, else U.

    Reading the chain from its top (beyond the bound: unknown) downwards
    therefore settles ``n``: the lowest link whose take child is L is a
    win, and below it the values alternate through links whose take child
    is W.  The column ``reason`` names the rule that applies to each link.
    """
    n = check_integer(n, "position", least=0)
    rule = solution.rule
    if not rule.has_put_chain:
        raise ValueError(f"{rule.title} has no put move, so no put chain")
    bound = solution.bound
    links = [n]
    c = n
    while c <= bound and rule.member_below(c) > 0:
        c = c + rule.member_below(c)
        links.append(c)
    values = [value_text(c, solution) for c in links]
    rows: list[ChainRow] = []
    for j, c in enumerate(links):
        f = rule.member_below(c)
        take = None if f == 0 else c - f
        take_value = "" if take is None else value_text(take, solution)
        put_letter = values[j + 1][0] if j + 1 < len(values) else None
        above = c > bound
        rows.append(
            ChainRow(
                step=j,
                position=c,
                value=values[j],
                take=take,
                take_value=take_value,
                above_bound=above,
                reason=_reason(c, take_value[:1], put_letter, above, solution),
            )
        )
    return rows


@dataclasses.dataclass(frozen=True)
class CertificateEdge:
    """One move in a draw certificate.

    Attributes
    ----------
    position : int
        The member moved from.
    move : Move or RuleMove
        TAKE or PUT in put-or-take games; a RuleMove in the others.
    child : int
        Where the move goes.
    child_value : str
        The child's value (:func:`value_text`): ``"D"``, ``"U (not L)"``, a W
        or L text.
    claim : str
        Why the edge is there: ``"not W"`` (one of *every* move of a member
        that cannot be W: its child cannot be L) or ``"not L"`` (the one move
        that shows a member cannot be L: its child cannot be W).
    """

    position: int
    move: Move | RuleMove
    child: int
    child_value: str
    claim: str = "not W"

    def to_dict(self) -> dict:
        """Return the edge as a JSON-ready dict.

        Returns
        -------
        dict
            ``position``, ``move`` (``"take"`` or ``"put"``; ``"take 9"``,
            ``"add 1"`` in the other games), ``child``, ``child_value`` and
            ``claim``; positions as exact decimal strings.
        """
        return {
            "position": str(self.position),
            "move": self.move.value if isinstance(self.move, Move) else self.move.label,
            "child": str(self.child),
            "child_value": self.child_value,
            "claim": self.claim,
        }


@dataclasses.dataclass(frozen=True)
class Certificate:
    """Why a certified draw is a draw: which positions cannot be W, which cannot be L, and the moves that show it.

    A position cannot be W when every move leads to a position that cannot
    be L (and none leaves the bound); it cannot be L when some move leads to
    a position that cannot be W.  A known W cannot be L and a known L cannot
    be W (retrograde analysis).  A draw is a position that can be neither
    (``docs/mathematics.md`` section 3.3, the thesis's terms: no player can
    force a win).

    Attributes
    ----------
    position : int
        The draw the certificate is for.
    bound : int
        Bound of the solve.
    cannot_be_w : list of int
        Members shown not to be W, sorted; each has every move in
        :attr:`edges` (claim ``"not W"``).
    cannot_be_l : list of int
        Members shown not to be L, sorted; each has one move in
        :attr:`edges` (claim ``"not L"``).
    known_w : list of int
        Known W children of members that cannot be W (a move the mover must
        not make: it loses), sorted.
    known_l : list of int
        Known L positions a member that cannot be L moves to, sorted.
    edges : list of CertificateEdge
        The moves of the certificate, by member (every move of a member that
        cannot be W, then the one move that shows a member cannot be L).
    """

    position: int
    bound: int
    cannot_be_w: list[int]
    cannot_be_l: list[int]
    known_w: list[int]
    known_l: list[int]
    edges: list[CertificateEdge]

    @property
    def members(self) -> list[int]:
        """Every position the certificate reasons about, sorted (:attr:`cannot_be_w` and :attr:`cannot_be_l`)."""
        return sorted(set(self.cannot_be_w) | set(self.cannot_be_l))

    @property
    def exits(self) -> list[int]:
        """:attr:`known_w`: the moves out of the certificate a member must not make."""
        return self.known_w


def draw_certificate(n: int, solution: Solution, max_size: int = DEFAULT_CERTIFICATE_MAX) -> Certificate:
    """Return the certificate of a certified draw: why ``n`` can be neither W nor L.

    From ``n``, both claims are shown by moves, until every claim rests on a
    known W or L:

    * ``n`` cannot be W: each move, and why its target cannot be L;
    * ``n`` cannot be L: the move to a target that cannot be W.

    A member that cannot be W needs *all* its moves (each to a known W or to
    a member that cannot be L); a member that cannot be L needs *one* (to a
    known L, or to a member that cannot be W, preferring one already there).
    Such a pair of sets proves the draw by induction on remoteness (a true W
    member would have a true L child of smaller remoteness among the members
    that cannot be L, whose witness would be a true W of smaller remoteness
    still; ``docs/mathematics.md`` section 3.3).  The solve's classes say
    which positions can serve (the certificate by possibility): W, D and
    "U, cannot be L" cannot be L; L, D and "U, cannot be W" cannot be W.

    Parameters
    ----------
    n : int
        A position certified as a draw by ``solution`` (outcome D).
    solution : Solution
        The bounded solve to read values from.
    max_size : int, optional
        Most members to collect before giving up (default
        :data:`DEFAULT_CERTIFICATE_MAX`).

    Returns
    -------
    Certificate
        For 2: both claims for 2 and 3, known W ``[1, 4]`` (squares).  For 8:
        both claims for 2, 3, 8 and 12, known W ``[1, 4, 21]`` (21 wins by
        taking to 5, an L).

    Raises
    ------
    TypeError
        If ``n`` or ``max_size`` is not an integer.
    ValueError
        If ``max_size < 1``, if ``n`` is not a certified draw at this bound (the message gives
        its value), or the certificate would have more than ``max_size``
        members.
    CertificateError
        If a claim cannot be shown from the solve's classes (a move to a
        position that can still be L from a member that cannot be W, or no
        move to a position that cannot be W): a bug in the solve, never a
        fault of the input.
    """
    n = check_integer(n, "position", least=0)
    max_size = check_integer(max_size, "max_size", least=1)
    outcome, _ = position_value(n, solution)
    if outcome != Outcome.D:
        raise ValueError(
            f"{format_number(n)} is not a certified draw at bound {solution.bound:,} (its value is "
            f"{value_text(n, solution)}); only a D position has a draw certificate"
        )
    classes = solution.classes
    assert classes is not None

    def cls(x: int) -> int:
        return int(classes[x]) if x <= solution.bound else -1  # -1: above the bound

    not_w: dict[int, list[CertificateEdge]] = {}
    not_l: dict[int, CertificateEdge | None] = {}
    known_w: set[int] = set()
    known_l: set[int] = set()
    todo: deque[tuple[int, str]] = deque([(n, "not W"), (n, "not L")])

    def want(x: int, claim: str) -> None:
        if x in (not_w if claim == "not W" else not_l):
            return
        if len(set(not_w) | set(not_l) | {x}) > max_size:
            raise ValueError(
                f"the draw certificate of {format_number(n)} has more than {max_size:,} positions; "
                "raise max_size to build it"
            )
        if claim == "not W":
            not_w[x] = []
        else:
            not_l[x] = None
        todo.append((x, claim))

    not_w[n] = []
    not_l[n] = None
    while todo:
        x, claim = todo.popleft()
        options = _options(x, solution)
        if claim == "not W":
            for move, c in options:
                k = cls(c)
                if k == Outcome.W:
                    known_w.add(c)
                elif k in _CANNOT_BE_L:
                    want(c, "not L")
                else:
                    raise CertificateError(
                        f"the certificate of {format_number(n)} fails: {x:,} should not be W, but it moves to "
                        f"{format_number(c)}, which is {value_text(c, solution)}: it could be L"
                    )
                not_w[x].append(CertificateEdge(x, move, c, value_text(c, solution), "not W"))
        else:
            choices = [(move, c) for move, c in options if cls(c) in _CANNOT_BE_W]
            if not choices:
                raise CertificateError(
                    f"the certificate of {format_number(n)} fails: {x:,} should not be L, but no move leads to a "
                    "position that cannot be W"
                )
            # A known L, or a member already shown not to be W, ends the claim at once.
            move, c = next(
                ((m, c) for m, c in choices if cls(c) == Outcome.L or c in not_w),
                choices[0],
            )
            if cls(c) == Outcome.L:
                known_l.add(c)
            else:
                want(c, "not W")
            not_l[x] = CertificateEdge(x, move, c, value_text(c, solution), "not L")
    edges = [e for x in sorted(not_w) for e in not_w[x]]
    edges += [e for x in sorted(not_l) if (e := not_l[x]) is not None]
    return Certificate(
        position=n,
        bound=solution.bound,
        cannot_be_w=sorted(not_w),
        cannot_be_l=sorted(not_l),
        known_w=sorted(known_w),
        known_l=sorted(known_l),
        edges=edges,
    )


#: Classes (solver.engine.codes) that cannot be L, and that cannot be W.
_CANNOT_BE_L = (1, 3, 4)
_CANNOT_BE_W = (2, 3, 5)
