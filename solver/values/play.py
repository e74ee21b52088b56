"""Playing a game against the solver: a pure, immutable game-state API.

A :class:`GameState` holds the start number, the positions played so far and
a redo stack; every function here returns a new state and never changes the
one it was given.  Positions are exact Python integers of any size; values
come from a bounded :class:`~solver.engine.solution.Solution` (unknown above its
bound, apart from positions that win in one move; see
:func:`solver.values.position_value`).  A state records its rule
(:mod:`solver.games`; default Put-or-Take-a-Square), which gives the moves.

How a game ends
---------------
* A move to a position with no move ends it (0; also 1 in the primes game).
  Under normal play the player who made that move wins
  (``docs/mathematics.md`` section 1); under misère play they lose.
* A move to a position already played in this game ends it as a draw, as
  the thesis's tree program cuts repeats (thesis section 3.3); the loop is
  the stretch of positions from the first occurrence to the repeat.

Players are numbered 1 and 2; ``GameState.first`` moves at ply 0.  A *ply*
is one move; ply ``i`` is the position after ``i`` moves.

The state turns into a JSON-ready dict with :meth:`GameState.to_dict`
(positions as decimal strings, because JSON numbers lose digits above
2**53 in a browser) and back with :meth:`GameState.from_dict`.
"""

from __future__ import annotations

import dataclasses
import itertools
import numbers
import random
from typing import Any

from solver.engine.solution import Outcome, Solution
from solver.games import DEFAULT_RULE, Rule, RuleMove, get_rule
from solver.games.squares import Move
from solver.text import format_number
from solver.validation import check_integer

from ..errors import GameOverError
from .position import best_rule_moves, mover_outcome, position_remoteness_at_most, position_value

__all__ = [
    "GameState",
    "GameEnd",
    "MoveValue",
    "GameOverError",
    "new_game",
    "apply_move",
    "undo",
    "redo",
    "goto",
    "restart",
    "game_end",
    "player_to_move",
    "move_values",
    "prediction",
    "best_line",
    "computer_move",
    "value_history",
    "move_text",
]

#: Most moves :func:`best_line` follows before it gives up.
BEST_LINE_MAX = 1000


@dataclasses.dataclass(frozen=True)
class GameEnd:
    """How a finished game ended.

    Attributes
    ----------
    reason : str
        ``"zero"`` (a position with no move was reached: 0, or 1 in the
        primes game) or ``"repeat"`` (a position came back: a draw).
    winner : int or None
        The winner (1 or 2): under normal play the player who moved to the
        position with no move, under misère play the other; None for a draw.
    loop : tuple of int
        For a repeat, the positions from the first occurrence of the
        repeated position to its return (first and last are equal); empty
        otherwise.
    """

    reason: str
    winner: int | None
    loop: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True)
class GameState:
    """One game: start number, positions played, redo stack.

    Attributes
    ----------
    start : int
        The start number, ``>= 1``, any size.
    positions : tuple of int
        Positions after 0, 1, 2 ... moves; ``positions[0] == start`` and
        each next one is a child of the one before.
    redo : tuple of int
        Positions undone, the next one to redo first.
    first : int
        The player (1 or 2) who moves at ply 0.
    rule : Rule
        The game (:mod:`solver.games`); default Put-or-Take-a-Square.
    """

    start: int
    positions: tuple[int, ...]
    redo: tuple[int, ...] = ()
    first: int = 1
    rule: Rule = DEFAULT_RULE

    @property
    def ply(self) -> int:
        """Number of moves played so far."""
        return len(self.positions) - 1

    @property
    def position(self) -> int:
        """The current position."""
        return self.positions[-1]

    @property
    def moves(self) -> list[Move | RuleMove]:
        """The moves played so far, in order, as the rule names them (:meth:`solver.games.Rule.named_move`).

        :class:`Move` (take, put) in put-or-take games; :attr:`rule_moves` otherwise.
        """
        return [self.rule.named_move(m) for m in self.rule_moves]

    @property
    def rule_moves(self) -> list[RuleMove]:
        """The moves played so far, in order, for any rule."""
        return [_move_between(a, b, self.rule) for a, b in itertools.pairwise(self.positions)]

    @property
    def line(self) -> tuple[int, ...]:
        """Positions played followed by the redo stack (all plies ``goto`` can reach)."""
        return self.positions + self.redo

    @property
    def result(self) -> GameEnd | None:
        """How the game ended, or None while it goes on (see :func:`game_end`)."""
        return game_end(self)

    def to_dict(self) -> dict:
        """Return a JSON-ready dict (positions as decimal strings).

        Returns
        -------
        dict
            Keys ``start``, ``positions``, ``redo`` (strings), ``first``
            (int) and ``rule`` (its name).
        """
        return {
            "start": str(self.start),
            "positions": [str(p) for p in self.positions],
            "redo": [str(p) for p in self.redo],
            "first": self.first,
            "rule": self.rule.name,
        }

    @classmethod
    def from_dict(cls, data: dict) -> GameState:
        """Rebuild a state from :meth:`to_dict` output, checking it.

        Parameters
        ----------
        data : dict
            As made by :meth:`to_dict`; integers are accepted for positions.

        Returns
        -------
        GameState

        Raises
        ------
        ValueError
            If a field is missing or malformed, or a position is not a child
            of the one before it.
        """
        try:
            start = int(data["start"])
            positions = tuple(int(p) for p in data["positions"])
            redo = tuple(int(p) for p in data.get("redo", ()))
            first = int(data.get("first", 1))
            rule = get_rule(data.get("rule"))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a saved game: {exc}") from None
        if start < 1 or not positions or positions[0] != start:
            raise ValueError("not a saved game: the positions must begin with the start number (>= 1)")
        if first not in (1, 2):
            raise ValueError(f"not a saved game: first must be 1 or 2, got {first}")
        line = positions + redo
        for a, b in itertools.pairwise(line):
            if a < 1 or b not in rule.children(a):
                raise ValueError(f"not a saved game: {b} is not a child of {a}")
        return cls(start, positions, redo, first, rule)


