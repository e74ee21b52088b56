"""Play against the computer in a finite impartial game: the moves of a position and the computer's choice.

Plain functions of a game (:class:`solver.ImpartialGame`) and a position:
the game owns the moves, outcomes and remoteness; this module only lists
them for the page and picks the computer's move.  The computer moves to an
L position (value 0) when it can, the quickest such when remoteness is
cheap to know; from an L position it makes the game last longest when
remoteness is cheap, else it takes the first move.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Hashable

from ...movelist import computer_index

__all__ = [
    "MAX_LISTED",
    "MoveRow",
    "computer_choice",
    "described",
    "move_rows",
    "play",
]

#: Most moves of one position the page lists (each needs the outcome of the position it leaves).
MAX_LISTED = 400
#: Seconds of work the page gives to a value or a remoteness of one request.
PAGE_SECONDS = 2.0
#: Seconds the computer may spend choosing among moves by remoteness.
REMOTENESS_SECONDS = 0.3


@dataclasses.dataclass(frozen=True)
class MoveRow:
    """One move of a position, as the page lists it.

    Attributes
    ----------
    index : int
        Its index in ``game.moves(position)``.
    text : str
        The game's text of the move.
    child : Hashable
        The position it leaves.
    child_text : str
        That position as text.
    outcome : str
        ``"W"`` or ``"L"``: the outcome of the position left, for the
        opponent who moves there; ``"L"`` means the move wins.
    """

    index: int
    text: str
    child: Hashable
    child_text: str
    outcome: str


def move_rows(game, position) -> list[MoveRow]:
    """Every move of ``position`` with the outcome of the position it leaves.

    Parameters
    ----------
    game : solver.ImpartialGame
        The game.
    position
        A position of the game (as :meth:`parse` returns it).

    Returns
    -------
    list of MoveRow
        In the game's order.

    Raises
    ------
    ValueError
        The position has more than :data:`MAX_LISTED` moves, or an outcome
        is beyond the page's limits (the message says why).
    """
    listed = game.moves(position)
    if len(listed) > MAX_LISTED:
        raise ValueError(
            f"{game.format_short(position)} has {len(listed):,} moves, more than the {MAX_LISTED} the page lists; "
            "type a smaller position"
        )
    return [
        MoveRow(k, text, child, game.format(child), game.outcome(child, max_seconds=PAGE_SECONDS))
        for k, (text, child) in enumerate(listed)
    ]


def _remoteness(game, positions: list) -> list[int] | None:
    """Exact remoteness of each position when the game estimates it cheap, else None."""
    try:
        return [int(r) for r in game.remotenesses(positions, max_seconds=REMOTENESS_SECONDS)]
    except ValueError:
        return None


def computer_choice(game, rows: list[MoveRow]) -> int | None:
    """Index (into ``rows``) of the computer's move, or None when there is no move.

    The one policy of every game (:func:`dashboard.movelist.computer_index`,
    which asks :func:`solver.registry.choose_move`): the quickest win, else
    the longest loss.  Remoteness is asked for only when the game estimates
    it cheap; without it, the first winning move (or the first move).
    """
    if not rows:
        return None
    winning = [k for k, row in enumerate(rows) if row.outcome == "L"]
    candidates = winning or list(range(len(rows)))
    found = _remoteness(game, [rows[k].child for k in candidates])
    remoteness: list[int | None] = [None] * len(rows)
    for k, r in zip(candidates, found or [], strict=False):
        remoteness[k] = r
    return computer_index([row.outcome for row in rows], remoteness)


def play(game, text: str, index: int | None, reply: bool) -> tuple[str, str]:
    """Make a move (``index`` into the moves of the position, or the computer's when None) and maybe the reply.

    Parameters
    ----------
    game : solver.ImpartialGame
        The game.
    text : str
        The position as text.
    index : int or None
        The player's move, or None for the computer to move.
    reply : bool
        After the player's move, the computer answers.

    Returns
    -------
    (str, str)
        The new position's text and a line for the log.

    Raises
    ------
    ValueError
        A position that does not parse, an index that is not a move of it,
        or work beyond the page's limits.
    """
    position = game.parse(text)
    rows = move_rows(game, position)
    if index is None:
        k = computer_choice(game, rows)
        if k is None:
            return game.format(position), "No move left: the player to move has lost."
        who = "Computer"
    else:
        if not 0 <= index < len(rows):
            raise ValueError("that move is not available any more: the position changed")
        k, who = index, "You"
    move = rows[k]
    log = f"{who}: {described(move)}."
    if who == "You":
        log += " A winning move." if move.outcome == "L" else " That leaves the computer a winning position."
    after = move.child
    if reply and who == "You":
        replies = move_rows(game, after)
        r = computer_choice(game, replies)
        if r is None:
            log += " The computer has no move: you win."
        else:
            answer = replies[r]
            after = answer.child
            log += f" Computer: {described(answer)}."
            if not game.moves(after):
                log += " You have no move: the computer wins."
    elif who == "Computer" and not game.moves(after):
        log += " No move is left: the computer wins."
    return game.format(after), log


#: A sign standing alone in a move's text (Magnetism's ``put - on square 2``).
_LONE_MINUS = re.compile(r"(?<!\S)-(?!\S)")


def described(row: MoveRow) -> str:
    """A move with the position it leaves, as the log writes it: ``"take 2 from 5 → 3, leaving “3+7+9”"``.

    The position is set apart in quotes, so that a sentence does not run into
    its dots and signs (``leaving “.#.##/.....”``), and a sign standing alone
    is the minus sign U+2212 of the page's buttons (``put − on square 2``;
    the command line writes the game's ASCII text).
    """
    text = _LONE_MINUS.sub("−", row.text)
    return text if row.text.endswith(row.child_text) else f"{text}, leaving “{row.child_text}”"
