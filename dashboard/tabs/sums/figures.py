"""Components of the Sums tab's result: the values table and the move buttons (the page's one move list)."""

from __future__ import annotations

from dash import html

from solver.registry.sums import GameSum, HeapMove

from ...movelist import MoveItem, move_list
from ...style import NAMES, format_position, nim_text, swatch_style
from . import ids

#: Most move buttons drawn; beyond, a note says how many more moves the sum has.
MAX_BUTTONS = 300


def result_view(position: GameSum, partial: str | None = None) -> html.Div:
    """The heaps with their values, and the sum's outcome with the reason.

    Parameters
    ----------
    position : solver.registry.sums.GameSum
        The sum.
    partial : str, optional
        A sentence on what an unresolved sum cannot be (:func:`dashboard.tabs.sums.callbacks.partial_fact`),
        shown under the reason.

    Notes
    -----
    Grundy values (a finite game) are listed with their nim sum, and the
    reason is the nim sum's; Smith's loopy values (a rule at a bound) with
    the outcome in its colour and the bound.
    """
    if _grundy(position):
        return _grundy_view(position)
    rows = [
        html.Tr([html.Td(f"heap {i + 1}"), html.Td(format_position(h), title=str(h)), html.Td(nim_text(v))])
        for i, (h, v) in enumerate(zip(position.heaps, position.values, strict=True))
    ]
    table = html.Table(
        [html.Thead(html.Tr([html.Th("heap"), html.Th("size"), html.Th("nim value")])), html.Tbody(rows)],
        className="table",
    )
    letter = position.outcome.name
    outcome = html.P(
        [
            html.Span(letter, className="swatch", style=swatch_style(letter), title=NAMES[letter]),
            html.Strong(f"{letter} for the player to move"),
            f": {_nim_symbols(position.reason)}.",
        ],
        className="sums-outcome",
    )
    extra = [html.P(partial, className="note")] if partial else []
    bound = f"; values at bound {position.bound:,}." if position.bound is not None else "."
    return html.Div([table, outcome, *extra, html.P(f"{position.game.title}{bound}", className="note")])


def _grundy(position: GameSum) -> bool:
    return position.game.value_kind == "grundy"


def _grundy_view(position: GameSum) -> html.Div:
    """The heaps with their Grundy values, the nim sum and the outcome."""
    total = position.nim_sum or 0
    rows = [
        html.Tr([html.Td(f"heap {i + 1}"), html.Td(f"{h:,}"), html.Td(v)])
        for i, (h, v) in enumerate(zip(position.heaps, position.values, strict=True))
    ]
    rows.append(html.Tr([html.Th("nim sum (XOR)"), html.Td(""), html.Td(html.Strong(str(total)))]))
    table = html.Table(
        [html.Thead(html.Tr([html.Th("heap"), html.Th("size"), html.Th("Grundy value")])), html.Tbody(rows)],
        className="table",
    )
    letter = "L" if total == 0 else "W"
    reason = (
        "the nim sum is 0, so every move leaves a nonzero one"
        if total == 0
        else f"the nim sum is {total}, and some move makes it 0"
    )
    return html.Div(
        [
            table,
            html.P([html.Strong(f"{letter} for the player to move"), f": {reason}."]),
            html.P(f"{position.game.title}: a finite game; each value is exact (Sprague–Grundy).", className="note"),
        ]
    )


def _nim_symbols(text: str) -> str:
    """The solver's reason with each ``inf{…}`` written ``∞{…}`` (:func:`dashboard.style.nim_text`)."""
    return text.replace("inf{", "∞{")


def move_text(position: GameSum, move: HeapMove) -> str:
    """A move of the sum in words: ``"heap 1 → 0"`` (one heap to a size), ``"heap 1: take 3 from 50 → 6+41"``."""
    if _grundy(position):
        return f"heap {move.heap + 1}: {move.label}"
    return f"heap {move.heap + 1} → {format_position(move.to)}"


def moves_view(position: GameSum, turn: str = "you") -> html.Div:
    """One button per move (the page's one move list, :func:`dashboard.movelist.move_list`); the best ones ★.

    Parameters
    ----------
    position : solver.registry.sums.GameSum
        The sum.
    turn : {"you", "computer"}
        Whose move it is: the buttons make that side's move.

    Notes
    -----
    A button says what the move does for its mover (``"wins"``, ``"loses"``,
    ``"draws"``, ``"unknown"``), or, in a finite game, the nim sum it leaves
    when it does not win.  At most :data:`MAX_BUTTONS` are drawn.
    """
    if position.unlisted:
        return html.Div(html.P(f"The moves are not listed: {position.unlisted}.", className="note"))
    grundy = _grundy(position)
    items = [
        MoveItem(
            k,
            move_text(position, move),
            move.after.name,
            f"leaves nim sum {move.nim_sum}" if grundy and move.after.name != "L" else "",
        )
        for k, move in enumerate(position.moves)
    ]
    return move_list(
        items,
        ids.SUMS_MOVE,
        heading=moves_heading(turn, grundy),
        most=MAX_BUTTONS,
        more="more moves; type smaller heaps to see them.",
        empty=no_move_text(turn),
        best=position.best,
    )


def moves_heading(turn: str, grundy: bool = False) -> str:
    """The line above the move buttons: whose move they make, and what a button says."""
    if grundy:
        heading = "Your move" if turn == "you" else "The computer's move (press Computer moves, or choose one for it)"
        return f"{heading} (the nim sum it leaves; ★ wins):"
    if turn == "computer":
        return "The computer's move (press Computer moves, or choose one for it; the result for it; ★ best):"
    return "Your move (the result for you; ★ best):"


def no_move_text(turn: str) -> str:
    """What the moves say when the side to move has no move in any heap: who lost, who won."""
    if turn == "computer":
        return "No move in any heap: the computer cannot move, so you win."
    return "No move in any heap: you cannot move, so the computer wins."


def log_view(game: object, text: object) -> html.Ol | str:
    """Every move of the game since the heaps were typed, numbered, the last one last.

    Parameters
    ----------
    game : dict or None
        The game store, ``{"heaps", "turn", "log"}``.
    text : str
        The heaps box now: heaps typed since the last move start a new game (no log).
    """
    if not isinstance(game, dict) or game.get("heaps") != text or not isinstance(game.get("log"), list):
        return ""
    return html.Ol([html.Li(line) for line in game["log"] if isinstance(line, str)], className="sums-log")