def _move_between(a: int, b: int, rule: Rule) -> RuleMove:
    for option in rule.moves(a):
        if option.child == b:
            return option
    raise ValueError(f"{b} is not a child of {a}")


def move_text(move: Move | RuleMove) -> str:
    """Short text of a move, for the page and the JSON outputs.

    Parameters
    ----------
    move : Move or RuleMove
        A put-or-take :class:`~solver.games.squares.Move` or any rule's
        :class:`~solver.games.RuleMove`.

    Returns
    -------
    str
        ``"take"`` or ``"put"`` for a Move; ``"take 9"``, ``"add 1"`` for a
        RuleMove (:attr:`~solver.games.RuleMove.label`).
    """
    return move.value if isinstance(move, Move) else move.label


def new_game(start: int, first: int = 1, rule: Rule | str | None = None) -> GameState:
    """Start a game at ``start``.

    Parameters
    ----------
    start : int
        The start number, ``>= 1``, any size.
    first : int, optional
        The player who moves first, 1 (default) or 2.
    rule : Rule or str, optional
        The game; default Put-or-Take-a-Square.

    Returns
    -------
    GameState

    Raises
    ------
    TypeError
        If ``start`` or ``first`` is not an integer.
    ValueError
        If ``start < 1``, ``first`` is not 1 or 2, or the rule is unknown.
    """
    start = check_integer(start, "the start number", least=1)
    first = check_integer(first, "first (the player who moves first)", least=1, most=2)
    return GameState(start, (start,), (), first, get_rule(rule))


def player_to_move(state: GameState, ply: int | None = None) -> int:
    """Return the player (1 or 2) to move at a ply (default: now).

    Parameters
    ----------
    state : GameState
    ply : int, optional
        Any ply ``>= 0``; default the current one.

    Returns
    -------
    int
    """
    ply = state.ply if ply is None else ply
    return state.first if ply % 2 == 0 else 3 - state.first


def game_end(state: GameState) -> GameEnd | None:
    """Return how the game ended, or None while it goes on.

    Parameters
    ----------
    state : GameState

    Returns
    -------
    GameEnd or None
        ``reason="zero"`` with the winner (normal play: the player who moved
        to the position with no move; misère: the other), or
        ``reason="repeat"`` (a draw) with the loop, or None.
    """
    last = state.positions[-1]
    if last == 0 or (state.ply > 0 and not state.rule.moves(last)):
        mover = player_to_move(state, state.ply - 1)
        return GameEnd("zero", mover if state.rule.last_mover_wins else 3 - mover)
    earlier = state.positions[:-1]
    if last in earlier:
        i = earlier.index(last)
        return GameEnd("repeat", None, state.positions[i:])
    return None


