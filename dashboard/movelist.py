"""The list of moves to play, one component for every tab: a button per move, and the computer's choice.

A tab gives the moves of a position (:class:`solver.registry.Move` data, or
its own rows) with the outcome of the position each move leaves, for the
player who moves there: ``"L"`` means the move wins, ``"W"`` that it loses,
``"D"`` that it keeps a draw, ``"U"`` that the bound leaves it open.
:func:`move_list` draws them: one button per move, whose text (its
accessible name) is the move and what it does for the mover (``"★ take 9
(wins)"``), the best moves marked ★ and drawn bold (``move-winning``), at
most ``most`` buttons and a note saying how many more there are.

Every move button has the id :func:`move_id` (``{"type": kind, "index":
k}``, ``k`` the move's index among the position's moves), one
pattern-matching scheme whose ``kind`` names the tab's list; a press
reaches the server through the clientside relay
:data:`dashboard.components.MOVE_CLICK_JS` or the callback's own input, and
:func:`pressed_index` reads the index back.

The computer's move of the Finite games and Sums tabs is
:func:`computer_index`, the one place of the page that asks
:func:`solver.registry.choose_move` (the Games on graphs tab asks the
solver's game, :meth:`solver.registry.boards.BoardGame.computer_pick`, which
uses the same policy unless the game's loopy strategy overrides it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence

from dash import html

from solver.registry import Move, choose_move

__all__ = [
    "MoveItem",
    "NO_MOVE",
    "OUTCOME_WORDS",
    "computer_index",
    "move_id",
    "move_items",
    "move_list",
    "outcome_word",
    "pressed_index",
]

#: What a move does for the player making it, by the outcome of the position it leaves (for the opponent).
OUTCOME_WORDS = {"L": "wins", "W": "loses", "D": "draws", "U": "unknown"}
#: What the list says when the player to move has no move.
NO_MOVE = "No move: the player to move has lost."
#: The mark of a best move, and of a move that keeps a draw where the list marks those.
BEST_MARK = "★ "
DRAW_MARK = "○ "


@dataclasses.dataclass(frozen=True)
class MoveItem:
    """One move as the list draws it.

    Attributes
    ----------
    index : int
        Its index among the moves of the position (the button's id).
    label : str
        The move in words (``"take 2 from 5 → 3"``, ``"heap 1 → 0"``).
    outcome : str
        The outcome of the position the move leaves, for the opponent who
        moves there (``"L"``: the move wins).
    word : str, optional
        What the button says in brackets; by default :func:`outcome_word`
        (``"wins"``, ``"loses"``, ``"draws"``, ``"unknown"``).
    """

    index: int
    label: str
    outcome: str
    word: str = ""

    @property
    def said(self) -> str:
        """The bracketed words: :attr:`word`, or what the outcome means for the mover."""
        return self.word or outcome_word(self.outcome)


def outcome_word(outcome: str) -> str:
    """What a move does for the mover from the outcome of the position it leaves: ``"L"`` gives ``"wins"``.

    Parameters
    ----------
    outcome : {"W", "L", "D", "U"}
        The outcome of the position left, for the opponent.

    Returns
    -------
    str
        ``"wins"``, ``"loses"``, ``"draws"`` or ``"unknown"``.
    """
    return OUTCOME_WORDS[outcome]


def move_items(moves: Sequence[Move], outcomes: Sequence[str]) -> list[MoveItem]:
    """The list's items of a position's moves (:class:`solver.registry.Move`), one per move, in order.

    Parameters
    ----------
    moves : sequence of solver.registry.Move
        The moves, as ``game.moves(position)`` gives them.
    outcomes : sequence of str
        ``game.outcome(move.child)`` of each move.

    Returns
    -------
    list of MoveItem
        Item ``k`` is move ``k``, labelled with the move's own words.
    """
    return [MoveItem(k, move.label, outcome) for k, (move, outcome) in enumerate(zip(moves, outcomes, strict=True))]


def move_id(kind: str, index: int) -> dict:
    """The id of a move button: ``{"type": kind, "index": index}`` (``kind`` names the tab's list)."""
    return {"type": kind, "index": index}


def pressed_index(pressed: object) -> int | None:
    """The move's index from what :data:`dashboard.components.MOVE_CLICK_JS` or a button id sends; None if none.

    Parameters
    ----------
    pressed : object
        ``{"index": k, ...}`` (a relay's record or a button's id), or anything
        a browser may send.

    Returns
    -------
    int or None
        ``k`` when it is a whole number (not a bool), else None.
    """
    if not isinstance(pressed, dict):
        return None
    index = pressed.get("index")
    return index if isinstance(index, int) and not isinstance(index, bool) else None


def move_list(
    items: Sequence[MoveItem],
    kind: str,
    *,
    heading: str,
    most: int | None = None,
    more: str = "more moves.",
    empty: str = NO_MOVE,
    best: Collection[int] | None = None,
    mark_draws: bool = False,
) -> html.Div:
    """One button per move: the move and what it does for the mover, the best ones marked ★.

    Parameters
    ----------
    items : sequence of MoveItem
        The moves of the position, in order.
    kind : str
        The ``type`` of the buttons' ids (:func:`move_id`).
    heading : str
        The line above the buttons (``"Your move (what it does for you; ★ wins):"``).
    most : int, optional
        Most buttons drawn; beyond, a note says how many moves are not
        (``"… and 5 more moves."``).  Default: every move.
    more : str, optional
        The note's words after the count (``"more moves (type a position to play them)."``).
    empty : str, optional
        What the list says when there is no move.
    best : collection of int, optional
        Indices (:attr:`MoveItem.index`) of the moves marked ★; default the
        winning ones (outcome ``"L"``).
    mark_draws : bool, optional
        Mark ○ the moves that keep a draw (outcome ``"D"``) and are not marked ★.

    Returns
    -------
    dash.html.Div
        The heading, the buttons (class ``move-button``, ``move-winning`` on
        the marked ones) in a ``move-list`` row, and the note.
    """
    if not items:
        return html.Div(html.P(empty))
    marked = {item.index for item in items if item.outcome == "L"} if best is None else set(best)
    shown = items if most is None else items[:most]
    buttons = []
    for item in shown:
        mark = BEST_MARK if item.index in marked else DRAW_MARK if mark_draws and item.outcome == "D" else ""
        buttons.append(
            html.Button(
                f"{mark}{item.label} ({item.said})",
                id=move_id(kind, item.index),
                className="button move-button" + (" move-winning" if item.index in marked else ""),
                n_clicks=0,
            )
        )
    extra = [html.P(f"… and {len(items) - len(shown):,} {more}", className="note")] if len(shown) < len(items) else []
    return html.Div([html.P(heading), html.Div(buttons, className="move-list"), *extra])


def computer_index(outcomes: Sequence[str], remoteness: Sequence[int | None] | None = None) -> int | None:
    """Index of the computer's move among a position's moves, by :func:`solver.registry.choose_move`.

    The one policy of every game: the quickest win, else a draw kept, else a
    move whose outcome is open, else the slowest loss (the first move when
    no remoteness is known).

    Parameters
    ----------
    outcomes : sequence of str
        The outcome of the position each move leaves (``"L"``: the move wins).
    remoteness : sequence of int or None, optional
        The remoteness of each of those positions, where known.

    Returns
    -------
    int or None
        The index, or None when there is no move.
    """
    moves = [Move(str(k), k) for k in range(len(outcomes))]
    chosen = choose_move(moves, list(outcomes), list(remoteness) if remoteness is not None else [None] * len(moves))
    return None if chosen is None else chosen.child