def apply_move(state: GameState, move: Move | RuleMove | str | int) -> GameState:
    """Play a move.

    Parameters
    ----------
    state : GameState
        A game still going on.
    move : Move, RuleMove, str or int
        ``Move.TAKE`` or ``Move.PUT`` (or ``"take"``, ``"put"``) in a
        put-or-take game; a :class:`~solver.games.RuleMove` from
        ``state.rule.moves(state.position)``; or the position to move to.

    Returns
    -------
    GameState
        The new state.  The redo stack is kept (minus its first item) when
        the move is the one it would redo, and cleared otherwise.

    Raises
    ------
    GameOverError
        If the game has ended.
    ValueError
        If ``move`` is not a move from the current position.
    """
    if game_end(state) is not None:
        raise GameOverError("the game is over: undo, go back or restart to play on")
    child = _child_of(state, move)
    keep = state.redo[1:] if state.redo and state.redo[0] == child else ()
    return dataclasses.replace(state, positions=state.positions + (child,), redo=keep)


def _child_of(state: GameState, move: object) -> int:
    options = state.rule.moves(state.position)
    if isinstance(move, RuleMove):
        if move in options:
            return move.child
        raise ValueError(f"{move.label} is not a move from {state.position:,}")
    if isinstance(move, int) and not isinstance(move, bool):
        if any(o.child == move for o in options):
            return move
        raise ValueError(f"{move:,} is not a child of {state.position:,}")
    kind = Move(move).value  # ValueError for anything else
    found = [o.child for o in options if o.kind == kind]
    if len(found) != 1:
        raise ValueError(f"{state.rule.title} has no single {kind!r} move from {state.position:,}")
    return found[0]


def undo(state: GameState) -> GameState:
    """Take back the last move (it goes on the redo stack).

    Parameters
    ----------
    state : GameState
        The game; it is not changed.

    Returns
    -------
    GameState
        The game one ply earlier, the undone position first on the redo
        stack.

    Raises
    ------
    ValueError
        If no move has been played.
    """
    if state.ply == 0:
        raise ValueError("nothing to undo")
    return dataclasses.replace(state, positions=state.positions[:-1], redo=state.positions[-1:] + state.redo)


def redo(state: GameState) -> GameState:
    """Play the last undone move again.

    Parameters
    ----------
    state : GameState
        The game; it is not changed.

    Returns
    -------
    GameState
        The game one ply later, the first redo position played.

    Raises
    ------
    ValueError
        If the redo stack is empty.
    """
    if not state.redo:
        raise ValueError("nothing to redo")
    return dataclasses.replace(state, positions=state.positions + state.redo[:1], redo=state.redo[1:])


def goto(state: GameState, ply: int) -> GameState:
    """Go to any ply of the line (played positions then the redo stack).

    Parameters
    ----------
    state : GameState
    ply : int
        ``0 <= ply < len(state.line)``.  Going back moves the later
        positions onto the redo stack (nothing is lost); going forward
        redoes.

    Returns
    -------
    GameState

    Raises
    ------
    TypeError
        If ``ply`` is not an integer.
    ValueError
        If ``ply`` is outside the line.
    """
    line = state.line
    ply = check_integer(ply, "ply", least=0, most=len(line) - 1)
    return dataclasses.replace(state, positions=line[: ply + 1], redo=line[ply + 1 :])


def restart(state: GameState) -> GameState:
    """Go back to the start; the moves played stay on the redo stack.

    Parameters
    ----------
    state : GameState
        The game; it is not changed.

    Returns
    -------
    GameState
        ``goto(state, 0)``: only the start played, everything else on the
        redo stack.
    """
    return goto(state, 0)


@dataclasses.dataclass(frozen=True)
class MoveValue:
    """The value of one move for the player making it.

    Attributes
    ----------
    move : Move or RuleMove
        A :class:`~solver.games.squares.Move` in put-or-take games, a
        :class:`~solver.games.RuleMove` in the others.
    child : int
        The position the move goes to.
    child_outcome : Outcome
        Outcome of the child for the player to move there (the opponent).
    outcome : Outcome
        The mover's result: the flip of ``child_outcome``.
    remoteness : int or None
        The child's exact remoteness, or None (D, U, or only bounded).
    at_most : int or None
        Upper bound on the child's remoteness for W and L children (equal to
        ``remoteness`` when exact); None for D and U.
    best : bool
        One of :func:`solver.values.best_rule_moves`.
    """

    move: Move | RuleMove
    child: int
    child_outcome: Outcome
    outcome: Outcome
    remoteness: int | None
    at_most: int | None
    best: bool

    @property
    def label(self) -> str:
        """Short text of the move: ``"take"``, ``"put"``, ``"take 9"``, ``"add 1"``."""
        return move_text(self.move)

    @property
    def plies(self) -> int | None:
        """Moves to the end under best play counting this one (``at_most + 1``), or None."""
        return None if self.at_most is None else self.at_most + 1

    @property
    def exact(self) -> bool:
        """The remoteness is exact (not only an upper bound)."""
        return self.remoteness is not None

    def describe(self) -> str:
        """Describe the move's value for the mover in a few words.

        Returns
        -------
        str
            ``"win in 11"``, ``"loss in at most 4"`` (only an upper bound,
            counting this move), ``"draw"`` or ``"unknown"``.
        """
        if self.outcome is Outcome.D:
            return "draw"
        if self.outcome is Outcome.U:
            return "unknown"
        word = "win" if self.outcome is Outcome.W else "loss"
        return f"{word} in {'' if self.exact else 'at most '}{self.plies}"


def move_values(position: int, solution: Solution) -> list[MoveValue]:
    """Return the value of every move from a position, in the rule's order.

    Parameters
    ----------
    position : int
        A position ``>= 1``, any size.
    solution : Solution

    Returns
    -------
    list of MoveValue
        ``[take, put]`` in put-or-take games; one per move otherwise.

    Raises
    ------
    TypeError, ValueError
        If ``position`` is not an integer ``>= 1``.
    """
    position = check_integer(position, "position", least=1)
    best = best_rule_moves(position, solution)
    out = []
    for option in solution.rule.moves(position):
        child = option.child
        outcome, remoteness = position_value(child, solution)
        out.append(
            MoveValue(
                solution.rule.named_move(option),
                child,
                outcome,
                mover_outcome(outcome),
                remoteness,
                position_remoteness_at_most(child, solution),
                option in best,
            )
        )
    return out


def best_line(position: int, solution: Solution, limit: int = BEST_LINE_MAX) -> tuple[list[int], bool]:
    """Follow the first best move from a position until 0, a repeat or a limit.

    Parameters
    ----------
    position : int
        Start, ``>= 0``.
    solution : Solution
    limit : int, optional
        Most moves to follow.

    Returns
    -------
    tuple
        ``(positions, repeated)``: the positions visited, the start first;
        ``repeated`` is True when the last one occurred before.
    """
    line = [position]
    seen = {position}
    while len(line) <= limit:
        best = best_rule_moves(line[-1], solution)
        if not best:
            break
        nxt = best[0].child
        line.append(nxt)
        if nxt in seen:
            return line, True
        seen.add(nxt)
    return line, False


def prediction(position: int, solution: Solution) -> str:
    """Say what happens from a position under best play.

    Parameters
    ----------
    position : int
        Any position ``>= 0``.
    solution : Solution

    Returns
    -------
    str
        ``"the player to move wins in 11"``, ``"... loses in 10"``, with
        ``"at most"`` where the remoteness is only an upper bound; for a
        draw, the best-play loop (``"draw: 2 and 3 repeat (2 → 3 → 2)"``);
        ``"unresolved at bound 1,000,000"``; at 0, that the player to move
        has lost.
    """
    if not solution.rule.moves(position):
        if not solution.rule.last_mover_wins:
            return f"the game is over: the player to move has won (no move from {format_number(position)})"
        return f"the game is over: the player to move has lost (no move from {format_number(position)})"
    outcome, remoteness = position_value(position, solution)
    if outcome in (Outcome.W, Outcome.L):
        verb = "wins" if outcome is Outcome.W else "loses"
        if remoteness is not None:
            return f"the player to move {verb} in {remoteness}"
        return f"the player to move {verb} in at most {position_remoteness_at_most(position, solution)}"
    if outcome is Outcome.D:
        line, repeated = best_line(position, solution)
        if not repeated:
            return "draw: best play goes on for ever"
        loop = line[line.index(line[-1]) :]
        members = sorted(set(loop))
        if len(members) <= 4:
            names = ", ".join(format_number(m) for m in members[:-1]) + f" and {format_number(members[-1])}"
        else:
            names = f"{len(members)} positions"
        return f"draw: {names} repeat ({' → '.join(format_number(m) for m in loop)})"
    return f"unresolved at bound {solution.bound:,}"


def computer_move(position: int, solution: Solution, strength: float, rng: random.Random) -> Move | RuleMove:
    """Choose the computer's move.

    Parameters
    ----------
    position : int
        A position ``>= 1``.
    solution : Solution
    strength : float
        ``p`` in ``[0, 1]``: with probability ``p`` the first of
        :func:`solver.values.best_rule_moves`, otherwise a move uniformly at
        random.
    rng : random.Random
        Source of randomness (seed it for reproducible games).  Exactly one
        ``rng.random()`` is drawn per call, plus one ``rng.choice`` when the
        move is random.

    Returns
    -------
    Move or RuleMove
        A :class:`~solver.games.squares.Move` in put-or-take games, a
        :class:`~solver.games.RuleMove` in the others.

    Raises
    ------
    TypeError
        If ``strength`` is not a real number or ``position`` not an integer.
    ValueError
        If ``strength`` is outside ``[0, 1]``, ``position < 1`` or the
        position has no move.
    """
    if isinstance(strength, bool) or not isinstance(strength, numbers.Real):
        raise TypeError(f"the strength must be a number, got {strength!r}")
    if not 0.0 <= strength <= 1.0:
        raise ValueError(f"the strength must be from 0 to 1, got {strength!r}")
    position = check_integer(position, "position", least=1)
    options = solution.rule.moves(position)
    if not options:
        raise ValueError(f"{position:,} has no move in {solution.rule.title}")
    if rng.random() < strength:
        chosen = best_rule_moves(position, solution)[0]
    else:
        chosen = rng.choice(options)
    return solution.rule.named_move(chosen)


#: How good a result is for the player it belongs to (U has no rank).
_RANK = {Outcome.W: 2, Outcome.D: 1, Outcome.L: 0}


def value_history(state: GameState, solution: Solution, *, include_redo: bool = False) -> list[dict]:
    """Return the value of every position of the game, from its mover's view.

    Parameters
    ----------
    state : GameState
    solution : Solution
    include_redo : bool, optional
        Also list the redo stack's positions (marked ``future=True``).

    Returns
    -------
    list of dict
        One per ply, with ``ply``, ``position``, ``mover`` (player to move
        there), ``outcome`` (letter, for the mover), ``remoteness`` (exact or
        None), ``at_most`` (upper bound for W/L, else None), ``winning``
        (the player who wins with best play, or None for D/U), ``move`` (the
        move played from here, ``"take"``/``"put"``, or ``"take 9"`` in the
        other games, or None), ``cannot_be`` (``"L"`` or ``"W"`` for a U
        position the certificate by possibility narrows, else None), ``erred``
        (that move gave away what the position guaranteed: a win, by any move
        but to an L, or a draw, by a move to a position that may be W; or
        both values known and worse, e.g. a W position handed the opponent a
        W), ``future`` and
        ``terminal`` (the game ended on this ply).
    """
    line = state.line if include_redo else state.positions
    rows: list[dict[str, Any]] = []
    for ply, pos in enumerate(line):
        outcome, remoteness = position_value(pos, solution)
        mover = player_to_move(state, ply)
        winning = mover if outcome is Outcome.W else (3 - mover if outcome is Outcome.L else None)
        rows.append(
            {
                "ply": ply,
                "position": pos,
                "mover": mover,
                "outcome": outcome.name,
                "remoteness": remoteness,
                "at_most": position_remoteness_at_most(pos, solution),
                "winning": winning,
                "cannot_be": solution.cannot_be(pos) if pos <= solution.bound else None,
                "move": None,
                "erred": False,
                "future": ply > state.ply,
                "terminal": False,
            }
        )
    for ply in range(len(rows) - 1):
        here, after = rows[ply], rows[ply + 1]
        step = _move_between(here["position"], after["position"], state.rule)
        here["move"] = state.rule.move_text(step)
        before = Outcome[here["outcome"]]
        result = mover_outcome(Outcome[after["outcome"]])
        if before in _RANK and result in _RANK:
            here["erred"] = _RANK[result] < _RANK[before]
        elif before is Outcome.W:
            here["erred"] = result is not Outcome.W  # the win was sure; it no longer is
        elif before is Outcome.D:
            # The draw was sure; a child that may still be W may be lost.
            here["erred"] = after["outcome"] == "U" and after["cannot_be"] != "W"
    # The line never runs past the end of a game (apply_move refuses), so
    # only its last ply can end the game.
    whole = GameState(state.start, line, (), state.first, state.rule)
    if len(line) > 1 and game_end(whole) is not None:
        rows[-1]["terminal"] = True
    return rows
